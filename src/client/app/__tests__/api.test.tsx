import { screen, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { currentPath, mockHttp, renderApp, signedIn } from '@/client/test/render';
import { api } from '../api';
import { setupStore } from '../store';

// A test-only endpoint on the real API, through the real base query.
const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    getThing: build.query<{ value: string }, string>({ query: (id) => ({ url: `things/${id}/` }) }),
  }),
});

describe('base query', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('sends the bearer token and returns data', async () => {
    mock.onGet('things/1/').reply((config) => [200, { value: config.headers?.Authorization }]);
    const store = setupStore(signedIn);
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('1'));
    expect(result.data).toEqual({ value: 'Bearer access-1' });
  });

  it('refreshes once for concurrent 401s, stores the new tokens and retries', async () => {
    const refreshBodies: unknown[] = [];
    mock.onPost('token/refresh/').reply(async (config) => {
      refreshBodies.push(JSON.parse(config.data));
      await new Promise((resolve) => setTimeout(resolve, 20));
      return [200, { access: 'access-2', refresh: 'refresh-2' }];
    });
    mock.onGet(/things\/\d\//).reply((config) =>
      config.headers?.Authorization === 'Bearer access-2'
        ? [200, { value: config.url }]
        : [401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' }],
    );

    const store = setupStore(signedIn);
    const [a, b] = await Promise.all([
      store.dispatch(testApi.endpoints.getThing.initiate('1')),
      store.dispatch(testApi.endpoints.getThing.initiate('2')),
    ]);

    expect(a.data).toEqual({ value: 'things/1/' });
    expect(b.data).toEqual({ value: 'things/2/' });
    expect(refreshBodies).toEqual([{ refresh: 'refresh-1' }]);
    expect(mock.history.post.filter((r) => r.url === 'token/refresh/')).toHaveLength(1);
    expect(store.getState().session).toEqual({
      access_token: 'access-2',
      refresh_token: 'refresh-2',
      username: 'marie@example.fr',
    });
  });

  it('clears the session when the refresh is rejected', async () => {
    mock.onGet('things/1/').reply(401, { detail: 'Given token not valid for any token type' });
    mock.onPost('token/refresh/').reply(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    const store = setupStore(signedIn);
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('1'));
    expect(result.error).toEqual({ status: 401, data: { detail: 'Given token not valid for any token type' } });
    expect(store.getState().session).toEqual({ access_token: null, refresh_token: null, username: '' });
  });

  it('clears the session without a refresh token', async () => {
    mock.onGet('things/1/').reply(401, { detail: 'Given token not valid for any token type' });
    const store = setupStore({ session: { access_token: 'a', refresh_token: null, username: 'x@y.fr' } });
    await store.dispatch(testApi.endpoints.getThing.initiate('1'));
    expect(mock.history.post).toHaveLength(0);
    expect(store.getState().session.access_token).toBeNull();
    expect(store.getState().session.username).toBe('');
  });

  it('clears the session when the retried request is still refused with a token error', async () => {
    mock.onGet('things/1/').reply(401, { detail: 'Token is invalid or expired' });
    mock.onPost('token/refresh/').reply(200, { access: 'access-2', refresh: 'refresh-2' });
    const store = setupStore(signedIn);
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('1'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(mock.history.get).toHaveLength(2);
    expect(store.getState().session.access_token).toBeNull();
  });

  it('does not refresh on a 401 from the login endpoint', async () => {
    mock.onPost('token/').reply(401, { detail: 'No active account found with the given credentials' });
    const store = setupStore();
    const login = api.injectEndpoints({
      endpoints: (build) => ({
        probeLogin: build.mutation<unknown, void>({ query: () => ({ url: 'token/', method: 'POST', data: {} }) }),
      }),
    });
    const result = await store.dispatch(login.endpoints.probeLogin.initiate());
    expect('error' in result && result.error).toMatchObject({ status: 401 });
    expect(mock.history.post).toHaveLength(1);
  });

  it('reports a missing response as FETCH_ERROR and keeps the session', async () => {
    mock.onGet('things/1/').networkError();
    const store = setupStore(signedIn);
    const result = await store.dispatch(testApi.endpoints.getThing.initiate('1'));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(store.getState().session.access_token).toBe('access-1');
  });

  it('sends the user to /login when a protected page loses its session', async () => {
    mock.onGet('profile/').reply(401, { detail: 'Given token not valid for any token type' });
    mock.onPost('token/refresh/').reply(401, { detail: 'Token is invalid or expired' });
    const { store } = renderApp({ route: '/profile', preloadedState: signedIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(store.getState().session).toEqual({ access_token: null, refresh_token: null, username: '' });
  });
});

describe('logout', () => {
  let mock: MockAdapter;
  beforeEach(() => {
    mock = mockHttp();
  });
  afterEach(() => mock.restore());

  it('revokes the refresh token, clears the session and goes to /login', async () => {
    mock.onPost('token/logout/').reply(204);
    const { user, store } = renderApp({ route: '/dashboard', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' });
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(JSON.parse(mock.history.post[0].data)).toEqual({ refresh: 'refresh-1' });
    expect(store.getState().session).toEqual({ access_token: null, refresh_token: null, username: '' });
  });

  it('still logs out when the server call fails', async () => {
    mock.onPost('token/logout/').networkError();
    const { user, store } = renderApp({ route: '/contacts', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1, name: 'Contacts' });
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(store.getState().session.access_token).toBeNull();
  });
});
