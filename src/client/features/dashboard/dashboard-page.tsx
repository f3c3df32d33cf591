import type { AppDispatch } from '@/client/app/store';
import { Page } from '@/client/ui/page';
import { activitiesApi, DASHBOARD_ACTIVITY_LIMIT } from '../activities';
import { profileApi } from '../profile';
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
 * arguments as the sections' hooks, so these requests are the ones the sections then read. The
 * profile too: its VAT regime decides the figures' « Montants TTC. » note and the URSSAF card, and
 * asked only by the first render it came one round trip after everything else, moving the cards
 * when it arrived (CLS) and holding up the page's largest paint (issue 28).
 */
export function prefetchData(dispatch: AppDispatch): void {
  const prefetches = [
    ...(['getFinancialOverview', 'getMonthlyRevenue', 'getUrssafSummary', 'getOngoingProjects', 'getNextTasks'] as const).map(
      (endpoint) => () => dispatch(dashboardApi.util.prefetch(endpoint, undefined, {})),
    ),
    () => dispatch(activitiesApi.util.prefetch('getRecentActivity', DASHBOARD_ACTIVITY_LIMIT, {})),
    () => dispatch(profileApi.util.prefetch('getProfile', undefined, {})),
  ];
  // The figures at the top (five requests) at once, the rest one task each: setting up all of them
  // at once is one long task on a slow phone, and the first timer may wait behind other tasks
  // (Lighthouse's phone: the figures then went out ~100 ms later, in the second round of requests).
  const [first, ...rest] = prefetches;
  first();
  for (const prefetch of rest) setTimeout(prefetch, 0);
}
