import { useCallback, useDeferredValue, type ReactNode, type ThHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { useSort, type SortDirection } from '../lib/sort';
import { IconArrowDown, IconArrowUp, IconSort } from './icons';
import { EmptyState } from './empty-state';
import { visuallyHidden } from './global-style';
import { media } from './theme';

/**
 * A phone's list (issue 18): each row a compact card instead of a table cut at the screen's edge.
 * The first cell is the card's title line; the others (those not hidden below sm) follow on
 * wrapped lines, each after its column's name (`data-label`). No column headers, so no sorting.
 */
const cardsOnPhones = css`
  ${media.below('sm')} {
    overflow-x: visible;

    table,
    tbody {
      display: block;
    }
    thead {
      display: none;
    }
    tr {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: ${({ theme }) => `${theme.spacing.xs} ${theme.spacing.lg}`};
      padding: ${({ theme }) => theme.spacing.md};
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tr:last-child,
    tr[aria-hidden='true'] {
      border-bottom: none;
    }
    /* The virtualised list's spacers keep their height and nothing else. */
    tr[aria-hidden='true'] {
      padding: 0;
    }
    td {
      padding: 0;
      border-bottom: none;
    }
    td:first-child {
      flex: 1 0 100%;
      font-size: ${({ theme }) => theme.typography.size.md};
      font-weight: ${({ theme }) => theme.typography.weight.medium};
    }
    td:not(:first-child)[data-label]::before {
      content: attr(data-label);
      margin-right: ${({ theme }) => theme.spacing.sm};
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.typography.size.xs};
    }
  }
`;

export const StyledTableWrapper = styled.div<{ $cards?: boolean }>`
  width: 100%;
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};

  ${({ $cards }) => ($cards ? cardsOnPhones : '')}
`;

export const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.size.sm};

  caption {
    text-align: left;
    padding: ${({ theme }) => theme.spacing.md};
    font-weight: ${({ theme }) => theme.typography.weight.semibold};
  }
`;

const StyledHiddenCaption = styled.caption`
  ${visuallyHidden}
`;

export const StyledTh = styled.th<{ $hideBelow?: 'sm' | 'md' }>`
  text-align: left;
  padding: 10px 12px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.typography.size.xs};
  font-weight: ${({ theme }) => theme.typography.weight.semibold};
  text-transform: uppercase;
  letter-spacing: 0.03em;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;

  ${({ theme, $hideBelow }) =>
    $hideBelow ? `@media (max-width: calc(${theme.breakpoints[$hideBelow]} - 1px)) { display: none; }` : ''}
`;

export const StyledTd = styled.td<{ $hideBelow?: 'sm' | 'md' }>`
  padding: 10px 12px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  vertical-align: middle;

  ${({ theme, $hideBelow }) =>
    $hideBelow ? `@media (max-width: calc(${theme.breakpoints[$hideBelow]} - 1px)) { display: none; }` : ''}
`;

export const StyledTr = styled.tr`
  &:last-child td {
    border-bottom: none;
  }
  tbody &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

const StyledSortButton = styled.button<{ $active: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 4px;
  margin: -2px -4px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme, $active }) => ($active ? theme.colors.text : theme.colors.textMuted)};
  font: inherit;
  text-transform: inherit;
  letter-spacing: inherit;
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

export interface SortableHeaderProps extends Omit<ThHTMLAttributes<HTMLTableCellElement>, 'onClick'> {
  label: ReactNode;
  columnKey: string;
  activeKey: string | null;
  direction: SortDirection;
  onSort: (key: string) => void;
  hideBelow?: 'sm' | 'md';
}

/**
 * Column header that sorts on click (or Enter/Space, it is a button):
 * first activation ascending, the next one descending. The active column shows an arrow
 * and exposes aria-sort.
 */
export function SortableHeader({
  label,
  columnKey,
  activeKey,
  direction,
  onSort,
  hideBelow,
  ...rest
}: SortableHeaderProps) {
  const active = activeKey === columnKey;
  const ariaSort = active ? (direction === 'asc' ? 'ascending' : 'descending') : 'none';
  return (
    <StyledTh scope="col" aria-sort={ariaSort} $hideBelow={hideBelow} {...rest}>
      <StyledSortButton type="button" $active={active} onClick={() => onSort(columnKey)}>
        {label}
        {active ? (
          direction === 'asc' ? (
            <IconArrowUp size={14} data-testid="sort-arrow-asc" />
          ) : (
            <IconArrowDown size={14} data-testid="sort-arrow-desc" />
          )
        ) : (
          <IconSort size={14} opacity={0.5} />
        )}
      </StyledSortButton>
    </StyledTh>
  );
}

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  /** Cell content; defaults to the raw field value. */
  render?: (row: T) => ReactNode;
  /** Value used for sorting; defaults to row[key]. */
  sortValue?: (row: T) => unknown;
  sortable?: boolean;
  hideBelow?: 'sm' | 'md';
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Accessible name of the table. */
  caption: string;
  /** Show the caption visually (otherwise it is only read by assistive tech). */
  showCaption?: boolean;
  initialSort?: { key: string; direction: SortDirection };
  emptyMessage?: ReactNode;
  /**
   * Render only the rows near the viewport once there are more than VIRTUALIZE_FROM rows
   * (long unpaginated lists: tasks, projects, quotes, invoices, activity): pass ui/virtual-rows's
   * VirtualRows. A prop rather than an import, so that the pages whose tables stay short (a
   * document's payments, deposits and reminders, the dashboard) do not download the virtualizer
   * (10 KB gzip; issue 18).
   */
  virtualize?: VirtualRowsComponent;
  /**
   * A list loaded page by page (issue 29): the columns whose sort the server applies. Sorting by
   * one of them calls `onSort` (the list asks the server again) and keeps the rows in the order
   * they come; the other columns sort the loaded rows. The initial sort is `initialSort`.
   */
  serverSort?: { keys: readonly string[]; onSort: (key: string, direction: SortDirection) => void };
  /** The list's full length when only part of it is loaded (aria-rowcount). */
  totalCount?: number;
}

