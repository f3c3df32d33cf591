import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The global search finds the newest documents of clients matching a common word by reading the
 * owner's documents newest first, a bounded number of them (search.repository.ts, issue 29): at
 * 100,000 invoices « sarl » matched 6,000 clients and 12,000 invoices, all fetched and sorted for
 * ten (9.5 ms per kind). That read needs each owner's documents in id order: (owner_id, id), on
 * both databases (no other index of these tables starts with the owner and then the id).
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  for (const table of ['quotes', 'invoices']) {
    await sql`create index ${sql.id(`${table}_owner_newest_idx`)} on ${sql.table(table)} (owner_id, id)`.execute(db);
  }
}
