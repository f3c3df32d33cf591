import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * PostgreSQL: the search's trigram indexes take each new entry at once (GIN `fastupdate = off`).
 * With the default, new entries wait in a pending list, read in full by every search until
 * autovacuum or 4 MB of them merges it: at 10,000 freshly seeded invoices one search of a
 * missing word read 441 pending pages (4.8 ms instead of 0.05) and the planner, counting them,
 * scanned whole tables instead; 50 concurrent searches answered at 180/s instead of 500/s
 * (bench/README.md). A write pays the merge once, at its own insert (a few trigrams per row).
 * SQLite's FTS5 tables have no such list.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'sqlite') return;
  const { rows } = await sql<{ indexname: string }>`
    select indexname from pg_indexes where schemaname = current_schema() and indexdef like '%gin_trgm_ops%'`.execute(db);
  for (const { indexname } of rows) {
    await sql`alter index ${sql.id(indexname)} set (fastupdate = off)`.execute(db);
    // Turning it off leaves what is already pending: merge it now.
    await sql`select gin_clean_pending_list(${indexname}::regclass)`.execute(db);
  }
}
