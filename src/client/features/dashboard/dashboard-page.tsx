import { Page } from '../../ui/page';
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
