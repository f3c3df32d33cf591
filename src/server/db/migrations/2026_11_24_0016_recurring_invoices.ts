import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Recurring invoices (issue 15). Written out in full, never importing application code: a
 * migration is frozen.
 *
 * - `recurring_invoices`: a template copied from the source invoice when the recurrence is made
 *   (client, title, notes, VAT rate and exemption, operation category, payment term, lines with
 *   their VAT rates as JSON in stored units), never a live link: editing or deleting the source
 *   afterwards changes nothing (`source_invoice_id` only says where it came from). The schedule:
 *   frequency ('monthly' | 'quarterly' | 'yearly'), start date, optional end date, mode ('draft' |
 *   'issue_and_send'), status ('active' | 'paused' | 'stopped'), and the next occurrence with its
 *   index (occurrence n falls n periods after the start, on the start's day or the last day of a
 *   shorter month, so a series starting on the 31st keeps coming back to the 31st).
 * - `invoices.recurrence_id` and `invoices.occurrence_date`: what a generated invoice came from,
 *   unique together, so that an occurrence is never generated twice, even by two processes.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('recurring_invoices'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normale'))
    // Hundredths of a percent, as on invoices.
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('operation_category', 'text', (c) => c.notNull().defaultTo('services'))
    .addColumn('vat_exemption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('legal_notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signature_notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('internal_notes', 'text', (c) => c.notNull().defaultTo(''))
    // Days from the issue date to the due date.
    .addColumn('payment_term_days', 'integer', (c) => c.notNull())
    // 0/1: each invoice states its service period (from its occurrence to the day before the next).
    .addColumn('service_period', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON [{title, description, quantity (hundredths), unit_price (cents), tax_rate (hundredths of %)}].
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // Index (0 = the start date) and date of the next occurrence; null once the series is over.
    .addColumn('next_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_occurrence_date', 'text')
    .addColumn('last_invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('last_occurrence_date', 'text')
    // Why the last occurrence could not be issued (it was then created as a draft), in French.
    .addColumn('last_error', 'text')
    .addColumn('stopped_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recurring_invoices_owner_idx').on('recurring_invoices').columns(['owner_id', 'id']).execute();
  await db.schema
    .createIndex('recurring_invoices_due_idx')
    .on('recurring_invoices')
    .columns(['status', 'next_occurrence_date'])
    .execute();

  await db.schema
    .alterTable('invoices')
    .addColumn('recurrence_id', 'integer', (c) => c.references('recurring_invoices.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('invoices').addColumn('occurrence_date', 'text').execute();
  // NULLs are distinct in a unique index on both databases: invoices made by hand are not concerned.
  await sql`create unique index invoices_recurrence_occurrence_idx on invoices (recurrence_id, occurrence_date)`.execute(db);
}
