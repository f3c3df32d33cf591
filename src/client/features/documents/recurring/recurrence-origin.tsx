import { Link } from 'react-router-dom';
import { useGetInvoiceRecurrenceQuery } from './recurring.api';

/**
 * On an invoice a recurring series generated (issue 15): 'Générée par la facturation récurrente
 * mensuelle « … »', linking to the series' list. Nothing for any other invoice (its
 * `recurrence_id` is null: no request), nor while the answer is awaited or if it fails (it only informs).
 */
export function RecurrenceOrigin({ invoiceId, recurrenceId }: { invoiceId: number; recurrenceId: number | null | undefined }) {
  const { data: series } = useGetInvoiceRecurrenceQuery(invoiceId, { skip: !recurrenceId });
  if (!series) return null;
  return (
    <span>
      Générée par la{' '}
      <Link to="/invoices/recurring">facturation récurrente {series.frequency_display.toLowerCase()}</Link> « {series.title} »
    </span>
  );
}
