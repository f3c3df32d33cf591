import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { SEARCH_MAX_PER_KIND } from '@/shared/search';

type SearchTable = 'contacts' | 'projects' | 'tasks' | 'quotes' | 'invoices' | 'credit_notes';
export type DocumentTable = 'quotes' | 'invoices' | 'credit_notes';

/** `column LIKE '%term%'` on normalised text, with LIKE wildcards in the term escaped. */
function contains(column: string, term: string) {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/**
 * Ids of `table` rows whose search text contains `term`, as a subquery. SQLite: through the FTS5
 * trigram index (migration 0006) when the term has the three characters a trigram needs (the
 * caller filters the owner); otherwise, and on PostgreSQL (whose pg_trgm index serves LIKE), the
 * owner's rows by LIKE.
 */
function matchingIds(dialect: Dialect, table: SearchTable, ownerId: number, term: string) {
  if (dialect === 'sqlite' && [...term].length >= 3) {
    const fts = sql.table(`${table}_fts`);
    // A quoted FTS5 string: the substring itself, whatever operators or quotes it holds.
    const phrase = `"${term.replace(/"/g, '""')}"`;
    return sql<number>`select rowid from ${fts} where ${fts} match ${phrase}`;
  }
  return sql<number>`select id from ${sql.table(table)} where owner_id = ${ownerId} and ${contains('search_text', term)}`;
}

/** `column IN (ids)`: rows are fetched by id from the (usually few) matches, not scanned. */
const idIn = (column: string, ids: ReturnType<typeof matchingIds>) => sql<boolean>`${sql.ref(column)} in (${ids})`;

/**
 * The owner's rows of each kind whose normalised search text contains `term` (already normalised),
 * at most SEARCH_MAX_PER_KIND each.
 */
export function searchRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    contacts: (ownerId: number, term: string) =>
      db.selectFrom('contacts').select(['id', 'name', 'email', 'company']).where('owner_id', '=', ownerId)
        .where(idIn('id', matchingIds(dialect, 'contacts', ownerId, term))).orderBy('name').limit(SEARCH_MAX_PER_KIND).execute(),

    projects: (ownerId: number, term: string) =>
      db.selectFrom('projects').select(['id', 'name', 'status']).where('owner_id', '=', ownerId)
        .where(idIn('id', matchingIds(dialect, 'projects', ownerId, term))).orderBy('id', 'desc').limit(SEARCH_MAX_PER_KIND).execute(),

    tasks: (ownerId: number, term: string) =>
      db.selectFrom('tasks as t').leftJoin('projects as p', 'p.id', 't.project_id')
        .select(['t.id', 't.title', 't.status', 'p.name as project_name']).where('t.owner_id', '=', ownerId)
        .where(idIn('t.id', matchingIds(dialect, 'tasks', ownerId, term))).orderBy('t.id', 'desc').limit(SEARCH_MAX_PER_KIND).execute(),

    /** A document matches by its own text or by its client's name. */
    documents: (ownerId: number, table: DocumentTable, term: string) => {
      const ids = sql<number>`${matchingIds(dialect, table, ownerId, term)}
        union select id from ${sql.table(table)} where client_id in (${matchingIds(dialect, 'contacts', ownerId, term)})`;
      return db
        .selectFrom(`${table} as d` as 'invoices as d')
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .select(['d.id', 'd.title', 'd.number', 'd.status', 'd.total_cents', 'c.id as client_id', 'c.name as client_name'])
        .where('d.owner_id', '=', ownerId)
        .where(idIn('d.id', ids))
        .orderBy('d.id', 'desc')
        .limit(SEARCH_MAX_PER_KIND)
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
