import { useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorDetail } from '@/client/app/api';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { VirtualRows } from '@/client/ui/virtual-rows';
import type { ReceiptRow, ReceiptsBook } from '@/shared/contracts/reports';
import { DECLARED_TURNOVER_LABEL } from '@/shared/reports';
import { CHART_HEIGHT, ReceiptTotalsTable, RevenueChart, formatMonthLong, type ReceiptTotalsRow } from '../dashboard';
import { useReportDownload } from './report-download';
import { useGetReceiptsBookQuery } from './reports.api';

export const RECEIPTS_LOAD_ERROR = 'Impossible de charger le livre des recettes.';

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

const StyledBlock = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  margin-top: ${({ theme }) => theme.spacing.xl};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.md};
  }
`;

const StyledNote = styled.p`
  margin: -${({ theme }) => theme.spacing.sm} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledChartBox = styled.div`
  min-height: ${CHART_HEIGHT}px;
`;

const StyledAmount = styled.span<{ $negative: boolean }>`
  display: block;
  text-align: right;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${({ theme, $negative }) => ($negative ? theme.colors.dangerText : 'inherit')};
`;

const StyledSub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
`;

const COLUMNS: readonly DataTableColumn<ReceiptRow>[] = [
  { key: 'date', header: 'Date', render: (r) => formatDate(r.date) },
  {
    key: 'invoice_number',
    header: 'Facture',
    render: (r) => (
      <>
        <Link to={`/invoices/${r.invoice_id}`}>{r.invoice_number}</Link>
        {r.credit_note_number && <StyledSub>Avoir {r.credit_note_number}</StyledSub>}
      </>
    ),
  },
  { key: 'client_name', header: 'Client', render: (r) => <Link to={`/contacts/${r.client_id}`}>{r.client_name}</Link> },
  { key: 'nature_display', header: 'Nature', hideBelow: 'md' },
  {
    key: 'amount',
    header: 'Montant encaissé',
    render: (r) => <StyledAmount $negative={r.amount < 0}>{formatMoney(r.amount)}</StyledAmount>,
  },
  { key: 'method_display', header: 'Mode', hideBelow: 'sm' },
  { key: 'reference', header: 'Référence', hideBelow: 'md' },
];
/** A book with VAT also shows each receipt's HT: what its totals add up (in the franchise, what was received). */
const HT_COLUMN: DataTableColumn<ReceiptRow> = {
  key: 'amount_ht',
  header: 'Dont HT',
  render: (r) => <StyledAmount $negative={r.amount_ht < 0}>{formatMoney(r.amount_ht)}</StyledAmount>,
  hideBelow: 'sm',
};
const COLUMNS_WITH_HT = [...COLUMNS.slice(0, 5), HT_COLUMN, ...COLUMNS.slice(5)];

/** The book's totals: every month, then the quarters and the year. */
function totalsRows(book: ReceiptsBook): ReceiptTotalsRow[] {
  const label = (month: string) => {
    const text = formatMonthLong(month);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  return [
    ...book.months.map((m) => ({ ...m, key: m.month, label: label(m.month) })),
    ...book.quarters.map((q) => ({ ...q, key: `T${q.quarter}`, label: q.label, emphasis: true })),
    { ...book.totals, key: 'year', label: `Année ${book.year}`, emphasis: true },
  ];
}

/**
 * 'Livre des recettes' of a year: downloads (CSV for Excel, PDF), the receipts per month as a
 * chart and a table of totals, then every receipt in date order.
 */
export function ReceiptsBookSection({ year }: { year: number }) {
  const { data, isFetching, isLoading, error } = useGetReceiptsBookQuery(year);
  const { download, pending } = useReportDownload();
  const headingId = useId();
  const book = data?.year === year ? data : undefined;
  const months = useMemo(() => (book ? book.months.map((m) => ({ month: m.month, value: m.total, count: m.count })) : []), [book]);
  const withHt = book?.rows.some((r) => r.amount_ht !== r.amount) ?? false;
  const file = (format: 'csv' | 'pdf') => `livre-des-recettes-${year}.${format}`;

  return (
    <Card
      title={`Livre des recettes ${year}`}
      aria-label={`Livre des recettes ${year}`}
      aria-busy={isFetching || undefined}
      actions={
        <StyledActions>
          <Button
            size="sm"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => void download({ url: 'reports/receipts/', params: { year, format: 'csv' } }, file('csv'))}
          >
            {pending === file('csv') ? 'Préparation du CSV...' : 'Télécharger le CSV'}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={pending !== null}
            onClick={() => void download({ url: 'reports/receipts/', params: { year, format: 'pdf' } }, file('pdf'))}
          >
            {pending === file('pdf') ? 'Préparation du PDF...' : 'Télécharger le PDF'}
          </Button>
        </StyledActions>
      }
    >
      <StyledNote>
        Sommes encaissées, dans l’ordre chronologique ; le remboursement d’un avoir figure en négatif à sa date. Une opération
        mixte compte en prestation de services. Les totaux donnent le « {DECLARED_TURNOVER_LABEL} » : les sommes encaissées hors
        TVA, remboursements déduits.
      </StyledNote>
      {isLoading || (isFetching && !book) ? (
        <Spinner label="Chargement du livre des recettes..." />
      ) : error || !book ? (
        <Alert tone="error">{errorDetail(error) ?? RECEIPTS_LOAD_ERROR}</Alert>
      ) : (
        <>
          <StyledBlock role="group" aria-labelledby={headingId}>
            <h3 id={headingId}>{DECLARED_TURNOVER_LABEL} par mois</h3>
            <StyledChartBox>
              <RevenueChart
                months={months}
                title={`${DECLARED_TURNOVER_LABEL} par mois en ${year}`}
                unit=" HT"
                countLabel="Encaissements"
                lastIsCurrent={false}
              />
            </StyledChartBox>
            <ReceiptTotalsTable caption={`Recettes ${year} par mois, trimestre et année`} rows={totalsRows(book)} showCount />
          </StyledBlock>
          <StyledBlock>
            <h3>Encaissements</h3>
            <DataTable
              columns={withHt ? COLUMNS_WITH_HT : COLUMNS}
              rows={book.rows}
              rowKey={(r) => `${r.kind}-${r.id}`}
              caption={`Encaissements ${year}`}
              initialSort={{ key: 'date', direction: 'asc' }}
              emptyMessage={`Aucune recette encaissée en ${year}.`}
              virtualize={VirtualRows}
            />
          </StyledBlock>
        </>
      )}
    </Card>
  );
}
