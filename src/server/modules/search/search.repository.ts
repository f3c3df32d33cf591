import { sql, type Kysely, type RawBuilder } from 'kysely';
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
 * Whether a row of `table` (named `alias` in the query) has a search text containing `term`.
 * SQLite: through the FTS5 trigram index (migration 0006) when the term has the three characters a
 * trigram needs; otherwise, and on PostgreSQL (whose pg_trgm index serves LIKE), by LIKE. The
 * caller filters the owner.
 */
function matches(dialect: Dialect, table: SearchTable, term: string, alias: string = table): RawBuilder<boolean> {
  if (usesFts(dialect, term)) {
    const fts = sql.table(`${table}_fts`);
    return sql<boolean>`${sql.ref(`${alias}.id`)} in (select rowid from ${fts} where ${fts} match ${ftsPhrase(term)})`;
  }
  return contains(`${alias}.search_text`, term);
}

/** SQLite's FTS5 trigram index answers terms of three characters or more. */
const usesFts = (dialect: Dialect, term: string) => dialect === 'sqlite' && [...term].length >= 3;

/** A quoted FTS5 string: the substring itself, whatever operators or quotes it holds. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * The owner's rows of each kind whose normalised search text contains `term` (already normalised),
 * at most SEARCH_MAX_PER_KIND each.
 */
export function searchRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    contacts: (ownerId: number, term: string) =>
      db.selectFrom('contacts').select(['id', 'name', 'email', 'company']).where('owner_id', '=', ownerId)
        .where(matches(dialect, 'contacts', term)).orderBy('name').limit(SEARCH_MAX_PER_KIND).execute(),

    projects: (ownerId: number, term: string) =>
      db.selectFrom('projects').select(['id', 'name', 'status']).where('owner_id', '=', ownerId)
        .where(matches(dialect, 'projects', term)).orderBy('id', 'desc').limit(SEARCH_MAX_PER_KIND).execute(),

    tasks: (ownerId: number, term: string) =>
      db.selectFrom('tasks as t').leftJoin('projects as p', 'p.id', 't.project_id')
        .select(['t.id', 't.title', 't.status', 'p.name as project_name']).where('t.owner_id', '=', ownerId)
        .where(matches(dialect, 'tasks', term, 't')).orderBy('t.id', 'desc').limit(SEARCH_MAX_PER_KIND).execute(),

    /**
     * A document matches by its own text or by its client's name. Each way yields its own newest
     * SEARCH_MAX_PER_KIND, then the newest of both are kept: a common name reads a few rows from the
     * newest down instead of every match (PostgreSQL, « martin » at 10k invoices: 12 → 1.5 ms).
     */
    documents: (ownerId: number, table: DocumentTable, term: string) => {
      const newest = (where: RawBuilder<boolean>) => sql<number>`select id from (select id from ${sql.table(table)}
        where owner_id = ${ownerId} and ${where} order by id desc limit ${SEARCH_MAX_PER_KIND}) as newest`;
      // SQLite: FTS5 hands its matches newest first (rowid order), each checked against its row's
      // owner, until ten: a common word no longer collects its thousands of matches first.
      const fts = sql.table(`${table}_fts`);
      const ownText = usesFts(dialect, term)
        ? sql<number>`select id from (select ${fts}.rowid as id from ${fts} join ${sql.table(table)} as own on own.id = ${fts}.rowid
            where ${fts} match ${ftsPhrase(term)} and own.owner_id = ${ownerId} order by ${fts}.rowid desc limit ${SEARCH_MAX_PER_KIND}) as newest`
        : newest(matches(dialect, table, term));
      const clients = sql<number>`select id from contacts where owner_id = ${ownerId} and ${matches(dialect, 'contacts', term)}`;
      return db
        .selectFrom(`${table} as d` as 'invoices as d')
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .select(['d.id', 'd.title', 'd.number', 'd.status', 'd.total_cents', 'c.id as client_id', 'c.name as client_name'])
        .where('d.owner_id', '=', ownerId)
        .where(sql<boolean>`d.id in (${ownText} union all ${newest(sql`client_id in (${clients})`)})`)
        .orderBy('d.id', 'desc')
        .limit(SEARCH_MAX_PER_KIND)
        .execute();
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
