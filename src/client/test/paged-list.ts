import type { AxiosRequestConfig } from 'axios';
import { compareValues } from '../lib/sort';
import { normalizeSearch } from '@/shared/search';

/**
 * How a fake list answers the paging parameters of issue 29, as the server does (README « Paged
 * lists »): `search` (normalised, in the texts `searchText` gives), exact filters (`name` and
 * `name__in`, comma-separated), `ordering` (`-key` descending, ties by id), `page_size` and
 * `cursor`. Without `page_size` the whole array, unfiltered (the SPEC's list).
 */
export interface PagedListRules<T> {
  searchText?: (row: T) => string[];
  /** filter name → the row's value compared with the parameter's text. */
  filters?: Record<string, (row: T) => unknown>;
  /** ordering key → the row's sort value; the first is the default. */
  orderings: Record<string, (row: T) => unknown>;
  /** Any other condition on the parameters (e.g. a derived status). */
  matches?: (row: T, params: Record<string, string | number | undefined>) => boolean;
  /** The default ordering when `ordering` is absent (e.g. '-created_at'); else the first key ascending. */
  defaultOrdering?: string;
  /** Past this many matches the first page says X-Total-Count-At-Least, as the server past COUNT_CAP. */
  countCap?: number;
}

type Reply = [number, unknown, Record<string, string>?];

/** The fake cursor: the offset of the next row (the server's is a keyset position, opaque to the client). */
const cursorOf = (offset: number) => `o${offset}`;

export function pagedReply<T extends { id: number }>(rows: readonly T[], config: AxiosRequestConfig, rules: PagedListRules<T>): Reply {
  const params = (config.params ?? {}) as Record<string, string | number | undefined>;
  if (params.page_size === undefined) return [200, rows];
  let result = [...rows];
  const search = normalizeSearch(String(params.search ?? ''));
  if (search && rules.searchText) result = result.filter((row) => rules.searchText!(row).some((text) => normalizeSearch(text ?? '').includes(search)));
  for (const [name, value] of Object.entries(rules.filters ?? {})) {
    const exact = params[name];
    const among = params[`${name}__in`];
    if (exact !== undefined && exact !== '') result = result.filter((row) => String(value(row)) === String(exact));
    if (among !== undefined && among !== '') {
      const allowed = String(among).split(',');
      result = result.filter((row) => allowed.includes(String(value(row))));
    }
  }
  if (rules.matches) result = result.filter((row) => rules.matches!(row, params));
  const ordering = String(params.ordering ?? rules.defaultOrdering ?? Object.keys(rules.orderings)[0]);
  const descending = ordering.startsWith('-');
  const read = rules.orderings[ordering.replace(/^-/, '')];
  if (!read) return [400, { ordering: ['Tri inconnu.'] }];
  result.sort((a, b) => (compareValues(read(a), read(b)) || a.id - b.id) * (descending ? -1 : 1));
  const size = Number(params.page_size);
  const start = params.cursor === undefined ? 0 : Number(String(params.cursor).slice(1));
  const page = result.slice(start, start + size);
  // As the server (keyset.ts's firstPageTotal): the count with the first page only.
  const capped = rules.countCap !== undefined && result.length > rules.countCap;
  const headers: Record<string, string> =
    params.cursor !== undefined ? {} : capped ? { 'x-total-count-at-least': String(rules.countCap) } : { 'x-total-count': String(result.length) };
  if (start + size < result.length) headers['x-next-cursor'] = cursorOf(start + size);
  return [200, page, headers];
}

/** The page-size requests a fake list received (`mock.history.get`), with their parameters. */
export function pageRequests(history: AxiosRequestConfig[], url: string) {
  return history
    .filter((request) => request.url === url && (request.params as Record<string, unknown> | undefined)?.page_size !== undefined)
    .map((request) => request.params as Record<string, string | number>);
}
