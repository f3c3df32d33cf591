/**
 * Build time only (webpack.config.js): the landing page as static HTML and CSS, so that a phone
 * shows it from the HTML alone instead of after downloading and running the app (issue 18). The
 * theme's colours and shadows become CSS custom properties, set for the light and the dark theme:
 * the page follows the system preference, and the stored choice once landing.ts has read it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet, ThemeProvider } from 'styled-components';
import { APP_NAME } from '@/client/lib/use-document-title';
import { GlobalStyle } from '@/client/ui/global-style';
import { darkTheme, lightTheme, type AppTheme } from '@/client/ui/theme';
import { LANDING_TITLE, LandingPage } from './landing-page';

type Tokens = Record<string, unknown>;

/** `{ badge: { grey: { bg } } }` → [['badge-grey-bg', value], …] */
function flatten(tokens: Tokens, prefix: string): [string, string][] {
  return Object.entries(tokens).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? flatten(value as Tokens, `${prefix}-${key}`)
      : [[`${prefix}-${key}`, String(value)] as [string, string]],
  );
}

/** The same token tree with every leaf replaced by `var(--<path>)`. */
function asVariables<T extends Tokens>(tokens: T, prefix: string): T {
  return Object.fromEntries(
    Object.entries(tokens).map(([key, value]) => [
      key,
      typeof value === 'object' && value !== null ? asVariables(value as Tokens, `${prefix}-${key}`) : `var(${prefix}-${key})`,
    ]),
  ) as T;
}

const themed = (theme: AppTheme) => ({ colors: theme.colors, shadows: theme.shadows, scheme: { mode: theme.mode } });

function declarations(theme: AppTheme): string {
  return flatten(themed(theme), '-').map(([name, value]) => `${name}:${value};`).join('');
}

/** Light by default, dark when the system asks for it, and whichever `data-theme` names. */
export function themeVariablesCss(): string {
  const light = declarations(lightTheme);
  const dark = declarations(darkTheme);
  return (
    `:root,:root[data-theme="light"]{${light}}` +
    `@media (prefers-color-scheme: dark){:root{${dark}}}` +
    `:root[data-theme="dark"]{${dark}}:root[data-theme="light"]{${light}}`
  );
}

export interface PrerenderedLanding {
  /** The document's title, as the page's useDocumentTitle sets it. */
  title: string;
  /** The page's markup, for the body. */
  html: string;
  /** Its <style> elements: the theme variables, the global style and the components' rules. */
  styles: string;
  /** `<meta name="theme-color">` per colour scheme (the app sets it from the header's colour). */
  themeColor: { light: string; dark: string };
}

export function prerenderLanding(): PrerenderedLanding {
  const variables = asVariables(themed(lightTheme), '-');
  // The light theme's shape, its colours, shadows and colour scheme read from the variables above.
  const theme = { ...lightTheme, colors: variables.colors, shadows: variables.shadows, mode: variables.scheme.mode } as unknown as AppTheme;
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToStaticMarkup(
      sheet.collectStyles(
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <MemoryRouter>
            <LandingPage />
          </MemoryRouter>
        </ThemeProvider>,
      ),
    );
    return {
      title: `${LANDING_TITLE} · ${APP_NAME}`,
      html,
      styles: `<style>${themeVariablesCss()}</style>${sheet.getStyleTags()}`,
      themeColor: { light: lightTheme.colors.headerBg, dark: darkTheme.colors.headerBg },
    };
  } finally {
    sheet.seal();
  }
}
