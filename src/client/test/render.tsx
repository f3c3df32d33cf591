import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { http } from '../app/api';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
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

export interface RenderAppOptions {
  route?: string;
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  /** Options for userEvent.setup (e.g. advanceTimers with fake timers). */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders the whole app (routes, shell, real store) at `route`. */
export function renderApp({ route = '/', preloadedState, store, userOptions }: RenderAppOptions = {}) {
  const appStore = store ?? setupStore(preloadedState);
  const user = userEvent.setup(userOptions);
  const utils = render(
    <AppProviders store={appStore}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, store: appStore, user };
}

/** Renders any element inside the app providers and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', preloadedState, store }: RenderAppOptions = {}) {
  const appStore = store ?? setupStore(preloadedState);
  const user = userEvent.setup();
  const utils = render(
    <AppProviders store={appStore}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, store: appStore, user };
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
