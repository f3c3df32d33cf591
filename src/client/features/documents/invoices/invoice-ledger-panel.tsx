import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { parisToday } from '@/shared/dates';
import { asApiError } from '@/client/app/api';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { useConfirm } from '@/client/ui/confirm-dialog';
import { DecimalField } from '@/client/ui/decimal-field';
import { FormActions, FormGrid, Select, TextField } from '@/client/ui/form-fields';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { fieldErrorMessages, mapFieldErrors } from '@/client/kit/field-errors';
import type { CreditNoteSummary, DocumentRecord, Payment } from '../document.types';
import { useDeletePaymentMutation, useRecordPaymentMutation } from '../documents.api';
import {
  LEDGER_MESSAGES,
  PAYMENT_FIELDS,
  PAYMENT_METHOD_OPTIONS,
  asDeduction,
  newPaymentForm,
  paymentPayload,
  validatePayment,
  type PaymentErrors,
  type PaymentForm,
} from '../invoice-ledger';
import { PdfFingerprint } from '../document-page-parts';
import { useVatFree } from '../vat';
import { amountLabels } from '@/shared/amount-labels';

const StyledSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  margin-top: ${({ theme }) => theme.spacing.xl};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
`;

const StyledFigures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: ${({ theme }) => theme.spacing.md};
  margin: 0;
  font-variant-numeric: tabular-nums;

  div {
    padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.md}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.typography.size.sm};
  }
  dd {
    margin: 2px 0 0;
    font-size: ${({ theme }) => theme.typography.size.lg};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
    white-space: nowrap;
  }
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledAmount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const StyledLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

export interface InvoiceLedgerPanelProps {
  /** The issued invoice as last read from the server. */
  invoice: DocumentRecord;
}

/**
 * 'Paiements et avoirs' of an issued invoice: what it comes to, what was paid, what credit notes
 * took off and what remains; its payments (recorded and removed here) and its credit notes.
 */
export function InvoiceLedgerPanel({ invoice }: InvoiceLedgerPanelProps) {
  const cancelledBy = invoice.cancelled_by
    ? invoice.credit_notes.find((note) => note.credit_note_number === invoice.cancelled_by)
    : undefined;
  const open = invoice.status !== 'cancelled' && invoice.balance_due > 0;
  const vatFree = useVatFree(invoice.tax_amount);
  const ids = useId();
  const recordTitleId = `${ids}-record`;
  const creditNotesTitleId = `${ids}-credit-notes`;

  return (
    <Card title="Paiements et avoirs">
      {invoice.cancelled_by && (
        <Alert tone="info" style={{ marginBottom: 16 }}>
          Annulée par l’avoir{' '}
          {cancelledBy ? <Link to={`/credit-notes/${cancelledBy.id}`}>{invoice.cancelled_by}</Link> : invoice.cancelled_by}.
        </Alert>
      )}
      <StyledFigures>
        <div>
          <dt>{amountLabels(vatFree ? 'franchise' : 'assujetti').amount}</dt>
          <dd data-testid="ledger-total">{formatMoney(invoice.total_amount)}</dd>
        </div>
        {invoice.prepaid_amount > 0 && (
          <div>
            <dt>Acomptes</dt>
            <dd data-testid="ledger-prepaid">{formatMoney(asDeduction(invoice.prepaid_amount))}</dd>
          </div>
        )}
        <div>
          <dt>Encaissé</dt>
          <dd data-testid="ledger-paid">{formatMoney(invoice.amount_paid)}</dd>
        </div>
        <div>
          <dt>Avoirs</dt>
          <dd data-testid="ledger-credited">{formatMoney(invoice.credited_amount ? asDeduction(invoice.credited_amount) : 0)}</dd>
        </div>
        <div>
          <dt>Reste dû</dt>
          <dd data-testid="ledger-balance">{formatMoney(invoice.balance_due)}</dd>
        </div>
      </StyledFigures>

      <PaymentList invoice={invoice} />

      <StyledSection aria-labelledby={recordTitleId}>
        <h3 id={recordTitleId}>Enregistrer un paiement</h3>
        {open ? (
          // A new balance gives a new form, prefilled with it.
          <PaymentFormSection key={invoice.balance_due} invoice={invoice} titleId={recordTitleId} />
        ) : (
          <StyledMuted>{invoice.status === 'cancelled' ? 'Cette facture est annulée : elle n’attend plus de paiement.' : LEDGER_MESSAGES.settled}</StyledMuted>
        )}
      </StyledSection>

      <StyledSection aria-labelledby={creditNotesTitleId}>
        <h3 id={creditNotesTitleId}>Avoirs</h3>
        {invoice.credit_notes.length === 0 ? (
          <StyledMuted>Aucun avoir émis sur cette facture.</StyledMuted>
        ) : (
          <DataTable
            caption="Avoirs émis sur la facture"
            columns={creditNoteColumns(vatFree)}
            rows={invoice.credit_notes}
            rowKey={(note) => note.id}
          />
        )}
      </StyledSection>

      <PdfFingerprint sha256={invoice.pdf_sha256} />
    </Card>
  );
}

const creditNoteColumns = (vatFree: boolean): DataTableColumn<CreditNoteSummary>[] => [
  {
    key: 'credit_note_number',
    header: 'Numéro',
    render: (note) => <StyledLink to={`/credit-notes/${note.id}`}>{note.credit_note_number}</StyledLink>,
  },
  { key: 'issue_date', header: 'Date', render: (note) => formatDate(note.issue_date) },
  { key: 'reason', header: 'Motif', render: (note) => note.reason || '—' },
  {
    key: 'total_amount',
    header: amountLabels(vatFree ? 'franchise' : 'assujetti').amount,
    render: (note) => <StyledAmount>{formatMoney(asDeduction(note.total_amount))}</StyledAmount>,
  },
];

function PaymentList({ invoice }: InvoiceLedgerPanelProps) {
  const toast = useToast();
  const confirm = useConfirm();
  const [deletePayment, deleteState] = useDeletePaymentMutation();
  const titleId = useId();

  const onDelete = async (payment: Payment) => {
    const ok = await confirm({
      title: 'Supprimer le paiement',
      message: `Supprimer le paiement de ${formatMoney(payment.amount)} du ${formatDate(payment.date)} ? Le reste dû de la facture sera recalculé.`,
      confirmLabel: 'Supprimer',
    });
    if (!ok) return;
    try {
      await deletePayment({ invoiceId: invoice.id, paymentId: payment.id }).unwrap();
      toast.success(LEDGER_MESSAGES.paymentDeleted);
    } catch (err) {
      toast.error(fieldErrorMessages(asApiError(err)?.data)[0] ?? LEDGER_MESSAGES.paymentDeleteError);
    }
  };

  const columns: DataTableColumn<Payment>[] = [
    { key: 'date', header: 'Date', render: (payment) => formatDate(payment.date) },
    { key: 'amount', header: 'Montant', render: (payment) => <StyledAmount>{formatMoney(payment.amount)}</StyledAmount> },
    { key: 'method_display', header: 'Moyen', render: (payment) => payment.method_display || payment.method },
    { key: 'reference', header: 'Référence', render: (payment) => payment.reference || '—' },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      sortable: false,
      render: (payment) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={deleteState.isLoading}
          aria-label={`Supprimer le paiement de ${formatMoney(payment.amount)} du ${formatDate(payment.date)}`}
          onClick={() => onDelete(payment)}
        >
          Supprimer
        </Button>
      ),
    },
  ];

  return (
    <StyledSection aria-labelledby={titleId}>
      <h3 id={titleId}>Paiements</h3>
      {invoice.payments.length === 0 ? (
        <StyledMuted>Aucun paiement enregistré.</StyledMuted>
      ) : (
        <DataTable caption="Paiements reçus" columns={columns} rows={invoice.payments} rowKey={(payment) => payment.id} />
      )}
    </StyledSection>
  );
}

function PaymentFormSection({ invoice, titleId }: InvoiceLedgerPanelProps & { titleId: string }) {
  const toast = useToast();
  const [recordPayment, recordState] = useRecordPaymentMutation();
  const [form, setForm] = useState<PaymentForm>(() => newPaymentForm(parisToday(), invoice.balance_due));
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [general, setGeneral] = useState<string[]>([]);
  const idPrefix = useId().replace(/:/g, '');

  const set = (field: keyof PaymentForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validatePayment(form);
    setErrors(invalid ?? {});
    setGeneral([]);
    if (invalid) return;
    try {
      await recordPayment({ invoiceId: invoice.id, body: paymentPayload(form) }).unwrap();
      toast.success(LEDGER_MESSAGES.paymentRecorded);
    } catch (err) {
      const refused = mapFieldErrors(asApiError(err)?.data, PAYMENT_FIELDS);
      setErrors(refused.fields);
      setGeneral(refused.others.length || Object.keys(refused.fields).length ? refused.others : [LEDGER_MESSAGES.paymentError]);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      {general.length > 0 && (
        <Alert tone="error" style={{ marginBottom: 16 }}>
          {general.join(' ')}
        </Alert>
      )}
      <FormGrid>
        <TextField
          id={`${idPrefix}-date`}
          label="Date"
          type="date"
          required
          value={form.date}
          error={errors.date}
          onChange={set('date')}
        />
        <DecimalField
          id={`${idPrefix}-amount`}
          label="Montant (€)"
          required
          value={form.amount}
          error={errors.amount}
          hint={`Reste dû : ${formatMoney(invoice.balance_due)}`}
          onChange={(amount) => setForm((current) => ({ ...current, amount }))}
        />
        <Select
          id={`${idPrefix}-method`}
          label="Moyen de paiement"
          options={PAYMENT_METHOD_OPTIONS}
          value={form.method}
          error={errors.method}
          onChange={set('method')}
        />
        <TextField
          id={`${idPrefix}-reference`}
          label="Référence"
          value={form.reference}
          error={errors.reference}
          hint="Facultatif : numéro de chèque, libellé du virement…"
          onChange={set('reference')}
        />
      </FormGrid>
      <FormActions>
        <Button type="submit" variant="primary" disabled={recordState.isLoading}>
          {recordState.isLoading ? 'Enregistrement...' : 'Enregistrer le paiement'}
        </Button>
      </FormActions>
    </form>
  );
}
