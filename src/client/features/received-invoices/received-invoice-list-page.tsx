import { useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorDetail, asApiError } from '@/client/app/api';
import { formatDate, formatMoney } from '@/client/lib/format';
import { saveFile } from '@/client/lib/save-file';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Button } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Select, TextField } from '@/client/ui/form-fields';
import { IconInbox } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { useToast } from '@/client/ui/toast';
import { VisuallyHidden } from '@/client/ui/visually-hidden';
import { parisToday } from '@/shared/dates';
import { RECEIVED_STATUS_LABELS, type ReceivedStatus } from '@/shared/received-invoices';
import { useFetchReportFileMutation } from '../reports';
import { EInvoicingSyncButton } from '../profile';
import { RECEIVED_STATUS_TONES, RECEIVED_TEXTS } from './received-texts';
import { useGetReceivedInvoicesQuery, useImportReceivedInvoiceMutation, type ReceivedInvoiceRow } from './received-invoices.api';

const StyledFilters = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing.md};
  max-width: 640px;
  margin-bottom: ${({ theme }) => theme.spacing.lg};
`;

const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  ...(Object.keys(RECEIVED_STATUS_LABELS) as ReceivedStatus[]).map((status) => ({ value: status, label: RECEIVED_STATUS_LABELS[status] })),
];

const columns: readonly DataTableColumn<ReceivedInvoiceRow>[] = [
  {
    key: 'number',
    header: 'Numéro',
    sortable: true,
    render: (row) => <Link to={`/received-invoices/${row.id}`}>{row.is_credit_note ? `Avoir ${row.number}` : row.number}</Link>,
  },
  { key: 'supplier_name', header: 'Fournisseur', sortable: true },
  { key: 'issue_date', header: 'Date', sortable: true, render: (row) => formatDate(row.issue_date) },
  { key: 'due_date', header: 'Échéance', sortable: true, hideBelow: 'sm', render: (row) => formatDate(row.due_date) },
  { key: 'total_gross', header: 'Montant TTC', sortable: true, render: (row) => formatMoney(row.total_gross) },
  {
    key: 'status',
    header: 'Statut',
    sortable: true,
    sortValue: (row) => row.status_display,
    render: (row) => (
      <>
        <Badge tone={RECEIVED_STATUS_TONES[row.status]}>{row.status_display}</Badge>
        {row.problems_count > 0 && (
          <>
            {' '}
            <Badge tone="orange">{RECEIVED_TEXTS.problems(row.problems_count)}</Badge>
          </>
        )}
      </>
    ),
  },
];

/** /received-invoices (issue 26): suppliers' e-invoices, filtered; an upload files one; the purchases register as CSV. */
export function ReceivedInvoiceListPage() {
  const [status, setStatus] = useState<ReceivedStatus | ''>('');
  const [query, setQuery] = useState('');
  const { data, isLoading, isError, isFetching } = useGetReceivedInvoicesQuery({ status: status || undefined, q: query });
  const [importFile, { isLoading: importing }] = useImportReceivedInvoiceMutation();
  const [fetchFile, { isLoading: downloading }] = useFetchReportFileMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const filtered = status !== '' || query.trim() !== '';

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImportProblem(null);
    try {
      const filed = await importFile(file).unwrap();
      toast.success(RECEIVED_TEXTS.imported(filed.number, filed.supplier_name));
      navigate(`/received-invoices/${filed.id}`);
    } catch (error) {
      const data = asApiError(error)?.data as { file?: string[] } | undefined;
      setImportProblem(data?.file?.[0] ?? errorDetail(error) ?? RECEIVED_TEXTS.importError);
    }
  };

  const onRegister = async () => {
    const year = parisToday().slice(0, 4);
    try {
      const url = await fetchFile({ url: 'reports/purchases/', params: { from: `${year}-01-01`, to: `${year}-12-31`, format: 'csv' } }).unwrap();
      saveFile(url, `registre-des-achats-${year}.csv`);
    } catch {
      toast.error(RECEIVED_TEXTS.registerError);
    }
  };

  const actions = (
    <>
      <EInvoicingSyncButton onlyWhenEnabled />
      <Button onClick={() => void onRegister()} disabled={downloading}>
        {RECEIVED_TEXTS.register}
      </Button>
      <Button variant="primary" onClick={() => fileInput.current?.click()} disabled={importing}>
        {importing ? RECEIVED_TEXTS.importing : RECEIVED_TEXTS.import}
      </Button>
      <VisuallyHidden>
        <label>
          Fichier de la facture
          <input ref={fileInput} type="file" accept=".pdf,.xml,application/pdf,application/xml,text/xml" onChange={(e) => void onFile(e)} tabIndex={-1} />
        </label>
      </VisuallyHidden>
    </>
  );

  return (
    <Page title={RECEIVED_TEXTS.title} description={RECEIVED_TEXTS.description} actions={actions}>
      {importProblem && (
        <Alert tone="error" role="alert">
          {RECEIVED_TEXTS.importError} {importProblem}
        </Alert>
      )}
      {isLoading && <Spinner label={RECEIVED_TEXTS.loading} />}
      {isError && <Alert tone="error">{RECEIVED_TEXTS.loadError}</Alert>}
      {data && (data.length > 0 || filtered) && (
        <StyledFilters>
          <TextField type="search" label="Rechercher (fournisseur, numéro)" value={query} onChange={(event) => setQuery(event.target.value)} />
          <Select label="Statut" value={status} options={STATUS_OPTIONS} onChange={(event) => setStatus(event.target.value as ReceivedStatus | '')} />
        </StyledFilters>
      )}
      {data && data.length === 0 && !filtered && (
        <EmptyState icon={<IconInbox size={24} />} title={RECEIVED_TEXTS.empty} description={RECEIVED_TEXTS.emptyHint} />
      )}
      {data && (data.length > 0 || filtered) && (
        <div aria-busy={isFetching}>
          <DataTable
            columns={columns}
            rows={data}
            rowKey={(row) => row.id}
            caption={RECEIVED_TEXTS.title}
            initialSort={{ key: 'issue_date', direction: 'desc' }}
            emptyMessage={RECEIVED_TEXTS.noMatch}
          />
        </div>
      )}
    </Page>
  );
}
