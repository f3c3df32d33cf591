import type { Kysely } from 'kysely';

/**
 * One exemption reason per VAT category (issue 25, EN 16931 BG-23): a line at 0 % may give its own
 * reason (a VAT_EXEMPTIONS key) instead of its document's `vat_exemption`; '' follows the
 * document's, which is what every existing line does: nothing already printed changes. Written
 * out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['quote_lines', 'invoice_lines', 'credit_note_lines']) {
    await db.schema.alterTable(table).addColumn('vat_exemption', 'text', (c) => c.notNull().defaultTo('')).execute();
  }
}
