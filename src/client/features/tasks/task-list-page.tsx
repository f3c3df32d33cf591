import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { TASK_STATUSES } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import { prefetchFirstPage, usePagedRows } from '@/client/app/api';
import type { AppDispatch } from '@/client/app/store';
import { EMPTY_VALUE, formatDate } from '@/client/lib/format';
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
import { useProjectSearch } from '../projects';
import { DueDate } from '@/client/kit/due-date';
import { ListToolbar } from '@/client/kit/list-toolbar';
import { countLabel } from '@/client/kit/plural';
import { RefLinks } from '@/client/kit/ref-links';
import { dateSortValue, prioritySortValue, workflowOrder } from '@/client/kit/sort-values';
import { useContactSearch } from '../contacts';
import { UNKNOWN_CONTACT } from '@/client/kit/contact-picker';
import { RefSearchSelect } from '@/client/kit/ref-search-select';
import { PriorityBadge, TaskStatusBadge } from '@/client/kit/workflow-badges';
import { PRIORITY_FILTER_OPTIONS, TASK_STATUS_FILTER_OPTIONS } from '@/client/kit/workflow-options';
import { isTaskClosed } from './task-sorts';
import { TaskInvoiceBadge } from './task-invoice-badge';
import { DEFAULT_TASK_ORDERING, EMPTY_TASK_FILTERS, hasActiveFilters, taskPageArgs, TASK_SERVER_SORTS, type TaskFilters } from './task-filters';
import { tasksApi, useListTaskPagesInfiniteQuery, type TaskOrdering } from './tasks.api';

export const TASK_LIST_TEXTS = {
  title: 'Liste des tâches',
  add: 'Ajouter une tâche',
  empty: 'Aucune tâche à afficher.',
  noContact: '— Aucun',
} as const;

const statusRank = workflowOrder(TASK_STATUSES);

// Module-level: DataTable memoises its sort on the columns' identity.
const COLUMNS: readonly DataTableColumn<Task>[] = [
  {
    key: 'title',
    header: 'Nom de la tâche',
    render: (t) => (
      <>
        <Link to={`/tasks/${t.id}`}>{t.title}</Link>
        {t.invoice && <> <TaskInvoiceBadge invoice={t.invoice} /></>}
      </>
    ),
  },
  {
    key: 'project',
    header: 'Projet',
    render: (t) => (t.project ? <Link to={`/projects/${t.project.id}`}>{t.project.name}</Link> : EMPTY_VALUE),
    sortValue: (t) => t.project?.name ?? null,
    hideBelow: 'md',
  },
  {
    key: 'contacts',
    header: 'Contact(s)',
    render: (t) => <RefLinks refs={t.contacts} basePath="/contacts" empty={TASK_LIST_TEXTS.noContact} />,
    sortValue: (t) => t.contacts.map((c) => c.name).join(', '),
    hideBelow: 'md',
  },
  {
    key: 'status',
    header: 'Statut',
    render: (t) => <TaskStatusBadge status={t.status} label={t.status_display} />,
    sortValue: (t) => statusRank(t.status),
  },
  {
    key: 'priority',
    header: 'Priorité',
    render: (t) => <PriorityBadge priority={t.priority} label={t.priority_display} />,
    sortValue: (t) => prioritySortValue(t.priority),
    hideBelow: 'sm',
  },
  {
    key: 'due_date',
    header: 'Échéance',
    render: (t) => <DueDate date={t.due_date} closed={isTaskClosed(t)} />,
    sortValue: (t) => dateSortValue(t.due_date),
  },
  {
    key: 'created_at',
    header: 'Créée le',
    render: (t) => formatDate(t.created_at),
    sortValue: (t) => dateSortValue(t.created_at),
    hideBelow: 'sm',
  },
];

const DEFAULT_SORT = { key: 'created_at', direction: 'desc' } as const;

/**
 * /tasks — 'Liste des tâches' (SPEC 2). Read 50 tasks at a time (issue 29): the search (debounced),
 * the filters and the columns the server sorts (title, due date, creation date) are sent to the
 * server, the next page is asked for as the reader nears the end, and past 100 rows only those
 * near the viewport are rendered. The other columns sort the loaded rows.
 */
