import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Sessions (issue 16): a sign-in opens a session; its access tokens carry the session id and every
 * refresh token of its rotation chain (the family) points to it. Logout, a password change or reset,
 * and the reuse of a rotated refresh token end the session, and its access tokens with it. Written
 * out in full, never importing application code: a migration is frozen.
 *
 * Existing data: each refresh token becomes a session of its own, named by its jti (revoked when
 * it is). Access tokens issued before carry that jti as their session id, so nobody is signed out.
 */
export async function up(db: Kysely<any>, _dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The expiry of its newest refresh token: past it, the row serves no purpose.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema.alterTable('refresh_tokens').addColumn('session_id', 'text').execute();
  await sql`insert into sessions (id, user_id, created_at, expires_at, revoked_at)
    select jti, user_id, created_at, expires_at, revoked_at from refresh_tokens`.execute(db);
  await db.updateTable('refresh_tokens').set({ session_id: sql.ref('jti') }).execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();
}
