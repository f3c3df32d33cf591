import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder until the capability's issue replaces it. */
export function InvoiceListPage() {
  return <ComingSoonPage title="Liste des factures" />;
}
