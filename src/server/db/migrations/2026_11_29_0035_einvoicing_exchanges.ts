import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Issue 26, what Carnet exchanges with the user's approved platform. Written out in full, never
 * importing application code: a migration is frozen.
 *
 * - `einvoicing_settings` gains when the platform was switched on (documents issued before it went
 *   out by e-mail and are not sent again), the sync's cursor (the platform's `updatedAt` of the last
 *   flow read) and the last sync's time and failure.
 * - `einvoicing_documents`: one row per issued invoice or credit note sent (or to send) as a
 *   `CustomerInvoice` flow — its submission state, the platform's flow id, and its latest lifecycle
 *   status; `einvoicing_statuses`: each status the platform reported (one per code and time: a
 *   message delivered twice is recorded once).
 * - `einvoicing_payment_reports`: the 212 « Encaissée » message sent for a payment (once).
 * - `einvoicing_seen_flows`: the incoming flows already handled (the sync reads a little before
 *   its cursor, so as to miss none; these make it skip the ones it has).
 * - `received_invoices.platform_flow_id`, and on each answer to a supplier's invoice received
 *   through the platform, whether its lifecycle message went out.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  for (const column of ['enabled_at', 'sync_cursor', 'last_sync_at', 'last_sync_error']) {
    await db.schema.alterTable('einvoicing_settings').addColumn(column, 'text').execute();
  }

  await db.schema
    .createTable('einvoicing_documents')
    .addColumn('document_kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    // 'pending' | 'submitted' | 'not_in_directory' | 'not_applicable' | 'error'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('flow_id', 'text')
    .addColumn('message', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status_code', 'integer')
    .addColumn('status_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('einvoicing_documents_pk', ['document_kind', 'document_id'])
    .execute();
  await db.schema.createIndex('einvoicing_documents_owner_status_idx').on('einvoicing_documents').columns(['owner_id', 'status_code']).execute();
  // The sync's scan: an account's documents issued since the platform was switched on.
  await db.schema.createIndex('issued_documents_owner_created_idx').on('issued_documents').columns(['owner_id', 'created_at']).execute();
  await db.schema.createIndex('einvoicing_documents_owner_number_idx').on('einvoicing_documents').columns(['owner_id', 'number']).execute();

  await idColumn(db.schema.createTable('einvoicing_statuses'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('einvoicing_statuses_document_idx')
    .on('einvoicing_statuses')
    .columns(['document_kind', 'document_id', 'code', 'at'])
    .unique()
    .execute();

  await db.schema
    .createTable('einvoicing_payment_reports')
    .addColumn('payment_id', 'integer', (c) => c.primaryKey())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull())
    // 'pending' | 'sent' | 'not_applicable' | 'error'
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('flow_id', 'text')
    .addColumn('message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('einvoicing_seen_flows')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('einvoicing_seen_flows_pk', ['owner_id', 'flow_id'])
    .execute();

  await db.schema.alterTable('received_invoices').addColumn('platform_flow_id', 'text').execute();
  // null: nothing to send (an uploaded invoice); 'pending' | 'sent' | 'error' otherwise.
  await db.schema.alterTable('received_invoice_statuses').addColumn('platform_state', 'text').execute();
  await db.schema.alterTable('received_invoice_statuses').addColumn('platform_message', 'text').execute();
  await db.schema.alterTable('received_invoice_statuses').addColumn('owner_id', 'integer').execute();
  await sql`update received_invoice_statuses set owner_id = (select owner_id from received_invoices r where r.id = received_invoice_id)`.execute(db);
  await db.schema
    .createIndex('received_invoice_statuses_to_send_idx')
    .on('received_invoice_statuses')
    .columns(['owner_id', 'id'])
    .where(sql.ref('platform_state'), '=', 'pending')
    .execute();
}
