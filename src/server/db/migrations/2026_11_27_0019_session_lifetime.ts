import type { Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Sessions shown to their user (issue 23): the device (User-Agent) and address that signed in, and
 * the last refresh. Rows from before stay without them (null: unknown). Their absolute lifetime,
 * 30 days from `created_at` (the sign-in), needs no column. Written out in full, never importing
 * application code: a migration is frozen.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
}
