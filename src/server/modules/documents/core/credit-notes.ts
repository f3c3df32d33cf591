import { balanceDueCents, type SettlementAmounts } from './settlement';
import { NO_DISCOUNT, type ScaledDiscount } from '@/shared/documents';
import { centsToUnitPrice, linesTotals, ONE_UNIT, splitByTreatment } from './totals';
import { euros, rateList, treatmentSuffix } from './format';
import { exemptionKeyOf, VAT_EXEMPTIONS } from '@/shared/vat';
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

/** What a credit note credits: chosen lines, the balance due, or a paid invoice whole (its payments owed back). */
export type CreditScope = 'lines' | 'balance' | 'whole';

/** The reason given, else a full credit's: the cancellation of the balance, or of the paid invoice. */
export const creditNoteReason = (reason: string, scope: CreditScope, invoiceNumber: string | null) =>
  reason || (scope === 'lines' ? '' : scope === 'balance' ? `Annulation du solde de la facture ${invoiceNumber}` : `Annulation de la facture ${invoiceNumber}, réglée : remboursement`);

/** A credit note's line: quantity and unit price in ten-thousandths, rate in hundredths of a percent (null: the invoice's). */
export type CreditLineInput = {
  title: string; description: string; quantity: number; unit_price: number; tax_rate: number | null; unit?: string;
  /** Hundredths of a percent, or cents (issue 25). */
  discount_percent?: number; discount_cents?: number;
  /** At 0 %: its own exemption reason ('' or absent: the invoice's). */
  vat_exemption?: string;
};
export type CreditLine = CreditLineInput & { tax_rate: number };
type StoredLine = {
  title: string; description: string; quantity: number; unit_price_centicents: number; tax_rate: number; unit?: string;
  discount_percent?: number; discount_cents?: number; vat_exemption?: string;
};

/**
 * A partial credit's lines with their VAT treatment: a rate of the invoice's (a line without one
 * takes the invoice's rate, or its only line rate) and, at 0 %, one of the invoice's exemption
 * reasons (issue 25; a line without one takes the invoice's only one, else the invoice's own), so
 * that the credit note's VAT mirrors the invoice's. `errors`: per line, a rate or a reason the
 * invoice doesn't use.
 */
export function creditedRates(lines: CreditLineInput[], invoiceLines: StoredLine[], invoice: { tax_rate: number; vat_exemption?: string }) {
  const rates = [...new Set(invoiceLines.map((l) => Number(l.tax_rate)))].sort((a, b) => b - a);
  const fallback = rates.length === 1 ? rates[0] : invoice.tax_rate;
  const documentReason = invoice.vat_exemption ?? '';
  const reasons = [...new Set(invoiceLines.filter((l) => Number(l.tax_rate) === 0).map((l) => l.vat_exemption || documentReason))];
  // An invoice that states none (the franchise, or made before reasons existed): a credit line has none either.
  const stated = reasons.some(Boolean);
  const resolved: CreditLine[] = lines.map((line) => {
    const tax_rate = line.tax_rate ?? fallback;
    const reason = tax_rate === 0 && stated ? line.vat_exemption || (reasons.length === 1 ? reasons[0] : documentReason) : '';
    // The credit note states the invoice's reason as its own: a line's differs from it or is ''.
    return { ...line, tax_rate, vat_exemption: reason === documentReason ? '' : reason };
  });
  const errors = resolved.map((line): Record<string, string[]> => {
    if (!rates.includes(line.tax_rate)) return { tax_rate: [`Le taux de TVA d’une ligne d’avoir doit être l’un de ceux de la facture : ${rateList(rates)}.`] };
    if (line.tax_rate === 0 && !reasons.includes(line.vat_exemption || documentReason)) {
      const names = reasons.map((r) => VAT_EXEMPTIONS[exemptionKeyOf(r) || 'exoneration'].short).join(', ');
      return { vat_exemption: [`Le motif d’exonération d’une ligne d’avoir à 0 % doit être l’un de ceux de la facture : ${names}.`] };
    }
    return {};
  });
  return { lines: resolved, errors: errors.some((e) => Object.keys(e).length) ? errors : null };
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
  row: { number: string | null; total_cents: number; tax_rate: number; discount?: ScaledDiscount; vat_exemption?: string },
  invoiceLines: StoredLine[],
  balance: number,
  scope: Exclude<CreditScope, 'lines'> = 'balance',
): { lines: CreditLine[]; discount: ScaledDiscount } {
  if (balance === Number(row.total_cents)) {
    // The invoice's lines and discount as they are (issue 25): the same totals, rate by rate.
    const lines = invoiceLines.map((l) => ({
      title: l.title, description: l.description, quantity: Number(l.quantity), unit_price: Number(l.unit_price_centicents), tax_rate: Number(l.tax_rate),
      unit: lineUnitOf(l.unit), discount_percent: Number(l.discount_percent ?? 0), discount_cents: Number(l.discount_cents ?? 0),
      vat_exemption: l.vat_exemption ?? '',
    }));
    return { lines, discount: row.discount ?? NO_DISCOUNT };
  }
  const kept = splitByTreatment(balance, invoiceLines, row.tax_rate, row.discount);
  const lines = kept.map((share) => ({
    title: `${scope === 'balance' ? 'Solde' : 'Annulation'} de la facture ${row.number}${treatmentSuffix(kept, share, row.vat_exemption ?? '')}`,
    description: '',
    quantity: ONE_UNIT,
    unit_price: centsToUnitPrice(share.ht),
    tax_rate: share.rate,
    unit: DEFAULT_LINE_UNIT,
    vat_exemption: share.vat_exemption,
  }));
  return { lines, discount: NO_DISCOUNT };
}

/**
 * A credit of an invoice: its lines (given: a partial credit; none: the whole balance), totals,
 * and refund; or the 400 body refusing it (nothing to credit, more than remains creditable, a rate
 * the invoice doesn't use).
 */
export function planCredit(
  invoice: SettlementAmounts & { number: string | null; tax_rate: number; discount?: ScaledDiscount; vat_exemption?: string },
  invoiceLines: StoredLine[],
  given: CreditLineInput[] | undefined,
):
  | { refused: Record<string, unknown> }
  | { refused?: undefined; lines: CreditLine[]; discount: ScaledDiscount; totals: ReturnType<typeof linesTotals>; refund: number; scope: CreditScope } {
  const balance = balanceDueCents(invoice);
  let lines: CreditLine[];
  let discount: ScaledDiscount = NO_DISCOUNT;
  const scope: CreditScope = given ? 'lines' : balance > 0 ? 'balance' : 'whole';
  if (given) {
    const rated = creditedRates(given, invoiceLines, invoice);
    if (rated.errors) return { refused: { line_items: rated.errors } };
    lines = rated.lines;
  } else {
    // Issue 28: a paid invoice's full credit cancels what remains creditable of it, and owes back
    // what the client paid of it (refundCents), without ticking every line.
    ({ lines, discount } = scope === 'balance'
      ? fullCreditLines(invoice, invoiceLines, balance, 'balance')
      : fullCreditLines(invoice, invoiceLines, creditableCents(invoice), 'whole'));
  }
  const totals = linesTotals(lines, invoice.tax_rate, discount);
  if (totals.total <= 0) {
    return {
      refused: given
        ? { line_items: ['Le montant de l’avoir doit être supérieur à 0.'] }
        : { detail: 'Cette facture est entièrement créditée : il ne reste rien à créditer.' },
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
  return { lines, discount, totals, refund: refundCents(totals.total, balance, invoice.paid_cents), scope };
}
