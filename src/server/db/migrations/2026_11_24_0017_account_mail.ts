import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Account e-mails through the outbox (issue 16): activation, password reset and e-mail change
 * messages are stored with `purpose = 'account'`; they have no document and no attachment, so
 * `document_kind`, `document_id`, `attachment_name` and `attachment` become nullable, still required
 * (a check) for a document's or a reminder's message. Written out in full, never importing
 * application code: a migration is frozen.
 *
 * SQLite cannot drop a NOT NULL: the table is rebuilt (https://sqlite.org/lang_altertable.html,
 * "other kinds of table schema changes"), foreign keys off meanwhile so that dropping the old table
 * does not null `invoice_reminders.outbox_message_id`, which then names the new table.
 */
const DOCUMENT_PARTS = sql`purpose = 'account' or (document_kind is not null and document_id is not null
  and attachment_name is not null and attachment is not null)`;

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table outbox_messages
      alter column document_kind drop not null,
      alter column document_id drop not null,
      alter column attachment_name drop not null,
      alter column attachment drop not null,
      add constraint outbox_messages_document_parts check (${DOCUMENT_PARTS})`.execute(db);
    return;
  }
  // Only outside a transaction does the pragma apply (SQLite migrations run outside one).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await idColumn(trx.schema.createTable('outbox_messages_new'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('document_kind', 'text')
        .addColumn('document_id', 'integer')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('attachment_name', 'text')
        .addColumn('attachment', sql`blob`)
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('document'))
        .addCheckConstraint('outbox_messages_document_parts', DOCUMENT_PARTS)
        .execute();
      const columns = sql.raw(`id, owner_id, document_kind, document_id, message, attachment_name, attachment, status, attempts,
        next_attempt_at, lease_owner, lease_until, last_error, created_at, updated_at, purpose`);
      await sql`insert into outbox_messages_new (${columns}) select ${columns} from outbox_messages`.execute(trx);
      // Ids are never given twice, even those of messages deleted since (the old table's counter).
      await sql`update sqlite_sequence set seq = (select seq from sqlite_sequence where name = 'outbox_messages')
        where name = 'outbox_messages_new' and exists (select 1 from sqlite_sequence where name = 'outbox_messages')`.execute(trx);
      await sql`drop table outbox_messages`.execute(trx);
      await sql`alter table outbox_messages_new rename to outbox_messages`.execute(trx);
      await trx.schema.createIndex('outbox_messages_due_idx').on('outbox_messages').columns(['status', 'next_attempt_at']).execute();
      await trx.schema
        .createIndex('outbox_messages_document_idx')
        .on('outbox_messages')
        .columns(['document_kind', 'document_id', 'id'])
        .execute();
      const broken = await sql`pragma foreign_key_check(invoice_reminders)`.execute(trx);
      if (broken.rows.length) throw new Error('invoice_reminders would lose its outbox messages');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
