import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError } from '@/client/app/api';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { DecimalField } from '@/client/ui/decimal-field';
import { Dialog, DialogActions, DialogFieldset, DialogIntro } from '@/client/ui/dialog';
import { ChoiceField } from '@/client/ui/form-fields';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { mapFieldErrors } from '@/client/kit/field-errors';
import type { DepositDeduction, DocumentRecord, QuoteDepositInvoice } from './document.types';
import { useCreateDepositInvoiceMutation } from './documents.api';
import {
  DEPOSIT_MESSAGES,
  depositPayload,
  depositPreviewCents,
  depositedCents,
  remainingCents,
  validateDeposit,
  type DepositMode,
} from './deposits';
import { asDeduction } from './invoice-ledger';
import { useVatFree } from './vat';
import { amountLabels } from '@/shared/amount-labels';

/** Deposit invoices (factures d'acompte, issue 15): on the quote page, and on the deposit and final invoices' pages. */

const StyledFigures = styled.p`
  margin: ${({ theme }) => theme.spacing.md} 0 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.lg};
  font-variant-numeric: tabular-nums;
`;

const StyledAmount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const money = (cents: number) => formatMoney(cents / 100);

export interface DepositInvoiceDialogProps {
  /** A sent or accepted quote, as last read. */
  quote: DocumentRecord;
  onClose: () => void;
}

