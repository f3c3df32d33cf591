/**
 * The pages behind the routes, each a lazily loaded chunk, and their paths. Kept apart from the
 * router so that start-route-download.ts can start the current page's download before the rest of
 * the app has even been evaluated (issue 18).
 */
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router-dom';

import type { AppDispatch } from './store';

/**
 * A page module may export `prefetchData`: the requests its first render will make, some read from
 * the route's query string (a list's filters).
 */
type PageModule = { default: ComponentType; prefetchData?: (dispatch: AppDispatch, query: URLSearchParams) => void };

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
/**
 * The contact page with the tasks feature's block and the portal's « Espace client » card: composed
 * here, so that contacts imports neither tasks nor the portal.
 */
const ContactDetailPage = lazyPage(async () => {
  const [{ ContactDetailPage: Page }, { ContactTasksPanel }, { ClientSpaceCard }] = await Promise.all([
    import(/* webpackChunkName: "route-contact-detail" */ '../features/contacts/contact-detail-page'),
    import(/* webpackChunkName: "route-contact-detail" */ '../features/tasks/contact-tasks-panel'),
    import(/* webpackChunkName: "route-contact-detail" */ '../features/portal'),
  ]);
  return { ContactDetailPage: () => <Page TasksPanel={ContactTasksPanel} SpaceCard={ClientSpaceCard} /> };
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
/** The task page with the time feature's entries panel: composed here, so that tasks does not import time. */
const TaskDetailPage = lazyPage(async () => {
  const [{ TaskDetailPage: Page }, { TaskTimePanel }] = await Promise.all([
    import(/* webpackChunkName: "route-task-detail" */ '../features/tasks/task-detail-page'),
    import(/* webpackChunkName: "route-task-detail" */ '../features/time/task-time-panel'),
  ]);
  return { TaskDetailPage: () => <Page TimePanel={TaskTimePanel} /> };
}, 'TaskDetailPage');
const TimesheetPage = lazyPage(
  () => import(/* webpackChunkName: "route-timesheet" */ '../features/time/timesheet-page'),
  'TimesheetPage',
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
const RecurringInvoiceEditorPage = lazyPage(
  () => import(/* webpackChunkName: "route-recurring-invoice-editor" */ '../features/documents/recurring/recurring-invoice-editor-page'),
  'RecurringInvoiceEditorPage',
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
const ReceivedInvoiceListPage = lazyPage(
  () => import(/* webpackChunkName: "route-received-invoices" */ '../features/received-invoices/received-invoice-list-page'),
  'ReceivedInvoiceListPage',
);
const ReceivedInvoiceDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-received-invoice" */ '../features/received-invoices/received-invoice-detail-page'),
  'ReceivedInvoiceDetailPage',
);
const CataloguePage = lazyPage(
  () => import(/* webpackChunkName: "route-catalogue" */ '../features/catalogue/catalogue-page'),
  'CataloguePage',
);
const ActivityHistoryPage = lazyPage(
  () => import(/* webpackChunkName: "route-activities" */ '../features/activities/activity-history-page'),
  'ActivityHistoryPage',
);
/** The profile page with the reminders' and time's settings: composed here, so that profile imports neither. */
const ProfilePage = lazyPage(async () => {
  const [{ ProfilePage: Page }, { ReminderSettingsSection }, { TimeRoundingSection }] = await Promise.all([
    import(/* webpackChunkName: "route-profile" */ '../features/profile/profile-page'),
    import(/* webpackChunkName: "route-profile" */ '../features/reminders/reminder-settings'),
    import(/* webpackChunkName: "route-profile" */ '../features/time/time-rounding-section'),
  ]);
  const OtherSettings = () => (
    <>
      <ReminderSettingsSection />
      <TimeRoundingSection />
    </>
  );
  return { ProfilePage: () => <Page OtherSettings={OtherSettings} /> };
}, 'ProfilePage');
const EmailTemplatesPage = lazyPage(
  () => import(/* webpackChunkName: "route-email-templates" */ '../features/email-templates/email-templates-page'),
  'EmailTemplatesPage',
);
const PortalPage = lazyPage(
  () => import(/* webpackChunkName: "route-portal" */ '../features/portal/portal-page'),
  'PortalPage',
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
  // A client's personal link to a document (issue 27): no account, signed in or not.
  ['/p/:token', PortalPage],
  // A document of a client's space (issue 27), by its number.
  ['/p/:token/:number', PortalPage],
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
  ['/timesheet', TimesheetPage],
  ['/quotes', QuoteListPage],
  ['/quotes/new', QuoteDetailPage],
  ['/quotes/:id', QuoteDetailPage],
  ['/invoices', InvoiceListPage],
  ['/invoices/new', InvoiceDetailPage],
  ['/invoices/recurring', RecurringInvoiceListPage],
  ['/invoices/recurring/:id', RecurringInvoiceEditorPage],
  ['/invoices/:id', InvoiceDetailPage],
  ['/credit-notes', CreditNoteListPage],
  ['/credit-notes/:id', CreditNoteDetailPage],
  ['/reports', ReportsPage],
  ['/catalogue', CataloguePage],
  ['/received-invoices', ReceivedInvoiceListPage],
  ['/received-invoices/:id', ReceivedInvoiceDetailPage],
  ['/profile', ProfilePage],
  ['/profile/emails', EmailTemplatesPage],
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
export function prefetchRouteData({ pathname, search }: Pick<Location, 'pathname' | 'search'>, dispatch: AppDispatch): void {
  void pageAt(pathname, PROTECTED_PAGES)
    ?.preload()
    .then((module) => module.prefetchData?.(dispatch, new URLSearchParams(search)))
    .catch(() => {
      // The page's own render shows the failure.
    });
}
