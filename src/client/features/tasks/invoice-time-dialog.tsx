import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { NamedRef } from '@/shared/contracts/common';
import type { Task } from '@/shared/contracts/tasks';
import { asApiError } from '@/client/app/api';
import { formatMoney, formatNumber } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Dialog, DialogActions, DialogFieldset, DialogIntro } from '@/client/ui/dialog';
import { ChoiceField, Select } from '@/client/ui/form-fields';
import { useToast } from '@/client/ui/toast';
import { formatFieldErrors } from '@/client/kit/field-errors';
import { useGetProfileQuery } from '@/client/features/profile';
import { amountLabels } from '@/shared/amount-labels';
import { useInvoiceProjectTimeMutation } from './tasks.api';
import { billedHours, timeAmountCents, TIME_BILLING_TEXTS } from './time-billing';

const StyledTotal = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

export interface InvoiceTimeDialogProps {
  projectId: number;
  /** The project's billable time not billed yet (isBillableTime). */
  tasks: Task[];
  /** The project's clients: one is chosen when there are several. */
  clients: NamedRef[];
  onClose: () => void;
}

/** Which tasks to bill (all by default) and, for a project of several clients, to whom; then opens the draft invoice. */
export function InvoiceTimeDialog({ projectId, tasks, clients, onClose }: InvoiceTimeDialogProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const [invoiceTime, state] = useInvoiceProjectTimeMutation();
  // No "HT" for a seller in the VAT franchise (art. 293 B du CGI).
  const labels = amountLabels(useGetProfileQuery().data?.vat_regime);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(tasks.map((t) => t.id)));
  const [clientId, setClientId] = useState<number | null>(clients.length === 1 ? clients[0].id : null);
  const [error, setError] = useState<string | null>(null);
  const total = useMemo(() => tasks.filter((t) => chosen.has(t.id)).reduce((sum, t) => sum + timeAmountCents(t), 0), [tasks, chosen]);

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.size) return setError(TIME_BILLING_TEXTS.noneChosen);
    if (clients.length > 1 && clientId === null) return setError(TIME_BILLING_TEXTS.clientRequired);
    setError(null);
    try {
      const invoice = await invoiceTime({
        projectId,
        taskIds: tasks.filter((t) => chosen.has(t.id)).map((t) => t.id),
        clientId: clients.length > 1 ? clientId : null,
      }).unwrap();
      toast.success(TIME_BILLING_TEXTS.created);
      onClose();
      navigate(`/invoices/${invoice.id}`);
    } catch (err) {
      setError(formatFieldErrors(asApiError(err)?.data, { task_ids: 'Tâches', client_id: 'Client' }) || TIME_BILLING_TEXTS.error);
    }
  };

  return (
    <Dialog open title={TIME_BILLING_TEXTS.title} width="560px" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate aria-label={TIME_BILLING_TEXTS.title}>
        <DialogIntro>{tasks.length ? TIME_BILLING_TEXTS.intro : TIME_BILLING_TEXTS.nothing}</DialogIntro>
        {error && (
          <Alert tone="error" style={{ marginBottom: 16 }}>
            {error}
          </Alert>
        )}
        {tasks.length > 0 && (
          <DialogFieldset $gap="sm">
            <legend>Tâches à facturer</legend>
            {tasks.map((task) => (
              <ChoiceField
                key={task.id}
                type="checkbox"
                label={task.title}
                hint={`${formatNumber(billedHours(task))} h × ${formatMoney(task.hourly_rate)} = ${formatMoney(timeAmountCents(task) / 100)}${labels.htSuffix}`}
                checked={chosen.has(task.id)}
                onChange={() => toggle(task.id)}
              />
            ))}
          </DialogFieldset>
        )}
        {tasks.length > 0 && clients.length > 1 && (
          <Select
            label="Client à facturer"
            required
            placeholderOption="Choisissez un client"
            options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
            value={clientId === null ? '' : String(clientId)}
            onChange={(event) => setClientId(event.target.value ? Number(event.target.value) : null)}
          />
        )}
        {tasks.length > 0 && (
          <StyledTotal>
            {labels.lineTotal} : <strong data-testid="time-total">{formatMoney(total / 100)}</strong>
          </StyledTotal>
        )}
        <DialogActions>
          <Button onClick={onClose}>{tasks.length ? 'Annuler' : 'Fermer'}</Button>
          {tasks.length > 0 && (
            <Button type="submit" variant="primary" disabled={state.isLoading}>
              {state.isLoading ? 'Création...' : TIME_BILLING_TEXTS.submit}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
