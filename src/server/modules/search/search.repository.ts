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

/**
 * Each kind's ten, written out in the SQL: SQLite prepares a statement again at every run when a
 * bound value may change its plan, as a bound LIMIT does (~50 µs of a 15 µs read). The walks'
 * limits are written out for the same reason.
 */
const KEPT = sql.lit<number>(SEARCH_MAX_PER_KIND);

/** SQLite's FTS5 trigram index answers terms of three characters or more. */
const usesFts = (dialect: Dialect, term: string) => dialect === 'sqlite' && [...term].length >= 3;

/** A quoted FTS5 string: the substring itself, whatever operators or quotes it holds. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * How a term's matching contacts (its clients) are counted: up to this many. Fewer, the word is
 * rare: its contacts and their documents are read through the indexes, by those ids. As many, it is
 * common (« sarl »: 6,000 of 50,000 contacts, the clients of 12,000 of 100,000 invoices, all fetched
 * and sorted for ten took 9.5 ms per document kind): its ten are found by walking the owner's rows in
 * the list's order, SEARCH_WALK_ROWS at most, then (if fewer than ten there) through the indexes.
 * Documents go this way only for a two-character term: on SQLite a longer one finds them in their own
 * index, which holds their client's text (migration 0041).
 */
export const COMMON_FROM_CONTACTS = 200;

/** How many of the owner's rows, in the list's order, a common word's search reads before asking the indexes. */
export const SEARCH_WALK_ROWS = 500;

/**
 * A term's matching contacts: all of them when `all`, otherwise the first COMMON_FROM_CONTACTS found.
 * Null: no count, each read as one query whose plan the database chooses — PostgreSQL's planner already
 * walks the primary key backwards for a common word and the trigram index for a rare one, and the
 * walks' extra round trips cost it more than they saved (10,000 invoices: 4.7 → 7.7 ms per search).
 */
export type ContactMatches = { ids: number[]; all: boolean } | null;

/**
 * The owner's rows of each kind whose normalised search text contains `term` (already normalised),
 * at most SEARCH_MAX_PER_KIND each; contacts and documents from the term's `ContactMatches`, read
 * once per search. `walkRows` and `commonFromContacts`: the constants above (tests set small ones
 * to reach every way with a few rows).
 */
