import { balanceDueCents, OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';
import { formatDate } from '@/server/pdf/format';
import { euros } from './format';

/**
 * Money after issue (issue 13): an issued invoice's balance, status and payment date follow from its
 * payments and credit notes (and, for a final invoice, its quote's deposits), never from a
 * hand-set status. All amounts in cents TTC.
 */

export { balanceDueCents };

type MaybeAmounts = { total_cents?: number; paid_cents?: number; credited_cents?: number; prepaid_cents?: number };

export interface SettlementAmounts {
  total_cents: number;
  paid_cents: number;
  credited_cents: number;
  prepaid_cents: number;
}

/** An invoice's amounts as the rules read them (bigint columns may come back as strings). */
export const settlementAmounts = (row: MaybeAmounts): SettlementAmounts => ({
  total_cents: Number(row.total_cents ?? 0),
  paid_cents: Number(row.paid_cents ?? 0),
  credited_cents: Number(row.credited_cents ?? 0),
  prepaid_cents: Number(row.prepaid_cents ?? 0),
});

/** What the invoice shows as due: issued, its balance; a draft, its total less its quote's deposits (a final invoice). */
export const shownBalanceCents = (amounts: SettlementAmounts, issued: boolean) =>
  issued ? balanceDueCents(amounts) : amounts.total_cents - amounts.prepaid_cents;

/** Issued, something left to pay, due before today (Europe/Paris): derived, never stored. */
export function isOverdue(row: MaybeAmounts & { status?: string; end_date?: string | null }, today: string) {
  return (
    (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(row.status ?? '') &&
    !!row.end_date &&
    row.end_date < today &&
    balanceDueCents(settlementAmounts(row)) > 0
  );
}

/**
 * sent → partially_paid → paid; cancelled once credit notes cover the whole total (of a final
 * invoice: what its quote's deposits left to pay).
 */
export function derivedInvoiceStatus(row: { total_cents: number; paid_cents: number; credited_cents: number; prepaid_cents?: number }): string {
  if (row.paid_cents === 0 && row.credited_cents === 0) return 'sent';
  if (row.credited_cents >= row.total_cents - (row.prepaid_cents ?? 0)) return 'cancelled';
  if (balanceDueCents(row) === 0) return 'paid';
  return row.paid_cents > 0 ? 'partially_paid' : 'sent';
}

/** The invoice's payment date once settled: its last payment's when paid, none otherwise. */
export const settledPaymentDate = (status: string, lastPaymentDate: string | null) => (status === 'paid' ? lastPaymentDate : null);

/** The new settlement of an invoice after a payment or a credit: amounts and derived status. */
export function settle(row: SettlementAmounts, paid: number, credited: number) {
  return { paid_cents: paid, credited_cents: credited, status: derivedInvoiceStatus({ ...row, paid_cents: paid, credited_cents: credited }) };
}

/** Why an invoice can take no payment (a draft, a cancelled invoice), or null. */
export function paymentRefusal(row: { number: string | null; status: string }): string | null {
  if (row.number === null) return 'Émettez la facture avant d’enregistrer un paiement.';
  if (row.status === 'cancelled') return 'Cette facture est annulée par un avoir : aucun paiement ne peut y être enregistré.';
  return null;
}

/** A payment's field errors: more than 0, within the balance, dated between the invoice's issue and today. */
export function paymentProblems(payment: { amount: number; date: string }, invoice: { balance: number; issueDate: string }, today: string) {
  const errors: Record<string, string[]> = {};
  if (payment.amount <= 0) errors.amount = ['Le montant doit être supérieur à 0.'];
  else if (payment.amount > invoice.balance) errors.amount = [`Le montant dépasse le solde restant dû (${euros(invoice.balance)}).`];
  if (payment.date < invoice.issueDate) {
    errors.date = [`Un paiement ne peut pas précéder la date d’émission de la facture (${formatDate(invoice.issueDate)}).`];
  }
  if (payment.date > today) errors.date = ['La date du paiement ne peut pas être postérieure à aujourd’hui.'];
  return errors;
}

/**
 * Why a payment can't be deleted: a refund (a credit note's refund_cents, a credit beyond the
 * balance) gave back money these payments brought; every payment predates it (a refund leaves no
 * balance to pay), and the credit note is frozen. Deleting one would leave the refund without the
 * cash it returned (receipts book, cash revenue).
 */
export function paymentDeletionRefusal(refundNumbers: string[]): string | null {
  if (!refundNumbers.length) return null;
  const what = refundNumbers.length > 1 ? 'les avoirs' : 'l’avoir';
  return `Ce paiement a donné lieu à un remboursement par ${what} ${refundNumbers.join(', ')} : il ne peut plus être supprimé.`;
}
