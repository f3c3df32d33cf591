import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { skipToken } from '@reduxjs/toolkit/query';
import { asApiError, isNetworkError } from '@/client/app/api';
import { parisToday } from '@/shared/dates';
import { computeTotals } from '@/shared/documents';
import {
  RECURRENCE_FREQUENCIES, RECURRENCE_FREQUENCY_LABELS, type RecurrenceFrequency, type RecurrenceMode,
} from '@/shared/recurring';
import type { RecurringInvoice, UpdateRecurringInput } from '@/shared/contracts/recurring';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { FormActions, FormGrid, Select, TextField } from '@/client/ui/form-fields';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import { fieldErrorMessages } from '@/client/kit/field-errors';
import { LEAVES_SAVED_FORM, UnsavedChangesGuard } from '@/client/kit/unsaved-changes-guard';
import { useGetProfileQuery } from '../../profile';
import { INVOICE_CONFIG, LINES_INVALID } from '../document-kinds';
import {
  describeSaveErrors, discountAmounts, emptyLine, formDiscountOf, isLineValid, parseDecimal, TITLE_REQUIRED, type FormLine,
} from '../document-form';
import { ErrorSummary } from '../error-summary';
import { LineItemsEditor } from '../line-items-editor';
import { ClientSelect } from '../client-select';
import { RecurrenceModeField } from './recurrence-mode-field';
import { useGetRecurringInvoiceQuery, useUpdateRecurringMutation } from './recurring.api';

const StyledWide = styled.div`
  grid-column: 1 / -1;
`;

const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

const StyledSummary = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.size.lg};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
`;

const StyledNote = styled.p`
  margin: ${({ theme }) => theme.spacing.xs} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

export const RECURRING_EDITOR_MESSAGES = {
  title: 'Modifier la facture récurrente',
  back: '← Factures récurrentes',
  loading: 'Chargement de la facture récurrente...',
  loadError: 'Impossible de charger la facture récurrente.',
  notFound: 'Cette facture récurrente n’existe pas.',
  stopped: 'Cette récurrence est arrêtée : elle ne peut plus être modifiée.',
  effect: 'Les changements valent à partir de la prochaine facture : les factures déjà créées, émises ou en brouillon, ne changent pas.',
  paused: 'La récurrence est en pause : à sa reprise, la prochaine facture sera la première échéance à venir.',
  summary: (date: string, total: string) => `Prochaine facture le ${date} : ${total}`,
  noNext: 'Aucune prochaine facture.',
  saved: 'Facture récurrente enregistrée : la prochaine facture suivra ces changements.',
  failed: 'La facture récurrente n’a pas pu être enregistrée. Vérifiez les champs et réessayez.',
  network: 'Impossible de contacter le serveur. Veuillez vérifier votre connexion.',
  clientRequired: 'Choisissez un client.',
  nextRequired: 'Indiquez la date de la prochaine facture.',
  nextInPast: 'La prochaine facture ne peut pas être datée avant aujourd’hui.',
  endBeforeNext: 'La date de fin ne peut pas précéder la prochaine facture.',
} as const;

/** The schedule's field labels, for the server's messages. */
const SCHEDULE_LABELS: Record<string, string> = {
  frequency: 'Fréquence',
  next_occurrence_date: 'Prochaine facture',
  end_date: 'Date de fin',
  mode: 'À chaque échéance',
};

export interface SeriesForm {
  title: string;
  client_id: number | null;
  line_items: FormLine[];
  frequency: RecurrenceFrequency;
  next_occurrence_date: string;
  end_date: string;
  mode: RecurrenceMode;
}

type SeriesErrors = Partial<Record<'title' | 'client' | 'lines' | 'next_occurrence_date' | 'end_date', string>>;

/** The series as the form holds it: each line as the invoices' line editor holds one. */
export function seriesForm(series: RecurringInvoice): SeriesForm {
  return {
    title: series.title,
    client_id: series.client.id,
    line_items: series.line_items.map((line) => ({
      ...emptyLine(String(line.tax_rate)),
      title: line.title,
      description: line.description,
      quantity: String(line.quantity),
      unit_price: String(line.unit_price),
      unit: line.unit,
      vat_exemption: line.vat_exemption,
      ...formDiscountOf(line),
    })),
    frequency: series.frequency,
    next_occurrence_date: series.next_occurrence_date ?? '',
    end_date: series.end_date ?? '',
    mode: series.mode,
  };
}

