import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '@/server/db/schema';
import { countRows, type ListPage } from './list-filters';
import { badRequest, echo } from './errors';
import { queryInteger } from './params';

/**
 * Keyset (seek) pages of a list (issue 29), the opt-in beside `limit` (list-filters.ts): with
 * `page_size` (1–100) a list answers its first page, the same plain array of the same rows, with
 * `X-Total-Count` (the filtered count) and `X-Next-Cursor` (absent on the last page); `cursor`
 * asks for the page after it. Never OFFSET: a page is `WHERE (key, id) > (cursor's key, id)
 * ORDER BY key, id LIMIT page_size + 1`, which an index (owner_id, key, id) answers without
 * reading the rows before it nor sorting, however deep the page; the extra row only says whether
 * a next page exists. Rows inserted or deleted between two requests never make a page repeat or
 * skip a row that sorts after the cursor, since the cursor is a position in the order, not a count.
 *
 * NULL sorts first ascending and last descending, on both databases (SQLite's own order; the
 * PostgreSQL indexes of nullable keys are built `NULLS FIRST`, migration 0033).
 */

export const MAX_PAGE_SIZE = 100;
/** Longer than any cursor this file writes (a 500-character text key): anything longer is forged. */
const MAX_CURSOR_LENGTH = 1024;
const MAX_TEXT_KEY = 500;

/** A sort a list offers: its column (as the query names it) and what a cursor may hold for it. */
export interface SortKey {
  column: string;
  type: 'text' | 'integer';
  nullable?: boolean;
}

/** A list's sorts by name; `ordering=<name>` ascending, `ordering=-<name>` descending. */
export type Sorts = Record<string, SortKey>;

export interface KeysetRequest {
  /** The list the cursor belongs to (a cursor of another list is refused). */
  list: string;
  /** As asked, e.g. '-issue_date'. */
  ordering: string;
  key: SortKey;
  desc: boolean;
  pageSize: number;
  /** The last row of the previous page: its sort value and id. */
  after?: { value: string | number | null; id: number };
}

const INVALID_CURSOR = { cursor: ['Curseur de pagination invalide.'] };

/** `cursor` of the row: base64url of `[list, ordering, sort value, id]` (sort values only: nothing another request could not read). */
export function encodeCursor(request: Pick<KeysetRequest, 'list' | 'ordering'>, value: string | number | null, id: number): string {
  return Buffer.from(JSON.stringify([request.list, request.ordering, value, id])).toString('base64url');
}

function decodeCursor(text: unknown, list: string, ordering: string, key: SortKey): KeysetRequest['after'] {
  if (typeof text !== 'string' || text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) throw badRequest(INVALID_CURSOR);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) throw badRequest(INVALID_CURSOR);
  const [cursorList, cursorOrdering, value, id] = parsed as unknown[];
  const valueOk =
    value === null
      ? !!key.nullable
      : key.type === 'integer'
        ? Number.isSafeInteger(value)
        : typeof value === 'string' && value.length <= MAX_TEXT_KEY;
  // Another list's or another order's cursor would seek a meaningless position: refused as forged.
  if (cursorList !== list || cursorOrdering !== ordering || !valueOk || !Number.isSafeInteger(id) || (id as number) < 1) {
    throw badRequest(INVALID_CURSOR);
  }
  return { value: value as string | number | null, id: id as number };
}

/**
 * The page a request asks for, or undefined without `page_size` (the whole list, as the SPEC
 * answers). `ordering` must be one of `sorts` (or its `-` form); `fallback` when absent.
 */
export function keysetRequest(params: Record<string, unknown>, list: string, sorts: Sorts, fallback: string): KeysetRequest | undefined {
  const pageSize = queryInteger(params, 'page_size', 1, MAX_PAGE_SIZE);
  const cursor = params.cursor;
  if (pageSize === undefined) {
    if (cursor !== undefined && cursor !== '') throw badRequest({ page_size: ['Ce champ est obligatoire avec « cursor ».'] });
    return undefined;
  }
  if (params.limit !== undefined && params.limit !== '') throw badRequest({ limit: ['« limit » et « page_size » ne vont pas ensemble.'] });
  const asked = params.ordering === undefined || params.ordering === '' ? fallback : params.ordering;
  const name = typeof asked === 'string' ? asked.replace(/^-/, '') : '';
  const key = Object.hasOwn(sorts, name) ? sorts[name] : undefined;
  if (!key) {
    const choices = Object.keys(sorts).join(', ');
    throw badRequest({ ordering: [`« ${echo(asked)} » n'est pas un choix valide (${choices}, ou -nom pour l'ordre décroissant).`] });
  }
  const ordering = asked as string;
  const after = cursor === undefined || cursor === '' ? undefined : decodeCursor(cursor, list, ordering, key);
  return { list, ordering, key, desc: ordering.startsWith('-'), pageSize, after };
}

