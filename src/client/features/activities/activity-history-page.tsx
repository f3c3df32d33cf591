import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ListToolbar } from '@/client/kit/list-toolbar';
import { countLabel } from '@/client/kit/plural';
import {
  ACTIVITY_ACTIONS, ACTIVITY_OBJECT_LABELS, ACTIVITY_OBJECT_TYPES, activityActionLabel, type ActivityAction, type ActivityObjectType,
} from '@/shared/activity';
import type { ActivityEntry } from '@/shared/contracts/activity';
import { usePagedRows } from '@/client/app/api';
import { formatDateTime } from '@/client/lib/format';
import { LIST_SEARCH_DEBOUNCE_MS, useDebouncedValue } from '@/client/lib/use-debounced-value';
import type { SortDirection } from '@/client/lib/sort';
import { Alert } from '@/client/ui/alert';
import { Badge } from '@/client/ui/badge';
import { Card } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/empty-state';
import { Select, TextField } from '@/client/ui/form-fields';
import { LoadMore } from '@/client/ui/load-more';
import { Page } from '@/client/ui/page';
import { Spinner } from '@/client/ui/spinner';
import { media } from '@/client/ui/theme';
import { DataTable, type DataTableColumn } from '@/client/ui/table';
import { VirtualRows } from '@/client/ui/virtual-rows';
import { useListActivityPagesInfiniteQuery, type ActivityOrdering } from './activities.api';
import { ActivityChanges } from './activity-changes';
import { activityPageArgs, EMPTY_ACTIVITY_FILTERS, hasActiveFilters, type ActivityFilters } from './activity-filters';
import { objectTypeLabel, objectTypeTone } from './activity-labels';

const OBJECT_TYPE_OPTIONS = ACTIVITY_OBJECT_TYPES.map((type) => ({ value: type, label: ACTIVITY_OBJECT_LABELS[type] }));
const ACTION_OPTIONS = ACTIVITY_ACTIONS.map((action) => ({ value: action, label: action }));

const StyledCount = styled.p`
  margin: ${({ theme }) => `${theme.spacing.lg} 0 0`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.sm};
`;

/** Rows with a link are clickable as a whole: the object link stretches over its row. */
const StyledHistoryTable = styled.div`
  tbody tr {
    position: relative;
  }
  a[data-row-link]::after {
    content: '';
    position: absolute;
    inset: 0;
  }
`;

const StyledObject = styled.div`
  min-width: 9rem;
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

const StyledDeletedLabel = styled.span`
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
`;

const StyledAction = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledContext = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
`;

const StyledTime = styled.time`
  display: inline-block;
  min-width: 6rem;
`;

/** On phones the type column is hidden: its badge moves into the object cell. */
const StyledInlineType = styled.span`
  display: none;
  margin-right: ${({ theme }) => theme.spacing.sm};

  ${media.below('sm')} {
    display: inline-flex;
  }
`;

function ObjectCell({ entry }: { entry: ActivityEntry }) {
  const context = [
    entry.client_name ? `Client : ${entry.client_name}` : null,
    entry.project_name ? `Projet : ${entry.project_name}` : null,
  ].filter(Boolean);
  return (
    <StyledObject>
      <StyledInlineType>
        <Badge tone={objectTypeTone(entry.object_type)}>{objectTypeLabel(entry.object_type)}</Badge>
      </StyledInlineType>
      {entry.link ? (
        <Link to={entry.link} data-row-link="">
          {entry.object_label}
        </Link>
      ) : (
        <StyledDeletedLabel>{entry.object_label}</StyledDeletedLabel>
      )}{' '}
      <StyledAction>{activityActionLabel(entry.object_type, entry.action)}</StyledAction>
      {context.length > 0 && <StyledContext>{context.join(' · ')}</StyledContext>}
      <ActivityChanges changes={entry.changes} />
    </StyledObject>
  );
}

const COLUMNS: DataTableColumn<ActivityEntry>[] = [
  {
    key: 'object_type',
    header: "Type d'Objet",
    hideBelow: 'sm',
    sortValue: (entry) => objectTypeLabel(entry.object_type),
    render: (entry) => <Badge tone={objectTypeTone(entry.object_type)}>{objectTypeLabel(entry.object_type)}</Badge>,
  },
  {
    key: 'object',
    header: 'Objet / Action',
    sortValue: (entry) => `${entry.object_label} ${activityActionLabel(entry.object_type, entry.action)}`,
    render: (entry) => <ObjectCell entry={entry} />,
  },
  {
    key: 'timestamp',
    header: 'Date et Heure',
    sortValue: (entry) => Date.parse(entry.timestamp),
    render: (entry) => <StyledTime dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</StyledTime>,
  },
];


