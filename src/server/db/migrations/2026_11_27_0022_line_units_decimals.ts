import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Issue 25, what French invoices carry per line. Written out in full, never importing
 * application code: a migration is frozen.
 *
 * Units: every line of a quote, an invoice or a credit note gets `unit`, a UN/ECE
 * Recommendation 20 code (EN 16931 BT-130). Existing lines get C62 ("one"), what the XML said of
 * every line until now, so that nothing already printed changes meaning; issued documents keep
 * their snapshots and archived PDFs as issued (a snapshot without units is read as C62).
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  for (const table of ['quote_lines', 'invoice_lines', 'credit_note_lines']) {
    await db.schema.alterTable(table).addColumn('unit', 'text', (c) => c.notNull().defaultTo('C62')).execute();
  }
}