/** Below this many rows a plain table is cheap enough and simpler for the browser's find-in-page. */
export const VIRTUALIZE_FROM = 100;

/**
 * Rows of a table's first commit: a screenful (a desktop's, more than a phone's cards). The rest
 * follow in a background render that React splits into short tasks: a first page of 50 document
 * rows rendered at once was one long task on a phone (Lighthouse TBT 200–240 ms, bench/README.md).
 */
export const FIRST_COMMIT_ROWS = 20;

/** A row's height before it is measured (a desktop row; a phone's card is taller). */
export const ESTIMATED_ROW_HEIGHT = 45;

export interface VirtualRowsProps<T> {
  rows: readonly T[];
  renderRow: (row: T, index: number, ref: (el: Element | null) => void) => ReactNode;
}

/** A tbody rendering only the rows near the viewport (ui/virtual-rows.tsx). */
export type VirtualRowsComponent = <T>(props: VirtualRowsProps<T>) => ReactNode;

/** Generic table with sortable headers, sorting memoised via useSort; cards on phones. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  showCaption,
  initialSort,
  emptyMessage = 'Aucun élément à afficher.',
  virtualize: VirtualRows,
  serverSort,
  totalCount,
}: DataTableProps<T>) {
  const getValue = useCallback(
    (row: T, key: string) => {
      const column = columns.find((c) => c.key === key);
      return column?.sortValue ? column.sortValue(row) : (row as Record<string, unknown>)[key];
    },
    [columns],
  );
  const { sorted: clientSorted, sortKey, sortDirection, requestSort: sortHere } = useSort<T, string>(rows, {
    initialKey: initialSort?.key ?? null,
    initialDirection: initialSort?.direction ?? 'asc',
    getValue,
  });
  const sortedByServer = serverSort !== undefined && sortKey !== null && serverSort.keys.includes(sortKey);
  const ordered = sortedByServer ? rows : clientSorted;
  // On mount, a screenful; every later change (sort, next page) in the background too.
  const sorted = useDeferredValue(ordered, ordered.slice(0, FIRST_COMMIT_ROWS));
  const onServerSort = serverSort?.onSort;
  const serverKeys = serverSort?.keys;
  const requestSort = useCallback(
    (key: string) => {
      sortHere(key);
      if (onServerSort && serverKeys?.includes(key)) onServerSort(key, key === sortKey && sortDirection === 'asc' ? 'desc' : 'asc');
    },
    [sortHere, onServerSort, serverKeys, sortKey, sortDirection],
  );

  if (rows.length === 0) {
    return <EmptyState title={emptyMessage} />;
  }

  function renderRow(row: T, index: number, measure?: (el: Element | null) => void) {
    return (
      <StyledTr key={rowKey(row)} ref={measure} data-index={index} aria-rowindex={index + 2}>
        {columns.map((column) => (
          <StyledTd
            key={column.key}
            $hideBelow={column.hideBelow}
            data-label={typeof column.header === 'string' ? column.header : undefined}
          >
            {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '')}
          </StyledTd>
        ))}
      </StyledTr>
    );
  }

  return (
    <StyledTableWrapper $cards>
      <StyledTable aria-rowcount={(totalCount ?? rows.length) + 1}>
        {showCaption ? <caption>{caption}</caption> : <StyledHiddenCaption>{caption}</StyledHiddenCaption>}
        <thead>
          <tr>
            {columns.map((column) =>
              column.sortable === false ? (
                <StyledTh key={column.key} scope="col" $hideBelow={column.hideBelow}>
                  {column.header}
                </StyledTh>
              ) : (
                <SortableHeader
                  key={column.key}
                  label={column.header}
                  columnKey={column.key}
                  activeKey={sortKey}
                  direction={sortDirection}
                  onSort={requestSort}
                  hideBelow={column.hideBelow}
                />
              ),
            )}
          </tr>
        </thead>
        {VirtualRows && sorted.length > VIRTUALIZE_FROM ? (
          <VirtualRows rows={sorted} renderRow={renderRow} />
        ) : (
          <tbody>
            {sorted.map((row, index) => renderRow(row, index))}
            {/* The rows still to come hold their place: the list's end (where the next page is
                asked for) does not come into view while they render. */}
            {ordered.length > sorted.length && (
              <tr aria-hidden="true" data-testid="rows-to-come" style={{ height: (ordered.length - sorted.length) * ESTIMATED_ROW_HEIGHT }} />
            )}
          </tbody>
        )}
      </StyledTable>
    </StyledTableWrapper>
  );
}
