import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

export interface RateLimitRule {
  /** Counter namespace, e.g. `token:ip`. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Every e-mail a user sends to a third party — a document (send_email), a reminder, a recurring
 * invoice issued and sent — counts against one budget (issue 23: recurring series went around the
 * send_email limit, 25 e-mails in 20 s): a hijacked or careless account cannot mail-bomb anyone.
 */
export const EMAILS_PER_USER_LIMIT: RateLimitRule = { name: 'emails:user', max: 20, windowSeconds: 3600 };

/**
 * Fixed-window counters kept in the database so that every server process shares them
 * (DESIGN.md: no per-process state). One upsert per check.
 */
export function createRateLimiter(db: Kysely<Database>, scale: number) {
  let calls = 0;
  return async function enforce(rule: RateLimitRule, subject: string): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const windowStart = now - (now % rule.windowSeconds);
    const key = `${rule.name}:${subject}`;
    const row = await db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: windowStart, hits: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_hits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (++calls % 500 === 0) {
      await db.deleteFrom('rate_limit_hits').where('window_start', '<', now - 86400).execute();
    }
    if (row.hits > Math.ceil(rule.max * scale)) {
      const retryAfter = windowStart + rule.windowSeconds - now;
      throw new ApiError(
        429,
        { detail: `Trop de tentatives. Veuillez réessayer dans ${retryAfter} secondes.` },
        { 'retry-after': String(retryAfter) },
      );
    }
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
