import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { StyleSheetManager } from 'styled-components';
import { http } from '../app/api';
import { AppProviders } from '../app/providers';
import { APP_ROUTES } from '../app/router';
import { setupStore, type AppStore, type RootState } from '../app/store';

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** A memory data router (as main.tsx's browser one: `useBlocker` works) at `route`, the location probe beside `routes`. */
function memoryRouter(routes: RouteObject[], route: string) {
  return createMemoryRouter(
    [
      {
        // Its own id: createRoutesFromElements numbers the app's routes from "0".
        id: 'test-root',
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: routes,
      },
    ],
    { initialEntries: [route] },
  );
}

export interface RenderAppOptions {
  route?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Options for userEvent.setup (e.g. advanceTimers with fake timers). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * jsdom lays nothing out, but computes an element's style by matching every CSS rule of the
 * document against it and parsing each declaration of the rules that match: Testing Library's
 * `*ByRole` queries do it for each element they look at (is it hidden?), user-event for each
 * pointer action (pointer-events), and it was a third of the client suite's CPU. Of the styles the
 * app injects, the tests keep only what decides whether something is visible or clickable; the
 * other declarations are dropped (and the rules left empty with them).
 */
const PROPERTIES_JSDOM_ACTS_ON = new Set(['display', 'visibility', 'opacity', 'pointer-events']);
type StylisPlugin = NonNullable<ComponentProps<typeof StyleSheetManager>['stylisPlugins']>[number];
const keepVisibilityCss: StylisPlugin = (element) => {
  if (element.type === 'decl' && !PROPERTIES_JSDOM_ACTS_ON.has(String(element.props))) element.value = '';
};
// styled-components names a stylis configuration by its plugins' names.
Object.defineProperty(keepVisibilityCss, 'name', { value: 'keep-visibility-css' });
const TEST_STYLIS_PLUGINS = [keepVisibilityCss];

/** The app's providers, with the styles trimmed to what jsdom acts on. */
function TestProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StyleSheetManager stylisPlugins={TEST_STYLIS_PLUGINS}>
      <AppProviders store={store}>{children}</AppProviders>
    </StyleSheetManager>
  );
}

/** Renders the whole app (routes, shell, real store) at `route`. */
export function renderApp({ route = '/', preloadedState, store, userOptions }: RenderAppOptions = {}) {
  const appStore = store ?? setupStore(preloadedState);
  const user = userEvent.setup(userOptions);
  const router = memoryRouter(APP_ROUTES, route);
  const utils = render(
    <TestProviders store={appStore}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...utils, store: appStore, user, router };
}

/** Renders any element inside the app providers and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', preloadedState, store }: RenderAppOptions = {}) {
  const appStore = store ?? setupStore(preloadedState);
  const user = userEvent.setup();
  // Every path renders `ui`: a navigation shows in the probe, as with the app's routes.
  const router = memoryRouter([{ path: '*', element: ui }], route);
  const utils = render(
    <TestProviders store={appStore}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...utils, store: appStore, user, router };
}

export function currentPath() {
  return screen.getByTestId('location').textContent;
}

/** A signed-in session for preloadedState. */
export const signedIn = {
  session: { access_token: 'access-1', refresh_token: 'refresh-1', username: 'marie@example.fr' },
} satisfies Partial<RootState>;

/** A fresh axios mock on the app's HTTP client; call `.restore()` in afterEach. */
export function mockHttp() {
  return new MockAdapter(http);
}
