/** Id of the landing page's features section ('Voir les fonctionnalités' leads there). */
export const FEATURES_ID = 'fonctionnalites';

/**
 * Scrolls to a section, smoothly unless the visitor asked for less motion, and moves the focus
 * there so that keyboard and screen reader users continue from it. Shared by the React page and
 * the static landing page's script.
 */
export function revealSection(section: HTMLElement): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
}
