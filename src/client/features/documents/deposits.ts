/**
 * Deposit invoices (factures d'acompte, issue 15) as pure functions: what a quote has already
 * billed in deposits, what remains, the dialog's preview, checks and request body. The server
 * splits the amount across the quote's VAT rates and checks it again.
 */
import { toHundredths } from '@/shared/money';
import type { DepositInvoiceInput, DocumentRecord } from './document.types';
import { parseDecimal } from './document-form';

export type DepositMode = 'percent' | 'amount';

export const DEPOSIT_MESSAGES = {
  created: 'Facture d’acompte créée (brouillon) : émettez-la pour lui donner son numéro.',
  error: 'Erreur lors de la création de la facture d’acompte.',
  percentInvalid: 'Saisissez un pourcentage supérieur à 0 et inférieur à 100.',
  amountInvalid: 'Saisissez un montant supérieur à 0.',
  tooMuch: 'L’acompte doit laisser un solde à la facture finale.',
} as const;

const cents = (euros: number) => Math.round(euros * 100);

/** What the quote's deposit invoices bill (drafts included, credit notes deducted), in cents. */
export const depositedCents = (quote: Pick<DocumentRecord, 'deposit_invoices'>) =>
  quote.deposit_invoices.reduce((sum, d) => sum + cents(d.total_amount) - cents(d.credited_amount), 0);

/** What is left to bill on the quote, in cents. */
export const remainingCents = (quote: Pick<DocumentRecord, 'deposit_invoices' | 'total_amount'>) =>
  cents(quote.total_amount) - depositedCents(quote);

/** The deposit's TTC in cents for what is typed (a percent of the quote's total, or an amount), null when it is not a number. */
export function depositPreviewCents(quoteTotal: number, mode: DepositMode, value: string): number | null {
  const typed = toHundredths(parseDecimal(value)); // null for NaN
  if (typed === null) return null;
  return mode === 'percent' ? Math.round((cents(quoteTotal) * typed) / 10000) : typed;
}

/** The field's message, or null when it can be sent. */
export function validateDeposit(quote: Pick<DocumentRecord, 'deposit_invoices' | 'total_amount'>, mode: DepositMode, value: string): string | null {
  const preview = depositPreviewCents(quote.total_amount, mode, value);
  const typed = parseDecimal(value);
  if (mode === 'percent' && (preview === null || typed <= 0 || typed >= 100)) return DEPOSIT_MESSAGES.percentInvalid;
  if (mode === 'amount' && (preview === null || typed <= 0)) return DEPOSIT_MESSAGES.amountInvalid;
  if (preview !== null && preview >= remainingCents(quote)) return DEPOSIT_MESSAGES.tooMuch;
  return null;
}

export const depositPayload = (mode: DepositMode, value: string): DepositInvoiceInput =>
  mode === 'percent' ? { percent: parseDecimal(value) } : { amount: parseDecimal(value) };
