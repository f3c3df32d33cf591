import type { AppDispatch } from '@/client/app/store';
import { Page } from '@/client/ui/page';
import { activitiesApi, DASHBOARD_ACTIVITY_LIMIT } from '../activities';
import { dashboardApi } from './dashboard.api';
import { FinancialOverviewSection } from './financial-overview-section';
import { NextTasksSection } from './next-tasks-section';
import { OngoingProjectsSection } from './ongoing-projects-section';
import { RecentActivitySection } from './recent-activity-section';
import { UrssafSection } from './urssaf-section';

/**
 * SPEC 2 "Dashboard" (/dashboard): four stacked sections, each loading on its own so one slow
 * or failing request never hides the others.
 */
export function DashboardPage() {
  return (
    <Page title="Tableau de bord" description="Vos chiffres, vos projets en cours, vos prochaines tâches et vos dernières actions.">
      <FinancialOverviewSection />
      <UrssafSection />
      <OngoingProjectsSection />
      <NextTasksSection />
      <RecentActivitySection />
    </Page>
  );
}

/**
 * The sections' requests, started as soon as this page's code has arrived (app/route-pages.tsx)
 * rather than once its first render is on screen: on a phone the figures then come with the first
 * render instead of replacing placeholders one more render later (issue 18). The same endpoints and
 * arguments as the sections' hooks, so these requests are the ones the sections then read.
 */
export function prefetchData(dispatch: AppDispatch): void {
  const prefetches = [
    ...(['getFinancialOverview', 'getMonthlyRevenue', 'getUrssafSummary', 'getOngoingProjects', 'getNextTasks'] as const).map(
      (endpoint) => () => dispatch(dashboardApi.util.prefetch(endpoint, undefined, {})),
    ),
    () => dispatch(activitiesApi.util.prefetch('getRecentActivity', DASHBOARD_ACTIVITY_LIMIT, {})),
  ];
  // One task each: setting up ten requests at once is one long task on a slow phone.
  for (const prefetch of prefetches) setTimeout(prefetch, 0);
}
