import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * The user's approved e-invoicing platform (issue 26): one row per account that filled the
 * « Facturation électronique » section. The client secret is stored encrypted (AES-256-GCM, key in
 * DATA_DIR/einvoicing_key), never in clear. Written out in full, never importing application code:
 * a migration is frozen.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('einvoicing_settings')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('flow_service_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('directory_service_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'text', (c) => c.notNull().defaultTo(''))
    // 'v1.<iv>.<tag>.<ciphertext>' (base64url); null: no secret given yet.
    .addColumn('client_secret_encrypted', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