/** 'Facture d’acompte': a percent of the quote or an amount TTC; creates the draft and opens it. */
export function DepositInvoiceDialog({ quote, onClose }: DepositInvoiceDialogProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const [createDeposit, state] = useCreateDepositInvoiceMutation();
  const [mode, setMode] = useState<DepositMode>('percent');
  const [value, setValue] = useState('30');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const ids = useId();
  const preview = depositPreviewCents(quote.total_amount, mode, value);
  const labels = amountLabels(useVatFree(quote.tax_amount) ? 'franchise' : 'assujetti');
  const remaining = remainingCents(quote);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateDeposit(quote, mode, value);
    setFieldError(invalid);
    setGeneral([]);
    if (invalid) return;
    try {
      const invoice = await createDeposit({ quoteId: quote.id, body: depositPayload(mode, value) }).unwrap();
      toast.success(DEPOSIT_MESSAGES.created);
      onClose();
      navigate(`/invoices/${invoice.id}`);
    } catch (err) {
      const refused = mapFieldErrors(asApiError(err)?.data, [mode]);
      const onField = refused.fields[mode] ?? null;
      setFieldError(onField);
      setGeneral(refused.others.length || onField ? refused.others : [DEPOSIT_MESSAGES.error]);
    }
  };

  return (
    <Dialog open title="Facture d’acompte" width="520px" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate aria-label="Facture d’acompte">
        <DialogIntro>
          Devis {quote.number} : {formatMoney(quote.total_amount)}
          {labels.suffix}, dont {money(remaining)} restent à facturer. L’acompte est
          réparti entre les taux de TVA du devis ; la facture finale le déduira.
        </DialogIntro>
        {general.length > 0 && (
          <Alert tone="error" style={{ marginBottom: 16 }}>
            {general.join(' ')}
          </Alert>
        )}
        <DialogFieldset $row $gap="lg">
          <legend>Montant de l’acompte</legend>
          <ChoiceField
            type="radio"
            name={`${ids}-mode`}
            label="Pourcentage du devis"
            checked={mode === 'percent'}
            onChange={() => {
              setMode('percent');
              setFieldError(null);
            }}
          />
          <ChoiceField
            type="radio"
            name={`${ids}-mode`}
            label={labels.amount}
            checked={mode === 'amount'}
            onChange={() => {
              setMode('amount');
              setFieldError(null);
            }}
          />
        </DialogFieldset>
        <DecimalField
          label={mode === 'percent' ? 'Pourcentage (%)' : `${labels.amount} (€)`}
          format={mode === 'percent' ? 'quantity' : 'money'}
          required
          value={value}
          error={fieldError ?? undefined}
          hint={preview !== null && preview > 0 ? `Acompte : ${money(preview)}${labels.suffix}` : undefined}
          onChange={setValue}
        />
        <DialogActions>
          <Button onClick={onClose}>Annuler</Button>
          <Button type="submit" variant="primary" disabled={state.isLoading}>
            {state.isLoading ? 'Création...' : 'Créer la facture d’acompte'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const quoteDepositColumns = (vatFree: boolean): DataTableColumn<QuoteDepositInvoice>[] => [
  {
    key: 'invoice_number',
    header: 'Facture',
    render: (d) => <Link to={`/invoices/${d.id}`}>{d.invoice_number ?? `Brouillon #${d.id}`}</Link>,
  },
  { key: 'status_display', header: 'Statut' },
  { key: 'issue_date', header: 'Date', render: (d) => (d.invoice_number ? formatDate(d.issue_date) : '—') },
  { key: 'total_amount', header: amountLabels(vatFree ? 'franchise' : 'assujetti').amount, render: (d) => <StyledAmount>{formatMoney(d.total_amount)}</StyledAmount> },
];

/** Paid ('Versé'), or invoiced and not (wholly) paid: the PDF's 'Acomptes versés' and 'acomptes facturés non réglés'. */
const depositPayment = (d: DepositDeduction) =>
  d.paid_amount >= d.amount ? 'Versé' : d.paid_amount > 0 ? `Facturé, ${formatMoney(d.paid_amount)} versés` : 'Facturé, non réglé';

const deductionColumns = (vatFree: boolean): DataTableColumn<DepositDeduction>[] => [
  { key: 'invoice_number', header: 'Facture d’acompte', render: (d) => <Link to={`/invoices/${d.id}`}>{d.invoice_number}</Link> },
  { key: 'issue_date', header: 'Date', render: (d) => formatDate(d.issue_date) },
  { key: 'paid_amount', header: 'Règlement', render: depositPayment },
  {
    key: 'amount',
    header: amountLabels(vatFree ? 'franchise' : 'assujetti').amount,
    render: (d) => <StyledAmount>{formatMoney(asDeduction(d.amount))}</StyledAmount>,
  },
];

/**
 * A quote's deposit invoices and what remains to bill; a deposit invoice's quote; a final
 * invoice's deposits, deducted from what this invoice itself asks ('Dû sur cette facture'; the
 * PDF's 'Reste à payer' also counts the deposits not paid yet, due on their own invoices), each
 * paid or not. Nothing for other documents. `vatFree`: a seller in the franchise, no "TTC".
 */
export function DocumentDeposits({ document, vatFree = false }: { document: DocumentRecord; vatFree?: boolean }) {
  if (document.deposit_invoices.length) {
    return (
      <Card title="Factures d’acompte">
        <DataTable caption="Factures d’acompte du devis" columns={quoteDepositColumns(vatFree)} rows={document.deposit_invoices} rowKey={(d) => d.id} />
        <StyledFigures>
          <span>
            Acomptes : <strong data-testid="deposited">{money(depositedCents(document))}</strong>
          </span>
          <span>
            Reste à facturer : <strong data-testid="remaining">{money(remainingCents(document))}</strong>
          </span>
        </StyledFigures>
      </Card>
    );
  }
  if (document.is_deposit) {
    const quote = document.deposit_of_quote;
    return (
      <Alert tone="info">
        Facture d’acompte
        {quote ? (
          <>
            {' '}
            sur le devis <Link to={`/quotes/${quote.id}`}>{quote.quote_number ?? `#${quote.id}`}</Link>
          </>
        ) : null}
        {' '}: la facture finale du devis la déduira.
      </Alert>
    );
  }
  if (!document.deposits.length) return null;
  return (
    <Card title="Acomptes">
      <DataTable caption="Acomptes déduits de la facture" columns={deductionColumns(vatFree)} rows={document.deposits} rowKey={(d) => d.id} />
      <StyledFigures>
        <span>
          {vatFree ? 'Montant total' : 'Total TTC'} : <strong>{formatMoney(document.total_amount)}</strong>
        </span>
        <span>
          Acomptes déduits : <strong data-testid="prepaid">{formatMoney(asDeduction(document.prepaid_amount))}</strong>
        </span>
        <span>
          Dû sur cette facture :{' '}
          <strong data-testid="due-after-deposits">{money(Math.round(document.total_amount * 100) - Math.round(document.prepaid_amount * 100))}</strong>
        </span>
      </StyledFigures>
    </Card>
  );
}
