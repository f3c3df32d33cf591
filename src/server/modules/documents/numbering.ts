import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { DocumentKindConfig } from './document-kinds';

/**
 * The next legal number of the user's series for `kind` and `year` (`FAC-2026-0001`).
 * Must run inside the transaction that stores the number: the counter row stays locked until
 * it commits (PostgreSQL row lock; SQLite write lock), and a rollback gives the number back,
 * so the series has neither gaps nor duplicates, even across processes.
 */
export async function nextDocumentNumber(
  trx: Kysely<Database>,
  kind: DocumentKindConfig,
  ownerId: number,
  year: number,
): Promise<string> {
  const { last_number } = await trx
    .insertInto('document_counters')
    .values({ owner_id: ownerId, kind: kind.kind, year, last_number: 1 })
    .onConflict((oc) =>
      oc.columns(['owner_id', 'kind', 'year']).doUpdateSet({ last_number: sql`document_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return `${kind.prefix}-${year}-${String(last_number).padStart(4, '0')}`;
}
