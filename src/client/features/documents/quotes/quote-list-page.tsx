import { documentListPrefetch, DocumentListPage } from '../document-list-page';

/** /quotes: the shared document list, for quotes. */
export function QuoteListPage() {
  return <DocumentListPage kind="quote" />;
}

/** Its first page, before its first render (issue 29). */
export const prefetchData = documentListPrefetch('quote');
