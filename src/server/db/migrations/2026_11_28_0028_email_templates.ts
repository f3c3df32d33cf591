import type { Kysely } from 'kysely';
import { idColumn, type MigrationDialect } from './helpers';

/**
 * The user's e-mail templates (issue 28): one row per account and kind ('quote', 'invoice',
 * 'credit_note', 'reminder_1', 'reminder_2', 'reminder_3') that the user changed; no row means the
 * built-in text. Written out in full, never importing application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await idColumn(db.schema.createTable('email_templates'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('email_templates_owner_kind_key', ['owner_id', 'kind'])
    .execute();
}
