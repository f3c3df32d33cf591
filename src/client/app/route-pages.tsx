/**
 * The pages behind the routes, each a lazily loaded chunk, and their paths. Kept apart from the
 * router so that start-route-download.ts can start the current page's download before the rest of
 * the app has even been evaluated (issue 18).
 */
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

import type { AppDispatch } from './store';

/** A page module may export `prefetchData`: the requests its first render will make. */
type PageModule = { default: ComponentType; prefetchData?: (dispatch: AppDispatch) => void };

export type LazyPage = ComponentType & { preload: () => Promise<PageModule> };

/**
 * React.lazy for a named export: each route is its own chunk, named `route-<page>` so that
 * bench/bundle.ts can find what a route loads in the build stats (namedChunkGroups). `preload()`
 * starts the download early (see preloadRoute); the page then renders from the same promise.
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): LazyPage {
  let loading: Promise<PageModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => ({
      default: module[name] as ComponentType,
      prefetchData: typeof module.prefetchData === 'function' ? (module.prefetchData as PageModule['prefetchData']) : undefined,
    })));
  return Object.assign(lazy(preload), { preload });
}

const LandingPage = lazyPage(
  () => import(/* webpackChunkName: "route-landing" */ '../features/landing/landing-page'),
  'LandingPage',
);
const LoginPage = lazyPage(
  () => import(/* webpackChunkName: "route-login" */ '../features/auth/login-page'),
  'LoginPage',
);
const ResetPasswordPage = lazyPage(
  () => import(/* webpackChunkName: "route-reset-password" */ '../features/auth/reset-password-page'),
  'ResetPasswordPage',
);
const ResetPasswordConfirmPage = lazyPage(
  () => import(/* webpackChunkName: "route-reset-password-confirm" */ '../features/auth/reset-password-confirm-page'),
  'ResetPasswordConfirmPage',
);
const ConfirmEmailPage = lazyPage(
  () => import(/* webpackChunkName: "route-confirm-email" */ '../features/auth/confirm-email-page'),
  'ConfirmEmailPage',
);
const ActivationSuccessPage = lazyPage(
  () => import(/* webpackChunkName: "route-activation" */ '../features/auth/activation-pages'),
  'ActivationSuccessPage',
);
const ActivationFailedPage = lazyPage(
  () => import(/* webpackChunkName: "route-activation" */ '../features/auth/activation-pages'),
  'ActivationFailedPage',
);
const DashboardPage = lazyPage(
  () => import(/* webpackChunkName: "route-dashboard" */ '../features/dashboard/dashboard-page'),
  'DashboardPage',
);
const ContactListPage = lazyPage(
  () => import(/* webpackChunkName: "route-contacts" */ '../features/contacts/contact-list-page'),
  'ContactListPage',
);
/** The contact page with the tasks feature's block: composed here, so that contacts does not import tasks. */
const ContactDetailPage = lazyPage(async () => {
  const [{ ContactDetailPage: Page }, { ContactTasksPanel }] = await Promise.all([
    import(/* webpackChunkName: "route-contact-detail" */ '../features/contacts/contact-detail-page'),
    import(/* webpackChunkName: "route-contact-detail" */ '../features/tasks/contact-tasks-panel'),
  ]);
  return { ContactDetailPage: () => <Page TasksPanel={ContactTasksPanel} /> };
}, 'ContactDetailPage');
const ProjectListPage = lazyPage(
  () => import(/* webpackChunkName: "route-projects" */ '../features/projects/project-list-page'),
  'ProjectListPage',
);
/** The project page with the tasks feature's panel: composed here, so that projects does not import tasks. */
const ProjectDetailPage = lazyPage(async () => {
  const [{ ProjectDetailPage: Page }, { ProjectTasksPanel }] = await Promise.all([
    import(/* webpackChunkName: "route-project-detail" */ '../features/projects/project-detail-page'),
    import(/* webpackChunkName: "route-project-detail" */ '../features/tasks/project-tasks-panel'),
  ]);
  return { ProjectDetailPage: () => <Page TasksPanel={ProjectTasksPanel} /> };
}, 'ProjectDetailPage');
const TaskListPage = lazyPage(
  () => import(/* webpackChunkName: "route-tasks" */ '../features/tasks/task-list-page'),
  'TaskListPage',
);
const TaskDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-task-detail" */ '../features/tasks/task-detail-page'),
  'TaskDetailPage',
);
const QuoteListPage = lazyPage(
  () => import(/* webpackChunkName: "route-quotes" */ '../features/documents/quotes/quote-list-page'),
  'QuoteListPage',
);
const QuoteDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-quote-detail" */ '../features/documents/quotes/quote-detail-page'),
  'QuoteDetailPage',
);
const InvoiceListPage = lazyPage(
  () => import(/* webpackChunkName: "route-invoices" */ '../features/documents/invoices/invoice-list-page'),
  'InvoiceListPage',
);
const InvoiceDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-invoice-detail" */ '../features/documents/invoices/invoice-detail-page'),
  'InvoiceDetailPage',
);
const RecurringInvoiceListPage = lazyPage(
  () => import(/* webpackChunkName: "route-recurring-invoices" */ '../features/documents/recurring/recurring-invoice-list-page'),
  'RecurringInvoiceListPage',
);
const CreditNoteListPage = lazyPage(
  () => import(/* webpackChunkName: "route-credit-notes" */ '../features/documents/credit-notes/credit-note-list-page'),
  'CreditNoteListPage',
);
const CreditNoteDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-credit-note-detail" */ '../features/documents/credit-notes/credit-note-detail-page'),
  'CreditNoteDetailPage',
);
const ReportsPage = lazyPage(
  () => import(/* webpackChunkName: "route-reports" */ '../features/reports/reports-page'),
  'ReportsPage',
);
const ActivityHistoryPage = lazyPage(
  () => import(/* webpackChunkName: "route-activities" */ '../features/activities/activity-history-page'),
  'ActivityHistoryPage',
);
const ProfilePage = lazyPage(
  () => import(/* webpackChunkName: "route-profile" */ '../features/profile/profile-page'),
  'ProfilePage',
);
export const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "route-not-found" */ '../features/not-found/not-found-page'),
  'NotFoundPage',
);