/** PUT recurring-invoices/{id}/'s body. */
export function seriesBody(form: SeriesForm): UpdateRecurringInput {
  return {
    title: form.title.trim(),
    client_id: form.client_id as number,
    line_items: form.line_items.map((line) => {
      const rate = parseDecimal(line.tax_rate);
      return {
        title: line.title.trim(),
        description: line.description,
        quantity: parseDecimal(line.quantity),
        unit_price: parseDecimal(line.unit_price),
        tax_rate: rate,
        unit: line.unit,
        ...discountAmounts(line),
        // A line's own reason is for a line at 0 % only.
        vat_exemption: rate === 0 ? line.vat_exemption : '',
      };
    }),
    frequency: form.frequency,
    next_occurrence_date: form.next_occurrence_date,
    end_date: form.end_date || null,
    mode: form.mode,
  };
}

/** The checks the server makes too, shown before sending (the lines: the invoices' own, isLineValid). */
export function validateSeries(form: SeriesForm, saved: SeriesForm, today: string): { errors: SeriesErrors; invalidLines: string[] } {
  const errors: SeriesErrors = {};
  if (!form.title.trim()) errors.title = TITLE_REQUIRED;
  if (form.client_id === null) errors.client = RECURRING_EDITOR_MESSAGES.clientRequired;
  const invalidLines = form.line_items.filter((line) => !isLineValid(line)).map((line) => line.key);
  if (!form.line_items.length || invalidLines.length) errors.lines = LINES_INVALID;
  if (!form.next_occurrence_date) errors.next_occurrence_date = RECURRING_EDITOR_MESSAGES.nextRequired;
  else if (form.next_occurrence_date !== saved.next_occurrence_date && form.next_occurrence_date < today) {
    errors.next_occurrence_date = RECURRING_EDITOR_MESSAGES.nextInPast;
  }
  if (form.end_date && form.next_occurrence_date && form.end_date < form.next_occurrence_date) {
    errors.end_date = RECURRING_EDITOR_MESSAGES.endBeforeNext;
  }
  return { errors, invalidLines };
}

const FREQUENCY_OPTIONS = RECURRENCE_FREQUENCIES.map((value) => ({ value, label: RECURRENCE_FREQUENCY_LABELS[value] }));

