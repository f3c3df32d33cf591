import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { TASK_STATUSES } from '@/shared/projects-tasks';
import type { Task } from '@/shared/contracts/tasks';
import { EMPTY_VALUE, formatDate } from '@/client/lib/format';
import { ButtonLink } from '@/client/ui/button';
import { Select, TextField, type SelectOption } from '@/client/ui/form-fields';
import { IconPlus } from '@/client/ui/icons';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { VirtualRows } from '@/client/ui/virtual-rows';
import { ALL_PROJECTS, EMPTY_PROJECTS, projectSelectors, useListProjectsQuery } from '../projects';
import { DueDate } from '@/client/kit/due-date';
import { ListToolbar } from '@/client/kit/list-toolbar';
import { countLabel } from '@/client/kit/plural';
import { RefLinks } from '@/client/kit/ref-links';
import { dateSortValue, prioritySortValue, workflowOrder } from '@/client/kit/sort-values';
import { useContactOptions } from '../contacts';
import { PriorityBadge, TaskStatusBadge } from '@/client/kit/workflow-badges';
import { PRIORITY_FILTER_OPTIONS, TASK_STATUS_FILTER_OPTIONS } from '@/client/kit/workflow-options';
import { isTaskClosed } from './task-sorts';
import { TaskInvoiceBadge } from './task-invoice-badge';
import { buildTaskIndex, EMPTY_TASK_FILTERS, filterTasks, hasActiveFilters, type TaskFilters } from './task-filters';
import { EMPTY_TASKS, taskSelectors, useListTasksQuery } from './tasks.api';

export const TASK_LIST_TEXTS = {
  title: 'Liste des tâches',
  add: 'Ajouter une tâche',
  empty: 'Aucune tâche à afficher.',
  noContact: '— Aucun',
} as const;

const statusRank = workflowOrder(TASK_STATUSES);
// Built once (Intl objects are costly).
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

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
 * /tasks — 'Liste des tâches'. Loaded once, without parameters (SPEC 7); search and filters run
 * on the client over a pre-normalised index, the search deferred so that typing stays fluid
 * with 20,000 tasks, and only the visible rows are rendered.
 */
export function TaskListPage() {
  const { data = EMPTY_TASKS, isLoading, error } = useListTasksQuery();
  const { data: projectData = EMPTY_PROJECTS } = useListProjectsQuery(ALL_PROJECTS);
  const { options: contacts } = useContactOptions();
  const [filters, setFilters] = useState<TaskFilters>(EMPTY_TASK_FILTERS);
  const deferredSearch = useDeferredValue(filters.search);

  useEffect(() => {
    // SPEC 8: a list that fails to load is only logged.
    if (error) console.error('Échec du chargement des tâches', error);
  }, [error]);

  const tasks = useMemo(() => taskSelectors.selectAll(data), [data]);
  const index = useMemo(() => buildTaskIndex(tasks), [tasks]);
  const rows = useMemo(
    () => filterTasks(index, { ...filters, search: deferredSearch }),
    // `filters.search` is read through its deferred copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, deferredSearch, filters.status, filters.priority, filters.project, filters.contact],
  );

  const projectOptions = useMemo<SelectOption[]>(
    () =>
      projectSelectors
        .selectAll(projectData)
        .map((p) => ({ value: String(p.id), label: p.name }))
        .sort((a, b) => collator.compare(a.label, b.label)),
    [projectData],
  );
  const contactOptions = useMemo<SelectOption[]>(
    () => contacts.map((c) => ({ value: String(c.id), label: c.name })),
    [contacts],
  );

  const set = (key: keyof TaskFilters) => (event: { target: { value: string } }) =>
    setFilters((previous) => ({ ...previous, [key]: event.target.value }));

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
        onReset={() => setFilters(EMPTY_TASK_FILTERS)}
        resetDisabled={!hasActiveFilters(filters)}
        resultLabel={isLoading ? undefined : countLabel(rows.length, 'tâche', 'tâches')}
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
        <Select
          label="Projet"
          placeholderOption="Tous les projets"
          options={projectOptions}
          value={filters.project}
          onChange={set('project')}
        />
        <Select
          label="Contact"
          placeholderOption="Tous les contacts"
          options={contactOptions}
          value={filters.contact}
          onChange={set('contact')}
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
        />
      )}
    </Page>
  );
}
