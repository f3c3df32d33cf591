import { themeToggled } from '@/client/features/theme/theme.slice';
import { sidebarToggled } from '@/client/features/shell/sidebar.slice';
import { loggedIn } from '../session/session.slice';
import { setupPersistedStore, setupStore } from '../store';

async function rehydrated() {
  const app = setupPersistedStore();
  await new Promise<void>((resolve) => {
    if (app.persistor.getState().bootstrapped) resolve();
    const unsubscribe = app.persistor.subscribe(() => {
      if (app.persistor.getState().bootstrapped) {
        unsubscribe();
        resolve();
      }
    });
  });
  return app;
}

describe('store', () => {
  it('setupStore starts signed out, sidebar collapsed', () => {
    const state = setupStore().getState();
    expect(state.session).toEqual({ access_token: null, refresh_token: null, username: '' });
    expect(state.sidebar.collapsed).toBe(true);
  });

  it('persists session, theme and sidebar (not the API cache) across a reload', async () => {
    const first = await rehydrated();
    first.store.dispatch(loggedIn({ access: 'a', refresh: 'r', username: 'marie@example.fr' }));
    first.store.dispatch(themeToggled());
    first.store.dispatch(sidebarToggled());
    await first.persistor.flush();

    const saved = JSON.parse(window.localStorage.getItem('persist:carnet') ?? '{}');
    expect(Object.keys(saved).sort()).toEqual(['_persist', 'session', 'sidebar', 'theme']);

    const second = await rehydrated();
    const state = second.store.getState();
    expect(state.session).toEqual({ access_token: 'a', refresh_token: 'r', username: 'marie@example.fr' });
    expect(state.theme.mode).toBe('dark');
    expect(state.sidebar.collapsed).toBe(false);
  });
});
