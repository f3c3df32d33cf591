import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { formatFieldErrors } from '@/client/kit/field-errors';
import { formatDateTime } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { Dialog, DialogActions } from '@/client/ui/dialog';
import { ChoiceField, TextField } from '@/client/ui/form-fields';
import { Spinner } from '@/client/ui/spinner';
import { StyledTable, StyledTableWrapper, StyledTd, StyledTh } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { DURATION_FORMAT_ERROR, formatDuration, parseDuration } from '@/shared/time-entries';
import type { TimeEntry } from '@/shared/contracts/time-entries';
import {
  useCreateEntryMutation, useDeleteEntryMutation, useGetRunningEntryQuery, useListTaskEntriesQuery, useStartTimerMutation, useStopTimerMutation,
  useUpdateEntryMutation,
} from './time.api';
import { formatElapsed, useElapsed } from './use-elapsed';

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledRowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
  justify-content: flex-end;
`;

const StyledForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const StyledEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.spacing.lg};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const TIME_PANEL_TEXTS = {
  title: 'Temps passé',
  empty: 'Aucune saisie de temps pour cette tâche.',
  start: 'Démarrer le chronomètre',
  stop: 'Arrêter le chronomètre',
  add: 'Ajouter une saisie',
  confirmDelete: 'Supprimer cette saisie de temps ? Le temps réel de la tâche diminue d’autant.',
  deleted: 'Saisie supprimée.',
  saved: 'Saisie enregistrée.',
  saveError: 'La saisie n’a pas pu être enregistrée.',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant → the 'YYYY-MM-DD' and 'HH:MM' of this browser's clock (the form's fields). */
function localParts(iso: string) {
  const d = new Date(iso);
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

function billedBadge(entry: TimeEntry) {
  if (!entry.invoice) return null;
  return entry.invoice.invoice_number ? (
    <Badge tone="green">Facturée ({entry.invoice.invoice_number})</Badge>
  ) : (
    <Badge tone="blue">Facturée (brouillon)</Badge>
  );
}

interface EntryFormProps {
  taskId: number;
  entry: TimeEntry | null;
  onClose: () => void;
}

/** Adds or edits one entry: day, start time, duration (« 1:30 », « 1,5 », « 90 min »), note, billable. */
function EntryDialog({ taskId, entry, onClose }: EntryFormProps) {
  const toast = useToast();
  const start = entry ? localParts(entry.started_at) : localParts(new Date().toISOString());
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [duration, setDuration] = useState(entry ? formatDuration(entry.duration_seconds) : '');
  const [note, setNote] = useState(entry?.note ?? '');
  const [billable, setBillable] = useState(entry?.billable ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateEntryMutation();
  const [update, updating] = useUpdateEntryMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseDuration(duration);
    const found: Record<string, string> = {};
    if (seconds === null) found.duration = DURATION_FORMAT_ERROR;
    else if (seconds === 0) found.duration = 'Indiquez une durée.';
    const startedAt = new Date(`${date}T${time || '00:00'}`);
    if (!date || Number.isNaN(startedAt.getTime())) found.date = 'Indiquez le jour.';
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { started_at: startedAt.toISOString(), duration_seconds: seconds!, note, billable };
    try {
      if (entry) await update({ id: entry.id, ...body }).unwrap();
      else await create({ task_id: taskId, ...body }).unwrap();
      toast.success(TIME_PANEL_TEXTS.saved);
      onClose();
    } catch (err) {
      setErrors({ form: formatFieldErrors(asApiError(err)?.data) || TIME_PANEL_TEXTS.saveError });
    }
  };

  const busy = creating.isLoading || updating.isLoading;
  return (
    <Dialog open title={entry ? 'Modifier la saisie' : TIME_PANEL_TEXTS.add} onClose={onClose}>
      <StyledForm noValidate onSubmit={onSubmit} aria-label={entry ? 'Modifier la saisie' : TIME_PANEL_TEXTS.add}>
        {errors.form && <Alert tone="error">{errors.form}</Alert>}
        <TextField label="Jour" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} required />
        <TextField label="Heure de début" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        <TextField
          label="Durée"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          hint="Par exemple « 1:30 », « 1,5 » ou « 90 min »."
          error={errors.duration}
          required
          inputMode="text"
        />
        <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
        <ChoiceField type="checkbox" label="Facturable" checked={billable} onChange={(e) => setBillable(e.target.checked)} />
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="primary" disabled={busy} aria-busy={busy || undefined}>
            Enregistrer
          </Button>
        </DialogActions>
      </StyledForm>
    </Dialog>
  );
}

function RunningCell({ startedAt }: { startedAt: string }) {
  const elapsed = useElapsed(startedAt);
  return <Badge tone="green">En cours · {formatElapsed(elapsed)}</Badge>;
}

/**
 * A task's time entries on its page (issue 28): the timer (one at a time, for every page: the
 * header shows it), each entry (start, end or duration, note, billable, billed badge), add, edit
 * and delete (asked first). An entry an invoice bills is part of it: neither edited nor deleted.
 */
export function TaskTimePanel({ taskId }: { taskId: number }) {
  const toast = useToast();
  const confirm = useConfirm();
  const { data: entries, isLoading, isError } = useListTaskEntriesQuery(taskId);
  const { data: running } = useGetRunningEntryQuery();
  const [start, starting] = useStartTimerMutation();
  const [stop, stopping] = useStopTimerMutation();
  const [remove] = useDeleteEntryMutation();
  const [editing, setEditing] = useState<TimeEntry | 'new' | null>(null);
  const runsHere = running?.running?.task.id === taskId;

  const onTimer = async () => {
    try {
      if (runsHere) await stop().unwrap();
      else await start({ task_id: taskId }).unwrap();
    } catch {
      toast.error('Le chronomètre n’a pas répondu. Réessayez.');
    }
  };

  const onDelete = async (entry: TimeEntry) => {
    if (!(await confirm({ title: 'Supprimer la saisie', message: TIME_PANEL_TEXTS.confirmDelete, confirmLabel: 'Supprimer' }))) return;
    try {
      await remove({ id: entry.id, taskId }).unwrap();
      toast.success(TIME_PANEL_TEXTS.deleted);
    } catch (err) {
      toast.error(formatFieldErrors(asApiError(err)?.data) || 'La saisie n’a pas pu être supprimée.');
    }
  };

  const busy = starting.isLoading || stopping.isLoading;
  return (
    <Card
      title={TIME_PANEL_TEXTS.title}
      aria-label={TIME_PANEL_TEXTS.title}
      padded={false}
      actions={
        <StyledActions>
          <Button variant={runsHere ? 'danger' : 'primary'} onClick={onTimer} disabled={busy} aria-busy={busy || undefined}>
            {runsHere ? TIME_PANEL_TEXTS.stop : TIME_PANEL_TEXTS.start}
          </Button>
          <Button onClick={() => setEditing('new')}>{TIME_PANEL_TEXTS.add}</Button>
        </StyledActions>
      }
    >
      {isLoading && <Spinner label="Chargement des saisies..." />}
      {isError && <Alert tone="error">Les saisies de temps n’ont pas pu être chargées.</Alert>}
      {entries && entries.length === 0 && <StyledEmpty>{TIME_PANEL_TEXTS.empty}</StyledEmpty>}
      {entries && entries.length > 0 && (
        <StyledTableWrapper>
          <StyledTable aria-label="Saisies de temps">
            <thead>
              <tr>
                <StyledTh scope="col">Début</StyledTh>
                <StyledTh scope="col">Durée</StyledTh>
                <StyledTh scope="col" $hideBelow="sm">Fin</StyledTh>
                <StyledTh scope="col">Note</StyledTh>
                <StyledTh scope="col" $hideBelow="sm">Facturable</StyledTh>
                <StyledTh scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </StyledTh>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <StyledTd>{formatDateTime(entry.started_at)}</StyledTd>
                  <StyledTd>{entry.ended_at === null ? <RunningCell startedAt={entry.started_at} /> : formatDuration(entry.duration_seconds) || '0:00'}</StyledTd>
                  <StyledTd $hideBelow="sm">{entry.ended_at ? formatDateTime(entry.ended_at) : '—'}</StyledTd>
                  <StyledTd>
                    {entry.note} {billedBadge(entry)}
                  </StyledTd>
                  <StyledTd $hideBelow="sm">{entry.billable ? 'Oui' : 'Non'}</StyledTd>
                  <StyledTd>
                    {entry.invoice === null && entry.ended_at !== null && (
                      <StyledRowActions>
                        <Button size="sm" variant="ghost" onClick={() => setEditing(entry)} aria-label={`Modifier la saisie du ${formatDateTime(entry.started_at)}`}>
                          Modifier
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => onDelete(entry)} aria-label={`Supprimer la saisie du ${formatDateTime(entry.started_at)}`}>
                          Supprimer
                        </Button>
                      </StyledRowActions>
                    )}
                  </StyledTd>
                </tr>
              ))}
            </tbody>
          </StyledTable>
        </StyledTableWrapper>
      )}
      {editing && <EntryDialog taskId={taskId} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
