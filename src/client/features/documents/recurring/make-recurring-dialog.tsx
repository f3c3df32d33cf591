import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError, isNetworkError } from '@/client/app/api';
import { parisToday } from '@/shared/dates';
import {
  occurrenceDate, RECURRENCE_FREQUENCIES, RECURRENCE_FREQUENCY_LABELS, type RecurrenceFrequency, type RecurrenceMode,
} from '@/shared/recurring';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Button } from '@/client/ui/button';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { Dialog, DialogActions, DialogIntro } from '@/client/ui/dialog';
import { Select, TextField } from '@/client/ui/form-fields';
import { useToast } from '@/client/ui/toast';
import { fieldErrorMessages, mapFieldErrors } from '@/client/kit/field-errors';
import type { DocumentRecord } from '../document.types';
import { ErrorSummary } from '../error-summary';
import { useVatFree } from '../vat';
import { amountLabels } from '@/shared/amount-labels';
import { RecurrenceModeField } from './recurrence-mode-field';
import { useMakeRecurringMutation } from './recurring.api';

const StyledFields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const StyledNote = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.md};
  border-left: 3px solid ${({ theme }) => theme.colors.link};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledErrors = styled.div`
  margin-top: ${({ theme }) => theme.spacing.lg};
`;

export const RECURRING_FORM_MESSAGES = {
  startRequired: 'Indiquez la date de la première facture.',
  startInPast: 'La date de début ne peut pas être antérieure à aujourd’hui.',
  endBeforeStart: 'La date de fin ne peut pas précéder la date de début.',
  failed: 'La facture n’a pas pu être rendue récurrente. Vérifiez les champs et réessayez.',
  network: 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.',
} as const;

const FIELD_LABELS: Record<keyof RecurringFormValues, string> = {
  frequency: 'Fréquence',
  start_date: 'Date de la première facture',
  end_date: 'Date de fin',
  mode: 'Mode',
};
const RECURRING_FIELDS = Object.keys(FIELD_LABELS) as (keyof RecurringFormValues)[];

export interface RecurringFormValues {
  frequency: RecurrenceFrequency;
  start_date: string;
  end_date: string;
  mode: RecurrenceMode;
}

type FieldErrors = Partial<Record<keyof RecurringFormValues, string>>;

/** The checks the server makes too, shown before sending. An issued invoice's series starts on its date: no start to check. */
export function validateRecurringForm(values: RecurringFormValues, today: string, issued = false): FieldErrors {
  const errors: FieldErrors = {};
  if (issued) return errors;
  if (!values.start_date) errors.start_date = RECURRING_FORM_MESSAGES.startRequired;
  else if (values.start_date < today) errors.start_date = RECURRING_FORM_MESSAGES.startInPast;
  if (values.end_date && values.start_date && values.end_date < values.start_date) {
    errors.end_date = RECURRING_FORM_MESSAGES.endBeforeStart;
  }
  return errors;
}

const FREQUENCY_OPTIONS = RECURRENCE_FREQUENCIES.map((value) => ({ value, label: RECURRENCE_FREQUENCY_LABELS[value] }));

/** The next occurrence after an issued invoice of `issueDate` (the series' first): the first from the schedule on or after today. */
export function nextAfterIssued(issueDate: string, frequency: RecurrenceFrequency, today: string): string {
  let index = 1;
  while (occurrenceDate(issueDate, frequency, index) < today) index += 1;
  return occurrenceDate(issueDate, frequency, index);
}

/**
 * Issue 28: making a draft recurring from today issues it now, as the series' first occurrence;
 * asked first, as every issuing path asks (« Émettre la facture ? »).
 */
export function issueNowQuestion(mode: RecurrenceMode) {
  return {
    title: 'Émettre la facture maintenant ?',
    message:
      'Ce brouillon devient la première facture de la série, datée d’aujourd’hui : il reçoit maintenant son numéro définitif ' +
      `${mode === 'issue_and_send' ? 'et part au client par e-mail, ' : ''}puis ne pourra plus être modifié (art. 242 nonies A du CGI) : ` +
      'une erreur se corrigera par un avoir. Les factures suivantes suivront la fréquence choisie.',
    confirmLabel: 'Émettre et rendre récurrente',
    destructive: false,
  };
}

/** What becomes of the invoice itself, said in the dialog (issue 28): it is the series' first occurrence, never copied. */
export function firstOccurrenceNote(values: RecurringFormValues, today: string, issued: { number: string; date: string } | null): string {
  if (issued) {
    return `La facture ${issued.number} (du ${formatDate(issued.date)}) est la première de la série : la suivante sera créée le ` +
      `${formatDate(nextAfterIssued(issued.date, values.frequency, today))}, puis à chaque échéance.`;
  }
  if (!values.start_date || values.start_date <= today) {
    return 'Ce brouillon devient la première facture de la série : il est émis dès maintenant (numéro définitif, daté d’aujourd’hui), ' +
      'sans copie. Les suivantes seront créées à chaque échéance.';
  }
  return `Ce brouillon devient la première facture de la série, sans copie : vous pouvez encore le modifier ; le ${formatDate(values.start_date)}, ` +
    (values.mode === 'issue_and_send' ? 'Carnet l’émettra et l’enverra au client.' : 'il restera un brouillon que vous émettrez vous-même.');
}

