import { lazy, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { selectIsAuthenticated } from './session/session.slice';
import { AppLayout } from '../features/shell/app-layout';
import { useAppSelector } from './hooks';

/**
 * React.lazy for a named export: each route is its own chunk, named `route-<page>` so that
 * bench/bundle.ts can find what a route loads in the build stats (namedChunkGroups).
 */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
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
const ProjectDetailPage = lazy(async () => {
  const [{ ProjectDetailPage: Page }, { ProjectTasksPanel }] = await Promise.all([
    import(/* webpackChunkName: "route-project-detail" */ '../features/projects/project-detail-page'),
    import(/* webpackChunkName: "route-project-detail" */ '../features/tasks/project-tasks-panel'),
  ]);
  return { default: () => <Page TasksPanel={ProjectTasksPanel} /> };
});
const TaskListPage = lazyPage(
  () => import(/* webpackChunkName: "route-tasks" */ '../features/tasks/task-list-page'),
  'TaskListPage',
);
const TaskDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-task-detail" */ '../features/tasks/task-detail-page'),
  'TaskDetailPage',
);
const QuoteListPage = lazyPage(
  () => import(/* webpackChunkName: "route-quotes" */ '../features/documents/quote-list-page'),
  'QuoteListPage',
);
const QuoteDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-quote-detail" */ '../features/documents/quote-detail-page'),
  'QuoteDetailPage',
);
const InvoiceListPage = lazyPage(
  () => import(/* webpackChunkName: "route-invoices" */ '../features/documents/invoice-list-page'),
  'InvoiceListPage',
);
const InvoiceDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-invoice-detail" */ '../features/documents/invoice-detail-page'),
  'InvoiceDetailPage',
);
const CreditNoteListPage = lazyPage(
  () => import(/* webpackChunkName: "route-credit-notes" */ '../features/documents/credit-note-list-page'),
  'CreditNoteListPage',
);
const CreditNoteDetailPage = lazyPage(
  () => import(/* webpackChunkName: "route-credit-note-detail" */ '../features/documents/credit-note-detail-page'),
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
const NotFoundPage = lazyPage(
  () => import(/* webpackChunkName: "route-not-found" */ '../features/not-found/not-found-page'),
  'NotFoundPage',
);

/** Protected routes: without a stored access token, go to /login. */
export function RequireAuth() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  return isAuthenticated ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Landing and login: with a stored access token, go to /dashboard. */
export function GuestOnly() {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  return isAuthenticated ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Every route of SPEC section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<GuestOnly />}>
          <Route index element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="reset-password-confirm/:uidb64/:token" element={<ResetPasswordConfirmPage />} />
        <Route path="activation-success" element={<ActivationSuccessPage />} />
        <Route path="activation-failed" element={<ActivationFailedPage />} />

        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="contacts" element={<ContactListPage />} />
          <Route path="contacts/new" element={<ContactDetailPage />} />
          <Route path="contacts/:id" element={<ContactDetailPage />} />
          <Route path="projects" element={<ProjectListPage />} />
          <Route path="projects/new" element={<ProjectDetailPage />} />
          <Route path="projects/:id" element={<ProjectDetailPage />} />
          <Route path="tasks" element={<TaskListPage />} />
          <Route path="tasks/new" element={<TaskDetailPage />} />
          <Route path="tasks/:id" element={<TaskDetailPage />} />
          <Route path="quotes" element={<QuoteListPage />} />
          <Route path="quotes/new" element={<QuoteDetailPage />} />
          <Route path="quotes/:id" element={<QuoteDetailPage />} />
          <Route path="invoices" element={<InvoiceListPage />} />
          <Route path="invoices/new" element={<InvoiceDetailPage />} />
          <Route path="invoices/:id" element={<InvoiceDetailPage />} />
          <Route path="credit-notes" element={<CreditNoteListPage />} />
          <Route path="credit-notes/:id" element={<CreditNoteDetailPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="activities" element={<ActivityHistoryPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
