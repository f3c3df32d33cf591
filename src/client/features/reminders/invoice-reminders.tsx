import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { formatDate, formatDateTime, formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Dialog, DialogActions } from '@/client/ui/dialog';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { daysText } from '@/shared/reminders';
import type { InvoiceReminder } from '@/shared/contracts/reminders';
import { refusalOf, SendEmailDialog, type EditedEmail, type SendRefusal } from '../email-templates';
import { remindersApi, useGetInvoiceRemindersQuery, useSendReminderMutation } from './reminders.api';

/**
 * Reminders on an invoice's page (issue 15): 'Relancer' on an overdue invoice opens the send dialog
 * (issue 28) naming the level and the recipient, with the level's template filled to edit; the 'Relances' section lists those sent, with their e-mail's
 * delivery (looked at again while one is on its way).
 */

export const REMINDER_MESSAGES = {
  error: 'La relance n’a pas pu être envoyée. Veuillez réessayer.',
  loadError: 'Les relances de la facture n’ont pas pu être chargées.',
} as const;

/** How often the section looks again while a reminder's e-mail is on its way. */
export const REMINDER_POLL_MS = 2000;

const StyledText = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
`;

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.md}`};
  margin: 0 0 ${({ theme }) => theme.spacing.md};

  dt {
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

function errorMessages(err: unknown): string {
  const data = (asApiError(err)?.data ?? {}) as Record<string, unknown>;
  const texts = Object.values(data).flatMap((value) =>
    Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : typeof value === 'string' ? [value] : [],
  );
  return texts.join(' ') || REMINDER_MESSAGES.error;
}

export interface RemindButtonProps {
  invoiceId: number;
  /** 'FAC-2026-0001', for the dialog. */
  invoiceNumber: string;
  disabled?: boolean;
}

/** 'Relancer' and its confirmation dialog: the level that will be sent and to whom; toasts the outcome. */
export function RemindButton({ invoiceId, invoiceNumber, disabled }: RemindButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={disabled}>
        Relancer
      </Button>
      {open && <ReminderDialog invoiceId={invoiceId} invoiceNumber={invoiceNumber} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReminderDialog({ invoiceId, invoiceNumber, onClose }: { invoiceId: number; invoiceNumber: string; onClose: () => void }) {
  const toast = useToast();
  const { data, isLoading, isError } = useGetInvoiceRemindersQuery(invoiceId);
  const [send, state] = useSendReminderMutation();
  const level = data?.next_level ?? null;
  const title = `Relancer la facture ${invoiceNumber}`;

  /** Sends the reminder as edited (issue 28); a refusal of the message comes back under its fields. */
  const onSend = async (message: EditedEmail): Promise<SendRefusal> => {
    if (level === null) return null;
    try {
      const result = await send({ invoiceId, level, ...message }).unwrap();
      toast.success(result.message);
      onClose();
      return null;
    } catch (err) {
      const error = asApiError(err);
      const refusal = error?.status === 400 ? refusalOf(error.data) : null;
      if (refusal) return refusal;
      toast.error(errorMessages(err));
      return null;
    }
  };

  // The next level can be sent: the template of that level, filled for the invoice, to edit.
  if (data && !data.refusal && level !== null) {
    return (
      <SendEmailDialog
        templateKind={`reminder_${level}`}
        documentId={invoiceId}
        title={title}
        willBeSentTo="La relance sera envoyée à"
        to={data.recipient}
        notes={[]}
        submitLabel="Envoyer la relance"
        pending={state.isLoading}
        onCancel={onClose}
        onSend={onSend}
      >
        <StyledFacts>
          <dt>Niveau</dt>
          <dd data-testid="reminder-level">{data.next_level_display}</dd>
          <dt>Destinataire</dt>
          <dd data-testid="reminder-recipient">{data.recipient}</dd>
          {data.reminders.length > 0 && (
            <>
              <dt>Déjà envoyées</dt>
              <dd>{data.reminders.map((r) => `${r.level_display} le ${formatDate(r.sent_at)}`).join(', ')}</dd>
            </>
          )}
        </StyledFacts>
      </SendEmailDialog>
    );
  }

  return (
    <Dialog open title={title} width="520px" onClose={onClose}>
      {isLoading && <StyledText>Chargement…</StyledText>}
      {isError && <Alert tone="error">{REMINDER_MESSAGES.loadError}</Alert>}
      {data?.refusal && <Alert tone="warning">{data.refusal}</Alert>}
      <DialogActions>
        <Button onClick={onClose}>Annuler</Button>
      </DialogActions>
    </Dialog>
  );
}

function deliveryText(reminder: InvoiceReminder): string {
  const delivery = reminder.email_delivery;
  if (!delivery) return '—';
  if (delivery.status === 'pending') return 'Envoi en cours…';
  if (delivery.status === 'sent') return `Envoyée le ${formatDateTime(delivery.updated_at)}`;
  return `Échec de l’envoi : ${delivery.error ?? 'le serveur de messagerie n’a pas accepté le message.'}`;
}

const COLUMNS: DataTableColumn<InvoiceReminder>[] = [
  { key: 'sent_at', header: 'Date', render: (r) => formatDate(r.sent_at) },
  { key: 'level_display', header: 'Relance', render: (r) => `${r.level_display}${r.automatic ? ' (automatique)' : ''}` },
  { key: 'recipient', header: 'Destinataire' },
  { key: 'amount_due', header: 'Restant dû', render: (r) => `${formatMoney(r.amount_due)} (${daysText(r.days_late)} de retard)` },
  { key: 'email_delivery', header: 'Envoi', render: deliveryText },
];

/** The invoice's reminders, when it has any (issued invoices only). */
export function InvoiceRemindersSection({ invoiceId, issued }: { invoiceId: number; issued: boolean }) {
  const arg = issued ? invoiceId : skipToken;
  // Looked at again while a reminder's e-mail is on its way.
  const { data: current } = remindersApi.endpoints.getInvoiceReminders.useQueryState(arg);
  const pending = Boolean(current?.reminders.some((r) => r.email_delivery?.status === 'pending'));
  const { data } = useGetInvoiceRemindersQuery(arg, { pollingInterval: pending ? REMINDER_POLL_MS : 0 });
  if (!data?.reminders.length) return null;
  return (
    <Card title="Relances">
      <DataTable caption="Relances envoyées pour la facture" columns={COLUMNS} rows={data.reminders} rowKey={(r) => r.id} />
    </Card>
  );
}