export function searchRepository(
  db: Kysely<Database>,
  dialect: Dialect,
  { walkRows = SEARCH_WALK_ROWS, commonFromContacts = COMMON_FROM_CONTACTS } = {},
) {
  /**
   * Ids of the newest SEARCH_MAX_PER_KIND rows of `table` whose own text contains `term` — on SQLite
   * a document's index also holds its client's text (migration 0041). SQLite: FTS5 hands its matches
   * newest first (rowid order), each checked against its row's owner, until ten — a common word never
   * collects its thousands of matches first. PostgreSQL: the primary key walked backwards when the
   * term is common, the trigram index when it is rare (its planner's choice).
   */
  const newestOwnMatches = (table: SearchTable, ownerId: number, term: string) => {
    if (usesFts(dialect, term)) {
      const fts = sql.table(`${table}_fts`);
      return sql<number>`select id from (select ${fts}.rowid as id from ${fts} join ${sql.table(table)} as own on own.id = ${fts}.rowid
        where ${fts} match ${ftsPhrase(term)} and own.owner_id = ${ownerId} order by ${fts}.rowid desc limit ${KEPT}) as newest`;
    }
    return sql<number>`select id from (select id from ${sql.table(table)} where owner_id = ${ownerId} and ${matches(dialect, table, term)}
      order by id desc limit ${KEPT}) as newest`;
  };

  /**
   * A row's own text matches, for a query that keeps the newest ten: on SQLite among FTS5's newest
   * matches (newestOwnMatches); on PostgreSQL the plain condition, planned with the query's own order and limit.
   */
  const ownNewest = (table: 'projects' | 'tasks', ownerId: number, term: string, alias: string) =>
    usesFts(dialect, term)
      ? sql<boolean>`${sql.ref(`${alias}.id`)} in (${newestOwnMatches(table, ownerId, term)})`
      : matches(dialect, table, term, alias);

  /** Whether the owner has more rows of `table` than a walk reads (if not, the walk saw every match). */
  const beyondWalk = async (table: 'contacts' | DocumentTable, ownerId: number) =>
    !!(await db.selectFrom(table as 'invoices').select('id').where('owner_id', '=', ownerId).orderBy('id').limit(sql.lit(1)).offset(sql.lit(walkRows)).executeTakeFirst());

  /**
   * A common word's documents by client: the ids of the newest SEARCH_MAX_PER_KIND whose client's
   * text contains `term`, when the owner's newest `walkRows` documents hold that many or are all the
   * owner's; otherwise null. Exact either way: the walk goes newest first.
   */
  const newestByClientWalk = async (table: DocumentTable, ownerId: number, term: string): Promise<number[] | null> => {
    const rows = await db
      .selectFrom(
        db.selectFrom(table as 'invoices').select(['id', 'client_id']).where('owner_id', '=', ownerId).orderBy('id', 'desc').limit(sql.lit(walkRows)).as('w'),
      )
      .innerJoin('contacts as c', 'c.id', 'w.client_id')
      .select('w.id')
      .where(contains('c.search_text', term))
      .orderBy('w.id', 'desc')
      .limit(KEPT)
      .execute();
    return rows.length === SEARCH_MAX_PER_KIND || !(await beyondWalk(table, ownerId)) ? rows.map((r) => r.id) : null;
  };

  /**
   * The newest SEARCH_MAX_PER_KIND documents of these clients. SQLite's `+owner_id`: through the client
   * index, never by walking the owner's every document newest first (its planner would, to avoid a
   * sort: 33 ms at 100,000 invoices for a word no client holds). PostgreSQL's planner chooses per term.
   */
  const newestOfClients = (table: DocumentTable, ownerId: number, clients: RawBuilder<number>) =>
    sql<number>`select id from (select id from ${sql.table(table)} where ${dialect === 'sqlite' ? sql`+owner_id` : sql`owner_id`} = ${ownerId}
      and client_id in (${clients}) order by id desc limit ${KEPT}) as newest`;

  /** The newest SEARCH_MAX_PER_KIND of the owner's documents that are `found`, with their client's name. */
  const newestDocuments = (table: DocumentTable, ownerId: number, found: RawBuilder<boolean>) =>
    db
      .selectFrom(`${table} as d` as 'invoices as d')
      .innerJoin('contacts as c', 'c.id', 'd.client_id')
      .select(['d.id', 'd.title', 'd.number', 'd.status', 'd.total_cents', 'c.id as client_id', 'c.name as client_name'])
      .where('d.owner_id', '=', ownerId)
      .where(found)
      .orderBy('d.id', 'desc')
      .limit(KEPT)
      .execute();

  return {
    /** SQLite: the count that picks each read's way; PostgreSQL: null (its planner's choice). */
    contactMatches: async (ownerId: number, term: string): Promise<ContactMatches> => {
      if (dialect === 'postgres') return null;
      const rows = await db.selectFrom('contacts').select('id').where('owner_id', '=', ownerId)
        .where(matches(dialect, 'contacts', term)).limit(sql.lit(commonFromContacts)).execute();
      return { ids: rows.map((r) => r.id), all: rows.length < commonFromContacts };
    },

    /** By name (then id). */
    contacts: async (ownerId: number, term: string, matching: ContactMatches) => {
      const columns = ['id', 'name', 'email', 'company'] as const;
      const byIndexes = () => db.selectFrom('contacts').select(columns).where('owner_id', '=', ownerId)
        .where(matches(dialect, 'contacts', term)).orderBy('name').orderBy('id').limit(KEPT).execute();
      if (!matching) return byIndexes();
      if (matching.all) {
        if (!matching.ids.length) return [];
        return db.selectFrom('contacts').select(columns).where('owner_id', '=', ownerId).where('id', 'in', matching.ids)
          .orderBy('name').orderBy('id').limit(KEPT).execute();
      }
      const walked = await db
        .selectFrom(
          db.selectFrom('contacts').select([...columns, 'search_text']).where('owner_id', '=', ownerId)
            .orderBy('name').orderBy('id').limit(sql.lit(walkRows)).as('w'),
        )
        .select(columns)
        .where(contains('w.search_text', term))
        .orderBy('name').orderBy('id').limit(KEPT)
        .execute();
      if (walked.length === SEARCH_MAX_PER_KIND || !(await beyondWalk('contacts', ownerId))) return walked;
      return byIndexes();
    },

    projects: (ownerId: number, term: string) =>
      db.selectFrom('projects').select(['id', 'name', 'status']).where('owner_id', '=', ownerId)
        .where(ownNewest('projects', ownerId, term, 'projects')).orderBy('id', 'desc').limit(KEPT).execute(),

    tasks: (ownerId: number, term: string) =>
      db.selectFrom('tasks as t').leftJoin('projects as p', 'p.id', 't.project_id')
        .select(['t.id', 't.title', 't.status', 'p.name as project_name']).where('t.owner_id', '=', ownerId)
        .where(ownNewest('tasks', ownerId, term, 't')).orderBy('t.id', 'desc').limit(KEPT).execute(),

    /**
     * A document matches by its own text or by its client's (name, e-mail, company). SQLite, a term
     * of three characters or more: one read of the document's index, which holds both (migration
     * 0041). Otherwise each way yields its own newest SEARCH_MAX_PER_KIND, then the newest of both are kept.
     */
    documents: async (ownerId: number, table: DocumentTable, term: string, matching: ContactMatches) => {
      const own = newestOwnMatches(table, ownerId, term);
      if (usesFts(dialect, term)) return newestDocuments(table, ownerId, sql<boolean>`d.id in (${own})`);
      const allClients = () => newestOfClients(table, ownerId, sql<number>`select id from contacts where owner_id = ${ownerId} and ${matches(dialect, 'contacts', term)}`);
      let byClient: RawBuilder<number> | number[];
      if (!matching) {
        byClient = allClients();
      } else if (matching.all) {
        byClient = matching.ids.length ? newestOfClients(table, ownerId, sql<number>`${sql.join(matching.ids)}`) : [];
      } else {
        byClient = (await newestByClientWalk(table, ownerId, term)) ?? allClients();
      }
      let either: RawBuilder<boolean>;
      if (Array.isArray(byClient)) {
        either = byClient.length ? sql<boolean>`(d.id in (${own}) or d.id in (${sql.join(byClient)}))` : sql<boolean>`d.id in (${own})`;
      } else {
        either = sql<boolean>`d.id in (${own} union all ${byClient})`;
      }
      return newestDocuments(table, ownerId, either);
    },
  };
}

export type SearchRepository = ReturnType<typeof searchRepository>;
