import { inflateSync } from 'node:zlib';
import { PdfAttachmentError } from './pdf-attachment-error';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';

/**
 * The files embedded in a PDF (the catalog's /Names /EmbeddedFiles name tree), read with pdf-lib:
 * how a Factur-X PDF carries its XML. The PDF may come from anyone (a supplier's invoice), so an
 * embedded file is inflated by zlib with a bound on what it may grow to, never trusted to be small.
 */

export { PdfAttachmentError };

/** An embedded invoice XML is tens of kilobytes; far more is refused before it fills memory. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

const textOf = (value: PDFObject | undefined) =>
  value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;

async function load(pdf: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
  } catch (error) {
    throw new PdfAttachmentError(`PDF illisible : ${(error as Error).message.slice(0, 200)}`);
  }
}

/** [name in the tree, file specification] of each embedded file (name trees may nest: /Kids). */
function fileSpecs(doc: PDFDocument): [string, PDFDict][] {
  const found: [string, PDFDict][] = [];
  const seen = new Set<PDFDict>();
  const walk = (node: PDFDict | undefined, depth: number) => {
    // A hostile tree may loop or nest without end.
    if (!node || seen.has(node) || depth > 32) return;
    seen.add(node);
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 0; names && i + 1 < names.size(); i += 2) {
      const spec = names.lookup(i + 1);
      if (spec instanceof PDFDict) found.push([textOf(names.lookup(i)) ?? '', spec]);
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i++) walk(kids.lookupMaybe(i, PDFDict), depth + 1);
  };
  try {
    walk(doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict), 0);
  } catch (error) {
    throw new PdfAttachmentError(`PDF illisible : ${(error as Error).message.slice(0, 200)}`);
  }
  return found;
}

const specName = (spec: PDFDict, fallback: string) =>
  textOf(spec.lookup(PDFName.of('UF'))) ?? textOf(spec.lookup(PDFName.of('F'))) ?? fallback;

/** The bytes of an embedded file stream: as stored, or inflated (FlateDecode) within the bound. */
function streamBytes(stream: PDFRawStream, name: string): Buffer {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : [];
  const raw = Buffer.from(stream.getContents());
  if (filters.length === 0) {
    if (raw.length > MAX_ATTACHMENT_BYTES) throw new PdfAttachmentError(`Le fichier joint « ${name} » est trop volumineux.`);
    return raw;
  }
  if (filters.length !== 1 || filters[0] !== PDFName.of('FlateDecode')) {
    throw new PdfAttachmentError(`Le fichier joint « ${name} » est compressé d’une manière que Carnet ne lit pas.`);
  }
  try {
    return inflateSync(raw, { maxOutputLength: MAX_ATTACHMENT_BYTES });
  } catch (error) {
    const tooBig = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    throw new PdfAttachmentError(tooBig ? `Le fichier joint « ${name} » est trop volumineux.` : `Le fichier joint « ${name} » est illisible.`);
  }
}

/** Names of the files embedded in the PDF (what `pdfdetach -list` shows). */
export async function pdfAttachmentNames(pdf: Uint8Array): Promise<string[]> {
  return fileSpecs(await load(pdf)).map(([key, spec]) => specName(spec, key));
}

/** The content of the first embedded file named one of `names`, or null when there is none. */
export async function pdfAttachment(pdf: Uint8Array, names: readonly string[]): Promise<Buffer | null> {
  for (const [key, spec] of fileSpecs(await load(pdf))) {
    const name = specName(spec, key);
    if (!names.includes(name)) continue;
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) throw new PdfAttachmentError(`Le fichier joint « ${name} » est vide.`);
    return streamBytes(stream, name);
  }
  return null;
}
