// First: starts downloading the current page while the modules below are evaluated.
import './app/start-route-download';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ThemedProviders } from './app/providers';
import { prefetchRouteData } from './app/route-pages';
import { APP_ROUTES } from './app/router';
import { selectIsAuthenticated } from './app/session/session.slice';
import { setupPersistedStore, whenRehydrated } from './app/store';

/**
 * Starts the app. Its first render waits for the stored session (it decides the route), as a
 * PersistGate would; with a session, the page's data requests leave as soon as its code is here.
 * The render runs as a transition: React renders the first screen in slices of a few milliseconds
 * instead of one long task, so a slow phone stays responsive while the app starts (issue 18).
 */
function start(container: HTMLElement) {
  const { store, persistor } = setupPersistedStore();
  const root = createRoot(container);
  void whenRehydrated(persistor).then(() => {
    if (selectIsAuthenticated(store.getState())) prefetchRouteData(window.location, store.dispatch);
    const router = createBrowserRouter(APP_ROUTES);
    startTransition(() =>
      root.render(
        <StrictMode>
          <Provider store={store}>
            <ThemedProviders>
              <RouterProvider router={router} />
            </ThemedProviders>
          </Provider>
        </StrictMode>,
      ),
    );
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
// In a task of its own, after the one that evaluated the modules: two shorter tasks on a phone.
setTimeout(() => start(container), 0);
