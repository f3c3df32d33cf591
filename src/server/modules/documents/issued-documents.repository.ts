import type { Insertable, Kysely } from 'kysely';
import type { Database, IssuedDocumentsTable } from '@/server/db/schema';
import type { DocumentKind } from '@/shared/documents';
import type { DocumentKindConfig } from './document-kinds';

/** The legal records of issued documents (issued_documents): snapshot, archived PDF, digest and seal. Rows only. */
export function issuedDocumentsRepository(db: Kysely<Database>) {
  // Through issued_documents_pending_idx (migration 0018: partial, pending rows only).
  const pending = () =>
    db
      .selectFrom('issued_documents')
      .select(['kind', 'document_id', 'owner_id', 'snapshot', 'snapshot_sha256'])
      .where('pdf', 'is', null);

  return {
    /**
     * Numbered documents of a kind without their legal record (issued before the ledger existed,
     * migration 0009; quotes once sent), by owner and number.
     */
    unjournalled: (kind: DocumentKindConfig) =>
      db
        .selectFrom(`${kind.table as 'invoices'} as d`)
        .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'd.id').on('a.kind', '=', kind.kind))
        .select(['d.id', 'd.owner_id'])
        .where('a.document_id', 'is', null)
        .where('d.number', 'is not', null)
        .$if(kind.kind === 'quote', (q) => q.where('d.status', '<>', 'draft'))
        .orderBy('d.owner_id')
        .orderBy('d.number')
        .execute(),

    /** An invoice's credited amount and its credit notes' totals (the backfill compares them). */
    creditedAndCreditNotes: async (invoiceId: number) => ({
      credited: Number(
        (await db.selectFrom('invoices').select('credited_cents').where('id', '=', invoiceId).executeTakeFirstOrThrow()).credited_cents,
      ),
      creditNotes: (await db.selectFrom('credit_notes').select('total_cents').where('invoice_id', '=', invoiceId).execute()).map((n) =>
        Number(n.total_cents),
      ),
    }),

    insert: (values: Insertable<IssuedDocumentsTable>) => db.insertInto('issued_documents').values(values).execute(),

    /** What a document's page shows of its archive: the PDF's digest and the client's name as issued. */
    summary: (kind: DocumentKind, documentId: number) =>
      db.selectFrom('issued_documents').select(['pdf_sha256', 'client_name']).where('kind', '=', kind).where('document_id', '=', documentId).executeTakeFirst(),

    exists: async (kind: DocumentKind, documentId: number) =>
      !!(await db.selectFrom('issued_documents').select('document_id').where('kind', '=', kind).where('document_id', '=', documentId).executeTakeFirst()),

    delete: (kind: DocumentKind, documentId: number) =>
      db.deleteFrom('issued_documents').where('kind', '=', kind).where('document_id', '=', documentId).execute(),

    snapshot: (kind: DocumentKind, ownerId: number, documentId: number) =>
      db
        .selectFrom('issued_documents')
        .select('snapshot')
        .where('kind', '=', kind)
        .where('document_id', '=', documentId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst(),

    read: (kind: DocumentKind, ownerId: number, documentId: number) =>
      db
        .selectFrom('issued_documents')
        .select(['kind', 'document_id', 'owner_id', 'snapshot', 'snapshot_sha256', 'pdf', 'pdf_sha256', 'pdf_seal'])
        .where('kind', '=', kind)
        .where('document_id', '=', documentId)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst(),

    /** The owner's archives whose PDF is not rendered yet, oldest first (`only` those documents). */
    pending: (owner: { ownerId: number; only?: { kind: DocumentKind; id: number }[] }) =>
      pending()
        .where('owner_id', '=', owner.ownerId)
        .$if(owner.only !== undefined, (q) =>
          q.where((eb) => eb.or(owner.only!.map((d) => eb.and([eb('kind', '=', d.kind), eb('document_id', '=', d.id)])))),
        )
        .orderBy('created_at')
        .execute(),

    /** Every account's newest `limit` archives whose PDF is not rendered yet. */
    newestPending: (limit: number) => pending().orderBy('created_at', 'desc').limit(limit).execute(),

    /** Stores a rendered PDF, unless one was stored meanwhile (a download racing the issuing request: the first stays). */
    storePdf: (kind: DocumentKind, documentId: number, pdf: { pdf: Buffer; pdf_sha256: string; pdf_seal: string }) =>
      db
        .updateTable('issued_documents')
        .set(pdf)
        .where('kind', '=', kind)
        .where('document_id', '=', documentId)
        .where('pdf', 'is', null)
        .execute(),

    unsealed: () =>
      db
        .selectFrom('issued_documents')
        .select(['kind', 'document_id', 'snapshot_sha256', 'pdf', 'pdf_sha256'])
        .where('pdf_seal', 'is', null)
        .where('pdf', 'is not', null)
        .execute(),

    setSeal: (kind: DocumentKind, documentId: number, pdfSeal: string) =>
      db.updateTable('issued_documents').set({ pdf_seal: pdfSeal }).where('kind', '=', kind).where('document_id', '=', documentId).execute(),
  };
}
