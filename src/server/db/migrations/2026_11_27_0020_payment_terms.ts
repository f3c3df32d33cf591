import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Payment terms become a field of quotes and invoices (issue 25): `payment_terms` ('reception' |
 * 'net' | 'end_of_month') and `payment_days` (0 for 'reception'); an invoice's due date follows
 * from them. Written out in full, never importing application code: a migration is frozen.
 *
 * Existing data, from what each document says today:
 * - an invoice gets "net N days", N = its due date − its issue date; 0 (or a due date before the
 *   issue date) is "à réception"; without a due date, 30 days (what issuing gave it);
 * - a quote gets 30 days net: its end date is its validity, not a payment term, and 30 days is
 *   what converting it gave its invoice until now;
 * - a recurring series keeps its days (`payment_term_days`), "à réception" when 0.
 * Only these columns change: issued documents' snapshots and archived PDFs stay as issued.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  for (const table of ['quotes', 'invoices']) {
    await db.schema.alterTable(table).addColumn('payment_terms', 'text', (c) => c.notNull().defaultTo('net')).execute();
    await db.schema.alterTable(table).addColumn('payment_days', 'integer', (c) => c.notNull().defaultTo(30)).execute();
  }
  const days =
    dialect === 'postgres'
      ? sql`greatest(0, cast(end_date as date) - cast(issue_date as date))`
      : sql`max(0, cast(round(julianday(end_date) - julianday(issue_date)) as integer))`;
  await sql`update invoices set payment_days = ${days} where end_date is not null`.execute(db);
  await sql`update invoices set payment_terms = 'reception' where payment_days = 0`.execute(db);

  await db.schema.alterTable('recurring_invoices').addColumn('payment_terms', 'text', (c) => c.notNull().defaultTo('net')).execute();
  await sql`update recurring_invoices set payment_terms = 'reception' where payment_term_days = 0`.execute(db);
}
