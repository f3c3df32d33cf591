import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The invoice line that bills a time entry (issue 28), so that removing that line from a draft
 * frees the entry. No foreign key: saving a draft deletes its lines and inserts them again under
 * the same ids (documents.repository replaceLines), and the save itself frees entries whose line
 * is gone. Entries billed before keep their invoice only (freed when it is deleted). Written out in
 * full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('time_entries').addColumn('invoice_line_id', 'integer').execute();
  await db.schema.createIndex('time_entries_invoice_line_idx').on('time_entries').column('invoice_line_id').execute();
}
