import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Issue 26, « Factures reçues »: suppliers' e-invoices (Factur-X, CII or UBL), uploaded or received
 * through the platform. Written out in full, never importing application code: a migration is frozen.
 *
 * - The file is kept as it came (`original`, its SHA-256) beside what was read from it: the
 *   columns lists and the purchases register need, the rest as JSON (`data`: parties, lines, VAT
 *   groups, payment, notes, what does not add up).
 * - One invoice per supplier and number (`supplier_key`: its SIREN, else its VAT number, else its
 *   name): a second copy is recognised, never filed twice.
 * - `received_invoice_statuses`: what the user answered (205 Approuvée, 207 En litige, 210 Refusée,
 *   211 Paiement transmis), with the reason and when.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  await idColumn(db.schema.createTable('received_invoices'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('supplier_key', 'text', (c) => c.notNull())
    .addColumn('supplier_name', 'text', (c) => c.notNull())
    .addColumn('supplier_siren', 'text')
    .addColumn('net_cents', 'bigint', (c) => c.notNull())
    .addColumn('vat_cents', 'bigint', (c) => c.notNull())
    .addColumn('gross_cents', 'bigint', (c) => c.notNull())
    .addColumn('due_cents', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('original', blob, (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('original_sha256', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_invoices_supplier_number_idx').on('received_invoices').columns(['owner_id', 'supplier_key', 'number']).unique().execute();
  await db.schema.createIndex('received_invoices_owner_date_idx').on('received_invoices').columns(['owner_id', 'issue_date', 'id']).execute();

  await idColumn(db.schema.createTable('received_invoice_statuses'), dialect)
    .addColumn('received_invoice_id', 'integer', (c) => c.notNull().references('received_invoices.id').onDelete('cascade'))
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('received_invoice_statuses_invoice_idx').on('received_invoice_statuses').columns(['received_invoice_id', 'id']).execute();
}
