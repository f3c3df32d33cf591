import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ListToolbar } from '@/client/kit/list-toolbar';
import { parisToday } from '@/shared/dates';
import { normalizeSearch } from '@/shared/search';
import { PRIORITIES, PRIORITY_LABELS } from '@/shared/projects-tasks';
import { formatDate, formatMoney } from '@/client/lib/format';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Select, TextField } from '@/client/ui/form-fields';
import { IconPlus } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { VirtualRows } from '@/client/ui/virtual-rows';
import { DOCUMENT_KINDS, UNKNOWN_CLIENT, type DocumentKind, type DocumentKindConfig } from './document-kinds';
import { DocumentStatusBadges, EndDate } from './document-status';
import type { DocumentRow } from './document.types';
import { useListDocumentsQuery } from './documents.api';
import { describeRouteFilter, translateListQuery } from './list-query';

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));

const StyledTitleCell = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 10rem;

  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
`;

const StyledNumber = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-variant-numeric: tabular-nums;
`;

const StyledCount = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

const StyledAmount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const StyledClientLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
`;

const StyledInvoiceLink = styled(Link)`
  color: ${({ theme }) => theme.colors.link};
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

/** The status filter: 'overdue' is derived (`is_overdue`), the others are stored statuses. */
export function matchesStatus(row: Pick<DocumentRow, 'status' | 'is_overdue'>, status: string): boolean {
  if (!status) return true;
  return status === 'overdue' ? row.is_overdue : row.status === status;
}

function listColumns(config: DocumentKindConfig, today: string): DataTableColumn<DocumentRow>[] {
  // A phone's card shows the title, the client, the status, the amount (and an invoice's balance
  // due) and the due or validity date (issues 18 and 28): the creation date hides below sm.
  const invoiceColumn: DataTableColumn<DocumentRow> = {
    key: 'invoice',
    header: 'Facture',
    hideBelow: 'sm',
    sortValue: (row) => row.invoice?.invoice_number,
    render: (row) =>
      row.invoice ? (
        <StyledInvoiceLink to={`/invoices/${row.invoice.id}`}>{row.invoice.invoice_number ?? `#${row.invoice.id}`}</StyledInvoiceLink>
      ) : (
        '—'
      ),
  };
  const endDateColumn: DataTableColumn<DocumentRow> | null = config.endDateHeader
    ? {
        key: config.endDateField,
        header: config.endDateHeader,
        sortValue: (row) => row.end_date,
        render: (row) => <EndDate config={config} row={row} today={today} />,
      }
    : null;
  const columns: (DataTableColumn<DocumentRow> | null)[] = [
    {
      key: 'title',
      header: 'Titre',
      render: (row) => (
        <StyledTitleCell>
          <Link to={`/${config.path}/${row.id}`}>{row.title || `${config.labels.noun} #${row.id}`}</Link>
          <StyledNumber>#{row.number ?? row.id}</StyledNumber>
        </StyledTitleCell>
      ),
    },
    {
      key: 'client',
      header: 'Client',
      sortValue: (row) => row.client?.name,
      render: (row) =>
        row.client ? (
          <StyledClientLink to={`/contacts/${row.client.id}`}>{row.client.name || UNKNOWN_CLIENT}</StyledClientLink>
        ) : (
          UNKNOWN_CLIENT
        ),
    },
    config.kind === 'credit_note' ? invoiceColumn : null,
    {
      key: 'status',
      header: 'Statut',
      sortValue: (row) => row.status_display,
      render: (row) => (
        <DocumentStatusBadges config={config} status={row.status} label={row.status_display} overdue={row.is_overdue} />
      ),
    },
    {
      key: 'total_amount',
      header: 'Montant',
      render: (row) => <StyledAmount>{formatMoney(row.total_amount)}</StyledAmount>,
    },
    // What is still due beside the total (issue 28): payments, credit notes and deposits deducted.
    config.kind === 'invoice'
      ? {
          key: 'balance_due',
          header: 'Reste dû',
          render: (row) => <StyledAmount>{formatMoney(row.balance_due)}</StyledAmount>,
        }
      : null,
    {
      key: config.createdField,
      header: config.createdHeader,
      hideBelow: endDateColumn ? 'md' : 'sm',
      render: (row) => formatDate(row[config.createdField]),
    },
    endDateColumn,
  ];
  return columns.filter((column): column is DataTableColumn<DocumentRow> => column !== null);
}

