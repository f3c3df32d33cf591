/** Recurring invoices (issue 15): values, French labels and the calendar of a series, for both sides. */

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

export const RECURRING_MESSAGES = {
  frequency: 'Choisissez une fréquence : mensuelle, trimestrielle ou annuelle.',
  mode: 'Choisissez « Créer un brouillon » ou « Émettre et envoyer par e-mail ».',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
  startInPast: 'La date de début ne peut pas être antérieure à aujourd’hui.',
  frozenSchedule: 'Se modifie avec « Modifier », dans la liste des factures récurrentes : à partir de la prochaine facture.',
  deposit: 'Une facture d’acompte ne peut pas être rendue récurrente.',
  finalInvoice: 'Une facture qui déduit des acomptes ne peut pas être rendue récurrente.',
  notActive: 'Seule une récurrence active peut être mise en pause.',
  notPaused: 'Seule une récurrence en pause peut reprendre.',
  alreadyStopped: 'Cette récurrence est déjà arrêtée.',
  stoppedPatch: 'Cette récurrence est arrêtée : elle ne peut plus être modifiée.',
  noEmail: 'Le client n’a pas d’adresse e-mail : la facture a été créée en brouillon.',
  alreadyRecurring: 'Cette facture fait déjà partie d’une facturation récurrente.',
  issuedStart: 'Une facture émise est la première de la série : la série commence à sa date d’émission, il n’y a pas d’autre date de début à choisir.',
  endBeforeNext: 'La date de fin ne peut pas précéder la prochaine facture.',
  nextInPast: 'La prochaine facture ne peut pas être datée avant aujourd’hui.',
  nextNotAfterLast: (last: string) => `La prochaine facture doit être datée après la dernière (${last}).`,
  lineTask: 'Une ligne de facturation récurrente ne peut pas facturer une tâche.',
} as const;

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
