import type { Kysely } from 'kysely';
import { type MigrationDialect, idColumn } from './helpers';

const PROFILE_TEXT_COLUMNS = [
  'first_name', 'last_name', 'company_name', 'business_type', 'address', 'city', 'postal_code',
  'phone', 'website', 'siret', 'vat_number', 'legal_notice', 'signature_notice',
] as const;

export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  let users = idColumn(db.schema.createTable('users'), dialect)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login', 'text')
    .addColumn('password_changed_at', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('France'));
  for (const col of PROFILE_TEXT_COLUMNS) users = users.addColumn(col, 'text', (c) => c.notNull().defaultTo(''));
  await users.execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_hits_pk', ['key', 'window_start'])
    .execute();
}
