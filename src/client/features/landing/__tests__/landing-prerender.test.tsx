import { darkTheme, lightTheme } from '@/client/ui/theme';
import { prerenderLanding } from '../landing-prerender';

/** The static landing page built by webpack.config.js (issue 18): its content is in the HTML. */
describe('prerendered landing page', () => {
  const page = prerenderLanding();
  const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${page.styles}</head><body>${page.html}</body></html>`, 'text/html');

  it('holds the whole page: title, calls to action, the six features', () => {
    expect(page.title).toBe('Le CRM des indépendants · Carnet');
    expect(doc.querySelector('h1')?.textContent).toBe('Simplifiez votre activité de freelance avec un seul outil');
    const link = (text: string) => [...doc.querySelectorAll('a')].find((a) => a.textContent === text);
    expect(link('Démarrer gratuitement')?.getAttribute('href')).toBe('/login?mode=register');
    expect(link('Connexion')?.getAttribute('href')).toBe('/login');
    expect(link('Voir les fonctionnalités')?.getAttribute('href')).toBe('#fonctionnalites');
    expect(doc.getElementById('fonctionnalites')?.getAttribute('tabindex')).toBe('-1');
    expect(doc.querySelectorAll('h3')).toHaveLength(6);
    expect(doc.querySelectorAll('svg[aria-hidden="true"], [aria-hidden="true"] svg').length).toBeGreaterThanOrEqual(6);
  });

  it('styles every element from CSS variables set for the light and the dark theme', () => {
    const css = [...doc.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    // The global style's and the components' rules name variables, never a theme's colour.
    const componentRules = [...doc.querySelectorAll('style[data-styled]')].map((style) => style.textContent).join('\n');
    expect(componentRules).toContain('var(--colors-primary)');
    expect(componentRules).not.toContain(lightTheme.colors.primary);
    expect(css).toContain(`:root,:root[data-theme="light"]{--colors-bg:${lightTheme.colors.bg};`);
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\{:root\{--colors-bg:#0e131a;/);
    expect(css).toContain(`:root[data-theme="dark"]{--colors-bg:${darkTheme.colors.bg};`);
    expect(css).toContain('color-scheme:var(--scheme-mode)');
    expect(page.themeColor).toEqual({ light: lightTheme.colors.headerBg, dark: darkTheme.colors.headerBg });
  });
});
