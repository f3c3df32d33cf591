/** Recurring invoices (issue 15): values, French labels and the calendar of a series, for both sides. */
import type { ListFilters } from './list-filters';

export const RECURRENCE_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const RECURRENCE_FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = {
  monthly: 'Mensuelle',
  quarterly: 'Trimestrielle',
  yearly: 'Annuelle',
};
/** Calendar months between two occurrences. */
export const FREQUENCY_MONTHS: Record<RecurrenceFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export const RECURRENCE_MODES = ['draft', 'issue_and_send'] as const;
export type RecurrenceMode = (typeof RECURRENCE_MODES)[number];
export const RECURRENCE_MODE_LABELS: Record<RecurrenceMode, string> = {
  draft: 'Créer un brouillon',
  issue_and_send: 'Émettre et envoyer par e-mail',
};

export const RECURRENCE_STATUSES = ['active', 'paused', 'stopped'] as const;
export type RecurrenceStatus = (typeof RECURRENCE_STATUSES)[number];
export const RECURRENCE_STATUS_LABELS: Record<RecurrenceStatus, string> = {
  active: 'Active',
  paused: 'En pause',
  stopped: 'Arrêtée',
};
/** A stopped series that ran to its end date rather than being stopped by hand. */
export const RECURRENCE_FINISHED_LABEL = 'Terminée';

/** What the API answers for a recurrence. Amounts in euros, dates 'YYYY-MM-DD'. */
export interface RecurringInvoice {
  id: number;
  source_invoice_id: number | null;
  client: { id: number; name: string };
  title: string;
  subtotal: number;
  total_amount: number;
  frequency: RecurrenceFrequency;
  frequency_display: string;
  start_date: string;
  end_date: string | null;
  mode: RecurrenceMode;
  mode_display: string;
  status: RecurrenceStatus;
  status_display: string;
  next_occurrence_date: string | null;
  payment_term_days: number;
  service_period: boolean;
  last_invoice: { id: number; invoice_number: string | null; occurrence_date: string | null } | null;
  last_error: string | null;
  invoices_count: number;
  line_items: { title: string; description: string; quantity: number; unit_price: number; tax_rate: number }[];
  created_at: string;
  updated_at: string;
}

/** Body of POST /api/invoices/{id}/make_recurring/ (answered with the RecurringInvoice). */
export interface MakeRecurringInput {
  frequency: RecurrenceFrequency;
  start_date: string;
  /** Absent or null: no end. */
  end_date?: string | null;
  /** Absent: 'draft'. */
  mode?: RecurrenceMode;
}

/**
 * Body of PATCH /api/recurring-invoices/{id}/: the end date and the mode, an omitted one kept. The
 * schedule (frequency, start date) is fixed once made.
 */
export interface RecurringPatchBody {
  end_date?: string | null;
  mode?: RecurrenceMode;
}

/**
 * Query of GET /api/recurring-invoices/ (answered with RecurringInvoice[], newest first). Each
 * filter also takes a list (`status__in=active,paused`); `limit` (1–100) and `offset` page it,
 * with the uncut count in X-Total-Count.
 */
export type RecurringListQuery = ListFilters<{
  status?: RecurrenceStatus;
  frequency?: RecurrenceFrequency;
  mode?: RecurrenceMode;
  /** A contact's series. */
  client?: number;
}> & {
  /** The series that generated this invoice. */
  invoice?: number;
  limit?: number;
  offset?: number;
};

/** POST /api/recurring-invoices/{id}/{action}/, each answered with the RecurringInvoice. */
export type RecurringAction = 'pause' | 'resume' | 'stop';

const daysInMonth = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * `isoDate` moved by `months` calendar months, on the same day or, when the target month is
 * shorter, on its last day (31 January + 1 month = 28 or 29 February). Pure calendar arithmetic
 * on 'YYYY-MM-DD': no time zone, no clock.
 */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const monthIndex = total - year * 12;
  const day = Math.min(d, daysInMonth(year, monthIndex));
  return `${String(year).padStart(4, '0')}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The date of occurrence `index` (0 = the start) of a series: always counted from the start, so
 * that a series starting on the 31st falls on the last day of shorter months and comes back to
 * the 31st afterwards (31 Jan, 28 Feb, 31 Mar, 30 Apr…).
 */
export function occurrenceDate(startDate: string, frequency: RecurrenceFrequency, index: number): string {
  return addMonths(startDate, index * FREQUENCY_MONTHS[frequency]);
}

/** The day before `isoDate`. */
export function dayBefore(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}
