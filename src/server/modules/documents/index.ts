/**
 * What other modules and the app may use of documents (quotes, invoices, credit notes): the rest
 * of the module is its own.
 */
export { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
export { documentsRoutes } from './documents.routes';
export { attachmentDisposition } from './document-delivery.routes';
export { documentsService } from './documents.service';
export { documentViews, type DocumentView } from './document-views';
export { documentSearchText } from './documents.repository';
export type { DocumentInput } from './documents.schemas';
export { requireClientEmail, sendInTransaction } from './document-sending';
export {
  archivedDocument, archivedPdfReader, issueThenArchive, liveRenderable, recordIssued, repairPendingPdfs, sealLegacyPdfs, UNGUARDED,
  type IssueGuard,
} from './issuing';
export { balanceDueCents, htShare, linesTotals, settlementAmounts } from './core';
