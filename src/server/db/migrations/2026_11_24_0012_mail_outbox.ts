import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The transactional mail outbox (issue 16): a document's e-mail, with its archived PDF, is stored
 * in the transaction that numbers and sends the document, and a delivery worker in the server
 * sends it afterwards, with retries. A process claims a message by setting a lease; another one
 * takes it over only once the lease has run out (the first died). Written out in full, never
 * importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;
  await idColumn(db.schema.createTable('outbox_messages'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document_kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    // JSON: to, reply_to, subject, text, sender_name.
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text', (c) => c.notNull())
    .addColumn('attachment', blob, (c) => c.notNull())
    // 'pending' (to send or being sent), 'sent', 'failed' (retries exhausted or refused for good).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_messages_due_idx').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createIndex('outbox_messages_document_idx')
    .on('outbox_messages')
    .columns(['document_kind', 'document_id', 'id'])
    .execute();
}
