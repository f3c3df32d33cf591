import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ThemedProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import { setupPersistedStore, whenRehydrated } from './app/store';

// The page's chunk downloads while the shell starts.
preloadRoute(window.location.pathname);
const { store, persistor } = setupPersistedStore();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
const root = createRoot(container);

// The first render waits for the stored session (it decides the route), as a PersistGate would, and
// runs as a transition: React renders the first screen in slices of a few milliseconds instead of
// one long task, so a slow phone stays responsive while the app starts (Lighthouse TBT, issue 18).
void whenRehydrated(persistor).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <ThemedProviders>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </ThemedProviders>
        </Provider>
      </StrictMode>,
    ),
  ),
);
