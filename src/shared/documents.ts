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
  /** A discount on the line (issue 25): percent, or euros; blank or 0, none. */
  discount_percent?: number | string | null;
  discount_amount?: number | string | null;
}

/** A discount on the whole document (EN 16931 BG-20), as a form or the API holds it: percent or euros. */
export interface DiscountAmounts {
  discount_percent?: number | string | null;
  discount_amount?: number | string | null;
}

/** One VAT rate's share of a document, in cents (rate in hundredths of a percent: 550 = 5,5 %). */
export interface VatBreakdownRow {
  rate: number;
  /** Its lines less its share of the document's discount (BT-116). */
  base: number;
  tax: number;
  /** Its share of the document's discount (BT-92 of its BG-20), absent without one. */
  discount?: number;
}

export interface DocumentTotals {
  /** Each line's total HT (its discount taken off, BT-131), in cents, in input order. */
  lines: number[];
  /** Each line's discount, in cents (EN 16931 BT-136), in input order. */
  lineDiscounts: number[];
  /** Σ lines (BT-106). */
  linesTotal: number;
  /** The document's discount, all rates together (BT-107); per rate in `breakdown`. */
  discount: number;
  /** HT: Σ lines less the document's discount (BT-109), the base of VAT. */
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
  /** Hundredths of a percent (1000 = 10 %); 0 or absent, none. */
  discount_percent?: number;
  /** Cents; 0 or absent, none. At most one of the two. */
  discount_cents?: number;
}

/** The reason a document's discount carries when the user gives none (EN 16931 BT-97, required by BR-33). */
export const DEFAULT_DISCOUNT_REASON = 'Remise';

/** A document's discount in stored units: hundredths of a percent, or cents (at most one). */
export interface ScaledDiscount {
  percent?: number;
  cents?: number;
}
export const NO_DISCOUNT: Required<ScaledDiscount> = { percent: 0, cents: 0 };

/** `cents` × `hundredthsOfPercent` / 10 000, rounded to the cent half up (away from zero). */
export const percentOfCents = (cents: number, hundredthsOfPercent: number) =>
  Math.sign(cents) * Math.round((Math.abs(cents) * hundredthsOfPercent) / 10000);

/** A line's discount in cents: its percentage of the line's amount, or its amount (never more than the line). */
export function lineDiscountCents(gross: number, line: Pick<ScaledLineAmounts, 'discount_percent' | 'discount_cents'>): number {
  if (line.discount_percent) return percentOfCents(gross, Math.min(10000, line.discount_percent));
  if (line.discount_cents) return Math.max(0, Math.min(line.discount_cents, gross));
  return 0;
}

/** `total` shared in proportion to `weights`, in whole units summing to `total` (largest remainder). */
export function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const i of exact.map((_, i) => i).sort((a, b) => exact[b] - Math.floor(exact[b]) - (exact[a] - Math.floor(exact[a])))) {
    if (left-- <= 0) break;
    shares[i]++;
  }
  return shares;
}

/**
 * The document's discount per VAT rate (EN 16931 BG-20 carries a rate, BT-96): a percentage of
 * each rate's lines, rounded per rate; an amount shared between the rates in proportion to their
 * lines (largest remainder), never more than they total.
 */
function discountPerRate(bases: number[], discount: ScaledDiscount | undefined): number[] {
  if (discount?.percent) return bases.map((base) => percentOfCents(base, Math.min(10000, discount.percent!)));
  if (discount?.cents) {
    const weights = bases.map((base) => Math.max(0, base));
    const cents = Math.min(discount.cents, weights.reduce((a, b) => a + b, 0));
    return largestRemainder(cents, weights);
  }
  return bases.map(() => 0);
}

/**
 * Line total = quantity × unit price rounded to the cent (BT-131), less the line's discount
 * (BT-136: its percentage rounded to the cent, or its amount); Σ lines (BT-106); the document's
 * discount per rate (BG-20, BT-107 in all); VAT is computed per rate on its lines less its share
 * of the discount, as EN 16931 does (BT-116; BT-117 = BT-116 × rate, rounded to the cent, half
 * up), and summed (BT-110); HT = Σ lines − discount (BT-109); total TTC = HT + VAT (BT-112).
 * Stored units (see ScaledLineAmounts); `defaultRate` in hundredths of a percent.
 */
export function computeScaledTotals(lines: ScaledLineAmounts[], defaultRate: number, discount?: ScaledDiscount): DocumentTotals {
  const bases = new Map<number, number>();
  const lineDiscounts: number[] = [];
  const lineTotals = lines.map((line) => {
    const gross = lineNetCents(line.quantity, line.unit_price);
    const off = lineDiscountCents(gross, line);
    lineDiscounts.push(off);
    bases.set(line.tax_rate, (bases.get(line.tax_rate) ?? 0) + gross - off);
    return gross - off;
  });
  if (bases.size === 0) bases.set(defaultRate, 0);
  const rates = [...bases.entries()].sort(([a], [b]) => b - a);
  const discounts = discountPerRate(rates.map(([, base]) => base), discount);
  const breakdown = rates.map(([rate, lineBase], i) => {
    const base = lineBase - discounts[i];
    return { rate, base, tax: Math.round((base * rate) / 10000), ...(discounts[i] ? { discount: discounts[i] } : {}) };
  });
  const linesTotal = lineTotals.reduce((sum, v) => sum + v, 0);
  const documentDiscount = discounts.reduce((sum, v) => sum + v, 0);
  const subtotal = linesTotal - documentDiscount;
  const tax = breakdown.reduce((sum, row) => sum + row.tax, 0);
  return { lines: lineTotals, lineDiscounts, linesTotal, discount: documentDiscount, subtotal, tax, total: subtotal + tax, breakdown };
}

/**
 * The same from what a form or the API holds (decimal numbers or text, up to 4 decimals for
 * quantities and prices, rates in percent): the one calculation the form and the server share.
 * Unparsable inputs count as 0.
 */
export function computeTotals(lines: LineAmounts[], defaultRate: number | string, discount?: DiscountAmounts): DocumentTotals {
  const fallbackRate = toHundredths(defaultRate) ?? 0; // hundredths of a percent
  return computeScaledTotals(
    lines.map((line) => {
      const blank = line.tax_rate === undefined || line.tax_rate === null || line.tax_rate === '';
      return {
        quantity: toTenThousandths(line.quantity) ?? 0,
        unit_price: toTenThousandths(line.unit_price) ?? 0,
        tax_rate: blank ? fallbackRate : (toHundredths(line.tax_rate) ?? fallbackRate),
        ...lineDiscountFields(scaledDiscount(line)),
      };
    }),
    fallbackRate,
    discount && scaledDiscount(discount),
  );
}

/** A discount as a form or the API holds it (percent, euros) → stored units; unparsable or blank counts as none, a percentage wins. */
export function scaledDiscount(d: DiscountAmounts): Required<ScaledDiscount> {
  const percent = Math.max(0, toHundredths(d.discount_percent ?? 0) ?? 0);
  return { percent, cents: percent ? 0 : Math.max(0, toHundredths(d.discount_amount ?? 0) ?? 0) };
}

/** A line's discount columns from a discount in stored units. */
export const lineDiscountFields = (d: ScaledDiscount) => ({ discount_percent: d.percent ?? 0, discount_cents: d.cents ?? 0 });

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
