import styled from 'styled-components';
import { addDays, daysBetween } from '@/shared/dates';
import { formatDate } from '@/client/lib/format';
import { Badge } from '@/client/ui/badge';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { INVOICE_STATUS_LABELS } from '@/shared/documents';
import { INVOICE_CONFIG, type DocumentKindConfig } from './document-kinds';
import type { EInvoicingStatus } from './document.types';

/** How the list colours an expiration/due date: red when past, orange within 7 days. */
export type EndDateTone = 'overdue' | 'soon' | null;

/** Days ahead that count as "soon" (SPEC section 9). */
export const SOON_DAYS = 7;

/**
 * Quotes: red if the expiration date is past, orange within 7 days, plain once the quote is
 * closed (accepted, rejected, expired). Invoices: red if overdue (as the server derives it, or
 * by date), orange within 7 days, plain when paid or cancelled. `today` is 'YYYY-MM-DD' (Paris).
 */
export function endDateTone(config: DocumentKindConfig, row: EndDateRow, today: string): EndDateTone {
  if (config.closedStatuses.includes(row.status)) return null;
  if (row.is_overdue) return 'overdue';
  if (!row.end_date) return null;
  if (row.end_date < today) return 'overdue';
  if (row.end_date <= addDays(today, SOON_DAYS)) return 'soon';
  return null;
}

const StyledEndDate = styled.span<{ $tone: EndDateTone }>`
  white-space: nowrap;
  font-weight: ${({ theme, $tone }) => ($tone ? theme.typography.weight.semibold : 'inherit')};
  color: ${({ theme, $tone }) =>
    $tone === 'overdue' ? theme.colors.dangerText : $tone === 'soon' ? theme.colors.warningText : 'inherit'};
`;

const TONE_TEXT = { overdue: ' (dépassée)', soon: ' (dans moins de 7 jours)' } as const;

export interface EndDateRow {
  status: string;
  end_date: string | null;
  is_overdue?: boolean;
}

export interface EndDateProps {
  config: DocumentKindConfig;
  row: EndDateRow;
  today: string;
}

/**
 * Whole Paris days an overdue invoice is late (issue 28): 0 when it is not overdue (as the server
 * derives it) or has no due date.
 */
export function daysLate(row: EndDateRow, today: string): number {
  if (!row.is_overdue || !row.end_date) return 0;
  return Math.max(0, daysBetween(row.end_date, today));
}

const StyledLate = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.typography.size.xs};
`;

/**
 * The coloured date; the colour is also said in words for screen readers. An overdue invoice says
 * by how many days: « En retard de 12 j » (« jours » for screen readers).
 */
export function EndDate({ config, row, today }: EndDateProps) {
  const tone = endDateTone(config, row, today);
  const late = daysLate(row, today);
  return (
    <StyledEndDate $tone={tone} data-tone={tone ?? 'plain'}>
      {formatDate(row.end_date)}
      {late > 0 ? (
        <StyledLate data-testid="days-late">
          <span aria-hidden="true">En retard de {late} j</span>
          <VisuallyHidden>{` (en retard de ${late} ${late > 1 ? 'jours' : 'jour'})`}</VisuallyHidden>
        </StyledLate>
      ) : (
        tone && <VisuallyHidden>{TONE_TEXT[tone]}</VisuallyHidden>
      )}
    </StyledEndDate>
  );
}

export interface DocumentStatusBadgeProps {
  config: DocumentKindConfig;
  status: string;
  label?: string;
}

/** Status pill in the SPEC colours of the kind. */
export function DocumentStatusBadge({ config, status, label }: DocumentStatusBadgeProps) {
  const fallback = config.formStatuses.find((o) => o.value === status)?.label ?? config.filterStatuses.find((o) => o.value === status)?.label;
  return <Badge tone={config.statusTones[status] ?? 'grey'}>{label || fallback || status}</Badge>;
}

/** « En retard »: an issued invoice with a balance due after its due date (derived by the server). */
export function OverdueBadge() {
  return <Badge tone={INVOICE_CONFIG.statusTones.overdue}>{INVOICE_STATUS_LABELS.overdue}</Badge>;
}

const StyledBadges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

export interface DocumentStatusBadgesProps extends DocumentStatusBadgeProps {
  overdue?: boolean;
  /** Issue 26: the latest lifecycle status reported by the e-invoicing platform. */
  einvoicing?: EInvoicingStatus | null;
}

/** The status, followed by « En retard » when the invoice is overdue, and its e-invoicing status. */
export function DocumentStatusBadges({ overdue, einvoicing, ...status }: DocumentStatusBadgesProps) {
  return (
    <StyledBadges>
      <DocumentStatusBadge {...status} />
      {overdue && <OverdueBadge />}
      {einvoicing && <EInvoicingBadge status={einvoicing} />}
    </StyledBadges>
  );
}

/** The tone of a lifecycle status: green once approved or cashed, red when the seller must act. */
export function lifecycleTone(status: Pick<EInvoicingStatus, 'code' | 'problem'>) {
  if (status.problem) return 'red' as const;
  if (status.code === 205 || status.code === 206 || status.code >= 211) return 'green' as const;
  return 'blue' as const;
}

/** A list row's or a page's e-invoicing pill (« E-facture : Approuvée »). */
export function EInvoicingBadge({ status }: { status: EInvoicingStatus }) {
  return (
    <Badge tone={lifecycleTone(status)} title="Statut de facturation électronique">
      E-facture : {status.label}
    </Badge>
  );
}

