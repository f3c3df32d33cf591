import type { DocumentKind } from './documents';
import type { VatRegime } from './vat';

/**
 * The words for a document's amounts, wherever they are shown: PDF, the document's page, lists,
 * e-mails and reminders. A seller in the VAT franchise (art. 293 B du CGI) charges no VAT, so
 * nothing is "HT" or "TTC": an amount is just an amount. Unknown regime (a list mixing regimes,
 * no profile yet): the VAT-registered words.
 */
export function amountLabels(regime: VatRegime | null | undefined) {
  const franchise = regime === 'franchise';
  return {
    franchise,
    /** Column and field of a line's unit price. */
    unitPrice: franchise ? 'Prix unitaire' : 'Prix unitaire HT',
    /** The same, where room is short (PDF table). */
    unitPriceShort: franchise ? 'Prix unitaire' : 'Prix unit. HT',
    /** A line's total. */
    lineTotal: franchise ? 'Montant' : 'Total HT',
    /** A document's amount in a list or a summary. */
    amount: franchise ? 'Montant' : 'Montant TTC',
    /** After an amount in a sentence: '120,00 € TTC', or nothing in the franchise. */
    suffix: franchise ? '' : ' TTC',
    /** After an amount before VAT: '100,00 € HT', or nothing in the franchise. */
    htSuffix: franchise ? '' : ' HT',
  };
}

/**
 * The label of a document's final total: what a credit note is worth (it asks for no payment),
 * what an invoice asks, what a quote totals.
 */
export function documentTotalLabel(kind: DocumentKind, regime: VatRegime | null | undefined): string {
  const franchise = regime === 'franchise';
  if (kind === 'credit_note') return franchise ? 'Montant de l’avoir' : 'Montant de l’avoir TTC';
  if (!franchise) return 'Total TTC';
  return kind === 'invoice' ? 'Net à payer' : 'Montant total';
}

/** A credit note's refund row: what the seller owes back when the credited invoice had been paid. */
export const REFUND_LABEL = 'À rembourser';