/**
 * The page's window on a filtered query: the seek predicate after the cursor, the total order
 * (sort key, then `idColumn`, both the same direction) and page_size + 1 rows. Its columns are
 * the query's own names (e.g. 't.due_date', 't.id').
 */
export function seekPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  request: KeysetRequest,
  idColumn: string,
): SelectQueryBuilder<DB, TB, O> {
  const key = sql.ref(request.key.column);
  const id = sql.ref(idColumn);
  let q = query;
  const after = request.after;
  if (after) {
    const op = sql.raw(request.desc ? '<' : '>');
    // Row values: both databases read them as an index range on (owner_id, key, id).
    const beyond = sql<boolean>`(${key}, ${id}) ${op} (${after.value}, ${after.id})`;
    let seek;
    if (after.value === null) {
      // Among the NULLs (first ascending, last descending) by id, then, ascending, every non-NULL.
      seek = request.desc ? sql<boolean>`(${key} is null and ${id} < ${after.id})` : sql<boolean>`((${key} is null and ${id} > ${after.id}) or ${key} is not null)`;
    } else {
      seek = request.desc && request.key.nullable ? sql<boolean>`(${beyond} or ${key} is null)` : beyond;
    }
    q = q.where(seek as never);
  }
  const direction = request.desc ? 'desc' : 'asc';
  // NULLS FIRST ascending / LAST descending: SQLite's default (its plan still reads the index in
  // order), spelled for PostgreSQL, whose NULLS FIRST indexes of migration 0033 read it either way.
  const nulls = request.key.nullable ? (request.desc ? ' nulls last' : ' nulls first') : '';
  return q
    .orderBy(sql`${key} ${sql.raw(direction + nulls)}`)
    .orderBy(sql`${id} ${sql.raw(direction)}`)
    .limit(request.pageSize + 1);
}

/** Past this many matching rows a list's count says « more than » (X-Total-Count-At-Least). */
export const COUNT_CAP = 10_000;

/**
 * The filtered count a list sends with its first page only: whoever asks for the next page read it
 * on the first (the client keeps the first page's), so deeper pages cost their seek alone. Counted
 * up to COUNT_CAP + 1 rows: a count reads every matching index entry, 4 ms for 200,000 tasks on
 * SQLite, which capped 50 concurrent first pages at 95/s (p99 3.5 s; 1,100/s without it,
 * bench/README.md). `exact` for a list whose screen needs the exact figure (numbered pages).
 */
export async function firstPageTotal<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  request: KeysetRequest,
  query: SelectQueryBuilder<DB, TB, O>,
  options: { exact?: boolean } = {},
): Promise<Pick<ListPage<unknown>, 'total' | 'totalAtLeast'>> {
  if (request.after) return {};
  if (options.exact) return { total: await countRows(query) };
  const matching = query.clearSelect().clearOrderBy().select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from (${matching}) as capped`.execute(db);
  const n = Number(rows[0]?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, totalAtLeast: true } : { total: n };
}

/**
 * The page_size + 1 rows seekPage read → the page's rows and the next page's cursor (none on the
 * last page), from the last kept row's id and sort value (its column's unqualified name, as
 * stored: cents, not euros; a PostgreSQL bigint read as text is made a number again).
 */
export function cutPage<R extends { id: number }>(request: KeysetRequest, rows: R[]): { rows: R[]; nextCursor?: string } {
  if (rows.length <= request.pageSize) return { rows };
  const kept = rows.slice(0, request.pageSize);
  const last = kept[kept.length - 1];
  const raw = (last as Record<string, unknown>)[request.key.column.split('.').pop()!] as string | number | null;
  const value = raw !== null && request.key.type === 'integer' ? Number(raw) : raw;
  return { rows: kept, nextCursor: encodeCursor(request, value, last.id) };
}

/** `column LIKE '%text%'` on a normalised search_text column (the caller normalises), LIKE's wildcards escaped. */
export function searchTextContains(column: string, normalised: string) {
  const pattern = `%${normalised.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
