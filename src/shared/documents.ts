/**
 * Quotes (devis) and invoices (factures): statuses, labels and the one calculation used by the
 * form and by the server (DESIGN.md section 4). All amounts are integer cents.
 */
import { fromHundredths, toHundredths, toTenThousandths } from './money';

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
 * Stored scales of a line (issue 25: up to 4 decimals): quantities in ten-thousandths of a unit,
 * unit prices in ten-thousandths of a euro (hundredths of a cent). Amounts stay integer cents.
 */
export const QUANTITY_SCALE = 10_000;
export const UNIT_PRICE_SCALE = 10_000;
/** Ten-thousandths of a unit × ten-thousandths of a euro = 10^-8 €; a cent is 10^6 of them. */
const PRODUCT_PER_CENT = BigInt((QUANTITY_SCALE * UNIT_PRICE_SCALE) / 100);

/**
 * A line's net amount in cents (EN 16931 BT-131 = BT-129 × BT-146, rounded once to the cent, half
 * up) from its quantity and unit price in stored units. Exact whatever the size: the product is
 * taken as a BigInt (10^10 × 10^11 passes 2^53), then rounded.
 */
export function lineNetCents(quantity: number, unitPrice: number): number {
  const product = BigInt(Math.trunc(quantity)) * BigInt(Math.trunc(unitPrice));
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const cents = Number((magnitude + PRODUCT_PER_CENT / 2n) / PRODUCT_PER_CENT);
  return negative ? -cents : cents;
}

/** A line in stored units: quantity and unit price in ten-thousandths, rate in hundredths of a percent. */
export interface ScaledLineAmounts {
  quantity: number;
  unit_price: number;
  tax_rate: number;
}

/**
 * Line total = quantity × unit price rounded to the cent (BT-131); subtotal HT = Σ lines (BT-106);
 * VAT is computed per rate on the sum of its lines, as EN 16931 does (BT-117 = BT-116 × rate,
 * rounded to the cent, half up), and summed (BT-110); total TTC = subtotal + VAT (BT-112).
 * Stored units (see ScaledLineAmounts); `defaultRate` in hundredths of a percent.
 */
export function computeScaledTotals(lines: ScaledLineAmounts[], defaultRate: number): DocumentTotals {
  const bases = new Map<number, number>();
  const lineTotals = lines.map((line) => {
    const total = lineNetCents(line.quantity, line.unit_price);
    bases.set(line.tax_rate, (bases.get(line.tax_rate) ?? 0) + total);
    return total;
  });
  if (bases.size === 0) bases.set(defaultRate, 0);
  const breakdown = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, base]) => ({ rate, base, tax: Math.round((base * rate) / 10000) }));
  const subtotal = lineTotals.reduce((sum, v) => sum + v, 0);
  const tax = breakdown.reduce((sum, row) => sum + row.tax, 0);
  return { lines: lineTotals, subtotal, tax, total: subtotal + tax, breakdown };
}

/**
 * The same from what a form or the API holds (decimal numbers or text, up to 4 decimals for
 * quantities and prices, rates in percent): the one calculation the form and the server share.
 * Unparsable inputs count as 0.
 */
export function computeTotals(lines: LineAmounts[], defaultRate: number | string): DocumentTotals {
  const fallbackRate = toHundredths(defaultRate) ?? 0; // hundredths of a percent
  return computeScaledTotals(
    lines.map((line) => {
      const blank = line.tax_rate === undefined || line.tax_rate === null || line.tax_rate === '';
      return {
        quantity: toTenThousandths(line.quantity) ?? 0,
        unit_price: toTenThousandths(line.unit_price) ?? 0,
        tax_rate: blank ? fallbackRate : (toHundredths(line.tax_rate) ?? fallbackRate),
      };
    }),
    fallbackRate,
  );
}

/**
 * Caps on what a document may hold (issue 16), so that every amount stays an exact integer of
 * cents, far below 2^53: a quantity is at most 10^10 ten-thousandths and a unit price 10^11, whose
 * product is taken exactly (lineNetCents, BigInt); a line's total is capped at MAX_AMOUNT (10^11
 * cents), a VAT base × rate (hundredths of a percent) at most 10^11 × 2000, and no sum of lines
 * can pass the document's cap.
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
