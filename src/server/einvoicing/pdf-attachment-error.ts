/**
 * Thrown with a French reason when a PDF or its attachment cannot be read (pdf-attachments.ts). Apart
 * from the reader so that catching it does not load pdf-lib.
 */
export class PdfAttachmentError extends Error {}
