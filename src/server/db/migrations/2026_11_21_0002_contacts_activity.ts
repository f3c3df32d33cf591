import type { Kysely } from 'kysely';
import { type MigrationDialect, idColumn } from './helpers';

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  let contacts = idColumn(db.schema.createTable('contacts'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('client'))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('France'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  for (const col of ['email', 'phone', 'company', 'address', 'city', 'postal_code', 'notes']) {
    contacts = contacts.addColumn(col, 'text', (c) => c.notNull().defaultTo(''));
  }
  await contacts.execute();
  await db.schema.createIndex('contacts_owner_idx').on('contacts').columns(['owner_id', 'id']).execute();

  await idColumn(db.schema.createTable('activities'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('object_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('object_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_name', 'text')
    .addColumn('project_name', 'text')
    .execute();
  await db.schema.createIndex('activities_owner_time_idx').on('activities').columns(['owner_id', 'timestamp']).execute();
  await db.schema
    .createIndex('activities_object_idx')
    .on('activities')
    .columns(['owner_id', 'object_type', 'object_id'])
    .execute();
}
