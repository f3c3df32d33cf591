import { useCallback, useMemo, useState } from 'react';
import { once } from '@/shared/once';

export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K | null;
  direction: SortDirection;
}

// Built once per module, on first use (Intl objects are costly to create).
const collator = once(() => new Intl.Collator('fr', { sensitivity: 'base', numeric: true }));

/**
 * Compares two cell values for sorting: empty values (null, undefined, '') always last,
 * numbers numerically, booleans false < true, dates by time, strings with French collation.
 */
export function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty && bEmpty) return 0;
  if (aEmpty) return 1;
  if (bEmpty) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  return collator().compare(String(a), String(b));
}

/** Returns a new array sorted by `getValue(item, key)`; empty values stay last in both directions. */
export function sortBy<T, K extends string>(
  items: readonly T[],
  key: K,
  direction: SortDirection,
  getValue: (item: T, key: K) => unknown,
): T[] {
  const factor = direction === 'asc' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index, value: getValue(item, key) }))
    .sort((x, y) => {
      const xEmpty = x.value === null || x.value === undefined || x.value === '';
      const yEmpty = y.value === null || y.value === undefined || y.value === '';
      if (xEmpty !== yEmpty) return xEmpty ? 1 : -1;
      return compareValues(x.value, y.value) * factor || x.index - y.index;
    })
    .map((entry) => entry.item);
}

export interface UseSortOptions<T, K extends string> {
  initialKey?: K | null;
  initialDirection?: SortDirection;
  /** How to read the sortable value of a column; defaults to `item[key]`. */
  getValue?: (item: T, key: K) => unknown;
}

export interface UseSortResult<T, K extends string> {
  sorted: T[];
  sortKey: K | null;
  sortDirection: SortDirection;
  /** First click on a column sorts ascending; a click on the active column toggles the direction. */
  requestSort: (key: K) => void;
}

const defaultGetValue = (item: unknown, key: string): unknown =>
  item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;

/** Generic, memoised client-side sorting for tables. */
export function useSort<T, K extends string = string>(
  items: readonly T[],
  options: UseSortOptions<T, K> = {},
): UseSortResult<T, K> {
  const { initialKey = null, initialDirection = 'asc', getValue } = options;
  const [state, setState] = useState<SortState<K>>({ key: initialKey, direction: initialDirection });

  const requestSort = useCallback((key: K) => {
    setState((prev) =>
      prev.key === key
        ? { key, direction: prev.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
  }, []);

  const read = getValue ?? (defaultGetValue as (item: T, key: K) => unknown);
  const sorted = useMemo(
    () => (state.key === null ? [...items] : sortBy(items, state.key, state.direction, read)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [items, state.key, state.direction, getValue],
  );

  return { sorted, sortKey: state.key, sortDirection: state.direction, requestSort };
}
