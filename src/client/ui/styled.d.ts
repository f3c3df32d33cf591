import 'styled-components';
import type { lightTheme } from './theme';

type CarnetTheme = typeof lightTheme;

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Omit<CarnetTheme, 'mode' | 'shadows'> {
    mode: 'light' | 'dark';
    shadows: { sm: string; md: string; lg: string };
  }
}
