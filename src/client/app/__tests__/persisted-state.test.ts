import { themeToggled } from '@/client/features/theme/theme.slice';
import { readPersistedShell } from '../persisted-state';
import { loggedIn, sessionCleared } from '../session/session.slice';
import { setupPersistedStore, whenRehydrated } from '../store';

async function rehydratedStore() {
  const app = setupPersistedStore();
  await whenRehydrated(app.persistor);
  return app;
}

/** The static landing page reads what the app persisted, without the store (issue 18). */
describe('readPersistedShell', () => {
  it('sees a first visit before the app has stored anything', () => {
    expect(readPersistedShell()).toEqual({ signedIn: false, themeMode: null });
  });

  it('reads the session and the theme the app persisted, and the sign-out', async () => {
    const { store, persistor } = await rehydratedStore();
    await persistor.flush();
    expect(readPersistedShell()).toEqual({ signedIn: false, themeMode: 'light' });

    store.dispatch(loggedIn({ access: 'a', refresh: 'r', username: 'marie@example.fr' }));
    store.dispatch(themeToggled());
    await persistor.flush();
    expect(readPersistedShell()).toEqual({ signedIn: true, themeMode: 'dark' });

    store.dispatch(sessionCleared());
    await persistor.flush();
    expect(readPersistedShell()).toEqual({ signedIn: false, themeMode: 'dark' });
  });

  it('treats unreadable storage as a first visit', () => {
    window.localStorage.setItem('persist:carnet', '{not json');
    expect(readPersistedShell()).toEqual({ signedIn: false, themeMode: null });
    window.localStorage.setItem('persist:carnet', JSON.stringify({ session: '"oops"', theme: '{"mode":"sepia"}' }));
    expect(readPersistedShell()).toEqual({ signedIn: false, themeMode: null });
    const throwing = { getItem: () => { throw new Error('SecurityError'); } };
    expect(readPersistedShell(throwing)).toEqual({ signedIn: false, themeMode: null });
  });
});
