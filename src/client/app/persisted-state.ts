import type { ThemeMode } from '../ui/theme';

/** redux-persist's key: the slices live in localStorage under `persist:carnet`. */
export const PERSIST_KEY = 'carnet';

export interface PersistedShell {
  /** A stored access token: the route guards would send this visitor to /dashboard. */
  signedIn: boolean;
  /** The stored theme, or null before the app has ever run here. */
  themeMode: ThemeMode | null;
}

/** One persisted slice: redux-persist stores each as its own JSON string inside the root object. */
function slice(root: Record<string, unknown>, name: string): Record<string, unknown> | null {
  const raw = root[name];
  if (typeof raw !== 'string') return null;
  const value: unknown = JSON.parse(raw);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/**
 * What a page without the store reads of the persisted session and theme: the static landing page
 * (src/client/landing.ts) ships no Redux, yet must send a signed-in visitor on and keep the theme.
 */
export function readPersistedShell(storage: Pick<Storage, 'getItem'> = window.localStorage): PersistedShell {
  try {
    const stored = storage.getItem(`persist:${PERSIST_KEY}`);
    const root: unknown = stored ? JSON.parse(stored) : null;
    if (!root || typeof root !== 'object') return { signedIn: false, themeMode: null };
    const session = slice(root as Record<string, unknown>, 'session');
    const mode = slice(root as Record<string, unknown>, 'theme')?.mode;
    return {
      signedIn: typeof session?.access_token === 'string' && session.access_token !== '',
      themeMode: mode === 'dark' || mode === 'light' ? mode : null,
    };
  } catch {
    // Unreadable storage (private mode, corrupted value): a first visit.
    return { signedIn: false, themeMode: null };
  }
}
