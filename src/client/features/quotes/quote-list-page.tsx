import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder until the capability's issue replaces it. */
export function QuoteListPage() {
  return <ComingSoonPage title="Liste des devis" />;
}
