import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, QuoteAcceptancesTable } from '@/server/db/schema';
import type { PortalKind, PortalLinkKind } from '@/shared/contracts/portal';

/** The portal's rows (issue 27): links (minted by the documents module) and the quotes' answers. */
export function portalRepository(db: Kysely<Database>) {
  return {
    /** The link whose token hashes to `tokenHash` (the unique index finds it). */
    linkByHash: (tokenHash: string) =>
      db
        .selectFrom('portal_links')
        .select(['id', 'owner_id', 'kind', 'document_id', 'token_hash', 'created_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** One more opening of the document through the link. */
    recordView: (id: number, at: string) =>
      db
        .updateTable('portal_links')
        .set((eb) => ({
          view_count: eb('view_count', '+', 1),
          first_viewed_at: eb.fn.coalesce('first_viewed_at', eb.val(at)),
          last_viewed_at: at,
        }))
        .where('id', '=', id)
        .execute(),

    /** Every link of the owner's document or client space (revoked ones too: their views count). */
    linksOf: (ownerId: number, kind: PortalLinkKind, documentId: number) =>
      db
        .selectFrom('portal_links')
        .select(['created_at', 'revoked_at', 'first_viewed_at', 'last_viewed_at', 'view_count'])
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .where('document_id', '=', documentId)
        .execute(),

    revokeAll: (ownerId: number, kind: PortalLinkKind, documentId: number, at: string) =>
      db
        .updateTable('portal_links')
        .set({ revoked_at: at })
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind)
        .where('document_id', '=', documentId)
        .where('revoked_at', 'is', null)
        .execute(),

    /** The owner's contact (a client space's subject): its name, or undefined for anyone else's. */
    contactOf: (ownerId: number, contactId: number) =>
      db.selectFrom('contacts').select(['id', 'name']).where('owner_id', '=', ownerId).where('id', '=', contactId).executeTakeFirst(),

    /**
     * The document numbered `number` among this client's documents of this owner (one query over
     * the three kinds; a number is unique per owner and kind, and the kinds' prefixes differ).
     */
    clientDocument: async (ownerId: number, clientId: number, number: string): Promise<{ kind: PortalKind; id: number } | undefined> => {
      const of = (table: 'quotes' | 'invoices' | 'credit_notes', kind: PortalKind) =>
        db
          .selectFrom(table)
          .select([sql<string>`${sql.lit(kind)}`.as('kind'), 'id'])
          .where('owner_id', '=', ownerId)
          .where('client_id', '=', clientId)
          .where('number', '=', number);
      const row = await of('quotes', 'quote').unionAll(of('invoices', 'invoice')).unionAll(of('credit_notes', 'credit_note')).executeTakeFirst();
      return row ? { kind: row.kind as PortalKind, id: Number(row.id) } : undefined;
    },

    /** The quote's answer, without the certificate's bytes. */
    answerOf: (quoteId: number) =>
      db
        .selectFrom('quote_acceptances')
        .select(['quote_id', 'owner_id', 'answer', 'signer_name', 'signer_email', 'reason', 'answered_at', 'ip', 'user_agent', 'pdf_sha256', 'certificate_sha256'])
        .where('quote_id', '=', quoteId)
        .executeTakeFirst(),

    /**
     * Stores the answer unless the quote has one: the primary key (quote_id) lets exactly one of
     * concurrent answers in (PostgreSQL waits for the first to commit, then does nothing). Returns
     * whether this one was stored.
     */
    insertAnswer: async (values: Insertable<QuoteAcceptancesTable>) => {
      const result = await db
        .insertInto('quote_acceptances')
        .values(values)
        .onConflict((oc) => oc.column('quote_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    certificateOf: (ownerId: number, quoteId: number) =>
      db
        .selectFrom('quote_acceptances')
        .select(['certificate', 'certificate_sha256'])
        .where('owner_id', '=', ownerId)
        .where('quote_id', '=', quoteId)
        .where('answer', '=', 'accepted')
        .executeTakeFirst(),

    storeCertificate: (quoteId: number, certificate: Buffer, sha256: string) =>
      db
        .updateTable('quote_acceptances')
        .set({ certificate, certificate_sha256: sha256 })
        .where('quote_id', '=', quoteId)
        .where('certificate', 'is', null)
        .execute(),
  };
}

export type PortalRepository = ReturnType<typeof portalRepository>;
