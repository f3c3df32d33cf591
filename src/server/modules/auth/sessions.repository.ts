import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { preparedQuery } from '@/server/db/prepared-query';
import type { ActiveSession } from '@/shared/contracts/auth';

/**
 * A session's absolute lifetime (issue 23): each refresh moves its end 7 days on, never past 30
 * days from the sign-in; then the user signs in again.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Sessions signed in before this moment are over. */
const oldestLiveSignIn = () => new Date(Date.now() - SESSION_MAX_AGE_SECONDS * 1000).toISOString();

/** Where a sign-in came from, shown in the profile's list of sessions. */
export interface SessionDevice {
  userAgent?: string | null;
  ip?: string | null;
}

/** A live session as its user sees it (GET /api/sessions/): the shared contract. */
export type SessionSummary = ActiveSession;

/**
 * Sessions and their refresh tokens. A session is one sign-in; each refresh rotates its refresh
 * token (single use) within the session, its family. Ending a session revokes the family.
 */
export function sessionsRepository(db: Kysely<Database>) {
  // Read for every session the access-token guard has not checked within the last second.
  const liveOwner = preparedQuery(db, (db, id: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.user_id')
      .where('sessions.id', '=', id)
      .where('sessions.revoked_at', 'is', null),
  );

  return {
    async open(id: string, userId: number, expiresAt: string, device: SessionDevice = {}): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: userId,
          created_at: new Date().toISOString(),
          expires_at: expiresAt,
          // Whatever the client sent: bounded, shown as text.
          user_agent: device.userAgent?.slice(0, 400) || null,
          ip: device.ip?.slice(0, 64) || null,
          last_used_at: null,
        })
        .execute();
    },

    /** A user's live sessions, the latest used first; `current` marks the one asking. */
    async list(userId: number, currentId: string | null): Promise<SessionSummary[]> {
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString())
        .where('created_at', '>', oldestLiveSignIn())
        .execute();
      return rows
        .map((row) => ({ ...row, last_used_at: row.last_used_at ?? row.created_at, current: row.id === currentId }))
        .sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at));
    },

    /** The user a live session belongs to; undefined when it ended or its user no longer exists. */
    async liveOwner(id: string): Promise<number | undefined> {
      return (await liveOwner(id))[0]?.user_id;
    },

    async storeRefresh(jti: string, userId: number, sessionId: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('refresh_tokens')
        .values({ jti, user_id: userId, session_id: sessionId, expires_at: expiresAt, created_at: new Date().toISOString() })
        .execute();
      await db.updateTable('sessions').set({ expires_at: expiresAt, last_used_at: new Date().toISOString() })
        .where('id', '=', sessionId).execute();
    },

    /**
     * Spends a live refresh token of a live session; true only for the one caller that spent it
     * (rotation is single-use). One statement checks both, so that a concurrent caller ending the
     * session cannot slip between the spend and a separate check of the session.
     */
    async spendRefresh(jti: string, userId: number): Promise<boolean> {
      const result = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: new Date().toISOString() })
        .where('jti', '=', jti)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('sessions')
              .select('sessions.id')
              .whereRef('sessions.id', '=', 'refresh_tokens.session_id')
              .where('sessions.revoked_at', 'is', null)
              // Past its absolute lifetime, a session takes no refresh.
              .where('sessions.created_at', '>', oldestLiveSignIn()),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a session and its whole refresh-token family; true when the session was live until then. */
    async end(id: string, userId: number): Promise<boolean> {
      const now = new Date().toISOString();
      const ended = await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('user_id', '=', userId)
        .where('revoked_at', 'is', null).executeTakeFirst();
      await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('session_id', '=', id).where('user_id', '=', userId)
        .where('revoked_at', 'is', null).execute();
      return Number(ended.numUpdatedRows) === 1;
    },

    /** Ends every session of a user but `exceptSession` (the one that changed the password, if any). */
    async endAllFor(userId: number, exceptSession?: string): Promise<void> {
      const now = new Date().toISOString();
      await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null)
        .$if(!!exceptSession, (q) => q.where('id', '!=', exceptSession!)).execute();
      await db.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null)
        .$if(!!exceptSession, (q) => q.where('session_id', '!=', exceptSession!)).execute();
    },

    /** Drops a user's expired rows, which serve no purpose (at each sign-in). */
    async prune(userId: number): Promise<void> {
      const now = new Date().toISOString();
      await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
      await db.deleteFrom('sessions').where('user_id', '=', userId)
        .where((eb) => eb.or([eb('expires_at', '<', now), eb('created_at', '<', oldestLiveSignIn())])).execute();
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
