import { Link } from 'react-router-dom';
import { useGetInvoiceRecurrenceQuery } from './recurring.api';

/**
 * On an invoice a recurring series generated (issue 15): 'Générée par la facturation récurrente
 * mensuelle « … »' ('Première facture de la …' on the invoice made recurring, issue 28), linking to the series' list. Nothing for any other invoice (its
 * `recurrence_id` is null: no request), nor while the answer is awaited or if it fails (it only informs).
 */
export function RecurrenceOrigin({ invoiceId, recurrenceId }: { invoiceId: number; recurrenceId: number | null | undefined }) {
  const { data: series } = useGetInvoiceRecurrenceQuery(invoiceId, { skip: !recurrenceId });
  if (!series) return null;
  return (
    <span>
      {/* Issue 28: the invoice made recurring is the series' first occurrence. */}
      {series.source_invoice_id === invoiceId ? 'Première facture de la' : 'Générée par la'}{' '}
      <Link to="/invoices/recurring">facturation récurrente {series.frequency_display.toLowerCase()}</Link> « {series.title} »
    </span>
  );
}
