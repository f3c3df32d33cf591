import type { FastifyReply } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { badRequest, echo } from './errors';
import { parseId, queryInteger } from './params';

/** More values than any screen sends; also keeps `IN (…)` far below the databases' parameter limits. */
export const MAX_LIST_FILTER_VALUES = 100;

function valueList(params: Record<string, unknown>, param: string): string[] | null {
  const value = params[param];
  if (typeof value !== 'string' || value === '') return null;
  const values = value.split(',').map((v) => v.trim());
  if (values.length > MAX_LIST_FILTER_VALUES) throw badRequest({ [param]: [`Au plus ${MAX_LIST_FILTER_VALUES} valeurs.`] });
  return values;
}

/**
 * Query-string filters shared by list endpoints: `field=value` (exact) and
 * `field__in=a,b` for the allowed fields; `exclude_status=x`. Unknown parameters are ignored
 * (the client passes its route query through). Values of `idParams` must be ids: any other
 * value matches nothing (PostgreSQL would fail comparing an integer column with 'abc').
 */
export function applyListFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: Record<string, unknown>,
  allowed: Record<string, string>,
  idParams: string[] = [],
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  const matchNothing = () => q.where(sql<boolean>`1 = 0`);
  for (const [param, column] of Object.entries(allowed)) {
    const exact = params[param];
    const list = valueList(params, `${param}__in`);
    if (idParams.includes(param)) {
      if (typeof exact === 'string' && exact !== '') {
        const id = parseId(exact);
        q = id === null ? matchNothing() : q.where(column as never, '=', id as never);
      }
      if (list) {
        const ids = list.map(parseId).filter((id) => id !== null);
        q = ids.length ? q.where(column as never, 'in', ids as never) : matchNothing();
      }
      continue;
    }
    if (typeof exact === 'string' && exact !== '') q = q.where(column as never, '=', exact as never);
    if (list) q = q.where(column as never, 'in', list as never);
  }
  const excluded = valueList(params, 'exclude_status');
  if (excluded && 'status' in allowed) {
    q = q.where(allowed.status as never, 'not in', excluded as never);
  }
  return q;
}

/** The largest `limit` a list accepts. */
export const MAX_LIST_LIMIT = 100;

/**
 * `limit` (1–100) and `ordering` (one of the endpoint's named orders) of a list request.
 * Without them a list is whole, in its default order; with `limit`, the answer carries the
 * uncut count in `X-Total-Count` (see sendPage).
 */
export function listWindow<O extends string>(params: Record<string, unknown>, orderings: readonly O[]): { limit?: number; ordering?: O } {
  const limit = queryInteger(params, 'limit', 1, MAX_LIST_LIMIT);
  const ordering = params.ordering;
  if (ordering === undefined || ordering === '') return { limit };
  if (typeof ordering !== 'string' || !orderings.includes(ordering as O)) {
    throw badRequest({ ordering: [`« ${echo(ordering)} » n'est pas un choix valide.`] });
  }
  return { limit, ordering: ordering as O };
}

/**
 * One page of a list: its rows, and the count before `limit` or `page_size` cut it (absent without
 * them, and on a keyset page after the first: keyset.ts's firstPageTotal, which stops counting
 * past a cap: `totalAtLeast` then says the list has more than `total`); a keyset page also has the
 * next page's cursor, unless it is the last.
 */
export interface ListPage<T> {
  items: T[];
  total?: number;
  totalAtLeast?: boolean;
  nextCursor?: string;
}

/**
 * Answers a list page: the rows as the body, the uncut count as `X-Total-Count` (or, counted up to
 * a cap only, that cap as `X-Total-Count-At-Least`), the next cursor as `X-Next-Cursor`.
 */
export function sendPage<T>(reply: FastifyReply, page: ListPage<T>): T[] {
  if (page.total !== undefined) reply.header(page.totalAtLeast ? 'X-Total-Count-At-Least' : 'X-Total-Count', String(page.total));
  if (page.nextCursor !== undefined) reply.header('X-Next-Cursor', page.nextCursor);
  return page.items;
}

/** How many rows a filtered list query matches (its selection and order dropped). */
export async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number((row as { n: number | string }).n);
}