export function TaskListPage() {
  const [filters, setFilters] = useState<TaskFilters>(EMPTY_TASK_FILTERS);
  // « Réinitialiser » also empties the pickers' search fields (they start afresh).
  const [resets, setResets] = useState(0);
  const [ordering, setOrdering] = useState<TaskOrdering>(DEFAULT_TASK_ORDERING);
  const search = useDebouncedValue(filters.search.trim(), LIST_SEARCH_DEBOUNCE_MS);

  // A new search, filter or server sort reloads the list from its first page.
  const arg = useMemo(
    () => taskPageArgs({ ...filters, search }, ordering),
    // `filters.search` is read through its debounced copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search, filters.status, filters.priority, filters.project, filters.contact, ordering],
  );
  const pages = useListTaskPagesInfiniteQuery(arg);
  const { isLoading, error, hasNextPage, isFetchingNextPage } = pages;

  useEffect(() => {
    // SPEC 8: a list that fails to load is only logged.
    if (error) console.error('Échec du chargement des tâches', error);
  }, [error]);

  const { rows, total, totalAtLeast, loadMore } = usePagedRows(pages);
  const serverSort = useMemo(
    () => ({
      keys: TASK_SERVER_SORTS,
      onSort: (key: string, direction: SortDirection) => setOrdering(`${direction === 'desc' ? '-' : ''}${key}` as TaskOrdering),
    }),
    [],
  );

  const set = (key: keyof TaskFilters) => (event: { target: { value: string } }) =>
    setFilters((previous) => ({ ...previous, [key]: event.target.value }));
  const setId = (key: 'project' | 'contact') => (id: number | null) =>
    setFilters((previous) => ({ ...previous, [key]: id === null ? '' : String(id) }));

  return (
    <Page
      title={TASK_LIST_TEXTS.title}
      actions={
        <ButtonLink to="/tasks/new" variant="primary" iconOnly aria-label={TASK_LIST_TEXTS.add} title={TASK_LIST_TEXTS.add}>
          <IconPlus size={20} aria-hidden="true" />
        </ButtonLink>
      }
    >
      <ListToolbar
        onReset={() => {
          setFilters(EMPTY_TASK_FILTERS);
          setResets((n) => n + 1);
        }}
        resetDisabled={!hasActiveFilters(filters)}
        resultLabel={isLoading ? undefined : countLabel(total, 'tâche', 'tâches', totalAtLeast)}
      >
        <TextField
          type="search"
          label="Rechercher"
          placeholder="Titre, projet ou contact"
          value={filters.search}
          onChange={set('search')}
          autoComplete="off"
        />
        <Select
          label="Statut"
          placeholderOption="Tous les statuts"
          options={TASK_STATUS_FILTER_OPTIONS}
          value={filters.status}
          onChange={set('status')}
        />
        <Select
          label="Priorité"
          placeholderOption="Toutes les priorités"
          options={PRIORITY_FILTER_OPTIONS}
          value={filters.priority}
          onChange={set('priority')}
        />
        <RefSearchSelect
          key={`project-${resets}`}
          label="Projet"
          searchLabel="Rechercher un projet"
          placeholderOption="Tous les projets"
          loadingOption="Chargement des projets..."
          unknownLabel="Projet inconnu"
          useSearch={useProjectSearch}
          value={filters.project ? Number(filters.project) : null}
          onChange={setId('project')}
        />
        <RefSearchSelect
          key={`contact-${resets}`}
          label="Contact"
          searchLabel="Rechercher un contact"
          placeholderOption="Tous les contacts"
          loadingOption="Chargement des contacts..."
          unknownLabel={UNKNOWN_CONTACT}
          useSearch={useContactSearch}
          value={filters.contact ? Number(filters.contact) : null}
          onChange={setId('contact')}
        />
      </ListToolbar>
      {isLoading ? (
        <Spinner label="Chargement des tâches..." />
      ) : (
        <DataTable
          caption={TASK_LIST_TEXTS.title}
          columns={COLUMNS}
          rows={rows}
          rowKey={(t) => t.id}
          initialSort={DEFAULT_SORT}
          emptyMessage={TASK_LIST_TEXTS.empty}
          virtualize={VirtualRows}
          serverSort={serverSort}
          totalCount={total}
        />
      )}
      {!isLoading && <LoadMore hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />}
    </Page>
  );
}

/**
 * The list's first page, asked for as soon as this page's code has arrived (app/route-pages.tsx)
 * rather than after its first render (issue 29): the argument of the page's first render (no
 * filter, newest first), so the page reads this entry instead of asking again.
 */
export function prefetchData(dispatch: AppDispatch): void {
  dispatch(prefetchFirstPage(tasksApi.endpoints.listTaskPages, taskPageArgs(EMPTY_TASK_FILTERS, DEFAULT_TASK_ORDERING)));
}
