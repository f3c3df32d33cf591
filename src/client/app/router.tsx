import { useEffect, useRef } from 'react';
import { createRoutesFromElements, Navigate, Outlet, Route, type RouteObject } from 'react-router-dom';
import { selectIsAuthenticated } from './session/session.slice';
import { logout } from './session/session.thunks';
import { AppLayout } from '../features/shell/app-layout';
import { useAppDispatch, useAppSelector } from './hooks';
import { RouteError } from './route-error';
import { GUEST_PAGES, NotFoundPage, PROTECTED_PAGES, PUBLIC_PAGES, type LazyPage } from './route-pages';

const routes = (pages: readonly (readonly [string, LazyPage])[]) =>
  pages.map(([path, Page]) =>
    path === '/' ? <Route key={path} index element={<Page />} /> : <Route key={path} path={path.slice(1)} element={<Page />} />,
  );

/** Protected routes: without a stored access token, go to /login. */
export function RequireAuth() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  return isAuthenticated ? <Outlet /> : <Navigate to="/login" replace />;
}

/**
 * « Déconnexion » goes through here (issue 28): a navigation like any other, so a form with unsaved
 * changes asks « Quitter sans enregistrer ? » first; then the session ends and the login page opens.
 */
export function LogoutRoute() {
  const dispatch = useAppDispatch();
  // Once, StrictMode's second run included; the session cleared, RequireAuth opens /login.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(logout());
  }, [dispatch]);
  return <p role="status">Déconnexion…</p>;
}

/** Landing and login: with a stored access token, go to /dashboard. */
export function GuestOnly() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/**
 * Every route of SPEC section 2, for a data router (`createBrowserRouter` in main.tsx,
 * `createMemoryRouter` in the tests): it lets a form with unsaved changes hold a navigation back
 * (`useBlocker`, kit/unsaved-changes-guard.tsx). Pages stay lazily loaded (React.lazy, Suspense in AppLayout);
 * a page that fails to render (or to download) shows RouteError, in French.
 */
export const APP_ROUTES: RouteObject[] = createRoutesFromElements(
  <Route element={<AppLayout />} errorElement={<RouteError />}>
    <Route element={<GuestOnly />}>{routes(GUEST_PAGES)}</Route>
    {routes(PUBLIC_PAGES)}
    <Route element={<RequireAuth />}>
      {routes(PROTECTED_PAGES)}
      <Route path="logout" element={<LogoutRoute />} />
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>,
);
