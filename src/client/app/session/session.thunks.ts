import { createAsyncThunk } from '@reduxjs/toolkit';
import { api, sendRequest } from '../api';
import { loggedIn, sessionCleared, type SessionState, type TokenPair } from './session.slice';

/** Starts a session: drops any cached data of a previous user, then stores the tokens. */
export const startSession = createAsyncThunk<void, TokenPair & { username: string }>(
  'session/start',
  async (payload, { dispatch }) => {
    dispatch(api.util.resetApiState());
    dispatch(loggedIn(payload));
  },
);

/**
 * Logout: revokes the refresh token on the server (a failure is ignored), clears the
 * session and the API cache. The caller navigates to /login.
 */
export const logout = createAsyncThunk<void, void, { state: { session: SessionState } }>(
  'session/logout',
  async (_, { dispatch, getState }) => {
    const { refresh_token: refresh, access_token: access } = getState().session;
    if (refresh) {
      await sendRequest({ url: 'token/logout/', method: 'POST', data: { refresh } }, access);
    }
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
  },
);
