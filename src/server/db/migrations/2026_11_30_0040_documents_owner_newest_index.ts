import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * SQLite: the global search finds the newest documents of clients matching a common word by reading
 * the owner's documents newest first, a bounded number of them (search.repository.ts, issue 29): at
 * 100,000 invoices « sarl » matched 6,000 clients and 12,000 invoices, all fetched and sorted for ten
 * (9.5 ms per kind). That read needs each owner's documents in id order: (owner_id, id). Not credit
 * notes (an account has few, sorted at once). Not PostgreSQL: its search keeps one query per read,
 * planned per term, and never walks; there such an index only cost writes and took the reports'
 * year of credit notes from credit_notes_owner_date_idx (reports.test.ts).
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') return;
  for (const table of ['quotes', 'invoices']) {
    await sql`create index ${sql.id(`${table}_owner_newest_idx`)} on ${sql.table(table)} (owner_id, id)`.execute(db);
  }
}
