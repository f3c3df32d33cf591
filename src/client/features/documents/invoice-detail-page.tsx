import { DocumentDetailPage } from './document-detail-page';

/** /invoices/new, /invoices/new?duplicate_id={id} and /invoices/:id: the shared document page, for invoices. */
export function InvoiceDetailPage() {
  return <DocumentDetailPage kind="invoice" />;
}
