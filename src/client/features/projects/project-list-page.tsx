import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PROJECT_STATUSES } from '@/shared/projects-tasks';
import type { Project } from '@/shared/contracts/projects';
import { usePagedRows } from '@/client/app/api';
import { formatDate, formatMoney } from '@/client/lib/format';
import type { SortDirection } from '@/client/lib/sort';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/client/lib/use-debounced-value';
import { ButtonLink } from '@/client/ui/button';
import { Select, TextField } from '@/client/ui/form-fields';
import { IconPlus } from '@/client/ui/icons';
import { LoadMore } from '@/client/ui/load-more';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { VirtualRows } from '@/client/ui/virtual-rows';
import { DueDate } from '@/client/kit/due-date';
import { ListToolbar } from '@/client/kit/list-toolbar';
import { countLabel } from '@/client/kit/plural';
import { RefLinks } from '@/client/kit/ref-links';
import { dateSortValue, workflowOrder } from '@/client/kit/sort-values';
import { ProjectStatusBadge } from '@/client/kit/workflow-badges';
import { PRIORITY_FILTER_OPTIONS, PROJECT_STATUS_FILTER_OPTIONS } from '@/client/kit/workflow-options';
import { filtersFromQuery, projectPageArgs, PROJECT_SERVER_SORTS } from './project-filters';
import { useListProjectPagesInfiniteQuery, type ProjectOrdering } from './projects.api';

export const PROJECT_LIST_TEXTS = {
  title: 'Liste des projets',
  add: 'Ajouter un projet',
  empty: 'Aucun projet à afficher.',
} as const;

const statusRank = workflowOrder(PROJECT_STATUSES);
const isClosed = (p: Project) => p.status === 'termine' || p.status === 'annule';

// Module-level: DataTable memoises its sort on the columns' identity.
const COLUMNS: readonly DataTableColumn<Project>[] = [
  {
    key: 'name',
    header: 'Nom du Projet',
    render: (p) => <Link to={`/projects/${p.id}`}>{p.name}</Link>,
  },
  {
    key: 'contacts',
    header: 'Clients',
    render: (p) => <RefLinks refs={p.contacts} basePath="/contacts" />,
    sortValue: (p) => p.contacts.map((c) => c.name).join(', '),
    hideBelow: 'md',
  },
  {
    key: 'status',
    header: 'Statut',
    render: (p) => <ProjectStatusBadge status={p.status} label={p.status_display} />,
    sortValue: (p) => statusRank(p.status),
  },
  { key: 'budget', header: 'Budget', render: (p) => formatMoney(p.budget), hideBelow: 'md' },
  { key: 'revenue', header: 'Revenu', render: (p) => formatMoney(p.revenue), hideBelow: 'md' },
  {
    key: 'due_date',
    header: 'Échéance',
    render: (p) => <DueDate date={p.due_date} closed={isClosed(p)} />,
    sortValue: (p) => dateSortValue(p.due_date),
  },
  {
    key: 'created_at',
    header: 'Créé le',
    render: (p) => formatDate(p.created_at),
    sortValue: (p) => dateSortValue(p.created_at),
    hideBelow: 'sm',
  },
];

const DEFAULT_SORT = { key: 'created_at', direction: 'desc' } as const;
const DEFAULT_ORDERING: ProjectOrdering = '-created_at';

/**
 * /projects — 'Liste des projets'. Read 50 projects at a time (issue 29): the search (name or a
 * client's name, debounced), the status and priority filters and the columns the server sorts
 * (name, due date, creation date) are sent to the server, the next page is asked for as the reader
 * nears the end, and past 100 rows only those near the viewport are rendered; the other columns
 * sort the loaded rows. The status and priority live in the route query, so a link such as
 * /projects?status=en_cours opens the list filtered.
 */
export function ProjectListPage() {
  const [query, setQuery] = useSearchParams();
  const { status, priority } = filtersFromQuery(query);
  const [typed, setTyped] = useState('');
  const [ordering, setOrdering] = useState<ProjectOrdering>(DEFAULT_ORDERING);
  const search = useDebouncedValue(typed.trim(), LIST_SEARCH_DEBOUNCE_MS);

  // A new search, filter or server sort reloads the list from its first page.
  const arg = useMemo(() => projectPageArgs({ search, status, priority }, ordering), [search, status, priority, ordering]);
  const pages = useListProjectPagesInfiniteQuery(arg);
  const { isLoading, error, hasNextPage, isFetchingNextPage } = pages;

  useEffect(() => {
    // SPEC 8: a list that fails to load is only logged.
    if (error) console.error('Échec du chargement des projets', error);
  }, [error]);

  const { rows, total, totalAtLeast, loadMore } = usePagedRows(pages);
  const serverSort = useMemo(
    () => ({
      keys: PROJECT_SERVER_SORTS,
      onSort: (key: string, direction: SortDirection) => setOrdering(`${direction === 'desc' ? '-' : ''}${key}` as ProjectOrdering),
    }),
    [],
  );

  const setFilter = (key: 'status' | 'priority', value: string) => {
    setQuery(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  };

  const reset = () => {
    setTyped('');
    if ([...query.keys()].length > 0) setQuery(new URLSearchParams(), { replace: true });
  };

  const filtered = typed !== '' || [...query.keys()].length > 0;

  return (
    <Page
      title={PROJECT_LIST_TEXTS.title}
      actions={
        <ButtonLink to="/projects/new" variant="primary">
          <IconPlus size={18} aria-hidden="true" />
          {PROJECT_LIST_TEXTS.add}
        </ButtonLink>
      }
    >
      <ListToolbar
        onReset={reset}
        resetDisabled={!filtered}
        resultLabel={isLoading ? undefined : countLabel(total, 'projet', 'projets', totalAtLeast)}
      >
        <TextField
          type="search"
          label="Rechercher"
          placeholder="Nom du projet ou client"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
        />
        <Select
          label="Statut"
          placeholderOption="Tous les statuts"
          options={PROJECT_STATUS_FILTER_OPTIONS}
          value={status}
          onChange={(event) => setFilter('status', event.target.value)}
        />
        <Select
          label="Priorité"
          placeholderOption="Toutes les priorités"
          options={PRIORITY_FILTER_OPTIONS}
          value={priority}
          onChange={(event) => setFilter('priority', event.target.value)}
        />
      </ListToolbar>
      {isLoading ? (
        <Spinner label="Chargement des projets..." />
      ) : (
        <DataTable
          caption={PROJECT_LIST_TEXTS.title}
          columns={COLUMNS}
          rows={rows}
          rowKey={(p) => p.id}
          initialSort={DEFAULT_SORT}
          emptyMessage={PROJECT_LIST_TEXTS.empty}
          virtualize={VirtualRows}
          serverSort={serverSort}
          totalCount={total}
        />
      )}
      {!isLoading && <LoadMore hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />}
    </Page>
  );
}
