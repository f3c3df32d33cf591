import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder until the capability's issue replaces it. */
export function DashboardPage() {
  return <ComingSoonPage title="Tableau de bord" />;
}
