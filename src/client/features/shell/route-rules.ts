import { matchPath } from 'react-router-dom';

/** Routes that need a stored access token (SPEC 2, access "A"). */
export const PROTECTED_ROUTE_PATTERNS = [
  '/dashboard',
  '/contacts',
  '/contacts/new',
  '/contacts/:id',
  '/projects',
  '/projects/new',
  '/projects/:id',
  '/tasks',
  '/tasks/new',
  '/tasks/:id',
  '/timesheet',
  '/quotes',
  '/quotes/new',
  '/quotes/:id',
  '/invoices',
  '/invoices/new',
  '/invoices/:id',
  '/credit-notes',
  '/credit-notes/:id',
  '/reports',
  '/profile',
  '/activities',
] as const;

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_ROUTE_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** A client's portal page (issue 27): the seller's document, not Carnet's app. */
export const isPortalPath = (pathname: string) => pathname.startsWith('/p/');

/** The header is hidden on the landing page and on the client portal's pages. */
export function isHeaderVisible(pathname: string): boolean {
  return pathname !== '/' && !isPortalPath(pathname);
}

/**
 * Search bar and 'Nouveau' menu: hidden on landing, login, reset-password, confirm,
 * activation and 404 pages — i.e. shown only on the application's own (protected) routes.
 */
export function areHeaderToolsVisible(pathname: string): boolean {
  return isProtectedPath(pathname);
}
