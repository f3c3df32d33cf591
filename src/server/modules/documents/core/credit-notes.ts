import { balanceDueCents, type SettlementAmounts } from './settlement';
import { NO_DISCOUNT, type ScaledDiscount } from '@/shared/documents';
import { centsToUnitPrice, linesTotals, ONE_UNIT, splitByRate } from './totals';
import { euros, percent, rateList } from './format';
import { DEFAULT_LINE_UNIT, lineUnitOf } from '@/shared/units';

/**
 * Credit notes (avoirs, CGI art. 242 nonies A: the only way to correct or cancel an issued
 * invoice): what remains creditable, the lines of a full or partial credit, and the refund a
 * credit beyond the balance owes back. Amounts in cents TTC, rates in hundredths of a percent.
 */

/** A final invoice bills its total less its quote's deposits: that, less earlier credits, is what it can credit. */
export const creditableCents = (amounts: SettlementAmounts) => amounts.total_cents - amounts.credited_cents - amounts.prepaid_cents;

/**
 * Beyond the balance, a credit is money owed back to the client (cash revenue −), never more than
 * the client paid: the rounding cent of a full credit (fullCreditLines) of an unpaid invoice
 * settles it and owes nothing.
 */
export const refundCents = (creditTotal: number, balance: number, paid: number) => Math.max(0, Math.min(creditTotal - balance, paid));

export const creditNoteTitle = (invoiceNumber: string | null) => `Avoir sur la facture ${invoiceNumber}`;

/** The reason given, else a full credit's: the cancellation of the balance. */
export const creditNoteReason = (reason: string, partial: boolean, invoiceNumber: string | null) =>
  reason || (partial ? '' : `Annulation du solde de la facture ${invoiceNumber}`);

/** A credit note's line: quantity and unit price in ten-thousandths, rate in hundredths of a percent (null: the invoice's). */
export type CreditLineInput = {
  title: string; description: string; quantity: number; unit_price: number; tax_rate: number | null; unit?: string;
  /** Hundredths of a percent, or cents (issue 25). */
  discount_percent?: number; discount_cents?: number;
};
export type CreditLine = CreditLineInput & { tax_rate: number };
type StoredLine = {
  title: string; description: string; quantity: number; unit_price_centicents: number; tax_rate: number; unit?: string;
  discount_percent?: number; discount_cents?: number;
};

/**
 * A partial credit's lines with their rates: each one of the invoice's (a line without one takes
 * the invoice's rate, or its only line rate), so that the credit note's VAT mirrors the invoice's.
 * `errors`: per line, a rate the invoice doesn't use.
 */
export function creditedRates(lines: CreditLineInput[], invoiceLines: StoredLine[], invoiceRate: number) {
  const rates = [...new Set(invoiceLines.map((l) => Number(l.tax_rate)))].sort((a, b) => b - a);
  const fallback = rates.length === 1 ? rates[0] : invoiceRate;
  const resolved: CreditLine[] = lines.map((line) => ({ ...line, tax_rate: line.tax_rate ?? fallback }));
  const errors = resolved.map((line) =>
    rates.includes(line.tax_rate) ? {} : { tax_rate: [`Le taux de TVA d’une ligne d’avoir doit être l’un de ceux de la facture : ${rateList(rates)}.`] },
  );
  return { lines: resolved, errors: errors.some((e) => 'tax_rate' in e) ? errors : null };
}

/**
 * Lines crediting `balance` cents TTC: the invoice's own lines when nothing was paid or credited
 * (a full cancellation), else one line per VAT rate of the invoice (splitByRate), so that the
 * credit note's VAT per rate mirrors the invoice's. When no combination lands on the balance
 * (119,97 € at 20 % alone, left by credits of a few cents: VAT is rounded per rate, BT-117, and
 * no HT amount gives it), the next TTC above settles the invoice: one cent beyond what remains,
 * owed back only from what the client paid (refundCents).
 */
export function fullCreditLines(
  row: { number: string | null; total_cents: number; tax_rate: number; discount?: ScaledDiscount },
  invoiceLines: StoredLine[],
  balance: number,
): { lines: CreditLine[]; discount: ScaledDiscount } {
  if (balance === Number(row.total_cents)) {
    // The invoice's lines and discount as they are (issue 25): the same totals, rate by rate.
    const lines = invoiceLines.map((l) => ({
      title: l.title, description: l.description, quantity: Number(l.quantity), unit_price: Number(l.unit_price_centicents), tax_rate: Number(l.tax_rate),
      unit: lineUnitOf(l.unit), discount_percent: Number(l.discount_percent ?? 0), discount_cents: Number(l.discount_cents ?? 0),
    }));
    return { lines, discount: row.discount ?? NO_DISCOUNT };
  }
  const kept = splitByRate(balance, invoiceLines, row.tax_rate, row.discount);
  const lines = kept.map(({ rate, ht }) => ({
    title: `Solde de la facture ${row.number}${kept.length > 1 ? ` (TVA ${percent(rate)})` : ''}`,
    description: '',
    quantity: ONE_UNIT,
    unit_price: centsToUnitPrice(ht),
    tax_rate: rate,
    unit: DEFAULT_LINE_UNIT,
  }));
  return { lines, discount: NO_DISCOUNT };
}

/**
 * A credit of an invoice: its lines (given: a partial credit; none: the whole balance), totals,
 * and refund; or the 400 body refusing it (nothing to credit, more than remains creditable, a rate
 * the invoice doesn't use).
 */
export function planCredit(
  invoice: SettlementAmounts & { number: string | null; tax_rate: number; discount?: ScaledDiscount },
  invoiceLines: StoredLine[],
  given: CreditLineInput[] | undefined,
):
  | { refused: Record<string, unknown> }
  | { refused?: undefined; lines: CreditLine[]; discount: ScaledDiscount; totals: ReturnType<typeof linesTotals>; refund: number } {
  const balance = balanceDueCents(invoice);
  let lines: CreditLine[];
  let discount: ScaledDiscount = NO_DISCOUNT;
  if (given) {
    const rated = creditedRates(given, invoiceLines, invoice.tax_rate);
    if (rated.errors) return { refused: { line_items: rated.errors } };
    lines = rated.lines;
  } else {
    ({ lines, discount } = fullCreditLines(invoice, invoiceLines, balance));
  }
  const totals = linesTotals(lines, invoice.tax_rate, discount);
  if (totals.total <= 0) {
    return {
      refused: given
        ? { line_items: ['Le montant de l’avoir doit être supérieur à 0.'] }
        : { detail: 'Cette facture est entièrement réglée : rien à créditer. Pour un remboursement, indiquez les lignes de l’avoir.' },
    };
  }
  // A full credit is the balance, or its rounding cent above (fullCreditLines): only given lines can ask too much.
  const creditable = creditableCents(invoice);
  if (given && totals.total > creditable) {
    return {
      refused: {
        line_items: [`Le montant de l’avoir (${euros(totals.total)} TTC) dépasse ce qu’il reste à créditer sur la facture (${euros(creditable)} TTC).`],
      },
    };
  }
  return { lines, discount, totals, refund: refundCents(totals.total, balance, invoice.paid_cents) };
}
