import { createGlobalStyle, css } from 'styled-components';

export const focusRing = css`
  outline: 3px solid ${({ theme }) => theme.colors.focus};
  outline-offset: 2px;
`;

export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }

  html {
    color-scheme: ${({ theme }) => theme.mode};
    -webkit-text-size-adjust: 100%;
    /* A field focused by a refused save (or any scroll into view) lands below the sticky header,
       its label showing, not under it. */
    scroll-padding-top: calc(${({ theme }) => theme.layout.headerHeight} + ${({ theme }) => theme.spacing.xxxl});
  }

  body {
    margin: 0;
    min-width: 320px;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.typography.fontFamily};
    font-size: ${({ theme }) => theme.typography.size.md};
    line-height: ${({ theme }) => theme.typography.lineHeight.normal};
    -webkit-font-smoothing: antialiased;
    transition: background-color ${({ theme }) => theme.transition}, color ${({ theme }) => theme.transition};
  }

  h1, h2, h3, h4 {
    margin: 0 0 ${({ theme }) => theme.spacing.md};
    line-height: ${({ theme }) => theme.typography.lineHeight.tight};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
  h1 { font-size: ${({ theme }) => theme.typography.size.xxl}; }
  h2 { font-size: ${({ theme }) => theme.typography.size.xl}; }
  h3 { font-size: ${({ theme }) => theme.typography.size.lg}; }

  p { margin: 0 0 ${({ theme }) => theme.spacing.md}; }

  a {
    color: ${({ theme }) => theme.colors.link};
    text-underline-offset: 2px;
  }

  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible { ${focusRing} }

  [tabindex='-1']:focus { outline: none; }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
