/** The theme feature's public surface: what other features may import. */
export { selectThemeMode, themeToggled } from './theme.slice';
