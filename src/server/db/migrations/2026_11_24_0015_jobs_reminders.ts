import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Background jobs and reminders (issue 15). Written out in full, never importing application code:
 * a migration is frozen.
 *
 * - `jobs`: the job runner's work (jobs/runner.ts). A job is claimed by one process at a time with
 *   a lease (the same columns as outbox_messages: status, attempts, next_attempt_at, lease_owner,
 *   lease_until); `dedupe_key` is unique, so scheduling a job twice stores it once.
 * - `invoice_reminders`: each reminder sent for an invoice (level 1, 2, 3 = final), once per invoice
 *   and level (unique), with the outbox message that carried it.
 * - `outbox_messages.purpose`: 'document' (the document itself) or 'reminder': a reminder's e-mail
 *   must not stand for the document's own delivery state.
 * - `users`: automatic reminders (off by default) and the days after the due date for each level
 *   (null: no automatic reminder at that level).
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('jobs'), dialect)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    // JSON given when scheduling.
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'pending' (to run, or running under a lease), 'done', 'failed' (attempts exhausted).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'next_attempt_at']).execute();

  await idColumn(db.schema.createTable('invoice_reminders'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    // 1: sent by the automatic reminders job; 0: by the user.
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('amount_due_cents', 'bigint', (c) => c.notNull())
    .addColumn('days_late', 'integer', (c) => c.notNull())
    .addColumn('outbox_message_id', 'integer', (c) => c.references('outbox_messages.id').onDelete('set null'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoice_reminders_invoice_level_key', ['invoice_id', 'level'])
    .execute();
  await db.schema.createIndex('invoice_reminders_owner_idx').on('invoice_reminders').columns(['owner_id', 'invoice_id']).execute();

  await db.schema
    .alterTable('outbox_messages')
    .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('document'))
    .execute();

  await db.schema.alterTable('users').addColumn('auto_reminders', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('reminder_1_days', 'integer', (c) => c.defaultTo(7)).execute();
  await db.schema.alterTable('users').addColumn('reminder_2_days', 'integer', (c) => c.defaultTo(30)).execute();
  await db.schema.alterTable('users').addColumn('reminder_3_days', 'integer').execute();
}
