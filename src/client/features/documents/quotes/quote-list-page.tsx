import { DocumentListPage } from '../document-list-page';

/** /quotes: the shared document list, for quotes. */
export function QuoteListPage() {
  return <DocumentListPage kind="quote" />;
}
