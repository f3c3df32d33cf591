import type { Kysely } from 'kysely';
import { type MigrationDialect, idColumn } from './helpers';

/** Quotes and invoices share their shape; each kind has its own table and its own lines table. */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  for (const kind of ['quote', 'invoice'] as const) {
    const table = `${kind}s`;
    let documents = idColumn(db.schema.createTable(table), dialect)
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('number', 'text')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      // Documents keep their client: deleting a contact that is a client is refused.
      .addColumn('client_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('restrict'))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normale'))
      .addColumn('issue_date', 'text', (c) => c.notNull())
      /** Quote: expiration date; invoice: due date. */
      .addColumn('end_date', 'text')
      .addColumn('payment_date', 'text')
      /** Hundredths of a percent (20 % → 2000, 5.5 % → 550). */
      .addColumn('tax_rate', 'integer', (c) => c.notNull())
      .addColumn('legal_notice', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('signature_notice', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
      .addColumn('tax_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint(`${table}_owner_number_uq`, ['owner_id', 'number']);
    if (kind === 'invoice') {
      documents = documents.addColumn('quote_id', 'integer', (c) => c.references('quotes.id').onDelete('set null'));
    }
    await documents.execute();
    await db.schema.createIndex(`${table}_owner_status_idx`).on(table).columns(['owner_id', 'status']).execute();
    await db.schema.createIndex(`${table}_client_idx`).on(table).column('client_id').execute();

    await idColumn(db.schema.createTable(`${kind}_lines`), dialect)
      .addColumn('document_id', 'integer', (c) => c.notNull().references(`${table}.id`).onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      /** Hundredths of a unit. */
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
      .addColumn('total_cents', 'bigint', (c) => c.notNull())
      .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex(`${kind}_lines_document_idx`).on(`${kind}_lines`).columns(['document_id', 'position']).execute();
  }

  // Legal numbering: one counter row per user, kind and year, incremented inside the
  // transaction that numbers the document (never a sequence: sequences leave gaps).
  await db.schema
    .createTable('document_counters')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['owner_id', 'kind', 'year'])
    .execute();
}
