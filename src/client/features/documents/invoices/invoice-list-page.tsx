import { documentListPrefetch, DocumentListPage } from '../document-list-page';

/** /invoices: the shared document list, for invoices. */
export function InvoiceListPage() {
  return <DocumentListPage kind="invoice" />;
}

/** Its first page, before its first render (issue 29). */
export const prefetchData = documentListPrefetch('invoice');
