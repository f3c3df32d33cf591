import { formatDate } from '@/server/pdf/format';
import { DEFAULT_LINE_UNIT } from '@/shared/units';
import { exemptionKeyOf } from '@/shared/vat';
import { centsToUnitPrice, ONE_UNIT, type TreatmentShare } from './totals';
import { euros, percent, rateList, treatmentSuffix } from './format';

/**
 * Deposit invoices (factures d'acompte, issues 15 and 23) and a quote's final invoice: a deposit
 * bills the quote's client at the quote's rates, all the quote's deposits (drafts included, credit
 * notes deducted) leave the final invoice a balance, and the final invoice deducts the issued ones
 * (EN 16931 BT-113). Amounts in cents TTC, rates and percents in hundredths.
 */

/** Quotes that may take deposits or be converted: sent or accepted. */
export const isBillableQuote = (status: string) => status === 'sent' || status === 'accepted';

export const DEPOSIT_QUOTE_STATUS = 'Seul un devis envoyé ou accepté peut donner lieu à une facture d’acompte.';
export const DEPOSIT_MINIMUM = 'L’acompte doit être d’au moins 0,01 €.';

/*
 * `suffix`: what follows an amount in the seller's words, amountLabels(regime).suffix: ' TTC', or ''
 * in the VAT franchise (art. 293 B du CGI), where no amount is "TTC".
 */

export const depositTooBig = (total: number, remaining: number, suffix: string) =>
  `L’acompte (${euros(total)}${suffix}) doit laisser un solde à la facture finale : il reste ${euros(remaining)}${suffix} à facturer sur ce devis.`;

export const finalBelowDeposits = (total: number, prepaid: number, suffix: string) =>
  `Le total de la facture finale (${euros(total)}${suffix}) est inférieur aux acomptes déjà facturés (${euros(prepaid)}${suffix}) : corrigez ses lignes.`;

/** Why a final invoice of `total` cents TTC can't deduct `prepaid` cents of deposits (it would owe a negative balance), or null. */
export const finalInvoiceProblem = (total: number, prepaid: number, suffix: string) =>
  total < prepaid ? finalBelowDeposits(total, prepaid, suffix) : null;

type DepositRow = { total_cents: number; credited_cents: number };

/** What a deposit still bills: its total less its credit notes. */
const stillBilled = (d: DepositRow) => Number(d.total_cents) - Number(d.credited_cents);

/** What deposit invoices bill together, in cents TTC: drafts count (money being asked for). */
export const depositsBilledCents = (deposits: DepositRow[]) => deposits.reduce((sum, d) => sum + stillBilled(d), 0);

/** What remains to bill on a quote of `quoteTotal` cents once `deposits` are billed. */
export const remainingOnQuote = (quoteTotal: number, deposits: DepositRow[]) => Number(quoteTotal) - depositsBilledCents(deposits);

/**
 * The issued deposits a final invoice deducts, each for what it still bills and what of it was
 * paid; a deposit wholly credited is left out.
 */
export const deductedDeposits = <T extends DepositRow & { id: number; number: string | null; issue_date: string; paid_cents?: number }>(
  issued: T[],
) =>
  issued
    .map((r) => {
      const amountCents = stillBilled(r);
      return { id: r.id, number: r.number!, issueDate: r.issue_date, amountCents, paidCents: Math.min(Number(r.paid_cents ?? 0), amountCents) };
    })
    .filter((d) => d.amountCents > 0);

/** What a final invoice deducts: the sum of its quote's deposits (prepaid_cents). */
export const prepaidCents = (deposits: { amountCents: number }[]) => deposits.reduce((sum, d) => sum + d.amountCents, 0);

/** A deposit asked as a percent (hundredths) of the quote's TTC, rounded to the cent, or as an amount. */
export const depositTarget = (quoteTotal: number, input: { percent?: number; amount?: number }) =>
  input.percent !== undefined ? Math.round((quoteTotal * input.percent) / 10000) : input.amount!;

/** Why a deposit of `total` cents TTC can't be billed when `remaining` is left on its quote, or null. */
export function depositAmountProblem(total: number, remaining: number, suffix: string): string | null {
  if (total <= 0) return DEPOSIT_MINIMUM;
  if (total >= remaining) return depositTooBig(total, remaining, suffix);
  return null;
}

/** A rate's TTC skips some cents (999,99 € at 20 % has no HT amount): what can be billed instead. */
export const unreachableDeposit = (target: number, total: number) =>
  `Avec les taux de TVA du devis, ${euros(target)} TTC ne correspond à aucun montant HT au centime près : indiquez ${euros(total)}.`;

/** Per line, the error of a deposit line at a rate the quote doesn't use; null when all are the quote's. */
export function depositRateProblems(lines: { tax_rate: number }[], quoteRates: number[], quoteNumber: string | null) {
  const errors = lines.map((l) =>
    quoteRates.includes(l.tax_rate)
      ? {}
      : {
          tax_rate: [
            `Le taux de TVA d’une ligne d’acompte doit être l’un de ceux du devis ${quoteNumber} : ${rateList(quoteRates)} (pas ${percent(l.tax_rate)}).`,
          ],
        },
  );
  return errors.some((e) => 'tax_rate' in e) ? errors : null;
}

/** The lines of a deposit invoice: one per VAT treatment of its quote (splitByTreatment), each naming the quote. */
export function depositLines(
  quote: { number: string | null; issue_date: string; total_cents: number; vat_exemption: string },
  split: TreatmentShare[],
  share: number | undefined,
  suffix: string,
) {
  const label = share !== undefined ? `Acompte de ${percent(share)} sur le devis ${quote.number}` : `Acompte sur le devis ${quote.number}`;
  return split.map((share) => ({
    id: null,
    title: `${label}${treatmentSuffix(split, share, quote.vat_exemption)}`,
    description: `Devis ${quote.number} du ${formatDate(quote.issue_date)} : ${euros(Number(quote.total_cents))}${suffix}`,
    quantity: ONE_UNIT,
    unit_price: centsToUnitPrice(share.ht),
    tax_rate: share.rate,
    vat_exemption: exemptionKeyOf(share.vat_exemption),
    // A deposit bills a share of the quote: one unit of it, its discounts in the share.
    unit: DEFAULT_LINE_UNIT,
    discount_percent: 0,
    discount_cents: 0,
    task_id: null,
  }));
}
