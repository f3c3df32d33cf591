import { normalizeSearch } from '@/shared/search';

/** An item with its searchable text, normalised once (lower case, no accents). */
export interface SearchEntry<T> {
  item: T;
  text: string;
}

/**
 * Normalises each item's searchable fields once, so that each keystroke on a list of
 * 20,000 rows costs only a substring test per row.
 */
export function buildSearchIndex<T>(items: readonly T[], fieldsOf: (item: T) => readonly (string | null | undefined)[]): SearchEntry<T>[] {
  return items.map((item) => ({ item, text: normalizeSearch(fieldsOf(item).filter(Boolean).join('\n')) }));
}

/**
 * SPEC 5: case-insensitive substring match (here also accent-insensitive: 'ecole' finds 'École').
 * An empty query matches everything.
 */
export function matchesQuery(entry: SearchEntry<unknown>, normalizedQuery: string): boolean {
  return normalizedQuery === '' || entry.text.includes(normalizedQuery);
}

export { normalizeSearch };
