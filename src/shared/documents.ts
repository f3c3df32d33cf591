/**
 * Quotes (devis) and invoices (factures): statuses, labels and the one calculation used by the
 * form and by the server (DESIGN.md section 4). All amounts are integer cents.
 */
import { fromHundredths, toHundredths } from './money';

export type DocumentKind = 'quote' | 'invoice' | 'credit_note';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'rejected', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  accepted: 'Accepté',
  rejected: 'Refusé',
  expired: 'Expiré',
};

/**
 * Stored invoice statuses. Only draft → sent is written by hand (issuing); the others follow from
 * payments and credit notes (issue 13). Overdue is derived at read time (`is_overdue`), never
 * stored: it depends on today's date.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'partially_paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Statuses a client may write: the rest are derived. */
export const WRITABLE_INVOICE_STATUSES = ['draft', 'sent'] as const;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus | 'unpaid' | 'overdue', string> = {
  draft: 'Brouillon',
  sent: 'Envoyée',
  paid: 'Payée',
  partially_paid: 'Partiellement payée',
  overdue: 'En retard',
  cancelled: 'Annulée',
  unpaid: 'Impayée',
};

/** Issued invoices still awaiting payment (the dashboard's "outstanding"). */
export const OUTSTANDING_INVOICE_STATUSES = ['sent', 'partially_paid'] as const;

export const CREDIT_NOTE_STATUSES = ['issued', 'sent'] as const;
export type CreditNoteStatus = (typeof CREDIT_NOTE_STATUSES)[number];
export const CREDIT_NOTE_STATUS_LABELS: Record<CreditNoteStatus, string> = { issued: 'Émis', sent: 'Envoyé' };

export const PAYMENT_METHODS = ['virement', 'cheque', 'especes', 'carte', 'prelevement', 'autre'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: 'Virement',
  cheque: 'Chèque',
  especes: 'Espèces',
  carte: 'Carte bancaire',
  prelevement: 'Prélèvement',
  autre: 'Autre',
};

/**
 * What remains to be paid, in cents: never negative (an overpayment is refused). A final invoice
 * deducts its quote's deposits (`prepaid_cents`, EN 16931 BT-113).
 */
export const balanceDueCents = (d: { total_cents: number; paid_cents: number; credited_cents: number; prepaid_cents?: number }) =>
  Math.max(0, d.total_cents - d.paid_cents - d.credited_cents - (d.prepaid_cents ?? 0));

export const DEFAULT_TAX_RATE = 20;
export const DEFAULT_VALIDITY_DAYS = 30;

export interface LineAmounts {
  quantity: number | string;
  unit_price: number | string;
  /** Percent; the document's rate when absent or blank. */
  tax_rate?: number | string | null;
}

/** One VAT rate's share of a document, in cents (rate in hundredths of a percent: 550 = 5,5 %). */
export interface VatBreakdownRow {
  rate: number;
  base: number;
  tax: number;
}

export interface DocumentTotals {
  /** Each line's total HT, in cents, in input order. */
  lines: number[];
  subtotal: number;
  tax: number;
  total: number;
  /** Per rate, highest rate first; a rate no line uses is absent. */
  breakdown: VatBreakdownRow[];
}

/**
 * Line total = quantity × unit price; subtotal HT = Σ lines; VAT is computed per rate, as
 * EN 16931 does (BT-117 = BT-116 × rate, rounded to the cent, half up), and summed; total TTC =
 * subtotal + VAT. Unparsable inputs count as 0.
 */
export function computeTotals(lines: LineAmounts[], defaultRate: number | string): DocumentTotals {
  const fallbackRate = toHundredths(defaultRate) ?? 0; // hundredths of a percent
  const bases = new Map<number, number>();
  const lineTotals = lines.map((line) => {
    const quantity = toHundredths(line.quantity) ?? 0; // hundredths of a unit
    const price = toHundredths(line.unit_price) ?? 0; // cents
    const total = Math.round((quantity * price) / 100);
    const blank = line.tax_rate === undefined || line.tax_rate === null || line.tax_rate === '';
    const rate = blank ? fallbackRate : (toHundredths(line.tax_rate) ?? fallbackRate);
    bases.set(rate, (bases.get(rate) ?? 0) + total);
    return total;
  });
  if (bases.size === 0) bases.set(fallbackRate, 0);
  const breakdown = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({ rate, base, tax: Math.round((base * rate) / 10000) }));
  const subtotal = lineTotals.reduce((sum, v) => sum + v, 0);
  const tax = breakdown.reduce((sum, row) => sum + row.tax, 0);
  return { lines: lineTotals, subtotal, tax, total: subtotal + tax, breakdown };
}

/**
 * Caps on what a document may hold (issue 16), so that every amount stays an exact integer of
 * cents, far below 2^53: a line's quantity (hundredths) × unit price (cents) is at most
 * 100 × 100 × MAX_AMOUNT = 10^13 once its total is capped, a VAT base × rate (hundredths of a
 * percent) at most 10^11 × 2000, and no sum of lines can pass the document's cap. A product beyond
 * 2^53 may be inexact, but it is then thousands of times over the cap and refused all the same.
 */
export const MAX_LINE_QUANTITY = 1_000_000;
/** Euros HT. */
export const MAX_UNIT_PRICE = 10_000_000;
/** Euros: a line's total HT, and a document's total TTC. */
export const MAX_AMOUNT = 1_000_000_000;
export const MAX_DOCUMENT_LINES = 500;

/** A VAT breakdown row as the API sends it: rate in percent, base and tax in euros. */
export interface VatBreakdownJson {
  rate: number;
  base: number;
  tax: number;
}

export const vatBreakdownJson = (rows: VatBreakdownRow[]): VatBreakdownJson[] =>
  rows.map((row) => ({ rate: fromHundredths(row.rate), base: fromHundredths(row.base), tax: fromHundredths(row.tax) }));
