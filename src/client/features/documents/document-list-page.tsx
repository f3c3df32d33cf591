import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ListToolbar } from '@/client/kit/list-toolbar';
import { parisToday } from '@/shared/dates';
import { LIFECYCLE_STATUS_LABELS } from '@/shared/einvoicing-lifecycle';
import { PRIORITIES, PRIORITY_LABELS } from '@/shared/projects-tasks';
import { prefetchFirstPage, usePagedRows } from '@/client/app/api';
import type { AppDispatch } from '@/client/app/store';
import { formatDate, formatMoney } from '@/client/lib/format';
import type { SortDirection } from '@/client/lib/sort';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/client/lib/use-debounced-value';
import { Alert } from '@/client/ui/alert';
import { Button, ButtonLink } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/empty-state';
import { Select, TextField } from '@/client/ui/form-fields';
import { IconPlus } from '@/client/ui/icons';
import { LoadMore } from '@/client/ui/load-more';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { VirtualRows } from '@/client/ui/virtual-rows';
import { DOCUMENT_KINDS, UNKNOWN_CLIENT, type DocumentKind, type DocumentKindConfig } from './document-kinds';
import { DocumentStatusBadges, EndDate } from './document-status';
import type { DocumentRow } from './document.types';
import { documentsApi, useListDocumentPagesInfiniteQuery, type DocumentPagesArg } from './documents.api';
import { einvoicingApi, useGetEInvoicingSettingsQuery } from '../profile';
import { describeRouteFilter, translateListQuery, type ListParams } from './list-query';

const PRIORITY_OPTIONS = PRIORITIES.map((value) => ({ value, label: PRIORITY_LABELS[value] }));
const LIFECYCLE_OPTIONS = Object.entries(LIFECYCLE_STATUS_LABELS).map(([code, label]) => ({ value: code, label: `${code} ${label}` }));

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
        <DocumentStatusBadges config={config} status={row.status} label={row.status_display} overdue={row.is_overdue} einvoicing={row.einvoicing_status} />
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

/** The toolbar's search, filters and server sort. */
interface ListToolbarState {
  search: string;
  status: string;
  priority: string;
  lifecycle: string;
  ordering: string;
}

/** The toolbar as the list opens: no search or filter, the kind's default sort. */
const openingToolbar = (kind: DocumentKind): ListToolbarState => ({
  search: '',
  status: '',
  priority: '',
  lifecycle: '',
  ordering: DOCUMENT_KINDS[kind].defaultOrdering,
});

/**
 * The list's query: the route's (translated) and the toolbar's; the status select narrows the
 * route's filter to one status (its own status replaces the route's). The page's and its
 * prefetch's, so the page reads the prefetched entry.
 */
function documentListArg(kind: DocumentKind, routeParams: ListParams, { search, status, priority, lifecycle, ordering }: ListToolbarState): DocumentPagesArg {
  return {
    kind,
    params: {
      ...routeParams,
      ...(status ? { status } : {}),
      ...(priority ? { priority } : {}),
      ...(lifecycle ? { einvoicing_status: Number(lifecycle) } : {}),
      ...(search ? { search } : {}),
      ordering,
    } as DocumentPagesArg['params'],
  };
}

/** Issue 26: the e-invoicing filter, for a user whose platform is on (invoices and credit notes). */
const hasEInvoicingFilter = (kind: DocumentKind) => kind !== 'quote';

/**
 * A list page's `prefetchData` (app/route-pages.tsx): its first page, with the route's query and the
 * opening toolbar, asked for as soon as the page's code has arrived rather than after its first
 * render (issue 29). An invoice list's e-invoicing settings too: they decide whether the toolbar
 * has its e-invoicing filter, which would otherwise appear one round trip later.
 */
export const documentListPrefetch =
  (kind: DocumentKind) =>
  (dispatch: AppDispatch, query: URLSearchParams): void => {
    const arg = documentListArg(kind, translateListQuery(kind, query, parisToday()), openingToolbar(kind));
    dispatch(prefetchFirstPage(documentsApi.endpoints.listDocumentPages, arg));
    if (hasEInvoicingFilter(kind)) dispatch(einvoicingApi.util.prefetch('getEInvoicingSettings', undefined, {}));
  };

