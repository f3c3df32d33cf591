/**
 * fr-FR formats for documents and e-mails. Formatters are built once per process (a new
 * Intl formatter costs tens of µs). The output keeps U+202F (thousands) and U+00A0 (before €):
 * the embedded DejaVu font draws both, pdfkit's built-in fonts would not.
 */
const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const DECIMAL = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const DATE = new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** 123456 cents → '1 234,56 €'. */
export const formatCents = (cents: number) => EUROS.format(cents / 100);

/** 1234.5 → '1 234,5' (quantities, rates). */
export const formatDecimal = (value: number) => DECIMAL.format(value);

/** 5.5 → '5,5 %'. */
export const formatRate = (percent: number) => `${DECIMAL.format(percent)}\u00a0%`;

/** '2026-03-15' → '15/03/2026'; '' for a missing date. */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate || !/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) return '';
  return DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

export { daysBetween } from '@/shared/dates';
