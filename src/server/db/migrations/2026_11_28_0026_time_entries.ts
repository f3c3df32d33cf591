import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * Time entries (issue 28): a task's time as dated entries (start, end or running, duration in
 * seconds exactly as recorded, note, billable, the invoice that bills it). At most one running
 * entry per user: a partial unique index on (owner_id) where ended_at is null. Each task's
 * recorded time becomes one entry (dated at the task's start, else its creation), carrying its
 * billed state over. Also: an hourly rate on projects and contacts (a task inherits it), and the
 * rounding step applied when billing time (15 min for existing accounts: what billing did before).
 * Written out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('time_entries'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('billable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('time_entries_one_running')
    .on('time_entries')
    .column('owner_id')
    .unique()
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema.createIndex('time_entries_task_idx').on('time_entries').column('task_id').execute();
  await db.schema.createIndex('time_entries_owner_started_idx').on('time_entries').columns(['owner_id', 'started_at']).execute();
  await db.schema.createIndex('time_entries_invoice_idx').on('time_entries').column('invoice_id').execute();

  await sql`insert into time_entries (owner_id, task_id, started_at, ended_at, duration_seconds, note, billable, invoice_id, created_at, updated_at)
    select owner_id, id, coalesce(start_time, created_at), coalesce(end_time, coalesce(start_time, created_at)),
      actual_centihours * 36, '', billable, invoice_id, created_at, updated_at
    from tasks where actual_centihours > 0`.execute(db);

  await db.schema.alterTable('projects').addColumn('hourly_rate_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('contacts').addColumn('hourly_rate_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('time_rounding_minutes', 'integer', (c) => c.notNull().defaultTo(15)).execute();
}
