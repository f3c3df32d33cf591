/**
 * Imported first by main.tsx, for its side effect: the current page's chunk starts downloading
 * while the rest of the app is still being evaluated — on a slow phone that is a few hundred
 * milliseconds earlier than from main.tsx's own body, which runs after every import (issue 18).
 */
import { preloadRoute } from './route-pages';

preloadRoute(window.location.pathname);
