/**
 * The static landing page's only script (dist/public/landing.html, served at '/'): no React, no
 * store, no router. It does what the app's route guard and theme would do there, and the smooth
 * scroll to the features.
 */
import { readPersistedShell } from './app/persisted-state';
import { FEATURES_ID, revealSection } from './features/landing/reveal-section';

const { signedIn, themeMode } = readPersistedShell();
if (signedIn) {
  // SPEC 2: the landing page with a stored token goes to the dashboard.
  window.location.replace('/dashboard');
} else {
  if (themeMode) document.documentElement.dataset.theme = themeMode;
  document.querySelector<HTMLAnchorElement>(`a[href="#${FEATURES_ID}"]`)?.addEventListener('click', (event) => {
    const section = document.getElementById(FEATURES_ID);
    if (!section) return;
    event.preventDefault();
    revealSection(section);
  });
}
