import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { PortalLinkKind } from '@/shared/contracts/portal';

/**
 * Minting a document's portal link (issue 27): the row of its token's hash. The portal module reads
 * and revokes them, and stores the quotes' online answers.
 */
export function portalLinksRepository(db: Kysely<Database>) {
  return {
    /** The quote was accepted online: its certificat d'acceptation is evidence to keep. */
    acceptedOnline: async (quoteId: number) =>
      !!(await db.selectFrom('quote_acceptances').select('quote_id').where('quote_id', '=', quoteId).where('answer', '=', 'accepted').executeTakeFirst()),
    insert: (values: { owner_id: number; kind: PortalLinkKind; document_id: number; token_hash: string; created_at: string }) =>
      db.insertInto('portal_links').values({ ...values, view_count: 0 }).execute(),
  };
}
