import type { Kysely } from 'kysely';
import { type MigrationDialect, idColumn } from './helpers';

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('projects'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('brouillon'))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normale'))
    .addColumn('start_date', 'text')
    .addColumn('due_date', 'text')
    .addColumn('completed_date', 'text')
    .addColumn('budget_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_owner_idx').on('projects').columns(['owner_id', 'status']).execute();

  await db.schema
    .createTable('project_contacts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('project_contacts_pk', ['project_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('project_contacts_contact_idx').on('project_contacts').column('contact_id').execute();

  await idColumn(db.schema.createTable('tasks'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('en_attente'))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normale'))
    .addColumn('due_date', 'text')
    .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('estimated_centihours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actual_centihours', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('billable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hourly_rate_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bill_reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_owner_idx').on('tasks').columns(['owner_id', 'status']).execute();
  await db.schema.createIndex('tasks_project_idx').on('tasks').column('project_id').execute();

  await db.schema
    .createTable('task_contacts')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_contacts_pk', ['task_id', 'contact_id'])
    .execute();
  await db.schema.createIndex('task_contacts_contact_idx').on('task_contacts').column('contact_id').execute();
}
