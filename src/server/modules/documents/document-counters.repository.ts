import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { DocumentKind } from '@/shared/documents';

/** The counters of the legal series, one row per owner, kind and year. */
export function documentCountersRepository(trx: Kysely<Database>) {
  return {
    /**
     * Takes the next value of the owner's series for `kind` and `year`. Must run inside the
     * transaction that stores the number: the counter row stays locked until it commits
     * (PostgreSQL row lock; SQLite write lock), and a rollback gives the number back, so the series
     * has neither gaps nor duplicates, even across processes (CGI art. 242 nonies A).
     */
    async next(ownerId: number, kind: DocumentKind, year: number): Promise<number> {
      const { last_number } = await trx
        .insertInto('document_counters')
        .values({ owner_id: ownerId, kind, year, last_number: 1 })
        .onConflict((oc) => oc.columns(['owner_id', 'kind', 'year']).doUpdateSet({ last_number: sql`document_counters.last_number + 1` }))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(last_number);
    },
  };
}