export interface DocumentListPageProps {
  kind: DocumentKind;
}

/**
 * 'Liste des devis' / 'Liste des factures' (SPEC section 2) / 'Liste des avoirs': the route's
 * query selects what the server returns (SPEC section 7); search, status and priority filter
 * that list here.
 */
export function DocumentListPage({ kind }: DocumentListPageProps) {
  const config = DOCUMENT_KINDS[kind];
  const [searchParams, setSearchParams] = useSearchParams();
  const today = useMemo(() => parisToday(), []);
  const routeQuery = searchParams.toString();
  const params = useMemo(() => translateListQuery(kind, new URLSearchParams(routeQuery), today), [kind, routeQuery, today]);
  const routeFilter = useMemo(() => describeRouteFilter(kind, new URLSearchParams(routeQuery)), [kind, routeQuery]);

  // A new route query reloads the list; a failed reload keeps the rows shown (SPEC section 8).
  const { data, error, isLoading, isFetching, refetch } = useListDocumentsQuery({ kind, params });
  useEffect(() => {
    if (error) console.error(config.labels.loadListError, error);
  }, [error, config]);

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [priority, setPriority] = useState('');
  // Typing stays responsive on 10,000 rows: the filtering follows a deferred copy.
  const deferredSearch = useDeferredValue(search);

  const rows = useMemo(() => {
    const needle = normalizeSearch(deferredSearch);
    return (data ?? []).filter(
      (row) =>
        (!needle || row.searchText.includes(needle)) &&
        matchesStatus(row, status) &&
        (!priority || row.priority === priority),
    );
  }, [data, deferredSearch, status, priority]);

  const columns = useMemo(() => listColumns(config, today), [config, today]);

  const reset = () => {
    setSearch('');
    setStatus('');
    setPriority('');
    if (routeQuery) setSearchParams({});
  };

  const total = data?.length ?? 0;
  const [one, many] = config.labels.countNouns;
  const plural = rows.length > 1 ? many : one;

  return (
    <Page
      title={config.labels.listTitle}
      actions={
        <>
          {kind === 'invoice' && <ButtonLink to="/invoices/recurring">Factures récurrentes</ButtonLink>}
          {config.creatable && (
            <ButtonLink to={`/${config.path}/new`} variant="primary">
              <IconPlus size={18} />
              {config.labels.newLabel}
            </ButtonLink>
          )}
        </>
      }
    >
      <ListToolbar
        label={`Filtrer la ${config.labels.listTitle.toLowerCase()}`}
        onReset={reset}
      >
        <TextField
          label="Rechercher"
          type="search"
          placeholder="Titre ou client"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Select
          label="Statut"
          placeholderOption="Tous les statuts"
          options={config.filterStatuses}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
        />
        {config.hasPriority && (
          <Select
            label="Priorité"
            placeholderOption="Toutes les priorités"
            options={PRIORITY_OPTIONS}
            value={priority}
            onChange={(event) => setPriority(event.target.value)}
          />
        )}
      </ListToolbar>

      {routeFilter && (
        <Alert tone="info">
          Filtre appliqué : {routeFilter}.{' '}
          <Link to={`/${config.path}`}>Tout afficher</Link>
        </Alert>
      )}

      {isLoading ? (
        <Spinner label="Chargement..." />
      ) : !data && error ? (
        <EmptyState
          title={config.labels.loadListError}
          action={<Button onClick={() => refetch()}>Réessayer</Button>}
        />
      ) : (
        <>
          <StyledCount aria-live="polite">
            {isFetching ? 'Mise à jour de la liste...' : `${rows.length} ${plural}${rows.length !== total ? ` sur ${total}` : ''}`}
          </StyledCount>
          <DataTable
            caption={config.labels.listTitle}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={config.defaultSort}
            emptyMessage={config.labels.emptyList}
            virtualize={VirtualRows}
          />
        </>
      )}
    </Page>
  );
}
