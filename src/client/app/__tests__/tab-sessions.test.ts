import { waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { mockHttp, signedIn } from '@/client/test/render';
import { api, followSessionOfOtherTabs, http } from '../api';
import type { SessionState } from '../session/session.slice';
import { SESSION_STORAGE_KEY, readStoredSession } from '../session/stored-session';
import { setupStore } from '../store';

/**
 * Several tabs, one session (issue 16): each tab holds the tokens in memory, and a refresh token
 * is single-use; the server ends the whole session when a rotated one is presented again. Each
 * "tab" here is a real store; they share localStorage as tabs do.
 */

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    getThing: build.query<{ value: string }, string>({ query: (id) => ({ url: `things/${id}/` }) }),
  }),
});

const TOKEN_ERROR = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

/**
 * The server's rules: access-1 has expired; each refresh token works once and yields the next pair;
 * a spent one presented again ends the session (every token of it refused from then on).
 */
function fakeServer(mock: MockAdapter) {
  const live = new Set(['refresh-1']);
  const spent = new Set<string>();
  const valid = new Set<string>();
  const state = { refreshes: [] as string[], ended: false, issued: 1 };
  mock.onPost('token/refresh/').reply((config) => {
    const { refresh } = JSON.parse(config.data) as { refresh: string };
    state.refreshes.push(refresh);
    if (spent.has(refresh)) {
      state.ended = true;
      live.clear();
      valid.clear();
    }
    if (!live.delete(refresh)) return [401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }];
    spent.add(refresh);
    const n = ++state.issued;
    live.add(`refresh-${n}`);
    valid.add(`access-${n}`);
    return [200, { access: `access-${n}`, refresh: `refresh-${n}` }];
  });
  mock.onGet(/things\/\d+\//).reply((config) => {
    const token = String(config.headers?.Authorization ?? '').replace('Bearer ', '');
    return valid.has(token) ? [200, { value: token }] : [401, TOKEN_ERROR];
  });
  return state;
}

/** What redux-persist writes in a tab: every slice a JSON string in one root object. */
function storeAsPersisted(session: SessionState) {
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ session: JSON.stringify(session), theme: '{"mode":"light"}', _persist: '{"version":1,"rehydrated":true}' }),
  );
}

/** What the browser tells the other tabs when one writes the persisted state. */
const storageEvent = () => window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));

/** A JWT-shaped token issued at `iat` (only its claims are read by the client). */
const jwt = (iat: number, id: string) => `e30.${btoa(JSON.stringify({ iat, jti: id }))}.sig`;

type Tab = ReturnType<typeof setupStore>;
const fetchThing = (tab: Tab, id = '1') => tab.dispatch(testApi.endpoints.getThing.initiate(id));

describe('several tabs, one session', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
    storeAsPersisted(signedIn.session);
  });
  afterEach(() => {
    mock.restore();
    localStorage.clear();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('a tab takes the tokens another tab rotated instead of presenting the spent one, which would end the session', async () => {
    const server = fakeServer(mock);
    const first = setupStore(signedIn);
    const second = setupStore(signedIn);

    expect((await fetchThing(first)).data).toEqual({ value: 'access-2' });
    // Stored at once for the other tabs (redux-persist would write them a moment later).
    expect(readStoredSession()).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2', username: 'marie@example.fr' });

    // The second tab still holds access-1 and refresh-1, which the first one spent.
    expect((await fetchThing(second)).data).toEqual({ value: 'access-2' });
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(server.ended).toBe(false);
    expect(second.getState().session).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2', username: 'marie@example.fr' });

    // And both go on refreshing, one rotation at a time.
    mock.resetHistory();
    expect((await fetchThing(first, '2')).data).toEqual({ value: 'access-2' });
  });

  it('waits while another tab refreshes (a lock across tabs), then uses the tokens it stored', async () => {
    const server = fakeServer(mock);
    // Web Locks, as the browser gives them: one holder at a time, the others queued.
    let queue: Promise<unknown> = Promise.resolve();
    const asked: string[] = [];
    const request = (name: string, task: () => Promise<unknown>) => {
      asked.push(name);
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    };
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });

    // The other tab holds the lock: it is refreshing.
    let release = () => undefined as void;
    const otherTabRefresh = request('carnet:token-refresh', () => new Promise<void>((resolve) => (release = resolve)));

    const tab = setupStore(signedIn);
    const pending = fetchThing(tab);
    await waitFor(() => expect(asked).toEqual(['carnet:token-refresh', 'carnet:token-refresh']));

    // Meanwhile the other tab rotates refresh-1 and stores the new pair, then lets go.
    const rotated = (await http.post('token/refresh/', { refresh: 'refresh-1' })).data as { access: string; refresh: string };
    storeAsPersisted({ access_token: rotated.access, refresh_token: rotated.refresh, username: 'marie@example.fr' });
    release();
    await otherTabRefresh;

    expect((await pending).data).toEqual({ value: 'access-2' });
    expect(server.refreshes).toEqual(['refresh-1']);
    expect(server.ended).toBe(false);
  });

  it('follows what the other tabs store: their refreshes, their sign-out, another account’s sign-in', async () => {
    const tab = setupStore(signedIn);
    const stop = followSessionOfOtherTabs(tab);
    try {
      storeAsPersisted({ access_token: 'access-2', refresh_token: 'refresh-2', username: 'marie@example.fr' });
      storageEvent();
      expect(tab.getState().session).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2', username: 'marie@example.fr' });

      storeAsPersisted({ access_token: null, refresh_token: null, username: '' });
      storageEvent();
      expect(tab.getState().session).toEqual({ access_token: null, refresh_token: null, username: '' });

      storeAsPersisted({ access_token: 'access-9', refresh_token: 'refresh-9', username: 'paul@example.fr' });
      storageEvent();
      expect(tab.getState().session).toEqual({ access_token: 'access-9', refresh_token: 'refresh-9', username: 'paul@example.fr' });
    } finally {
      stop();
    }
  });

  it('never takes back an older pair, and drops the cached data of another account', async () => {
    mock.onGet('things/1/').reply(200, { value: 'marie' });
    const newer = { access_token: jwt(2000, 'a'), refresh_token: jwt(2000, 'r'), username: 'marie@example.fr' };
    const tab = setupStore({ session: newer });
    const stop = followSessionOfOtherTabs(tab);
    try {
      await fetchThing(tab);
      // A tab that had not caught up writes the pair before: ignored.
      storeAsPersisted({ access_token: jwt(1000, 'a'), refresh_token: jwt(1000, 'r'), username: 'marie@example.fr' });
      storageEvent();
      expect(tab.getState().session).toEqual(newer);
      expect(testApi.endpoints.getThing.select('1')(tab.getState()).data).toEqual({ value: 'marie' });

      storeAsPersisted({ access_token: jwt(3000, 'a'), refresh_token: jwt(3000, 'r'), username: 'paul@example.fr' });
      storageEvent();
      expect(tab.getState().session.username).toBe('paul@example.fr');
      expect(testApi.endpoints.getThing.select('1')(tab.getState()).data).toBeUndefined();
    } finally {
      stop();
    }
  });
});
