import type { Kysely } from 'kysely';

/**
 * Discounts (issue 25, EN 16931): on a line (BT-136/BT-138) and on the whole document (BG-20 with
 * its reason BT-97), each a percentage (hundredths of a percent) or an amount (cents), 0 meaning
 * none. Every existing line and document gets none: nothing already printed changes. Written out
 * in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['quote_lines', 'invoice_lines', 'credit_note_lines']) {
    await db.schema.alterTable(table).addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('discount_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  }
  for (const table of ['quotes', 'invoices', 'credit_notes', 'recurring_invoices']) {
    await db.schema.alterTable(table).addColumn('discount_percent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('discount_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable(table).addColumn('discount_reason', 'text', (c) => c.notNull().defaultTo('')).execute();
  }
}
