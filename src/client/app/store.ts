import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  PURGE,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { sessionReducer } from './session/session.slice';
import { sidebarReducer } from '../features/shell/sidebar.slice';
import { themeReducer } from '../features/theme/theme.slice';
import { api } from './api';

export const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
  theme: themeReducer,
  sidebar: sidebarReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const devTools = process.env.NODE_ENV !== 'production';

/** A plain (non-persisted) store: used by tests and as the base of the app store. */
export function setupStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
    devTools,
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];

/** Only these slices survive a reload (localStorage); never the API cache. */
export const PERSISTED_SLICES = ['session', 'theme', 'sidebar'] as const;

export const persistConfig = {
  key: 'carnet',
  version: 1,
  storage,
  whitelist: [...PERSISTED_SLICES],
};

/** The application's store, persisted with redux-persist. */
export function setupPersistedStore() {
  const persistedReducer = persistReducer(persistConfig, rootReducer);
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
    devTools,
  });
  const persistor = persistStore(store);
  setupListeners(store.dispatch);
  return { store, persistor };
}
