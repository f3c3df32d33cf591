import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * E-mail changes (issue 16): a new address waits in `pending_email` until the link sent to it is
 * followed; sign-in keeps using `email` meanwhile. Written out in full, never importing application
 * code: a migration is frozen.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
}
