import type { SelectQueryBuilder } from 'kysely';

/**
 * Query-string filters shared by list endpoints: `field=value` (exact) and
 * `field__in=a,b` for the allowed fields; `exclude_status=x`. Unknown parameters are ignored
 * (the client passes its route query through).
 */
export function applyListFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: Record<string, unknown>,
  allowed: Record<string, string>,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  for (const [param, column] of Object.entries(allowed)) {
    const exact = params[param];
    if (typeof exact === 'string' && exact !== '') q = q.where(column as never, '=', exact as never);
    const list = params[`${param}__in`];
    if (typeof list === 'string' && list !== '') {
      q = q.where(column as never, 'in', list.split(',').map((v) => v.trim()) as never);
    }
  }
  const excluded = params.exclude_status;
  if (typeof excluded === 'string' && excluded !== '' && 'status' in allowed) {
    q = q.where(allowed.status as never, 'not in', excluded.split(',') as never);
  }
  return q;
}
