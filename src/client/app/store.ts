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
  type Persistor,
} from 'redux-persist';
import storage from 'redux-persist/lib/storage';
import { sessionReducer } from './session/session.slice';
import { sidebarReducer } from '../features/shell/sidebar.slice';
import { themeReducer } from '../features/theme/theme.slice';
import { api, followSessionOfOtherTabs } from './api';
import { PERSIST_KEY } from './persisted-state';

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
  key: PERSIST_KEY,
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
  followSessionOfOtherTabs(store);
  return { store, persistor };
}

/** Resolves once redux-persist has put the stored slices back (what a PersistGate waits for). */
export function whenRehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = persistor.subscribe(check);
    check();
  });
}
