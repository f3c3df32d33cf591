import { firstDayOfMonth } from '@/shared/dates';
import {
  CREDIT_NOTE_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  OUTSTANDING_INVOICE_STATUSES,
  QUOTE_STATUS_LABELS,
} from '@/shared/documents';
import type { DocumentKind } from './document-kinds';

export type ListParams = Record<string, string>;

/**
 * The list route's query → the API's list parameters (SPEC section 7):
 * - quotes: status=pending → status=sent;
 * - invoices: status=outstanding → status__in=sent,partially_paid (issued, not settled);
 *   paid_this_month → status=paid & payment_date__gte=first day of the current month;
 *   due_soon → due_soon=true with status removed; status=overdue stays.
 * - credit notes: as they are.
 * Other parameters pass through (the server ignores the ones it does not know).
 * `today` is the Paris calendar day (YYYY-MM-DD).
 */
export function translateListQuery(kind: DocumentKind, query: URLSearchParams, today: string): ListParams {
  const params: ListParams = {};
  query.forEach((value, key) => {
    if (value !== '') params[key] = value;
  });

  if (kind === 'quote') {
    if (params.status === 'pending') params.status = 'sent';
    return params;
  }
  if (kind === 'credit_note') return params;

  if (params.status === 'outstanding') {
    delete params.status;
    params.status__in = OUTSTANDING_INVOICE_STATUSES.join(',');
  }
  if (isTrue(params.paid_this_month)) {
    delete params.paid_this_month;
    params.status = 'paid';
    params.payment_date__gte = firstDayOfMonth(today);
  }
  if (isTrue(params.due_soon)) {
    delete params.status;
    params.due_soon = 'true';
  }
  return params;
}

function isTrue(value: string | undefined): boolean {
  return value !== undefined && value !== 'false' && value !== '0';
}

/** A sentence naming the filter that the route applies (dashboard links), or null. */
export function describeRouteFilter(kind: DocumentKind, query: URLSearchParams): string | null {
  const status = query.get('status');
  if (kind === 'quote') {
    if (status === 'pending') return 'Devis envoyés en attente de réponse';
    if (status) return `Devis au statut « ${QUOTE_STATUS_LABELS[status as keyof typeof QUOTE_STATUS_LABELS] ?? status} »`;
    return null;
  }
  if (kind === 'credit_note') {
    return status ? `Avoirs au statut « ${CREDIT_NOTE_STATUS_LABELS[status as keyof typeof CREDIT_NOTE_STATUS_LABELS] ?? status} »` : null;
  }
  if (isTrue(query.get('due_soon') ?? undefined)) return 'Factures arrivant à échéance dans les 7 jours';
  if (isTrue(query.get('paid_this_month') ?? undefined)) return 'Factures payées ce mois-ci';
  if (status === 'outstanding') return 'Factures en attente de paiement';
  if (status === 'overdue') return 'Factures en retard';
  if (status) return `Factures au statut « ${INVOICE_STATUS_LABELS[status as keyof typeof INVOICE_STATUS_LABELS] ?? status} »`;
  return null;
}
