import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentViews } from './document-views';
import { issuedDocumentsRepository } from './issued-documents.repository';
import { liveRenderable, recordIssued } from './issuing';

/**
 * Documents issued before the ledger existed (migration 0009) get their frozen copy and journal
 * entry from their data as it stands now, once, when the server starts: invoices in number order,
 * then sent quotes. Rendering is application code, so this is not a migration. Idempotent.
 */
export async function backfillIssuedDocuments(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  let done = 0;
  for (const kind of [INVOICE_KIND, CREDIT_NOTE_KIND, QUOTE_KIND]) {
    const pending = await issuedDocumentsRepository(db).unjournalled(kind);
    for (const { id, owner_id: ownerId } of pending) {
      await inTransaction(db, async (trx) => {
        const view = await documentViews(trx, kind).find(ownerId, id);
        if (!view) return;
        const { document, contactId } = await liveRenderable(trx, kind, ownerId, view);
        await recordIssued(trx, dialect, kind, ownerId, document, contactId, await creditedBeforeCreditNotes(trx, kind, id));
      });
      done++;
    }
  }
  // Their PDFs are left pending: rendered from their snapshot by the start-up repair (the newest) or
  // at their first read (issuing.ts's archivedDocument), never inside these transactions.
  return done;
}

/** What an invoice counted as credited beyond its credit notes (migration 0009: cancelled by hand before they existed). */
async function creditedBeforeCreditNotes(db: Kysely<Database>, kind: DocumentKindConfig, id: number) {
  if (kind !== INVOICE_KIND) return {};
  const { credited, creditNotes } = await issuedDocumentsRepository(db).creditedAndCreditNotes(id);
  const beyond = credited - creditNotes.reduce((sum, total) => sum + total, 0);
  return beyond > 0 ? { creditedBeforeCreditNotes: beyond } : {};
}