export interface DocumentListPageProps {
  kind: DocumentKind;
}

/**
 * 'Liste des devis' / 'Liste des factures' (SPEC section 2) / 'Liste des avoirs': the route's
 * query selects what the server returns (SPEC section 7); the search, status and priority filters
 * and the sortable columns the server sorts are sent with it (issue 29). The list comes 50 rows at
 * a time, the next ones as the reader nears the end; past 100 rows only those near the viewport
 * are rendered.
 */
export function DocumentListPage({ kind }: DocumentListPageProps) {
  const config = DOCUMENT_KINDS[kind];
  const [searchParams, setSearchParams] = useSearchParams();
  const today = useMemo(() => parisToday(), []);
  const routeQuery = searchParams.toString();
  const params = useMemo(() => translateListQuery(kind, new URLSearchParams(routeQuery), today), [kind, routeQuery, today]);
  const routeFilter = useMemo(() => describeRouteFilter(kind, new URLSearchParams(routeQuery)), [kind, routeQuery]);

  const [toolbar, setToolbar] = useState(() => openingToolbar(kind));
  const { search, status, priority, lifecycle, ordering } = toolbar;
  const setField = (key: keyof ListToolbarState) => (event: { target: { value: string } }) =>
    setToolbar((previous) => ({ ...previous, [key]: event.target.value }));
  const { data: einvoicingSettings } = useGetEInvoicingSettingsQuery(undefined, { skip: !hasEInvoicingFilter(kind) });
  const debouncedSearch = useDebouncedValue(search.trim(), LIST_SEARCH_DEBOUNCE_MS);

  // A new route query, search, filter or server sort reloads the list from its first page; a
  // failed reload keeps the rows shown (SPEC section 8).
  const arg = useMemo(
    () => documentListArg(kind, params, { search: debouncedSearch, status, priority, lifecycle, ordering }),
    [kind, params, status, priority, lifecycle, debouncedSearch, ordering],
  );
  const pages = useListDocumentPagesInfiniteQuery(arg);
  const { data, error, isLoading, isFetching, isFetchingNextPage, hasNextPage, refetch } = pages;
  useEffect(() => {
    if (error) console.error(config.labels.loadListError, error);
  }, [error, config]);

  const { rows, total, totalAtLeast, loadMore } = usePagedRows(pages);
  const serverSort = useMemo(
    () => ({
      keys: Object.keys(config.listOrderings),
      onSort: (key: string, direction: SortDirection) =>
        setToolbar((previous) => ({ ...previous, ordering: `${direction === 'desc' ? '-' : ''}${config.listOrderings[key]}` })),
    }),
    [config],
  );

  const columns = useMemo(() => listColumns(config, today), [config, today]);

  const reset = () => {
    // The sort stays.
    setToolbar((previous) => ({ ...openingToolbar(kind), ordering: previous.ordering }));
    if (routeQuery) setSearchParams({});
  };

  const [one, many] = config.labels.countNouns;
  const plural = total > 1 ? many : one;

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
          onChange={setField('search')}
        />
        <Select
          label="Statut"
          placeholderOption="Tous les statuts"
          options={config.filterStatuses}
          value={status}
          onChange={setField('status')}
        />
        {config.hasPriority && (
          <Select
            label="Priorité"
            placeholderOption="Toutes les priorités"
            options={PRIORITY_OPTIONS}
            value={priority}
            onChange={setField('priority')}
          />
        )}
        {(einvoicingSettings?.enabled || lifecycle) && (
          <Select
            label="Facturation électronique"
            placeholderOption="Tous les statuts e-facture"
            options={LIFECYCLE_OPTIONS}
            value={lifecycle}
            onChange={setField('lifecycle')}
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
            {isFetching && !isFetchingNextPage ? 'Mise à jour de la liste...' : `${totalAtLeast ? 'Plus de ' : ''}${total} ${plural}`}
          </StyledCount>
          <DataTable
            caption={config.labels.listTitle}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={config.defaultSort}
            emptyMessage={config.labels.emptyList}
            virtualize={VirtualRows}
            serverSort={serverSort}
            totalCount={total}
          />
          <LoadMore hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />
        </>
      )}
    </Page>
  );
}
