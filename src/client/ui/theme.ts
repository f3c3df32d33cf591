/**
 * Design tokens for Carnet. Light and dark token sets live here and nowhere else.
 * Every text/background pair below meets WCAG AA (>= 4.5:1) in its theme.
 */

export type ThemeMode = 'light' | 'dark';

export type BadgeTone =
  | 'grey'
  | 'green'
  | 'blue'
  | 'yellow'
  | 'orange'
  | 'red'
  | 'purple'
  | 'darkred'
  | 'darkgrey';

interface ToneColors {
  bg: string;
  fg: string;
}

export interface ThemeColors {
  bg: string;
  surface: string;
  surfaceAlt: string;
  surfaceHover: string;
  text: string;
  textMuted: string;
  border: string;
  borderStrong: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  primarySoft: string;
  link: string;
  danger: string;
  dangerHover: string;
  onDanger: string;
  dangerSoft: string;
  dangerText: string;
  success: string;
  successSoft: string;
  successText: string;
  warningSoft: string;
  warningText: string;
  infoSoft: string;
  infoText: string;
  focus: string;
  overlay: string;
  headerBg: string;
  sidebarBg: string;
  badge: Record<BadgeTone, ToneColors>;
}

const spacing = {
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '32px',
  xxxl: '48px',
} as const;

const typography = {
  fontFamily:
    "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  monoFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: 'clamp(2rem, 5vw, 3rem)',
  },
  weight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeight: { tight: 1.25, normal: 1.5 },
} as const;

const radius = { sm: '4px', md: '8px', lg: '12px', pill: '999px' } as const;

const breakpoints = { sm: '640px', md: '900px', lg: '1200px' } as const;

const layout = {
  headerHeight: '60px',
  sidebarCollapsed: '64px',
  sidebarExpanded: '232px',
  contentMaxWidth: '1200px',
} as const;

const zIndex = { header: 20, dropdown: 40, overlay: 60, toast: 80 } as const;

const lightColors: ThemeColors = {
  bg: '#f5f6f8',
  surface: '#ffffff',
  surfaceAlt: '#f0f2f5',
  surfaceHover: '#eef1f6',
  text: '#1b2330',
  textMuted: '#4b5565',
  border: '#d5dae1',
  borderStrong: '#8a94a6',
  primary: '#2c54c8',
  primaryHover: '#2243a3',
  onPrimary: '#ffffff',
  primarySoft: '#e8f0fe',
  link: '#2c54c8',
  danger: '#b42318',
  dangerHover: '#912018',
  onDanger: '#ffffff',
  dangerSoft: '#fef3f2',
  dangerText: '#b42318',
  success: '#067647',
  successSoft: '#ecfdf3',
  successText: '#067647',
  warningSoft: '#fffaeb',
  warningText: '#93370d',
  infoSoft: '#eff4ff',
  infoText: '#1d4ed8',
  focus: '#2c54c8',
  overlay: 'rgba(16, 24, 40, 0.55)',
  headerBg: '#ffffff',
  sidebarBg: '#ffffff',
  badge: {
    grey: { bg: '#eef0f3', fg: '#384250' },
    green: { bg: '#e6f6ec', fg: '#05603a' },
    blue: { bg: '#e8f0fe', fg: '#1d4ed8' },
    yellow: { bg: '#fef7c3', fg: '#713b12' },
    orange: { bg: '#fff1e6', fg: '#9a3412' },
    red: { bg: '#fee4e2', fg: '#b42318' },
    purple: { bg: '#f1ecfd', fg: '#5b21b6' },
    darkred: { bg: '#7a271a', fg: '#ffffff' },
    darkgrey: { bg: '#4b5565', fg: '#ffffff' },
  },
};

const darkColors: ThemeColors = {
  bg: '#0e131a',
  surface: '#161d27',
  surfaceAlt: '#1c2431',
  surfaceHover: '#222c3a',
  text: '#e7ebf1',
  textMuted: '#a7b1c0',
  border: '#2f3a48',
  borderStrong: '#5d6b7e',
  primary: '#8fb0ff',
  primaryHover: '#b3c7ff',
  onPrimary: '#0b1530',
  primarySoft: '#1c2a4a',
  link: '#8fb0ff',
  danger: '#f97066',
  dangerHover: '#fda29b',
  onDanger: '#1c0503',
  dangerSoft: '#2a1514',
  dangerText: '#fda29b',
  success: '#75e0a7',
  successSoft: '#10271c',
  successText: '#75e0a7',
  warningSoft: '#2e2108',
  warningText: '#fdd37a',
  infoSoft: '#14254a',
  infoText: '#a4c2ff',
  focus: '#b3c7ff',
  overlay: 'rgba(0, 0, 0, 0.65)',
  headerBg: '#121922',
  sidebarBg: '#121922',
  badge: {
    grey: { bg: '#2a3340', fg: '#d0d5dd' },
    green: { bg: '#0f2e1f', fg: '#75e0a7' },
    blue: { bg: '#14254a', fg: '#a4c2ff' },
    yellow: { bg: '#3a2e05', fg: '#fde272' },
    orange: { bg: '#3d1e0a', fg: '#fdba74' },
    red: { bg: '#3d1512', fg: '#fda29b' },
    purple: { bg: '#2a1c4d', fg: '#c4b5fd' },
    darkred: { bg: '#9b1c1c', fg: '#ffffff' },
    darkgrey: { bg: '#475467', fg: '#ffffff' },
  },
};

function buildTheme(mode: ThemeMode, colors: ThemeColors) {
  return {
    mode,
    colors,
    spacing,
    typography,
    radius,
    breakpoints,
    layout,
    zIndex,
    shadows: {
      sm: mode === 'light' ? '0 1px 2px rgba(16, 24, 40, 0.06)' : '0 1px 2px rgba(0, 0, 0, 0.4)',
      md:
        mode === 'light'
          ? '0 4px 12px rgba(16, 24, 40, 0.08), 0 1px 3px rgba(16, 24, 40, 0.06)'
          : '0 4px 12px rgba(0, 0, 0, 0.45)',
      lg:
        mode === 'light'
          ? '0 16px 40px rgba(16, 24, 40, 0.16)'
          : '0 16px 40px rgba(0, 0, 0, 0.6)',
    },
    transition: '150ms ease',
  } as const;
}

export const lightTheme = buildTheme('light', lightColors);
export const darkTheme = buildTheme('dark', darkColors);

export type AppTheme = typeof lightTheme | typeof darkTheme;

export function getTheme(mode: ThemeMode): AppTheme {
  return mode === 'dark' ? darkTheme : lightTheme;
}

/** Media query helper: `${media.below('sm')} { ... }`; `media.query.below('sm')` for matchMedia. */
export const media = {
  below: (bp: keyof typeof breakpoints) => `@media (max-width: calc(${breakpoints[bp]} - 1px))`,
  above: (bp: keyof typeof breakpoints) => `@media (min-width: ${breakpoints[bp]})`,
  query: {
    below: (bp: keyof typeof breakpoints) => `(max-width: calc(${breakpoints[bp]} - 1px))`,
  },
};
