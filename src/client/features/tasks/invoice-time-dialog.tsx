import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import type { NamedRef } from '@/shared/contracts/common';
import { asApiError } from '@/client/app/api';
import { formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Dialog, DialogActions, DialogFieldset, DialogIntro } from '@/client/ui/dialog';
import { ChoiceField, Select } from '@/client/ui/form-fields';
import { Spinner } from '@/client/ui/spinner';
import { useToast } from '@/client/ui/toast';
import { formatFieldErrors } from '@/client/kit/field-errors';
import { useGetProfileQuery } from '@/client/features/profile';
import { amountLabels } from '@/shared/amount-labels';
import { useGetTimeToBillQuery, useInvoiceProjectTimeMutation } from './tasks.api';
import { groupByTask, lineText, TIME_BILLING_TEXTS } from './time-billing';

const StyledTotal = styled.p`
  margin: 0;
  font-variant-numeric: tabular-nums;
`;

const StyledLines = styled.ul`
  margin: 0 0 0 28px;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.typography.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

export interface InvoiceTimeDialogProps {
  projectId: number;
  /** The project's clients: one is chosen when there are several. */
  clients: NamedRef[];
  onClose: () => void;
}

/**
 * "Facturer le temps" (issue 28: entries, not tasks): the server's preview of every line to bill
 * (each time entry not billed yet, rounded, at its inherited rate; a task without entries at its
 * estimate), grouped by task, all ticked; for a project of several clients, to whom (their rate
 * may apply). Then creates the draft invoice and opens it.
 */
export function InvoiceTimeDialog({ projectId, clients, onClose }: InvoiceTimeDialogProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const [invoiceTime, state] = useInvoiceProjectTimeMutation();
  // No "HT" for a seller in the VAT franchise (art. 293 B du CGI).
  const labels = amountLabels(useGetProfileQuery().data?.vat_regime);
  const [clientId, setClientId] = useState<number | null>(clients.length === 1 ? clients[0].id : null);
  const chosenClient = clients.length > 1 ? clientId : null;
  const { data, isLoading, isError, refetch } = useGetTimeToBillQuery({ projectId, clientId: chosenClient }, { refetchOnMountOrArgChange: true });
  const groups = useMemo(() => groupByTask(data?.lines ?? []), [data]);
  // Every task is billed unless unticked (the preview may arrive or change after opening).
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(() => new Set());
  const [error, setError] = useState<string | null>(null);
  const chosen = groups.filter((g) => !unticked.has(g.taskId));
  const totalCents = chosen.reduce((sum, g) => sum + g.totalCents, 0);

  const toggle = (taskId: number) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(taskId)) next.delete(taskId);
      else next.add(taskId);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen.length) return setError(TIME_BILLING_TEXTS.noneChosen);
    if (clients.length > 1 && clientId === null) return setError(TIME_BILLING_TEXTS.clientRequired);
    setError(null);
    try {
      const invoice = await invoiceTime({ projectId, taskIds: chosen.map((g) => g.taskId), clientId: chosenClient }).unwrap();
      toast.success(TIME_BILLING_TEXTS.created);
      onClose();
      navigate(`/invoices/${invoice.id}`);
    } catch (err) {
      setError(formatFieldErrors(asApiError(err)?.data, { task_ids: 'Tâches', client_id: 'Client' }) || TIME_BILLING_TEXTS.error);
    }
  };

  const hasLines = groups.length > 0;
  let body;
  if (isLoading) body = <Spinner label={TIME_BILLING_TEXTS.loading} />;
  else if (isError && !data) {
    body = (
      <Alert tone="error">
        {TIME_BILLING_TEXTS.loadError}{' '}
        <Button size="sm" onClick={() => refetch()}>
          Réessayer
        </Button>
      </Alert>
    );
  } else if (!hasLines) body = <DialogIntro>{TIME_BILLING_TEXTS.nothing}</DialogIntro>;
  else {
    body = (
      <>
        <DialogIntro>{TIME_BILLING_TEXTS.intro}</DialogIntro>
        <DialogFieldset $gap="sm">
          <legend>Tâches à facturer</legend>
          {groups.map((group) => (
            <div key={group.taskId}>
              <ChoiceField
                type="checkbox"
                label={group.taskTitle}
                hint={`${group.summary} = ${formatMoney(group.totalCents / 100)}${labels.htSuffix}`}
                checked={!unticked.has(group.taskId)}
                onChange={() => toggle(group.taskId)}
              />
              <StyledLines aria-label={`Détail : ${group.taskTitle}`}>
                {group.lines.map((line, index) => (
                  <li key={line.entry_id ?? `estimate-${index}`}>{lineText(line)}</li>
                ))}
              </StyledLines>
            </div>
          ))}
        </DialogFieldset>
      </>
    );
  }

  return (
    <Dialog open title={TIME_BILLING_TEXTS.title} width="600px" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate aria-label={TIME_BILLING_TEXTS.title}>
        {error && (
          <Alert tone="error" style={{ marginBottom: 16 }}>
            {error}
          </Alert>
        )}
        {clients.length > 1 && (
          <Select
            label="Client à facturer"
            required
            placeholderOption="Choisissez un client"
            hint={TIME_BILLING_TEXTS.clientHint}
            options={clients.map((c) => ({ value: String(c.id), label: c.name }))}
            value={clientId === null ? '' : String(clientId)}
            onChange={(event) => setClientId(event.target.value ? Number(event.target.value) : null)}
          />
        )}
        {body}
        {hasLines && (
          <StyledTotal>
            {labels.lineTotal} : <strong data-testid="time-total">{formatMoney(totalCents / 100)}</strong>
          </StyledTotal>
        )}
        <DialogActions>
          <Button onClick={onClose}>{hasLines ? 'Annuler' : 'Fermer'}</Button>
          {hasLines && (
            <Button type="submit" variant="primary" disabled={state.isLoading}>
              {state.isLoading ? 'Création...' : TIME_BILLING_TEXTS.submit}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
