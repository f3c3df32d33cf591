import { lazy, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { selectIsAuthenticated } from '../features/session/session.slice';
import { AppLayout } from '../features/shell/app-layout';
import { useAppSelector } from './hooks';

/** React.lazy for a named export: each route is its own chunk. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const LandingPage = lazyPage(() => import('../features/landing/landing-page'), 'LandingPage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const ResetPasswordConfirmPage = lazyPage(
  () => import('../features/auth/reset-password-confirm-page'),
  'ResetPasswordConfirmPage',
);
const ActivationSuccessPage = lazyPage(
  () => import('../features/auth/activation-pages'),
  'ActivationSuccessPage',
);
const ActivationFailedPage = lazyPage(() => import('../features/auth/activation-pages'), 'ActivationFailedPage');
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const ContactListPage = lazyPage(() => import('../features/contacts/contact-list-page'), 'ContactListPage');
const ContactDetailPage = lazyPage(() => import('../features/contacts/contact-detail-page'), 'ContactDetailPage');
const ProjectListPage = lazyPage(() => import('../features/projects/project-list-page'), 'ProjectListPage');
const ProjectDetailPage = lazyPage(() => import('../features/projects/project-detail-page'), 'ProjectDetailPage');
const TaskListPage = lazyPage(() => import('../features/tasks/task-list-page'), 'TaskListPage');
const TaskDetailPage = lazyPage(() => import('../features/tasks/task-detail-page'), 'TaskDetailPage');
const QuoteListPage = lazyPage(() => import('../features/quotes/quote-list-page'), 'QuoteListPage');
const QuoteDetailPage = lazyPage(() => import('../features/quotes/quote-detail-page'), 'QuoteDetailPage');
const InvoiceListPage = lazyPage(() => import('../features/invoices/invoice-list-page'), 'InvoiceListPage');
const InvoiceDetailPage = lazyPage(() => import('../features/invoices/invoice-detail-page'), 'InvoiceDetailPage');
const ActivityHistoryPage = lazyPage(
  () => import('../features/activities/activity-history-page'),
  'ActivityHistoryPage',
);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page'), 'NotFoundPage');

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
          <Route path="profile" element={<ProfilePage />} />
          <Route path="activities" element={<ActivityHistoryPage />} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
