/**
 * Whether an access token's session is still live, asked on every authenticated request.
 * Each process keeps the answer for a second: a session ended by another process (logout,
 * password change or reset, a stolen refresh token) stops working there within that second, and
 * at once in the process that ended it (`forget`). A second per session keeps the read off the
 * hot path: a client making 50 requests a second costs one lookup.
 */
export const SESSION_RECHECK_MS = 1000;
const MAX_ENTRIES = 10_000;

interface Entry {
  /** The session's user, or null when it is not live. */
  owner: number | null;
  /** Answers are kept until then (the time the lookup started + SESSION_RECHECK_MS). */
  until: number;
  /** The lookup in flight: concurrent requests of one session share it. */
  pending: Promise<number | null> | null;
}

export interface SessionGuard {
  /** True when the session is live and belongs to `userId`: synchronous when answered within the last second. */
  check(sessionId: string, userId: number): boolean | Promise<boolean>;
  /** Drops what this process knows of a session (it was just ended here). */
  forget(sessionId: string): void;
  /** Drops what this process knows of a user's sessions. */
  forgetUser(userId: number): void;
}

export function createSessionGuard(
  liveOwner: (sessionId: string) => Promise<number | undefined>,
  recheckMs = SESSION_RECHECK_MS,
): SessionGuard {
  const entries = new Map<string, Entry>();

  function lookUp(sessionId: string): Promise<number | null> {
    // Whatever was committed before this moment is seen by the read: the answer may be kept until
    // a second after it, never a second after the read returns.
    const started = Date.now();
    const pending: Promise<number | null> = liveOwner(sessionId).then(
      (owner) => {
        // Forgotten meanwhile (ended here): the answer may predate the end and must not be kept.
        if (entries.get(sessionId)?.pending === pending) {
          entries.set(sessionId, { owner: owner ?? null, until: started + recheckMs, pending: null });
        }
        return owner ?? null;
      },
      (err: unknown) => {
        if (entries.get(sessionId)?.pending === pending) entries.delete(sessionId);
        throw err;
      },
    );
    entries.delete(sessionId); // re-inserted last: the oldest entries are evicted first
    entries.set(sessionId, { owner: null, until: 0, pending });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return pending;
  }

  return {
    check(sessionId, userId) {
      const entry = entries.get(sessionId);
      if (entry && !entry.pending && entry.until > Date.now()) return entry.owner === userId;
      return (entry?.pending ?? lookUp(sessionId)).then((owner) => owner === userId);
    },
    forget(sessionId) {
      entries.delete(sessionId);
    },
    forgetUser(userId) {
      for (const [id, entry] of entries) if (entry.owner === userId || entry.pending) entries.delete(id);
    },
  };
}
