import { useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { asApiError, errorDetail } from '@/client/app/api';
import { BackLink } from '@/client/kit/back-link';
import { formatDate, formatDateTime, formatMoney, formatQuantity, formatUnitPrice } from '@/client/lib/format';
import { saveFile } from '@/client/lib/save-file';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { RECEIVED_STATUS_LABELS, type ReceivedAnswer } from '@/shared/received-invoices';
import { useFetchReportFileMutation } from '../reports';
import { ANSWER_BUTTONS, RECEIVED_STATUS_TONES, RECEIVED_TEXTS } from './received-texts';
import { ReceivedAnswerDialog, type AnswerErrors, type AnswerReason } from './received-answer-dialog';
import { useAnswerReceivedInvoiceMutation, useGetReceivedInvoiceQuery, type ReceivedInvoiceJson } from './received-invoices.api';
import { EInvoicingSyncButton } from '../profile';

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: ${({ theme }) => theme.spacing.lg};
  margin-bottom: ${({ theme }) => theme.spacing.lg};

  address {
    font-style: normal;
    white-space: pre-line;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
  margin: ${({ theme }) => theme.spacing.md} 0 ${({ theme }) => theme.spacing.lg};
`;

const StyledTotals = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: end;
  gap: ${({ theme }) => theme.spacing.xs} ${({ theme }) => theme.spacing.lg};
  margin: ${({ theme }) => theme.spacing.md} 0 0;

  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** Where « Retour » leads when the page was not opened from the list. */
const BACK = { to: '/received-invoices', label: RECEIVED_TEXTS.back };

const party = (p: ReceivedInvoiceJson['seller']) =>
  [p.name, p.address.line1, p.address.line2, `${p.address.postal_code} ${p.address.city}`.trim(), p.address.country].filter(Boolean).join('\n');

const percent = (rate: number) => `${String(rate).replace('.', ',')} %`;

type Line = ReceivedInvoiceJson['lines'][number] & { index: number };
const LINE_COLUMNS: readonly DataTableColumn<Line>[] = [
  {
    key: 'name',
    header: 'Désignation',
    render: (line) => (
      <>
        {line.name}
        {line.description && <div>{line.description}</div>}
      </>
    ),
  },
  { key: 'quantity', header: 'Quantité', render: (line) => formatQuantity(line.quantity) },
  { key: 'unit_price', header: 'Prix unitaire HT', render: (line) => formatUnitPrice(line.unit_price) },
  { key: 'vat_rate', header: 'TVA', render: (line) => percent(line.vat_rate) },
  { key: 'total', header: 'Total HT', render: (line) => formatMoney(line.total) },
];

/** The server's refusal of an answer: French messages by field (DRF style), or a `detail`. */
type AnswerRefusal = { reason_code?: string[]; reason?: string[]; status?: string[] } | undefined;

/** /received-invoices/:id (issue 26): a supplier's e-invoice as read from its file, and the user's answers. */
export function ReceivedInvoiceDetailPage() {
  const id = Number(useParams().id);
  const { data: invoice, isLoading, isError } = useGetReceivedInvoiceQuery(id, { skip: !Number.isInteger(id) });
  const [answer, { isLoading: answering }] = useAnswerReceivedInvoiceMutation();
  const [fetchFile, { isLoading: downloading }] = useFetchReportFileMutation();
  /** The dispute or refusal waiting for its reason, in its dialog. */
  const [pending, setPending] = useState<'disputed' | 'refused' | null>(null);
  const toast = useToast();

  /** Sends an answer; the errors for the dialog (null once it went through). */
  const send = async (chosen: ReceivedAnswer, reason?: AnswerReason): Promise<AnswerErrors | null> => {
    try {
      await answer({ id, body: { status: chosen, ...reason } }).unwrap();
      setPending(null);
      toast.success(RECEIVED_TEXTS.answered(RECEIVED_STATUS_LABELS[chosen]));
      return null;
    } catch (error) {
      const data = asApiError(error)?.data as AnswerRefusal;
      const form = data?.status?.[0] ?? (data?.reason_code || data?.reason ? undefined : (errorDetail(error) ?? RECEIVED_TEXTS.answerError));
      if (!reason) {
        toast.error(form ?? RECEIVED_TEXTS.answerError);
        return null;
      }
      return { reason_code: data?.reason_code?.[0], reason: data?.reason?.[0], form };
    }
  };

  const onDownload = async () => {
    if (!invoice) return;
    try {
      const url = await fetchFile({ url: `received-invoices/${invoice.id}/${invoice.has_pdf ? 'pdf' : 'original'}/` }).unwrap();
      saveFile(url, invoice.original_name);
    } catch {
      toast.error(RECEIVED_TEXTS.downloadError);
    }
  };

  if (isLoading) return <Spinner label={RECEIVED_TEXTS.loading} />;
  if (isError || !invoice) {
    return (
      <Page title={RECEIVED_TEXTS.title} actions={<BackLink fallback={BACK} />}>
        <Alert tone="error">{RECEIVED_TEXTS.loadError}</Alert>
      </Page>
    );
  }

  const title = `${invoice.is_credit_note ? 'Avoir' : 'Facture'} ${invoice.number}`;
  return (
    <Page
      title={title}
      documentTitle={`${title} — ${invoice.supplier_name}`}
      description={`De ${invoice.supplier_name}, reçue le ${formatDateTime(invoice.received_at)}`}
      actions={<BackLink fallback={BACK} />}
    >
      <p>
        <Badge tone={RECEIVED_STATUS_TONES[invoice.status]}>{invoice.status_display}</Badge>
      </p>
      <StyledActions>
        {invoice.allowed_answers.map((key) => {
          const chosen = key as ReceivedAnswer;
          const button = ANSWER_BUTTONS[chosen];
          return (
            <Button
              key={chosen}
              variant={chosen === 'approved' || chosen === 'paid' ? 'primary' : chosen === 'refused' ? 'danger' : 'secondary'}
              disabled={answering}
              onClick={() => (chosen === 'disputed' || chosen === 'refused' ? setPending(chosen) : void send(chosen))}
            >
              {button.label}
            </Button>
          );
        })}
        <Button onClick={() => void onDownload()} disabled={downloading}>
          {invoice.has_pdf ? RECEIVED_TEXTS.downloadPdf : RECEIVED_TEXTS.downloadXml}
        </Button>
        {/* Received through the platform: the answers go back at the next sync, or now. */}
        {invoice.source === 'platform' && <EInvoicingSyncButton />}
      </StyledActions>
      {invoice.allowed_answers.length > 0 && <p>{invoice.source === 'platform' ? RECEIVED_TEXTS.answerGoesBack : RECEIVED_TEXTS.answerStaysHere}</p>}

      {invoice.problems.length > 0 && (
        <Alert tone="warning">
          <strong>{RECEIVED_TEXTS.problemsTitle}</strong>
          <p>{RECEIVED_TEXTS.problemsHint}</p>
          <ul>
            {invoice.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}

      <StyledGrid>
        <Card title="Fournisseur">
          <address>{party(invoice.seller)}</address>
          {invoice.seller.siren && <p>SIREN {invoice.seller.siren}</p>}
          {invoice.seller.vat_number && <p>N° TVA {invoice.seller.vat_number}</p>}
          {invoice.seller.email && <p>{invoice.seller.email}</p>}
        </Card>
        <Card title="Facturé à">
          <address>{party(invoice.buyer)}</address>
          {invoice.buyer.siren && <p>SIREN {invoice.buyer.siren}</p>}
        </Card>
        <Card title="Dates et paiement">
          <p>Date : {formatDate(invoice.issue_date)}</p>
          <p>Échéance : {formatDate(invoice.due_date)}</p>
          {invoice.payment && (
            <p>
              IBAN {invoice.payment.iban}
              {invoice.payment.bic && <> — BIC {invoice.payment.bic}</>}
            </p>
          )}
        </Card>
      </StyledGrid>

      <DataTable columns={LINE_COLUMNS} rows={invoice.lines.map((line, index) => ({ ...line, index }))} rowKey={(line) => line.index} caption="Lignes" showCaption />

      <StyledTotals aria-label="Totaux">
        <dt>Total HT</dt>
        <dd>{formatMoney(invoice.total_net)}</dd>
        {invoice.vat_breakdown.map((group) => (
          <div key={`${group.category}-${group.rate}`} style={{ display: 'contents' }}>
            <dt>TVA {percent(group.rate)} sur {formatMoney(group.base)}</dt>
            <dd>{formatMoney(group.tax)}</dd>
          </div>
        ))}
        <dt>Total TTC</dt>
        <dd>{formatMoney(invoice.total_gross)}</dd>
        {invoice.total_prepaid !== 0 && (
          <>
            <dt>Déjà payé</dt>
            <dd>{formatMoney(invoice.total_prepaid)}</dd>
          </>
        )}
        <dt>Montant à payer</dt>
        <dd>
          <strong>{formatMoney(invoice.amount_due)}</strong>
        </dd>
      </StyledTotals>

      {invoice.notes.length > 0 && (
        <Card title="Mentions">
          {invoice.notes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </Card>
      )}

      {invoice.history.length > 0 && (
        <Card title="Historique de vos réponses">
          <ol>
            {invoice.history.map((entry) => (
              <li key={`${entry.code}-${entry.at}`}>
                {formatDateTime(entry.at)} : {entry.label}
                {entry.reason_label && <> — {entry.reason_label}</>}
                {entry.reason && <> — {entry.reason}</>}
                {entry.sent && <> ({entry.sent})</>}
              </li>
            ))}
          </ol>
        </Card>
      )}

      {pending && <ReceivedAnswerDialog answer={pending} busy={answering} onClose={() => setPending(null)} onSubmit={(reason) => send(pending, reason)} />}
    </Page>
  );
}
