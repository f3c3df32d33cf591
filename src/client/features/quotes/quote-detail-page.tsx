import { useParams, useSearchParams } from 'react-router-dom';
import { ComingSoonPage } from '../../ui/coming-soon';

/** Placeholder: /quotes/new, /quotes/new?duplicate_id={id} and /quotes/:id. */
export function QuoteDetailPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const title = id ? 'Devis' : search.get('duplicate_id') ? 'Dupliquer un devis' : 'Nouveau devis';
  return <ComingSoonPage title={title} />;
}
