import type { ClientType } from '@/shared/contacts';
import { addDays } from '@/shared/dates';
import { MAX_B2B_NET_DAYS } from '@/shared/payment-terms';
import { formatDate } from '@/server/pdf/format';

/**
 * Numbering and chronology of the legal series (CGI art. 242 nonies A, BOI-CF-IOR-60-40-20): one
 * gap-free series per kind and calendar year, numbers following the dates.
 */


/** The series' year of a document dated `date` (YYYY-MM-DD). */
export const seriesYear = (date: string) => Number(date.slice(0, 4));

/** The `n`th number of a yearly series: `FAC-2026-0001`. */
export const formatDocumentNumber = (prefix: string, year: number, n: number) => `${prefix}-${year}-${String(n).padStart(4, '0')}`;

/**
 * Due date rules of a due date given as such (an API client setting `due_date` without payment
 * terms, core/payment-terms.ts). The 60-day limit binds businesses only (Code de commerce, art.
 * L441-10); a private client may be given longer.
 */
export function checkDueDate(errors: Record<string, string[]>, issueDate: string, dueDate: string, clientType: ClientType = 'professionnel') {
  if (dueDate < issueDate) {
    errors.due_date = ['La date d’échéance ne peut pas précéder la date d’émission.'];
  } else if (clientType === 'professionnel' && dueDate > addDays(issueDate, MAX_B2B_NET_DAYS)) {
    errors.due_date = [
      `Entre professionnels, le délai de paiement ne peut pas dépasser ${MAX_B2B_NET_DAYS} jours après la date ` +
        'd’émission (art. L441-10 du Code de commerce).',
    ];
  }
}

/**
 * Chronology of a legal series (CGI art. 242 nonies A: numbers follow the dates): not in the
 * future, not before the last issued document of the series (`last`). Field errors, empty when it
 * holds. (An invoice's due date follows from its payment terms, checked on their own: core/payment-terms.ts.)
 */
export function chronologyProblems(
  kind: 'quote' | 'invoice' | 'credit_note',
  dates: { issueDate: string; today: string },
  last: { number: string | null; issue_date: string } | undefined,
) {
  const errors: Record<string, string[]> = {};
  if (dates.issueDate > dates.today) errors.issue_date = ['La date d’émission ne peut pas être postérieure à aujourd’hui.'];
  if (last && dates.issueDate < last.issue_date) {
    const what = kind === 'credit_note' ? 'du dernier avoir émis' : 'de la dernière facture émise';
    errors.issue_date = [
      `La date d’émission ne peut pas précéder celle ${what} (${last.number}, ${formatDate(last.issue_date)}) : ` +
        'la numérotation suit l’ordre chronologique (art. 242 nonies A du CGI).',
    ];
  }
  return errors;
}
