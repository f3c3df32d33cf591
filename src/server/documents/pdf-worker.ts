import { move } from 'piscina';
import type { RenderableDocument } from './document-model';
import { renderDocumentPdf } from './pdf-renderer';

export interface PdfTask {
  doc: RenderableDocument;
  now: Date;
}

/**
 * Runs in a worker thread of the PDF pool (pdf-pool.ts): renders one document and hands its
 * bytes back without a copy (the ArrayBuffer moves to the main thread).
 */
export default async function renderInWorker({ doc, now }: PdfTask) {
  const pdf = await renderDocumentPdf(doc, now);
  // A Buffer may be a view into a shared slab: only a buffer of its own can be moved.
  const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength ? pdf : Uint8Array.prototype.slice.call(pdf);
  return move(own);
}
