import { PERSIST_KEY } from '../persisted-state';
import type { SessionState } from './session.slice';

/**
 * The session as every tab of the app shares it: redux-persist keeps the slices in localStorage
 * under `persist:carnet`, each slice a JSON string inside the root object. Each tab also holds the
 * tokens in memory; a refresh token is single-use (the server ends the whole session when a rotated
 * one comes back), so a tab must pick up what another tab rotated instead of presenting its own.
 */
export const SESSION_STORAGE_KEY = `persist:${PERSIST_KEY}`;

/** The Web Locks name under which one tab at a time refreshes the tokens. */
const REFRESH_LOCK = 'carnet:token-refresh';

const isSession = (value: unknown): value is SessionState =>
  typeof value === 'object' && value !== null && 'access_token' in value && 'refresh_token' in value;

/** The session last persisted by any tab; null when there is none or it cannot be read. */
export function readStoredSession(storage: Storage = window.localStorage): SessionState | null {
  try {
    const root: unknown = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null');
    const raw = root && typeof root === 'object' ? (root as Record<string, unknown>).session : undefined;
    const session: unknown = typeof raw === 'string' ? JSON.parse(raw) : null;
    return isSession(session) ? session : null;
  } catch {
    return null;
  }
}

/**
 * Persists `session` at once, where redux-persist would write it a moment later: the next tab to
 * refresh must find the tokens this one just got. Only into an existing root (the app's persisted
 * store creates it; a plain store has none).
 */
export function writeStoredSession(session: SessionState, storage: Storage = window.localStorage): void {
  try {
    const raw = storage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return;
    const root = JSON.parse(raw) as Record<string, unknown>;
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...root, session: JSON.stringify(session) }));
  } catch {
    // Storage full or refused: redux-persist's own write follows.
  }
}

/** When a JWT was issued (seconds), 0 when it cannot be read. */
function issuedAt(token: string | null): number {
  try {
    const claims: unknown = JSON.parse(atob((token ?? '').split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    const iat = (claims as { iat?: unknown }).iat;
    return typeof iat === 'number' ? iat : 0;
  } catch {
    return 0;
  }
}

/**
 * True when `stored` holds other tokens than `mine`, not older: another tab rotated them or signed in.
 * An older pair (a tab that had not caught up writing its state) is never taken back.
 */
export function isNewerSession(stored: SessionState, mine: SessionState): boolean {
  if (!stored.access_token || !stored.refresh_token || stored.refresh_token === mine.refresh_token) return false;
  return issuedAt(stored.refresh_token) >= issuedAt(mine.refresh_token);
}

/** Runs `task` while no other tab of the app runs one (Web Locks API); without the API, at once. */
export async function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, task) : task();
}
