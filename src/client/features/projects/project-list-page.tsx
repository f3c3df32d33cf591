import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PROJECT_STATUSES } from '@/shared/projects-tasks';
import type { Project } from '@/shared/contracts/projects';
import { formatDate, formatMoney } from '@/client/lib/format';
import { ButtonLink } from '@/client/ui/button';
import { Select, TextField } from '@/client/ui/form-fields';
import { IconPlus } from '@/client/ui/icons';
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
import { buildProjectIndex, filterProjects, filtersFromQuery } from './project-filters';
import { EMPTY_PROJECTS, projectSelectors, useListProjectsQuery } from './projects.api';

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

/**
 * /projects — 'Liste des projets'. The route query is the server query (status=…, priority=…),
 * so a link such as /projects?status=en_cours opens the list filtered, and the status and
 * priority selects write to it (the list reloads when it changes). The text search stays on
 * the client, deferred so typing stays fluid with thousands of projects.
 */
export function ProjectListPage() {
  const [query, setQuery] = useSearchParams();
  const routeParams = useMemo(() => Object.fromEntries(query.entries()), [query]);
  const { data = EMPTY_PROJECTS, isLoading, isFetching, error } = useListProjectsQuery(routeParams);
  const { status, priority } = filtersFromQuery(query);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);

  useEffect(() => {
    // SPEC 8: a list that fails to load is only logged; it keeps what it showed.
    if (error) console.error('Échec du chargement des projets', error);
  }, [error]);

  const projects = useMemo(() => projectSelectors.selectAll(data), [data]);
  const index = useMemo(() => buildProjectIndex(projects), [projects]);
  const rows = useMemo(
    () => filterProjects(index, { search: deferredSearch, status, priority }),
    [index, deferredSearch, status, priority],
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
    setSearch('');
    if ([...query.keys()].length > 0) setQuery(new URLSearchParams(), { replace: true });
  };

  const filtered = search !== '' || status !== '' || priority !== '' || [...query.keys()].length > 0;
  // While another server query loads, the old rows may not match the new filter yet.
  const waiting = isLoading || (isFetching && rows.length === 0);

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
        resultLabel={waiting ? undefined : countLabel(rows.length, 'projet', 'projets')}
      >
        <TextField
          type="search"
          label="Rechercher"
          placeholder="Nom du projet ou client"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
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
      {waiting ? (
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
        />
      )}
    </Page>
  );
}
