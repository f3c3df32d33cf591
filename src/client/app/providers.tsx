import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { selectThemeMode } from '../features/theme/theme.slice';
import { ConfirmProvider } from '../ui/confirm-dialog';
import { GlobalStyle } from '../ui/global-style';
import { getTheme } from '../ui/theme';
import { ToastProvider } from '../ui/toast';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

/** Theme (from the store), global style, toasts and confirmation dialogs. */
export function ThemedProviders({ children }: { children: ReactNode }) {
  const mode = useAppSelector(selectThemeMode);
  const theme = getTheme(mode);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme.colors.headerBg);
  }, [mode, theme]);

  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ToastProvider>
        <ConfirmProvider>{children}</ConfirmProvider>
      </ToastProvider>
    </ThemeProvider>
  );
}

export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <ThemedProviders>{children}</ThemedProviders>
    </Provider>
  );
}
