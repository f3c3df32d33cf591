import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { ThemedProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { setupPersistedStore } from './app/store';

const { store, persistor } = setupPersistedStore();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <ThemedProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ThemedProviders>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
