/**
 * fr-FR formats for documents and e-mails. Formatters are built once per process (a new
 * Intl formatter costs tens of µs). The output keeps U+202F (thousands) and U+00A0 (before €):
 * the embedded DejaVu font draws both, pdfkit's built-in fonts would not.
 */
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });
const UNIT_PRICE = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 4 });
const DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** 123456 cents → '1 234,56 €'. */
export const formatCents = (cents: number) => EUROS.format(cents / 100);

/** 1234.5 → '1 234,5' (quantities, rates). */
export const formatDecimal = (value: number) => DECIMAL.format(value);

/**
 * A line's quantity, up to 4 decimals (issue 25): 0.3333 → '0,3333', 1234.5 → '1 234,5'. A
 * quantity of 2 decimals at most (every one before) reads as formatDecimal wrote it.
 */
export const formatQuantity = (value: number) => QUANTITY.format(value);

/**
 * A unit price: two decimals, up to 4 when it has them (0.0125 → '0,0125 €'). One of 2 decimals
 * at most (every one before issue 25) reads as formatCents wrote it.
 */
export const formatUnitPrice = (euros: number) => UNIT_PRICE.format(euros);

/** 5.5 → '5,5 %'. */
export const formatRate = (percent: number) => `${DECIMAL.format(percent)}\u00a0%`;

/** '2026-03-15' → '15/03/2026'; '' for a missing date. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return '';
  return DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

export { daysBetween } from '@/shared/dates';
