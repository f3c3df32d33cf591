import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function refreshTokensRepository(db: Kysely<Database>) {
  return {
    async store(jti: string, userId: number, exp: number): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ jti, user_id: userId, expires_at: new Date(exp * 1000).toISOString(), created_at: new Date().toISOString() })
        .execute();
    },
    /** Revokes a live token; true only for the one caller that revoked it (rotation is single-use). */
    async revoke(jti: string, userId: number): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date().toISOString() })
        .where('jti', '=', jti)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async revokeAllFor(userId: number, exceptJti?: string): Promise<void> {
      const now = new Date().toISOString();
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .$if(!!exceptJti, (q) => q.where('jti', '!=', exceptJti!))
        .execute();
      // Expired rows serve no purpose; drop them while we are here.
      await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
    },
  };
}
