/**
 * Quotes (devis) and invoices (factures): statuses, labels and the one calculation used by the
 * form and by the server (DESIGN.md section 4). All amounts are integer cents.
 */
import { toHundredths } from './money';

export type DocumentKind = 'quote' | 'invoice';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  rejected: 'Refusé',
  expired: 'Expiré',
};

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'partially_paid', 'overdue', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | 'unpaid', string> = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  paid: 'Payée',
  partially_paid: 'Partiellement payée',
  overdue: 'En retard',
  cancelled: 'Annulée',
  unpaid: 'Impayée',
};

/** Invoices still awaiting payment (the dashboard's "outstanding"). */
export const OUTSTANDING_INVOICE_STATUSES = ['unpaid', 'partially_paid', 'sent', 'overdue'] as const;

export const DEFAULT_TAX_RATE = 20;
export const DEFAULT_VALIDITY_DAYS = 30;

export interface LineAmounts {
  quantity: number | string;
  unit_price: number | string;
}

export interface DocumentTotals {
  /** Each line's total HT, in cents, in input order. */
  lines: number[];
  subtotal: number;
  tax: number;
  total: number;
}

/**
 * Line total = quantity × unit price; subtotal HT = Σ lines; VAT = subtotal × rate / 100
 * rounded to the cent (half up); total TTC = subtotal + VAT. Unparsable inputs count as 0.
 */
export function computeTotals(lines: LineAmounts[], taxRate: number | string): DocumentTotals {
  const lineTotals = lines.map((line) => {
    const quantity = toHundredths(line.quantity) ?? 0; // hundredths of a unit
    const price = toHundredths(line.unit_price) ?? 0; // cents
    return Math.round((quantity * price) / 100);
  });
  const subtotal = lineTotals.reduce((sum, v) => sum + v, 0);
  const rate = toHundredths(taxRate) ?? 0; // hundredths of a percent
  const tax = Math.round((subtotal * rate) / 10000);
  return { lines: lineTotals, subtotal, tax, total: subtotal + tax };
}
