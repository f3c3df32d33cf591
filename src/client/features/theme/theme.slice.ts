import { createSlice } from '@reduxjs/toolkit';
import type { ThemeMode } from '@/client/ui/theme';

export interface ThemeState {
  mode: ThemeMode;
}

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** The system preference at start-up; light when it cannot be read. */
export function systemThemeMode(): ThemeMode {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'light';
  return window.matchMedia(DARK_SCHEME_QUERY).matches ? 'dark' : 'light';
}

const themeSlice = createSlice({
  name: 'theme',
  // Lazy initial state: read when a store is created (persisted choice overrides it on rehydration).
  initialState: (): ThemeState => ({ mode: systemThemeMode() }),
  reducers: {
    themeToggled(state) {
      state.mode = state.mode === 'dark' ? 'light' : 'dark';
    },
  },
});

export const { themeToggled } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

export const selectThemeMode = (state: { theme: ThemeState }) => state.theme.mode;
