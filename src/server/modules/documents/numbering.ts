import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { DocumentKindConfig } from './document-kinds';
import { documentCountersRepository } from './document-counters.repository';
import { formatDocumentNumber } from './core';

/**
 * The next legal number of the user's series for `kind` and `year` (`FAC-2026-0001`), taken in
 * `trx`, the transaction that stores it: gap-free and without duplicates (document-counters.repository.ts).
 */
export async function nextDocumentNumber(trx: Kysely<Database>, kind: DocumentKindConfig, ownerId: number, year: number): Promise<string> {
  return formatDocumentNumber(kind.prefix, year, await documentCountersRepository(trx).next(ownerId, kind.kind, year));
}
