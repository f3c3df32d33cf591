/**
 * The documents module's public API (quotes, invoices, credit notes): its routes, a kind's
 * service, the kinds, the totals and settlement figures other modules show, the live and archived
 * renderables reminders attach, what recurring invoices issue and send, and the start-up repairs.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { mailFromParts } from '@/server/mail/mailer';
import { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentDelivery } from './document-sending';
import { documentsRoutes } from './documents.routes';
import { documentsService } from './documents.service';
import { creditNotesService } from './credit-notes/credit-notes.service';
import { paymentsService } from './invoices/payments.service';
import { quotesService } from './quotes/quotes.service';

export { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
export { documentsService, quotesService };
export { mintPortalLink, portalTokenHash } from './portal-links';
export { documentViews, type DocumentView } from './document-views';
export { centsToUnitPrice, linesTotals, ONE_UNIT, settlementAmounts, storedDiscount } from './core';
export type { DocumentInput } from './documents.schemas';
export { parseDocument } from './documents.schemas';
export { documentMessageDraft, requireClientEmail, sendInTransaction, shownDocument } from './document-sending';
export {
  archivedDocument,
  archivedPdfReader,
  issuedSnapshot,
  issueThenArchive,
  liveRenderable,
  REPAIRED_AT_START,
  repairPendingPdfs,
  sealLegacyPdfs,
  UNGUARDED,
  type IssueGuard,
} from './issuing';
export { backfillIssuedDocuments } from './ledger-backfill';
export { einvoicingRecord, goesThroughPlatform, type EInvoicingRecord, type PaymentReport, type Submission } from './einvoicing-record';

/** Registers the documents' routes with their services, built once from the context. */
export async function documentsModule(app: FastifyInstance, ctx: AppContext) {
  const forKind = (kind: DocumentKindConfig) => documentsService(ctx.db, ctx.dialect, kind);
  await documentsRoutes(app, ctx, {
    quotes: forKind(QUOTE_KIND),
    invoices: forKind(INVOICE_KIND),
    creditNotes: forKind(CREDIT_NOTE_KIND),
    quoting: quotesService(ctx.db, ctx.dialect),
    payments: paymentsService(ctx.db, ctx.dialect),
    creditNoting: creditNotesService(ctx.db, ctx.dialect),
    delivery: (kind) => documentDelivery(ctx.db, ctx.dialect, kind, ctx.config.appUrl),
    appName: mailFromParts(ctx.config.mailFrom).name,
  });
}
