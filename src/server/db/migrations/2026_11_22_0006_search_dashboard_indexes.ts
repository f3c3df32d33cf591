import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';
import { SEARCH_SOURCES } from './2026_11_21_0005_search_text';

/**
 * Indexes found by bench/api.ts (issue 8) at 10,000 invoices:
 * - dashboard aggregates read only index entries: (owner, status, payment date, total) answers
 *   every invoice sum, (owner, due date, id) finds the next expected payment without a sort;
 * - the global search `LIKE '%term%'` scanned every row of five tables: substrings are now indexed
 *   by trigrams (SQLite: FTS5 `trigram` tables kept in step by triggers; PostgreSQL: pg_trgm GIN).
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  for (const table of ['quotes', 'invoices']) {
    // Superseded by the covering index below (same leading columns).
    await db.schema.dropIndex(`${table}_owner_status_idx`).execute();
    await db.schema
      .createIndex(`${table}_owner_status_totals_idx`)
      .on(table)
      .columns(['owner_id', 'status', 'payment_date', 'total_cents'])
      .execute();
  }
  await db.schema.createIndex('invoices_owner_due_idx').on('invoices').columns(['owner_id', 'end_date', 'id']).execute();

  if (dialect === 'sqlite') {
    for (const table of Object.keys(SEARCH_SOURCES)) await createTrigramTable(db, table);
  } else {
    const schema = await trigramSchema(db);
    // Without pg_trgm (no right to install it) the search still works, by scanning.
    if (schema === null) return;
    for (const table of Object.keys(SEARCH_SOURCES)) {
      await sql`create index ${sql.id(`${table}_search_trgm_idx`)} on ${sql.table(table)} using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
  }
}

/** `<table>_fts`: an external-content FTS5 index of `<table>.search_text`, rowid = id. */
export async function createTrigramTable(db: Kysely<any>, table: string) {
  const fts = `${table}_fts`;
  const t = sql.table(table);
  const f = sql.table(fts);
  await sql`create virtual table ${f} using fts5(search_text, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger ${sql.id(`${fts}_ai`)} after insert on ${t} begin
      insert into ${f}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  await sql`create trigger ${sql.id(`${fts}_ad`)} after delete on ${t} begin
      insert into ${f}(${f}, rowid, search_text) values ('delete', old.id, old.search_text); end`.execute(db);
  await sql`create trigger ${sql.id(`${fts}_au`)} after update of search_text on ${t} begin
      insert into ${f}(${f}, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into ${f}(rowid, search_text) values (new.id, new.search_text); end`.execute(db);
  await sql`insert into ${f}(${f}) values ('rebuild')`.execute(db);
}

/**
 * Installs pg_trgm once per database (an advisory lock serialises concurrent migrations of
 * different schemas) and returns the schema holding its operator classes; null when it is not
 * installed and this role may not install it.
 */
export async function trigramSchema(db: Kysely<any>): Promise<string | null> {
  await sql`select pg_advisory_xact_lock(hashtext('carnet:pg_trgm'))`.execute(db);
  const installedIn = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const existing = await installedIn();
  if (existing) return existing;
  const { rows } = await sql<{ allowed: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm')
      and has_database_privilege(current_database(), 'CREATE')
      and has_schema_privilege('public', 'CREATE') as allowed`.execute(db);
  if (!rows[0].allowed) return null;
  // In `public`, not the first schema of the search path: a schema dropped later must not take it along.
  await sql`create extension pg_trgm with schema public`.execute(db);
  return installedIn();
}
