import { move } from 'piscina';
import type { RenderableDocument } from './document-model';
import { renderDocumentPdf } from './pdf-renderer';
import { renderReceiptsPdf, type ReceiptsIssuer } from './receipts-pdf';
import { renderAcceptanceCertificatePdf, type AcceptanceCertificate } from './acceptance-certificate';
import type { ReceiptsBookData } from './receipts-book';

/** A render for the pool: a document (quote, invoice, credit note), or a year's receipts book. */
export type PdfTask =
  | { kind: 'document'; doc: RenderableDocument; now: Date }
  | { kind: 'receipts-book'; book: ReceiptsBookData; issuer: ReceiptsIssuer; now: Date }
  | { kind: 'acceptance-certificate'; certificate: AcceptanceCertificate; now: Date };

/**
 * Runs in a worker thread of the PDF pool (pdf-pool.ts): renders one PDF and hands its bytes back
 * without a copy (the ArrayBuffer moves to the main thread).
 */
export default async function renderInWorker(task: PdfTask) {
  const pdf =
    task.kind === 'document'
      ? await renderDocumentPdf(task.doc, task.now)
      : task.kind === 'acceptance-certificate'
        ? await renderAcceptanceCertificatePdf(task.certificate, task.now)
        : await renderReceiptsPdf(task.book, task.issuer, task.now);
  // A Buffer may be a view into a shared slab: only a buffer of its own can be moved.
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : Uint8Array.prototype.slice.call(pdf);
  return move(own);
}
