/**
 * The documents module's public API (quotes, invoices, credit notes): its routes, a kind's
 * service, the kinds, the totals and settlement figures other modules show, the live and archived
 * renderables reminders attach, what recurring invoices issue and send, and the start-up repairs.
 * (Its internals are being restructured on branch core: keep this list what other modules use.)
 */
export { documentsRoutes as documentsModule } from './documents.routes';
export { documentsService } from './documents.service';
export { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
export { linesTotals, settlementAmounts } from './documents.repository';
export type { DocumentInput } from './documents.schemas';
export { requireClientEmail, sendInTransaction } from './document-sending';
export {
  archivedDocument,
  archivedPdfReader,
  issueThenArchive,
  liveRenderable,
  repairPendingPdfs,
  sealLegacyPdfs,
  UNGUARDED,
  type IssueGuard,
} from './issuing';
export { backfillIssuedDocuments } from './ledger-backfill';
