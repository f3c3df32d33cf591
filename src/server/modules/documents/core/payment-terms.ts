import type { ClientType } from '@/shared/contacts';
import { daysBetween } from '@/shared/dates';
import { DEFAULT_PAYMENT_TERMS, paymentDueDate, paymentTermsOf, paymentTermsProblem, type PaymentTerms } from '@/shared/payment-terms';
import { checkDueDate } from './numbering';

/**
 * Payment terms of quotes and invoices (issue 25; their meaning: shared/payment-terms.ts). They
 * drive an invoice's due date: at every save of a draft from its issue date, and again from the
 * date it is issued. Between businesses they are bounded by C. com. L441-10 I.
 */

/**
 * A draft's terms after a write, and the field errors refusing them:
 * 1. the terms sent win (an invoice's `due_date` is then ignored: it follows from them);
 * 2. else an invoice's `due_date` sent alone, unless it is what the stored terms already give, is
 *    read as net days, as the API set a payment term before issue 25 (0 days: à réception), with
 *    the due date's own messages;
 * 3. else the stored terms, or 30 days net for a new document.
 * Terms kept or sent are checked against the client each time: a client who became a business
 * makes a 90-day term unlawful.
 */
export function draftTerms(
  kind: 'quote' | 'invoice' | 'credit_note',
  input: { terms: PaymentTerms | null; issue_date: string; end_date: string | null },
  stored: PaymentTerms | null,
  clientType: ClientType,
): { terms: PaymentTerms; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const kept = stored ?? DEFAULT_PAYMENT_TERMS;
  if (!input.terms && kind === 'invoice' && input.end_date !== null && input.end_date !== paymentDueDate(input.issue_date, kept)) {
    checkDueDate(errors, input.issue_date, input.end_date, clientType);
    const days = Math.max(0, daysBetween(input.issue_date, input.end_date));
    return { terms: days > 0 ? { kind: 'net', days } : { kind: 'reception', days: 0 }, errors };
  }
  const terms = input.terms ?? kept;
  const problem = paymentTermsProblem(terms, clientType);
  if (problem) errors.payment_days = [problem];
  return { terms, errors };
}

/** Whether two terms say the same. */
export const sameTerms = (a: PaymentTerms, b: PaymentTerms) => a.kind === b.kind && a.days === b.days;

/** A row's stored terms; null for a row without them (a credit note). */
export const storedTerms = (row: { payment_terms?: string; payment_days?: number }): PaymentTerms | null =>
  row.payment_terms === undefined ? null : paymentTermsOf(row.payment_terms, row.payment_days);