export interface MakeRecurringDialogProps {
  invoice: DocumentRecord;
  onClose: () => void;
}

/**
 * « Rendre récurrente » : from a start date, every month, quarter or year (until an optional end
 * date), Carnet creates the next invoice as a draft, or issues it and e-mails it to the client. The
 * invoice itself is the first occurrence (issue 28), never copied: a draft starting today is issued
 * now (asked first), one starting later waits for its date, an issued one counts. The next ones are
 * made from a copy of it, which the series' editor changes.
 */
export function MakeRecurringDialog({ invoice, onClose }: MakeRecurringDialogProps) {
  const toast = useToast();
  const confirm = useConfirm();
  const formId = useId();
  const today = parisToday();
  const [makeRecurring, state] = useMakeRecurringMutation();
  const [values, setValues] = useState<RecurringFormValues>({ frequency: 'monthly', start_date: today, end_date: '', mode: 'draft' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const set = <K extends keyof RecurringFormValues>(key: K, value: RecurringFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const label = invoice.number ?? `#${invoice.id}`;
  const issued = invoice.number ? { number: invoice.number, date: invoice.issue_date ?? today } : null;
  const { suffix } = amountLabels(useVatFree(invoice.tax_amount) ? 'franchise' : 'assujetti');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const invalid = validateRecurringForm(values, today, issued !== null);
    setErrors(invalid);
    if (Object.keys(invalid).length) {
      setSummary(Object.values(invalid));
      return;
    }
    setSummary(null);
    if (!issued && values.start_date <= today && !(await confirm(issueNowQuestion(values.mode)))) return;
    try {
      const created = await makeRecurring({
        invoiceId: invoice.id,
        body: {
          frequency: values.frequency,
          // An issued invoice's series starts on its date.
          ...(issued ? {} : { start_date: values.start_date }),
          end_date: values.end_date || null,
          mode: values.mode,
        },
      }).unwrap();
      toast.success(`Facture récurrente créée : prochaine facture le ${formatDate(created.next_occurrence_date)}.`);
      onClose();
    } catch (err) {
      if (isNetworkError(err)) {
        setSummary([RECURRING_FORM_MESSAGES.network]);
        return;
      }
      // Under each field, and all of them in the summary.
      const data = asApiError(err)?.data;
      setErrors(mapFieldErrors(data, RECURRING_FIELDS).fields);
      const messages = fieldErrorMessages(data, FIELD_LABELS);
      setSummary(messages.length ? messages : [RECURRING_FORM_MESSAGES.failed]);
    }
  };

  return (
    <Dialog open title="Rendre la facture récurrente" width="560px" onClose={onClose}>
      <form id={formId} onSubmit={onSubmit} noValidate aria-label="Rendre la facture récurrente">
        <DialogIntro>
          Carnet créera à chaque échéance une facture « {invoice.title} » ({formatMoney(invoice.total_amount)}
          {suffix}, même client et
          mêmes lignes que la facture {label}). Vous pourrez modifier la série ensuite, depuis la liste des{' '}
          <Link to="/invoices/recurring">factures récurrentes</Link>.
        </DialogIntro>
        <StyledNote role="note">{firstOccurrenceNote(values, today, issued)}</StyledNote>
        <StyledFields>
          <Select
            label="Fréquence"
            options={FREQUENCY_OPTIONS}
            value={values.frequency}
            error={errors.frequency}
            onChange={(event) => set('frequency', event.target.value as RecurrenceFrequency)}
          />
          {!issued && (
            <TextField
              label="Date de la première facture"
              type="date"
              required
              min={today}
              value={values.start_date}
              error={errors.start_date}
              hint="Un jour qui n’existe pas dans un mois plus court (le 31) tombe sur son dernier jour."
              onChange={(event) => set('start_date', event.target.value)}
            />
          )}
          <TextField
            label="Date de fin (facultative)"
            type="date"
            min={issued?.date ?? (values.start_date || today)}
            value={values.end_date}
            error={errors.end_date}
            hint="Sans date de fin, la récurrence continue jusqu’à ce que vous l’arrêtiez."
            onChange={(event) => set('end_date', event.target.value)}
          />
          <RecurrenceModeField name="recurring-mode" value={values.mode} onChange={(mode) => set('mode', mode)} />
        </StyledFields>

        {summary && (
          <StyledErrors>
            <ErrorSummary key={attempt} messages={summary} />
          </StyledErrors>
        )}

        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" variant="primary" disabled={state.isLoading}>
            {state.isLoading ? 'Enregistrement...' : 'Rendre récurrente'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
