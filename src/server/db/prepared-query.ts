import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { readIfIdle } from './database';

/** Stands for argument `i` while the query is compiled; no real value starts with U+0000. */
const placeholder = (i: number) => `\u0000prepared-argument-${i}`;

/**
 * A query built and compiled to SQL once, on its first call, then run with each call's values.
 * Kysely otherwise rebuilds the operation tree and compiles it on every call: about half the
 * time of a single-row read (bench/api.ts), so the hottest reads (a contact by id, the dashboard
 * figures) are prepared.
 *
 * `build` receives one placeholder per argument and must bind each as a plain value
 * (`where('id', '=', id)`), not inside a list or raw SQL: the placeholders' positions among the
 * compiled parameters are where each call's values go. A placeholder that does not come out as
 * a parameter is an error, raised on the first call.
 */
export function preparedQuery<DB, Args extends unknown[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: CompiledQuery<Row> | null = null;
  /** For each compiled parameter: the index of the argument it takes, or -1 for a constant. */
  let sources: number[] = [];

  const compile = (arity: number) => {
    const args = Array.from({ length: arity }, (_, i) => placeholder(i)) as Args;
    const query = build(db, ...args).compile();
    sources = query.parameters.map((value) => args.indexOf(value as Args[number]));
    const unbound = args.filter((_, i) => !sources.includes(i));
    if (unbound.length) throw new Error(`preparedQuery: argument(s) ${unbound.map((a) => args.indexOf(a)).join(', ')} not bound as values in ${query.sql}`);
    return query;
  };

  return async (...args: Args) => {
    compiled ??= compile(args.length);
    const query = compiled;
    const parameters = sources.map((source, i) => (source < 0 ? query.parameters[i] : args[source]));
    const rows = readIfIdle(db, query.sql, parameters);
    if (rows) return rows as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
