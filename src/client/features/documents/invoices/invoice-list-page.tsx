import { DocumentListPage } from '../document-list-page';

/** /invoices: the shared document list, for invoices. */
export function InvoiceListPage() {
  return <DocumentListPage kind="invoice" />;
}
