import { DocumentDetailPage } from './document-detail-page';

/** /quotes/new, /quotes/new?duplicate_id={id} and /quotes/:id: the shared document page, for quotes. */
export function QuoteDetailPage() {
  return <DocumentDetailPage kind="quote" />;
}
