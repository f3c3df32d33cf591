import { WRITABLE_INVOICE_STATUSES, type DocumentKind } from '@/shared/documents';
import { paymentTermsOf } from '@/shared/payment-terms';
import type { ResolvedDocument } from '../documents.schemas';
import { sameTerms } from './payment-terms';

/**
 * What an issued invoice, a sent quote or a credit note may still change: nothing printed (an
 * issued invoice is corrected by a credit note, CGI art. 242 nonies A), only its priority and
 * internal notes (a quote: its status, never back to draft). An invoice's status follows its
 * payments and credit notes (core/settlement.ts), never a hand-set value.
 */

/** A printed field changed on an issued invoice or a sent quote. */
export const LOCKED_MESSAGE: Record<DocumentKind, string> = {
  invoice:
    'Une facture émise ne peut plus être modifiée (art. 242 nonies A du CGI) : émettez un avoir pour la corriger ou l’annuler.',
  quote: 'Un devis envoyé ne peut plus être modifié : dupliquez-le pour proposer une nouvelle version.',
  credit_note: 'Un avoir ne peut pas être modifié.',
};

export const DERIVED_STATUS =
  'Le statut d’une facture découle de ses paiements et avoirs : enregistrez un paiement ou émettez un avoir.';

/** Only draft and sent (issuing) are written by hand on an invoice. */
export const isWritableInvoiceStatus = (status: string) => (WRITABLE_INVOICE_STATUSES as readonly string[]).includes(status);

const PRINTED_FIELDS = [
  'title', 'description', 'client_id', 'tax_rate', 'operation_category', 'service_date', 'service_end_date', 'vat_exemption',
  'legal_notice', 'signature_notice', 'discount_reason',
] as const;

type FrozenRow = { [F in (typeof PRINTED_FIELDS)[number]]: unknown } & {
  issue_date: string;
  end_date: string | null;
  /** Quotes and invoices (issue 25). */
  payment_terms?: string;
  payment_days?: number;
  /** Issue 25: the document's discount (bigint columns may come back as strings). */
  discount_percent?: number | string;
  discount_cents?: number | string;
};
type StoredLine = {
  title: string; description: string; quantity: number; unit_price_centicents: number; tax_rate: number; unit: string;
  discount_percent?: number | string; discount_cents?: number | string;
  /** Issue 25: a 0 % line's own exemption reason ('' : the document's). */
  vat_exemption?: string;
};

/**
 * The printed fields `input` would change on a frozen document, each with the French reason.
 * Null dates mean "as stored" (forms send the whole object back).
 */
export function lockedChanges(
  kind: { kind: DocumentKind; endDateField: string },
  row: FrozenRow,
  lines: StoredLine[],
  input: ResolvedDocument,
): Record<string, string[]> {
  const changed: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const field of PRINTED_FIELDS) {
    if (!same(row[field] ?? null, input[field])) changed.push(field);
  }
  if (input.issue_date !== null && input.issue_date !== row.issue_date) changed.push('issue_date');
  if (input.end_date !== null && input.end_date !== row.end_date) changed.push(kind.endDateField);
  // Terms left out mean the stored ones, as dates do.
  if (input.terms && row.payment_terms !== undefined && !sameTerms(input.terms, paymentTermsOf(row.payment_terms, row.payment_days))) {
    changed.push('payment_terms');
  }
  const discount = (d: { discount_percent?: number | string; discount_cents?: number | string }) => [Number(d.discount_percent ?? 0), Number(d.discount_cents ?? 0)];
  if (!same(discount(row), [input.discount.percent, input.discount.cents])) changed.push('discount_percent');
  const printed = (l: { title: string; description: string; quantity: number; tax_rate: number; unit: string; vat_exemption?: string } & Parameters<typeof discount>[0], price: number) =>
    [l.title, l.description, Number(l.quantity), Number(price), Number(l.tax_rate), l.unit, ...discount(l), l.vat_exemption ?? ''];
  if (!same(lines.map((l) => printed(l, l.unit_price_centicents)), input.line_items.map((l) => printed(l, l.unit_price)))) {
    changed.push('line_items');
  }
  return Object.fromEntries(changed.map((field) => [field, [LOCKED_MESSAGE[kind.kind]]]));
}

/** Why a frozen document's status can't become `after`, or null. */
export function frozenStatusProblem(kind: DocumentKind, before: string, after: string): string | null {
  if (after === before) return null;
  if (kind === 'invoice') return DERIVED_STATUS;
  if (kind === 'quote' && after === 'draft') return 'Un devis envoyé ne peut pas revenir à l’état de brouillon.';
  return null;
}
