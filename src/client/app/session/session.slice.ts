import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenPair as SharedTokenPair } from '@/shared/contracts/auth';

export interface SessionState {
  access_token: string | null;
  refresh_token: string | null;
  /** The signed-in e-mail address ('' when signed out). */
  username: string;
}

export const initialSessionState: SessionState = { access_token: null, refresh_token: null, username: '' };

/** POST token/ and token/refresh/'s answer (src/shared/auth-api.ts). */
export type TokenPair = SharedTokenPair;

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loggedIn(state, action: PayloadAction<TokenPair & { username: string }>) {
      state.access_token = action.payload.access;
      state.refresh_token = action.payload.refresh;
      state.username = action.payload.username;
    },
    tokensRefreshed(state, action: PayloadAction<TokenPair>) {
      state.access_token = action.payload.access;
      state.refresh_token = action.payload.refresh;
    },
    usernameChanged(state, action: PayloadAction<string>) {
      state.username = action.payload;
    },
    sessionCleared() {
      return initialSessionState;
    },
  },
});

export const { loggedIn, tokensRefreshed, usernameChanged, sessionCleared } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

type WithSession = { session: SessionState };

export const selectAccessToken = (state: WithSession) => state.session.access_token;
export const selectRefreshToken = (state: WithSession) => state.session.refresh_token;
export const selectUsername = (state: WithSession) => state.session.username;
export const selectIsAuthenticated = (state: WithSession) => Boolean(state.session.access_token);