/** The series' editor once loaded: its form starts from the answer, once. */
function SeriesEditor({ series }: { series: RecurringInvoice }) {
  const navigate = useNavigate();
  const toast = useToast();
  const today = parisToday();
  const [update, state] = useUpdateRecurringMutation();
  const vatRegime = useGetProfileQuery().data?.vat_regime;
  const franchise = vatRegime === 'franchise';
  const [saved, setSaved] = useState(() => seriesForm(series));
  const [form, setForm] = useState(saved);
  const [showErrors, setShowErrors] = useState(false);
  const [summary, setSummary] = useState<string[] | null>(null);
  const [serverErrors, setServerErrors] = useState<SeriesErrors>({});
  const [attempt, setAttempt] = useState(0);
  const stopped = series.status === 'stopped';
  const dirty = JSON.stringify(seriesBody(form)) !== JSON.stringify(seriesBody(saved));
  const check = validateSeries(form, saved, today);
  const errors = showErrors ? { ...serverErrors, ...check.errors } : serverErrors;

  const set = <K extends keyof SeriesForm>(key: K, value: SeriesForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  // Stable: each memoised line keeps its callbacks while another is typed in.
  const updateLines = useCallback(
    (change: (lines: FormLine[]) => FormLine[]) => setForm((current) => ({ ...current, line_items: change(current.line_items) })),
    [setForm],
  );
  const defaultRate = franchise ? '0' : '20';
  const totals = useMemo(
    () => computeTotals(form.line_items.map((line) => ({ ...line, ...discountAmounts(line) })), defaultRate),
    [form.line_items, defaultRate],
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempt((n) => n + 1);
    setShowErrors(true);
    setServerErrors({});
    const messages = Object.values(check.errors);
    if (messages.length) {
      setSummary(messages);
      return;
    }
    setSummary(null);
    try {
      const answer = await update({ id: series.id, body: seriesBody(form) }).unwrap();
      const kept = seriesForm(answer);
      setSaved(kept);
      setForm(kept);
      setShowErrors(false);
      toast.success(RECURRING_EDITOR_MESSAGES.saved);
      navigate('/invoices/recurring', { state: LEAVES_SAVED_FORM });
    } catch (err) {
      if (isNetworkError(err)) {
        setSummary([RECURRING_EDITOR_MESSAGES.network]);
        return;
      }
      const data = asApiError(err)?.data;
      const body = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
      const schedule = Object.fromEntries(Object.entries(body).filter(([field]) => field in SCHEDULE_LABELS));
      const rest = Object.fromEntries(Object.entries(body).filter(([field]) => !(field in SCHEDULE_LABELS)));
      const first = (field: string) => {
        const value = body[field];
        return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
      };
      setServerErrors({
        title: first('title'), client: first('client_id'), next_occurrence_date: first('next_occurrence_date'), end_date: first('end_date'),
      });
      const said = [...fieldErrorMessages(schedule, SCHEDULE_LABELS), ...describeSaveErrors(INVOICE_CONFIG, rest, franchise)];
      const detail = typeof body.detail === 'string' ? body.detail : null;
      setSummary(said.length ? said : [detail ?? RECURRING_EDITOR_MESSAGES.failed]);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={RECURRING_EDITOR_MESSAGES.title}>
      <UnsavedChangesGuard dirty={dirty} />
      <StyledStack>
        {summary && <ErrorSummary key={attempt} messages={summary} />}
        <Card title="Prochaine facture">
          <StyledSummary role="status">
            {stopped || !form.next_occurrence_date
              ? RECURRING_EDITOR_MESSAGES.noNext
              : RECURRING_EDITOR_MESSAGES.summary(formatDate(form.next_occurrence_date), `${formatMoney(totals.total / 100)}${franchise ? '' : ' TTC'}`)}
          </StyledSummary>
          <StyledNote>{stopped ? RECURRING_EDITOR_MESSAGES.stopped : RECURRING_EDITOR_MESSAGES.effect}</StyledNote>
          {series.status === 'paused' && <StyledNote>{RECURRING_EDITOR_MESSAGES.paused}</StyledNote>}
        </Card>
        <Card title="Facture">
          <FormGrid>
            <StyledWide>
              <TextField
                label="Titre"
                required
                value={form.title}
                disabled={stopped}
                error={errors.title}
                onChange={(event) => set('title', event.target.value)}
              />
            </StyledWide>
            <StyledWide>
              <ClientSelect
                value={form.client_id}
                onChange={(id) => set('client_id', id)}
                known={series.client}
                disabled={stopped}
                error={errors.client}
              />
            </StyledWide>
          </FormGrid>
        </Card>
        <Card title="Lignes">
          <LineItemsEditor
            lines={form.line_items}
            lineTotals={totals.lines}
            showErrors={showErrors}
            disabled={stopped}
            defaultRate={defaultRate}
            showVat={!franchise}
            linksTasks={false}
            onChange={updateLines}
          />
        </Card>
        <Card title="Planification">
          <FormGrid>
            <Select
              label="Fréquence"
              options={FREQUENCY_OPTIONS}
              value={form.frequency}
              disabled={stopped}
              onChange={(event) => set('frequency', event.target.value as RecurrenceFrequency)}
            />
            <TextField
              label="Prochaine facture"
              type="date"
              required
              min={today}
              value={form.next_occurrence_date}
              disabled={stopped}
              error={errors.next_occurrence_date}
              hint="Les suivantes tombent au même jour, selon la fréquence (le 31 : le dernier jour des mois plus courts)."
              onChange={(event) => set('next_occurrence_date', event.target.value)}
            />
            <TextField
              label="Date de fin (facultative)"
              type="date"
              min={form.next_occurrence_date || today}
              value={form.end_date}
              disabled={stopped}
              error={errors.end_date}
              onChange={(event) => set('end_date', event.target.value)}
            />
            <RecurrenceModeField name="recurring-edit-mode" value={form.mode} disabled={stopped} onChange={(mode) => set('mode', mode)} />
          </FormGrid>
        </Card>
        <FormActions>
          <ButtonLink to="/invoices/recurring">Annuler</ButtonLink>
          <Button type="submit" variant="primary" disabled={stopped || state.isLoading}>
            {state.isLoading ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
        </FormActions>
      </StyledStack>
    </form>
  );
}

/** « Modifier » a recurring series (/invoices/recurring/:id, issue 28): its lines, client and schedule, from the next invoice on. */
export function RecurringInvoiceEditorPage() {
  const { id } = useParams();
  const seriesId = Number(id);
  const valid = Number.isInteger(seriesId) && seriesId > 0;
  const { data, isLoading, error, refetch } = useGetRecurringInvoiceQuery(valid ? seriesId : skipToken);
  const missing = !valid || (!data && asApiError(error)?.status === 404);
  return (
    <Page title={RECURRING_EDITOR_MESSAGES.title} description={<Link to="/invoices/recurring">{RECURRING_EDITOR_MESSAGES.back}</Link>}>
      {missing ? (
        <EmptyState title={RECURRING_EDITOR_MESSAGES.notFound} />
      ) : isLoading ? (
        <Spinner label={RECURRING_EDITOR_MESSAGES.loading} />
      ) : !data ? (
        <EmptyState title={RECURRING_EDITOR_MESSAGES.loadError} action={<Button onClick={() => refetch()}>Réessayer</Button>} />
      ) : (
        <SeriesEditor key={data.id} series={data} />
      )}
    </Page>
  );
}
