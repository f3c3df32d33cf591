import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder until the capability's issue replaces it. */
export function ActivityHistoryPage() {
  return <ComingSoonPage title="Historique d'activité" />;
}