/** Landing and login: only signed out. */
export const GUEST_PAGES: readonly (readonly [string, LazyPage])[] = [
  ['/', LandingPage],
  ['/login', LoginPage],
];

export const PUBLIC_PAGES: readonly (readonly [string, LazyPage])[] = [
  ['/reset-password', ResetPasswordPage],
  ['/reset-password-confirm/:uidb64/:token', ResetPasswordConfirmPage],
  ['/confirm-email/:uidb64/:token', ConfirmEmailPage],
  ['/activation-success', ActivationSuccessPage],
  ['/activation-failed', ActivationFailedPage],
];

/** Need a stored access token (see RequireAuth). */
export const PROTECTED_PAGES: readonly (readonly [string, LazyPage])[] = [
  ['/dashboard', DashboardPage],
  ['/contacts', ContactListPage],
  ['/contacts/new', ContactDetailPage],
  ['/contacts/:id', ContactDetailPage],
  ['/projects', ProjectListPage],
  ['/projects/new', ProjectDetailPage],
  ['/projects/:id', ProjectDetailPage],
  ['/tasks', TaskListPage],
  ['/tasks/new', TaskDetailPage],
  ['/tasks/:id', TaskDetailPage],
  ['/quotes', QuoteListPage],
  ['/quotes/new', QuoteDetailPage],
  ['/quotes/:id', QuoteDetailPage],
  ['/invoices', InvoiceListPage],
  ['/invoices/new', InvoiceDetailPage],
  ['/invoices/recurring', RecurringInvoiceListPage],
  ['/invoices/:id', InvoiceDetailPage],
  ['/credit-notes', CreditNoteListPage],
  ['/credit-notes/:id', CreditNoteDetailPage],
  ['/reports', ReportsPage],
  ['/profile', ProfilePage],
  ['/activities', ActivityHistoryPage],
];

/** The first page whose path matches: a literal path ('/invoices/new') is listed before a parameter ('/invoices/:id'). */
const pageAt = (pathname: string, pages: readonly (readonly [string, LazyPage])[]) =>
  pages.find(([path]) => matchPath(path, pathname))?.[1];

/**
 * Starts downloading the chunk of the page at `pathname` at start-up, in parallel with the first
 * render of the shell instead of after it (the route chunk is otherwise requested only when the
 * router renders the lazy page): a phone on slow 4G saves a round trip plus that render.
 */
export function preloadRoute(pathname: string): void {
  void pageAt(pathname, [...PROTECTED_PAGES, ...GUEST_PAGES, ...PUBLIC_PAGES])
    ?.preload()
    .catch(() => {
      // A failed download shows up (and is retried) when the page itself renders.
    });
}

/** A signed-in start on a protected page: its data requests leave as soon as its code is here. */
export function prefetchRouteData(pathname: string, dispatch: AppDispatch): void {
  void pageAt(pathname, PROTECTED_PAGES)
    ?.preload()
    .then((module) => module.prefetchData?.(dispatch))
    .catch(() => {
      // The page's own render shows the failure.
    });
}
