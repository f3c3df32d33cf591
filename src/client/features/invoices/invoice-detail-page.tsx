import { useParams, useSearchParams } from 'react-router-dom';
import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder: /invoices/new, /invoices/new?duplicate_id={id} and /invoices/:id. */
export function InvoiceDetailPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const title = id ? 'Facture' : search.get('duplicate_id') ? 'Dupliquer une facture' : 'Nouvelle facture';
  return <ComingSoonPage title={title} />;
}
