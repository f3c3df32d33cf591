import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, formatMoney, formatQuantity, formatUnitPrice } from '@/client/lib/format';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { useDocumentEmail } from '../document-email';
import { EmailDeliveryStatus } from '../email-delivery';
import { ShareLinkCard } from '../../portal';
import { CREDIT_NOTE_CONFIG, UNKNOWN_CLIENT } from '../document-kinds';
import { PdfFingerprint, StyledDocumentSubtitle, StyledDocumentToolbar } from '../document-page-parts';
import { useDocumentPdf } from '../document-pdf';
import { DocumentStatusBadges } from '../document-status';
import { EInvoicingPanel } from '../einvoicing-panel';
import { DocumentTotals } from '../document-totals';
import { discountLabel } from '../document-form';
import type { DocumentLine } from '../document.types';
import { useGetDocumentQuery } from '../documents.api';
import { rateLabel, useVatFree } from '../vat';
import { amountLabels } from '@/shared/amount-labels';
import { VAT_EXEMPTIONS, type VatRegime } from '@/shared/vat';

const config = CREDIT_NOTE_CONFIG;

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: ${({ theme }) => theme.spacing.sm} ${({ theme }) => theme.spacing.lg};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    white-space: pre-line;
  }
  a {
    color: ${({ theme }) => theme.colors.link};
  }
`;

const StyledLineTitle = styled.span`
  display: flex;
  flex-direction: column;

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: pre-line;
  }
`;

const StyledAmount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** The line columns, worded for the seller's regime (shared/amount-labels.ts: no "HT" in the franchise). */
const lineColumns = (regime: VatRegime): DataTableColumn<DocumentLine>[] => [
  {
    key: 'title',
    header: 'Désignation',
    sortable: false,
    render: (line) => (
      <StyledLineTitle>
        {line.title}
        {line.description && <small>{line.description}</small>}
        {/* Issue 25: a line at 0 % with its own exemption reason (none in the franchise). */}
        {regime === 'assujetti' && line.vat_exemption && <small>Motif d’exonération : {VAT_EXEMPTIONS[line.vat_exemption].label}</small>}
      </StyledLineTitle>
    ),
  },
  { key: 'quantity', header: 'Quantité', sortable: false, render: (line) => formatQuantity(line.quantity) },
  {
    key: 'unit_price',
    header: amountLabels(regime).unitPrice,
    sortable: false,
    render: (line) => <StyledAmount>{formatUnitPrice(line.unit_price)}</StyledAmount>,
  },
  {
    key: 'total',
    header: amountLabels(regime).lineTotal,
    sortable: false,
    render: (line) => (
      <StyledAmount>
        {formatMoney(line.total)}
        {(line.discount_percent > 0 || line.discount_amount > 0) && (
          <small>
            {' '}
            (remise {line.discount_percent > 0 ? rateLabel(line.discount_percent) : formatMoney(line.discount_amount)})
          </small>
        )}
      </StyledAmount>
    ),
  },
];

const LINE_COLUMNS = lineColumns('franchise');
/** With each line's VAT rate (not in the franchise). */
const LINE_COLUMNS_WITH_VAT: DataTableColumn<DocumentLine>[] = [
  ...lineColumns('assujetti').slice(0, 3),
  { key: 'tax_rate', header: 'TVA', sortable: false, render: (line) => rateLabel(line.tax_rate) },
  ...lineColumns('assujetti').slice(3),
];

/**
 * /credit-notes/{id}: a credit note as issued — frozen, so shown rather than edited — with its
 * PDF and its sending by e-mail.
 */
export function CreditNoteView() {
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const toast = useToast();
  const leaving = useRef(false);
  const query = useGetDocumentQuery(valid ? { kind: 'credit_note', id } : skipToken);
  const note = query.data ?? null;
  const pdf = useDocumentPdf(config, note);
  // A seller in the franchise credits no VAT: the mention instead of VAT rows and rates, no "HT" nor "TTC".
  const franchise = useVatFree(note?.tax_amount ?? -1);
  const email = useDocumentEmail(config);

  const failed = !valid || query.isError;
  useEffect(() => {
    if (!failed || leaving.current) return;
    leaving.current = true;
    toast.error(config.labels.loadError);
    navigate(`/${config.path}`);
  }, [failed, toast, navigate]);

  if (failed) return null;
  if (!note) {
    return (
      <Page title={config.labels.noun}>
        <Spinner label="Chargement..." />
      </Page>
    );
  }

  const busy = email.pending || pdf.pending !== null;
  const title = `${config.labels.noun} ${note.number ?? `#${note.id}`}`;

  return (
    <Page
      title={title}
      description={
        <StyledDocumentSubtitle>
          <Link to={`/${config.path}`}>← {config.labels.listTitle}</Link>
          <DocumentStatusBadges config={config} status={note.status} label={note.status_display} einvoicing={note.einvoicing_status} />
        </StyledDocumentSubtitle>
      }
    >
      <Card title="Actions">
        <StyledDocumentToolbar>
          <Button onClick={pdf.download} disabled={busy}>
            {pdf.pending === 'download' ? 'Préparation du PDF...' : 'Télécharger PDF'}
          </Button>
          <Button onClick={() => email.send({ document: note, recipient: note.client })} disabled={busy}>
            {email.pending ? 'Envoi en cours...' : 'Envoyer par E-mail'}
          </Button>
        </StyledDocumentToolbar>
        <EmailDeliveryStatus config={config} id={note.id} />
        {email.dialog}
      </Card>

      {/* The client's personal link (issue 27). */}
      <ShareLinkCard kind="credit_note" id={note.id} />
      <EInvoicingPanel record={note.einvoicing} />
      <Card title="Informations">
        <StyledFacts>
          <dt>Numéro</dt>
          <dd>{note.number ?? '—'}</dd>
          <dt>Date d’émission</dt>
          <dd>{formatDate(note.issue_date)}</dd>
          <dt>Client</dt>
          <dd>{note.client ? <Link to={`/contacts/${note.client.id}`}>{note.client.name || UNKNOWN_CLIENT}</Link> : UNKNOWN_CLIENT}</dd>
          <dt>Facture</dt>
          <dd>
            {note.invoice ? (
              <>
                <Link to={`/invoices/${note.invoice.id}`}>{note.invoice.invoice_number ?? `#${note.invoice.id}`}</Link>
                {note.invoice.issue_date && ` du ${formatDate(note.invoice.issue_date)}`}
              </>
            ) : (
              '—'
            )}
          </dd>
          <dt>Motif</dt>
          <dd>{note.reason || '—'}</dd>
        </StyledFacts>
      </Card>

      <Card title="Lignes">
        <DataTable
          caption={`Lignes ${config.labels.ofThe} ${note.number ?? ''}`.trim()}
          columns={franchise ? LINE_COLUMNS : LINE_COLUMNS_WITH_VAT}
          rows={note.line_items}
          rowKey={(line) => line.id}
        />
        <DocumentTotals
          subtotal={note.subtotal}
          tax={note.tax_amount}
          total={note.total_amount}
          breakdown={note.vat_breakdown}
          discount={{ amount: note.discount_total, linesTotal: note.lines_total, label: discountLabel(note.discount_reason, note.discount_percent) }}
          franchise={franchise}
          kind="credit_note"
        />
        <PdfFingerprint sha256={note.pdf_sha256} />
      </Card>
    </Page>
  );
}
