import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Issue 25, what French invoices carry per line. Written out in full, never importing
 * application code: a migration is frozen.
 *
 * Units: every line of a quote, an invoice or a credit note gets `unit`, a UN/ECE
 * Recommendation 20 code (EN 16931 BT-130). Existing lines get C62 ("one"), what the XML said of
 * every line until now, so that nothing already printed changes meaning.
 *
 * Four decimals: quantities go from hundredths to ten-thousandths of a unit, unit prices from
 * cents to hundredths of a cent (`unit_price_cents` becomes `unit_price_centicents`): every
 * existing value × 100, exactly (integers, far below 2^53: at most 10^8 × 100 and 10^9 × 100).
 * Line totals stay in cents and do not change (q × p / 10^6 is the same product as before).
 * Recurring templates (JSON lines in the same units) are rescaled likewise.
 *
 * Issued documents keep their snapshots (decimal numbers, no unit: read as C62) and archived PDFs.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  for (const table of ['quote_lines', 'invoice_lines', 'credit_note_lines']) {
    await db.schema.alterTable(table).addColumn('unit', 'text', (c) => c.notNull().defaultTo('C62')).execute();
    await db.schema.alterTable(table).renameColumn('unit_price_cents', 'unit_price_centicents').execute();
    // 10^6 units in ten-thousandths pass a 32-bit integer: PostgreSQL's quantity becomes a bigint
    // (SQLite's integers are 64-bit already).
    if (dialect === 'postgres') await sql`alter table ${sql.table(table)} alter column quantity type bigint`.execute(db);
    await sql`update ${sql.table(table)} set quantity = quantity * 100, unit_price_centicents = unit_price_centicents * 100`.execute(db);
  }

  const series = await db.selectFrom('recurring_invoices').select(['id', 'lines']).execute();
  for (const row of series as { id: number; lines: string }[]) {
    const lines = (JSON.parse(row.lines) as { quantity: number; unit_price: number }[]).map((l) => ({
      ...l,
      quantity: l.quantity * 100,
      unit_price: l.unit_price * 100,
    }));
    await db.updateTable('recurring_invoices').set({ lines: JSON.stringify(lines) }).where('id', '=', row.id).execute();
  }
}
