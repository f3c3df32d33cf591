import 'styled-components';
import type { lightTheme } from './theme';

type CarnetTheme = typeof lightTheme;

declare module 'styled-components' {
  export interface DefaultTheme extends Omit<CarnetTheme, 'mode' | 'shadows'> {
    mode: 'light' | 'dark';
    shadows: { sm: string; md: string; lg: string };
  }
}
