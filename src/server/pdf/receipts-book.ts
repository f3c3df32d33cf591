import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@/shared/documents';
import type { ReceiptNature } from '@/shared/reports';

/**
 * The receipts book's model (livre des recettes), in cents: what reports builds and what the CSV and
 * the PDF (receipts-pdf.ts, in the pool's worker threads) print.
 */

/** A receipt in cents, before it becomes JSON, CSV or PDF. */
export interface Receipt {
  kind: 'payment' | 'refund';
  id: number;
  date: string;
  invoice_id: number;
  invoice_number: string;
  credit_note_number: string | null;
  client_id: number;
  client_name: string;
  operation_category: string;
  nature: ReceiptNature;
  /** Negative for a refund. */
  amount_cents: number;
  /** Its HT share. */
  amount_ht_cents: number;
  method: string;
  reference: string;
}

/** Sums in cents. */
export type CentTotals = Record<ReceiptNature | 'total' | 'count', number>;

export const REFUND_METHOD_LABEL = 'Remboursement (avoir)';
export const methodLabel = (r: Pick<Receipt, 'kind' | 'method'>) =>
  r.kind === 'refund' ? REFUND_METHOD_LABEL : (PAYMENT_METHOD_LABELS[r.method as PaymentMethod] ?? r.method);

/** The receipts book of a year in cents: every row, and the totals per month and quarter. */
export interface ReceiptsBookData {
  year: number;
  rows: Receipt[];
  /** Index 0 = January. */
  months: CentTotals[];
  quarters: CentTotals[];
  totals: CentTotals;
}

// Built once (Intl objects are costly to create).
const MONTH_NAME = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
/** 'Mars 2026' for '2026-03'. */
export function monthLabel(month: string) {
  const name = MONTH_NAME.format(new Date(`${month}-01T00:00:00Z`));
  return name.charAt(0).toUpperCase() + name.slice(1);
}
export const quarterLabel = (year: number, quarter: number) => `T${quarter} ${year}`;
