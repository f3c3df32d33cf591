import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { FacturX, PROFILES } from 'factur-x-kit';
import {
  PDFArray, PDFDict, PDFDocument, PDFName,
} from 'pdf-lib';
import { pdfAttachment, pdfAttachmentNames } from '@/server/einvoicing/pdf-attachments';

/**
 * Reading the PDFs the app renders, with npm libraries only (no poppler): text with pdf.js, page
 * count, fonts and attachments with pdf-lib, Factur-X checks with factur-x-kit. What `npm test`
 * needs on a fresh clone; the official Factur-X kit runs in `npm run test:facturx`.
 */

const TEXT_SCRIPT = path.join(__dirname, 'pdf-text.mjs');

/** U+202F and U+00A0 (fr-FR amounts) as plain spaces, as poppler's pdftotext gave them. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * The text of each page of each PDF, lines separated by '\n', in one child Node process for the
 * whole batch (pdfjs-dist is ESM only, which jest's CommonJS cannot load).
 */
export function pdfPageTexts(pdfs: readonly Buffer[]): string[][] {
  if (pdfs.length === 0) return [];
  const out = execFileSync(process.execPath, [TEXT_SCRIPT], {
    input: JSON.stringify(pdfs.map((pdf) => pdf.toString('base64'))),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return (JSON.parse(out) as string[][]).map((pages) => pages.map(plainSpaces));
}

/** The pages of one PDF as text. */
export const pdfPagesText = (pdf: Buffer): string[] => pdfPageTexts([pdf])[0];

/** The whole text of a PDF, pages separated by '\f' (like pdftotext). */
export const pdfText = (pdf: Buffer): string => pdfPagesText(pdf).join('\f');

/** The texts of several PDFs at once (one child process). */
export const pdfTexts = (pdfs: readonly Buffer[]): string[] => pdfPageTexts(pdfs).map((pages) => pages.join('\f'));

/** A piece of a page's text and where it is drawn: `y` is its baseline, in points from the page's top. */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
}

/** Each page's pieces of text with their positions. */
export function pdfPageItems(pdf: Buffer): PdfTextItem[][] {
  const out = execFileSync(process.execPath, [TEXT_SCRIPT], {
    input: JSON.stringify({ pdfs: [pdf.toString('base64')], items: true }),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const [pages] = JSON.parse(out) as PdfTextItem[][][];
  return pages.map((items) => items.map((item) => ({ ...item, str: plainSpaces(item.str) })));
}

/** Text with no whitespace at all (nor the zero-width spaces of breakable-text.ts): where a line wraps no longer matters. */
export const compactText = (text: string) => text.replace(/[\s\u200b]/g, '');

/**
 * A page split at its footer, whose first line holds `marker` (e.g. 'Page 2 / 3'): the text on and
 * below that line (`text`) and above it (`body`), each compacted in drawing order; and the body's
 * pieces of text whose baseline comes within `gap` points of the footer's first line (`tooClose`:
 * text running into the footer; [] when the body stops above it).
 */
export function pageFooter(items: readonly PdfTextItem[], marker: string, gap: number) {
  const top = items.find((item) => item.str.trim() === marker)?.y;
  if (top === undefined) throw new Error(`no « ${marker} » on the page`);
  const inFooter = (item: PdfTextItem) => item.y >= top - 0.5;
  const join = (list: PdfTextItem[]) => compactText(list.map((item) => item.str).join(''));
  return {
    text: join(items.filter(inFooter)),
    body: join(items.filter((item) => !inFooter(item))),
    tooClose: items.filter((item) => !inFooter(item) && item.y > top - gap),
  };
}

const load = (pdf: Buffer) => PDFDocument.load(pdf, { updateMetadata: false });

/** Number of pages. */
export async function pdfPages(pdf: Buffer): Promise<number> {
  return (await load(pdf)).getPageCount();
}

/** Names of the files embedded in the PDF (what `pdfdetach -list` showed). */
export const attachedFiles = (pdf: Buffer): Promise<string[]> => pdfAttachmentNames(pdf);

/** The content of an embedded file, or null. */
export const attachment = (pdf: Buffer, name: string): Promise<Buffer | null> => pdfAttachment(pdf, [name]);

/** The embedded factur-x.xml, as a string; throws when there is none. */
export async function facturXml(pdf: Buffer): Promise<string> {
  const xml = await attachment(pdf, 'factur-x.xml');
  if (!xml) throw new Error('no factur-x.xml in the PDF');
  return xml.toString('utf8');
}

export interface PdfFont {
  /** BaseFont, with its subset tag: 'ABCDEF+DejaVuSans-Bold'. */
  name: string;
  /** Font program in the file (FontFile, FontFile2 or FontFile3). */
  embedded: boolean;
  /** Subset (six capitals and '+' before the name). */
  subset: boolean;
  /** Has a ToUnicode map (text can be copied and searched). */
  unicode: boolean;
}

/** The fonts the pages use (what `pdffonts` showed). */
export async function pdfFonts(pdf: Buffer): Promise<PdfFont[]> {
  const doc = await load(pdf);
  const fonts = new Map<string, PdfFont>();
  for (const page of doc.getPages()) {
    const dict = page.node.Resources()?.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const key of dict?.keys() ?? []) {
      const font = dict!.lookup(key, PDFDict);
      const name = font.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? '';
      const descendant = font.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict);
      const descriptor = (descendant ?? font).lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
      fonts.set(name, {
        name,
        embedded: ['FontFile', 'FontFile2', 'FontFile3'].some((file) => descriptor?.has(PDFName.of(file))),
        subset: /^[A-Z]{6}\+/.test(name),
        unicode: font.has(PDFName.of('ToUnicode')),
      });
    }
  }
  return [...fonts.values()];
}

/**
 * Factur-X checks with factur-x-kit: the embedded XML is read into the EN 16931 (Comfort) data
 * model and checked against its structure and business rules (BR-CO-*: totals, VAT breakdown…).
 * Takes the PDF, or the XML itself. Returns the errors; [] means valid.
 */
export async function validateFacturX(input: Buffer | string): Promise<string[]> {
  let invoice: FacturX;
  try {
    invoice = typeof input === 'string' ? await FacturX.fromXML(input) : await FacturX.fromPDF(new Uint8Array(input));
  } catch (err) {
    return [`unreadable Factur-X: ${err instanceof Error ? err.message : String(err)}`];
  }
  const errors: string[] = [];
  if (invoice.object.profile !== PROFILES.COMFORT) errors.push(`profile ${invoice.object.profile}, not EN 16931 (${PROFILES.COMFORT})`);
  const result = invoice.validate();
  if (!result.valid) {
    errors.push(...(result.errors ?? [{ message: 'invalid', path: [] }]).map((e) => `${e.path.join('.') || '(document)'}: ${e.message}`));
  }
  return errors;
}
