import { screen } from '@testing-library/react';
import { setupStore } from '@/client/app/store';
import { renderApp, signedIn } from '@/client/test/render';
import { selectThemeMode, themeToggled } from '../theme.slice';

function prefersDark(dark: boolean) {
  (window.matchMedia as jest.Mock).mockImplementation((query: string) => ({
    matches: dark && query === '(prefers-color-scheme: dark)',
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    addListener: jest.fn(),
    removeListener: jest.fn(),
  }));
}

describe('theme', () => {
  it('starts dark when the system prefers dark', () => {
    prefersDark(true);
    expect(selectThemeMode(setupStore().getState())).toBe('dark');
  });

  it('starts light when the system prefers light', () => {
    prefersDark(false);
    expect(selectThemeMode(setupStore().getState())).toBe('light');
  });

  it('toggles', () => {
    prefersDark(false);
    const store = setupStore();
    store.dispatch(themeToggled());
    expect(selectThemeMode(store.getState())).toBe('dark');
    store.dispatch(themeToggled());
    expect(selectThemeMode(store.getState())).toBe('light');
  });

  it('is switched from the header toggle, which reflects the state', async () => {
    prefersDark(true);
    const { user, store } = renderApp({ route: '/dashboard', preloadedState: signedIn });
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Mode sombre' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await user.click(toggle);
    expect(store.getState().theme.mode).toBe('light');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