/** Only the date is sorted by the server (issue 29); the type and the object sort the loaded entries. */
const SERVER_SORT_KEYS: readonly string[] = ['timestamp'];
const DEFAULT_SORT = { key: 'timestamp', direction: 'desc' } as const;

/**
 * SPEC 2 "Activity history" (/activities), 50 entries at a time (issue 29): the object type and
 * action filters and the date sort go to the server (GET recent-activity/?page_size=50, newest
 * first), and so does the search once typing pauses (label, action and changes, in the entries'
 * search texts); the next page is asked for as the reader nears the end or clicks « Afficher la
 * suite ». The type and object columns sort the loaded entries.
 */
export function ActivityHistoryPage() {
  const [filters, setFilters] = useState<ActivityFilters>(EMPTY_ACTIVITY_FILTERS);
  const [ordering, setOrdering] = useState<ActivityOrdering>('-timestamp');
  const { objectType, action } = filters;
  const search = useDebouncedValue(filters.search.trim(), LIST_SEARCH_DEBOUNCE_MS);
  // A new search, filter or sort reloads the history from its first page.
  const arg = useMemo(() => activityPageArgs({ search, objectType, action }, ordering), [search, objectType, action, ordering]);
  const pages = useListActivityPagesInfiniteQuery(arg, { refetchOnMountOrArgChange: true });
  const { isLoading, isError, hasNextPage, isFetchingNextPage } = pages;
  const { rows: entries, total, totalAtLeast, loadMore } = usePagedRows(pages);
  const serverSort = useMemo(
    () => ({
      keys: SERVER_SORT_KEYS,
      onSort: (_key: string, direction: SortDirection) => setOrdering(direction === 'desc' ? '-timestamp' : 'timestamp'),
    }),
    [],
  );

  const update = (patch: Partial<ActivityFilters>) => setFilters((current) => ({ ...current, ...patch }));

  let content;
  if (isLoading) {
    content = <Spinner label="Chargement des activités..." />;
  } else if (isError) {
    content = <Alert tone="error">Échec du chargement de l'historique d'activité.</Alert>;
  } else if (total === 0 && !search && !objectType && !action) {
    content = <EmptyState title="Aucune activité à afficher pour le moment." />;
  } else {
    content = (
      <StyledHistoryTable>
        <DataTable
          caption="Historique d'activité"
          columns={COLUMNS}
          rows={entries}
          rowKey={(entry) => entry.id}
          initialSort={DEFAULT_SORT}
          emptyMessage="Aucune activité ne correspond à ces critères."
          virtualize={VirtualRows}
          serverSort={serverSort}
          totalCount={total}
        />
        <LoadMore hasMore={Boolean(hasNextPage)} loading={isFetchingNextPage} onLoadMore={loadMore} />
      </StyledHistoryTable>
    );
  }

  return (
    <Page
      title="Historique d'activité"
      description="Les dernières créations, modifications et suppressions de vos contacts, projets, tâches, devis et factures."
    >
      <Card as="div">
        <ListToolbar
          label="Filtrer l'historique"
          onReset={() => setFilters(EMPTY_ACTIVITY_FILTERS)}
          resetDisabled={!hasActiveFilters(filters)}
        >
          <TextField
            label="Rechercher"
            type="search"
            placeholder="Objet, action ou modification"
            autoComplete="off"
            value={filters.search}
            onChange={(event) => update({ search: event.target.value })}
          />
          <Select
            label="Type d'objet"
            placeholderOption="Tous les types"
            options={OBJECT_TYPE_OPTIONS}
            value={filters.objectType}
            onChange={(event) => update({ objectType: event.target.value as ActivityObjectType | '' })}
          />
          <Select
            label="Action"
            placeholderOption="Toutes les actions"
            options={ACTION_OPTIONS}
            value={filters.action}
            onChange={(event) => update({ action: event.target.value as ActivityAction | '' })}
          />
        </ListToolbar>
        {!isLoading && !isError && (total > 0 || hasActiveFilters(filters)) && (
          <StyledCount role="status">{countLabel(total, 'activité', 'activités', totalAtLeast)}</StyledCount>
        )}
      </Card>
      {content}
    </Page>
  );
}
