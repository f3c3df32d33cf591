import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import {
  CREDIT_NOTE_KIND, documentViews, INVOICE_KIND, liveRenderable, QUOTE_KIND, recordIssued, repairPendingPdfs, type DocumentKindConfig,
} from '../documents';

/**
 * Documents issued before the ledger existed (migration 0009) get their frozen copy and journal
 * entry from their data as it stands now, once, when the server starts: invoices in number order,
 * then sent quotes. Rendering is application code, so this is not a migration. Idempotent.
 */
export async function backfillIssuedDocuments(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  let done = 0;
  for (const kind of [INVOICE_KIND, CREDIT_NOTE_KIND, QUOTE_KIND]) {
    const pending = await db
      .selectFrom(`${kind.table as 'invoices'} as d`)
      .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'd.id').on('a.kind', '=', kind.kind))
      .select(['d.id', 'd.owner_id'])
      .where('a.document_id', 'is', null)
      .where('d.number', 'is not', null)
      .$if(kind === QUOTE_KIND, (q) => q.where('d.status', '<>', 'draft'))
      .orderBy('d.owner_id')
      .orderBy('d.number')
      .execute();
    for (const { id, owner_id: ownerId } of pending) {
      await db.transaction().execute(async (trx) => {
        const view = await documentViews(trx, kind).find(ownerId, id);
        if (!view) return;
        const { document, contactId } = await liveRenderable(trx, kind, ownerId, view);
        await recordIssued(trx, dialect, kind, ownerId, document, contactId, await creditedBeforeCreditNotes(trx, kind, id));
      });
      done++;
    }
  }
  // Their PDFs, rendered outside the transactions.
  if (done) await repairPendingPdfs(db);
  return done;
}

/** What an invoice counted as credited beyond its credit notes (migration 0009: cancelled by hand before they existed). */
async function creditedBeforeCreditNotes(db: Kysely<Database>, kind: DocumentKindConfig, id: number) {
  if (kind !== INVOICE_KIND) return {};
  const invoice = await db.selectFrom('invoices').select('credited_cents').where('id', '=', id).executeTakeFirstOrThrow();
  const notes = await db.selectFrom('credit_notes').select('total_cents').where('invoice_id', '=', id).execute();
  const beyond = Number(invoice.credited_cents) - notes.reduce((sum, n) => sum + Number(n.total_cents), 0);
  return beyond > 0 ? { creditedBeforeCreditNotes: beyond } : {};
}
