import PDFDocument from 'pdfkit';
import { buildFacturX } from './factur-x';
import { documentFonts } from './fonts';
import { documentTotals, isDraftInvoice, isIssuedInvoice, type DocumentLine, type Party, type RenderableDocument } from './document-model';
import { formatCents, formatDate, formatDecimal, formatRate } from './format';
import { legalMentions } from './legal-mentions';
import { PDFA_OPTIONS, attachFacturX } from './pdfa';
import { FifoLock } from '../fifo-lock';

/**
 * Quote and invoice PDFs: A4, French, DejaVu fonts embedded, PDF/A-3b; an issued invoice also
 * embeds its Factur-X XML. Pagination is done here rather than by pdfkit so that the table
 * header repeats, a line never splits across pages (unless it is taller than a page), and the
 * totals never sit alone at the top of a page.
 */

const MARGIN = 50;
const BOTTOM = 70; // room for the footer
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const PAD = 5;
const COLOR = { text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', accent: '#1e4e8c', band: '#eef2f7', watermark: '#e3e6ea' };

// Table columns: designation, quantity, unit price, line total.
const COLUMNS = [
  { key: 'designation', label: 'Désignation', x: MARGIN, width: 265, align: 'left' },
  { key: 'quantity', label: 'Qté', x: MARGIN + 265, width: 55, align: 'right' },
  { key: 'price', label: 'Prix unit. HT', x: MARGIN + 320, width: 85, align: 'right' },
  { key: 'total', label: 'Total HT', x: MARGIN + 405, width: 90, align: 'right' },
] as const;
const TEXT_WIDTH = COLUMNS[0].width - 2 * PAD;

const TOTALS_X = MARGIN + CONTENT_WIDTH - 230;
const TOTALS_WIDTH = 230;

const LABELS = {
  quote: { title: 'DEVIS', name: 'Devis', end: 'Valable jusqu’au', signature: 'Signature' },
  invoice: { title: 'FACTURE', name: 'Facture', end: 'Date d’échéance', signature: 'Informations de paiement' },
  credit_note: { title: 'AVOIR', name: 'Avoir', end: 'Date d’échéance', signature: 'Informations de paiement' },
} as const;

type Pdf = PDFKit.PDFDocument;

interface TableRow {
  line: DocumentLine;
  description: string;
  /** Cents; null on the continuation of a line too tall for one page. */
  total: number | null;
  continued: boolean;
}

/**
 * Renders run one at a time, in arrival order. pdfkit yields between stream chunks, so concurrent
 * renders used to interleave: under 50 simultaneous downloads every render advanced at 1/50th of
 * the speed and a few waited over 10 s (bench/api.ts). Queued, each waits only for those before it.
 */
export const pdfRenderQueue = new FifoLock();

/** The PDF of a quote or invoice, as a Buffer. */
export async function renderDocumentPdf(doc: RenderableDocument, now: Date = new Date()): Promise<Buffer> {
  await pdfRenderQueue.acquire();
  try {
    return await renderNow(doc, now);
  } finally {
    pdfRenderQueue.release();
  }
}

function renderNow(doc: RenderableDocument, now: Date): Promise<Buffer> {
  const fonts = documentFonts();
  const labels = LABELS[doc.kind];
  const pdf: Pdf = new PDFDocument({
    ...PDFA_OPTIONS,
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    autoFirstPage: false,
    // No default font: pdfkit would otherwise load Helvetica, which PDF/A forbids (not embedded).
    font: null as unknown as string,
    info: {
      Title: `${labels.name} ${doc.number ?? 'brouillon'}`,
      Creator: 'Carnet',
      Producer: 'Carnet (pdfkit)',
      CreationDate: now,
    },
    displayTitle: true,
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const draft = isDraftInvoice(doc);
  const bottom = PAGE.height - BOTTOM;
  let inTable = false;

  // Under the content of every page, so no transparency is needed (PDF/A-friendly).
  pdf.on('pageAdded', () => {
    if (draft) watermark(pdf, 'BROUILLON');
    if (inTable) tableHeader(pdf);
  });
  pdf.addPage();

  header(pdf, doc);

  const totals = documentTotals(doc);
  const mentions = legalMentions(doc);
  const rows: TableRow[] = doc.lines.map((line, i) => ({ line, description: line.description, total: totals.lines[i], continued: false }));
  const totalsHeight = measureTotals(pdf, mentions.vatExemption?.reason ?? null);

  // Table: the header never stands alone at the bottom of a page; the last line goes with the totals.
  const firstRow = rows.length ? rowHeight(pdf, rows[0]) : 0;
  const splitting = firstRow > bottom - MARGIN - 22; // it will be split anyway: a few lines suffice
  const firstNeed = 22 + (splitting ? 60 : firstRow + (rows.length === 1 ? totalsHeight : 0));
  if (pdf.y + firstNeed > bottom) pdf.addPage();
  inTable = true;
  tableHeader(pdf);
  let rowsOnPage = 0;
  pdf.on('pageAdded', () => (rowsOnPage = 0));
  for (const [i, first] of rows.entries()) {
    let row = first;
    const need = rowHeight(pdf, row) + (i === rows.length - 1 ? totalsHeight : 0);
    if (pdf.y + need > bottom && rowsOnPage > 0) pdf.addPage();
    // A line taller than a page: its description continues on the next page.
    while (pdf.y + rowHeight(pdf, row) > bottom) {
      const [head, rest] = splitToFit(pdf, row, bottom - pdf.y);
      if (!head) {
        // Not even the title fits here (it always does on a fresh page).
        pdf.addPage();
        continue;
      }
      tableRow(pdf, { ...row, description: head });
      rowsOnPage++;
      row = { ...row, description: rest, total: null, continued: true };
      pdf.addPage();
    }
    tableRow(pdf, row);
    rowsOnPage++;
  }
  inTable = false;

  if (pdf.y + totalsHeight > bottom) pdf.addPage();
  totalsBlock(pdf, doc, totals, mentions.vatExemption?.reason ?? null);

  const notice = [doc.legalNotice, ...mentions.missing.filter((m) => m !== mentions.vatExemption?.reason)]
    .filter((t) => t.trim())
    .join('\n');
  if (notice) block(pdf, 'Conditions et mentions légales', notice);
  if (doc.signatureNotice.trim()) block(pdf, labels.signature, doc.signatureNotice);
  if (doc.kind === 'quote') acceptanceBox(pdf);

  footers(pdf, doc);
  if (isIssuedInvoice(doc)) attachFacturX(pdf, buildFacturX(doc), now);
  pdf.end();
  return done;
}

function watermark(pdf: Pdf, text: string) {
  const { x, y } = pdf;
  pdf.save();
  pdf.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
  pdf
    .font('bold')
    .fontSize(96)
    .fillColor(COLOR.watermark)
    .text(text, PAGE.width / 2 - 450, PAGE.height / 2 - 55, { width: 900, align: 'center', lineBreak: false });
  pdf.restore();
  pdf.x = x;
  pdf.y = y;
}

function partyLines(party: Party, withIdentifiers: boolean): string[] {
  const lines = [
    party.secondaryName,
    party.contactName && party.contactName !== party.name ? party.contactName : '',
    ...party.address.split(/\r?\n/),
    [party.postalCode, party.city].filter(Boolean).join(' '),
    party.country && party.country.trim().toLowerCase() !== 'france' ? party.country : '',
  ];
  if (withIdentifiers) {
    lines.push(
      party.siret ? `SIRET : ${party.siret}` : '',
      party.vatNumber ? `TVA intracom. : ${party.vatNumber}` : '',
      party.phone ? `Tél. : ${party.phone}` : '',
      party.email,
      party.website,
    );
  } else {
    lines.push(party.email);
  }
  return lines.map((l) => l.trim()).filter(Boolean);
}

function header(pdf: Pdf, doc: RenderableDocument) {
  const labels = LABELS[doc.kind];
  const top = MARGIN;
  // Issuer, top left.
  pdf.font('bold').fontSize(13).fillColor(COLOR.text).text(doc.issuer.name, MARGIN, top, { width: 270 });
  pdf.moveDown(0.2).font('regular').fontSize(8.5).fillColor(COLOR.muted);
  for (const line of partyLines(doc.issuer, true)) pdf.text(line, MARGIN, pdf.y, { width: 270 });
  const issuerBottom = pdf.y;

  // Document identity, top right.
  const rightX = MARGIN + CONTENT_WIDTH - 215;
  const right = { width: 215, align: 'right' as const };
  pdf.font('bold').fontSize(22).fillColor(COLOR.accent).text(labels.title, rightX, top - 4, right);
  pdf.font('bold').fontSize(10).fillColor(COLOR.text);
  pdf.text(doc.number ? `N° ${doc.number}` : 'BROUILLON — non numérotée', rightX, pdf.y + 2, right);
  pdf.font('regular').fontSize(9).fillColor(COLOR.text);
  pdf.text(`Date d’émission : ${formatDate(doc.issueDate)}`, rightX, pdf.y + 4, right);
  // A credit note is due at once: no date of its own to print.
  if (doc.endDate && doc.kind !== 'credit_note') pdf.text(`${labels.end} : ${formatDate(doc.endDate)}`, rightX, pdf.y, right);
  if (doc.creditedInvoice) {
    // CGI art. 242 nonies A: a credit note names the invoice it corrects.
    pdf.text(`Facture d’origine : ${doc.creditedInvoice.number} du ${formatDate(doc.creditedInvoice.issueDate)}`, rightX, pdf.y, right);
  }

  // Client, in a box on the right.
  const boxY = Math.max(issuerBottom, pdf.y) + 18;
  const boxX = MARGIN + CONTENT_WIDTH - 250;
  const inner = 250 - 2 * 10;
  const clientLines = partyLines(doc.client, false);
  pdf.font('bold').fontSize(10);
  let height = 10 + 12 + pdf.heightOfString(doc.client.name, { width: inner });
  pdf.font('regular').fontSize(9);
  for (const line of clientLines) height += pdf.heightOfString(line, { width: inner });
  height += 10;
  pdf.roundedRect(boxX, boxY, 250, height, 4).lineWidth(0.7).strokeColor(COLOR.rule).stroke();
  pdf.font('bold').fontSize(7.5).fillColor(COLOR.muted).text('CLIENT', boxX + 10, boxY + 10, { width: inner });
  pdf.font('bold').fontSize(10).fillColor(COLOR.text).text(doc.client.name, boxX + 10, pdf.y + 2, { width: inner });
  pdf.font('regular').fontSize(9);
  for (const line of clientLines) pdf.text(line, boxX + 10, pdf.y, { width: inner });

  // Subject and notes.
  pdf.x = MARGIN;
  pdf.y = boxY + height + 20;
  pdf.font('bold').fontSize(11).fillColor(COLOR.text).text(`Objet : ${doc.title}`, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  if (doc.creditedInvoice?.reason.trim()) {
    pdf.moveDown(0.3).font('regular').fontSize(9).fillColor(COLOR.text);
    pdf.text(`Motif : ${doc.creditedInvoice.reason.trim()}`, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  }
  if (doc.description.trim()) {
    pdf.moveDown(0.3).font('regular').fontSize(9).fillColor(COLOR.muted);
    pdf.text(doc.description.trim(), MARGIN, pdf.y, { width: CONTENT_WIDTH });
  }
  pdf.y += 14;
}

function tableHeader(pdf: Pdf) {
  const y = pdf.y;
  pdf.rect(MARGIN, y, CONTENT_WIDTH, 20).fillColor(COLOR.band).fill();
  pdf.font('bold').fontSize(8.5).fillColor(COLOR.text);
  for (const c of COLUMNS) pdf.text(c.label, c.x + PAD, y + 6, { width: c.width - 2 * PAD, align: c.align, lineBreak: false });
  pdf.x = MARGIN;
  pdf.y = y + 22;
}

// Measuring text is the costly part of rendering: each row is measured once.
const measured = new WeakMap<TableRow, { title: string; titleHeight: number; descriptionHeight: number }>();

function textHeights(pdf: Pdf, row: TableRow) {
  const known = measured.get(row);
  if (known) return known;
  const title = row.continued ? `${row.line.title} (suite)` : row.line.title;
  pdf.font('bold').fontSize(9);
  const titleHeight = pdf.heightOfString(title, { width: TEXT_WIDTH });
  pdf.font('regular').fontSize(8);
  const descriptionHeight = row.description.trim() ? pdf.heightOfString(row.description.trim(), { width: TEXT_WIDTH }) + 2 : 0;
  const heights = { title, titleHeight, descriptionHeight };
  measured.set(row, heights);
  return heights;
}

function rowHeight(pdf: Pdf, row: TableRow) {
  const { titleHeight, descriptionHeight } = textHeights(pdf, row);
  return titleHeight + descriptionHeight + 2 * PAD + 1;
}

/**
 * The longest head of the row's description that fits in `room` points: whole words, or
 * characters when a single "word" is taller than that (a pasted URL, say).
 */
function splitToFit(pdf: Pdf, row: TableRow, room: number): [string, string] {
  const longestFitting = (tokens: string[]) => {
    let low = 0;
    let high = tokens.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (rowHeight(pdf, { ...row, description: tokens.slice(0, mid).join('') }) <= room) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const text = row.description.trim();
  let tokens = text.split(/(?<=\s)/);
  let count = longestFitting(tokens);
  if (count === 0) {
    tokens = Array.from(text);
    count = longestFitting(tokens);
  }
  return [tokens.slice(0, count).join('').trim(), tokens.slice(count).join('').trim()];
}

function tableRow(pdf: Pdf, row: TableRow) {
  const y = pdf.y;
  const { title, descriptionHeight } = textHeights(pdf, row);
  const height = rowHeight(pdf, row);
  pdf.font('bold').fontSize(9).fillColor(COLOR.text).text(title, COLUMNS[0].x + PAD, y + PAD, { width: TEXT_WIDTH });
  if (descriptionHeight) {
    pdf.font('regular').fontSize(8).fillColor(COLOR.muted);
    pdf.text(row.description.trim(), COLUMNS[0].x + PAD, pdf.y + 2, { width: TEXT_WIDTH });
  }
  if (row.total !== null) {
    const cells = [formatDecimal(row.line.quantity), formatCents(Math.round(row.line.unitPrice * 100)), formatCents(row.total)];
    pdf.font('regular').fontSize(9).fillColor(COLOR.text);
    cells.forEach((cell, i) => {
      const c = COLUMNS[i + 1];
      pdf.text(cell, c.x + PAD, y + PAD, { width: c.width - 2 * PAD, align: 'right', lineBreak: false });
    });
  }
  pdf.moveTo(MARGIN, y + height).lineTo(MARGIN + CONTENT_WIDTH, y + height).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  pdf.x = MARGIN;
  pdf.y = y + height;
}

function totalsRows(doc: RenderableDocument, totals: ReturnType<typeof documentTotals>) {
  return [
    { label: 'Total HT', value: formatCents(totals.subtotal) },
    { label: `TVA ${formatRate(doc.taxRate)}`, value: formatCents(totals.tax) },
  ];
}

function measureTotals(pdf: Pdf, exemption: string | null) {
  let height = 10 + 2 * 16 + 24;
  if (exemption) {
    pdf.font('regular').fontSize(8.5);
    height += 4 + pdf.heightOfString(exemption, { width: TOTALS_WIDTH });
  }
  return height + 6;
}

function totalsBlock(pdf: Pdf, doc: RenderableDocument, totals: ReturnType<typeof documentTotals>, exemption: string | null) {
  let y = pdf.y + 10;
  const labelWidth = 120;
  pdf.font('regular').fontSize(9.5).fillColor(COLOR.text);
  for (const row of totalsRows(doc, totals)) {
    pdf.text(row.label, TOTALS_X + PAD, y + 3, { width: labelWidth, lineBreak: false });
    pdf.text(row.value, TOTALS_X + labelWidth, y + 3, { width: TOTALS_WIDTH - labelWidth - PAD, align: 'right', lineBreak: false });
    y += 16;
  }
  pdf.rect(TOTALS_X, y + 2, TOTALS_WIDTH, 22).fillColor(COLOR.accent).fill();
  pdf.font('bold').fontSize(10.5).fillColor('#ffffff');
  pdf.text('Total TTC', TOTALS_X + PAD, y + 8, { width: labelWidth, lineBreak: false });
  pdf.text(formatCents(totals.total), TOTALS_X + labelWidth, y + 8, { width: TOTALS_WIDTH - labelWidth - PAD, align: 'right', lineBreak: false });
  y += 24;
  if (exemption) {
    pdf.font('regular').fontSize(8.5).fillColor(COLOR.text).text(exemption, TOTALS_X, y + 4, { width: TOTALS_WIDTH, align: 'right' });
    y = pdf.y;
  }
  pdf.x = MARGIN;
  pdf.y = y + 6;
}

/** A titled paragraph kept on one page when it fits on one, else flowing across pages. */
function block(pdf: Pdf, title: string, body: string) {
  const bottom = PAGE.height - BOTTOM;
  pdf.font('bold').fontSize(9.5);
  const titleHeight = pdf.heightOfString(title, { width: CONTENT_WIDTH }) + 3;
  pdf.font('regular').fontSize(8.5);
  const height = 14 + titleHeight + pdf.heightOfString(body.trim(), { width: CONTENT_WIDTH });
  if (pdf.y + height > bottom && height <= bottom - MARGIN) pdf.addPage();
  else if (pdf.y + 14 + titleHeight + 30 > bottom) pdf.addPage();
  pdf.y += 14;
  pdf.font('bold').fontSize(9.5).fillColor(COLOR.text).text(title, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  pdf.y += 3;
  pdf.font('regular').fontSize(8.5).fillColor(COLOR.muted).text(body.trim(), MARGIN, pdf.y, { width: CONTENT_WIDTH });
}

function acceptanceBox(pdf: Pdf) {
  const bottom = PAGE.height - BOTTOM;
  const height = 80;
  if (pdf.y + 16 + height > bottom) pdf.addPage();
  const x = MARGIN + CONTENT_WIDTH - 250;
  const y = pdf.y + 16;
  pdf.roundedRect(x, y, 250, height, 4).lineWidth(0.7).strokeColor(COLOR.rule).stroke();
  pdf.font('bold').fontSize(8.5).fillColor(COLOR.text).text('Bon pour accord', x + 10, y + 8, { width: 230 });
  pdf.font('regular').fontSize(7.5).fillColor(COLOR.muted).text('Date, signature et cachet du client', x + 10, pdf.y + 1, { width: 230 });
  pdf.x = MARGIN;
  pdf.y = y + height;
}

function footers(pdf: Pdf, doc: RenderableDocument) {
  const { start, count } = pdf.bufferedPageRange();
  const issuer = doc.issuer;
  const legal = [
    [issuer.name, issuer.secondaryName].filter(Boolean).join(' — '),
    issuer.siret ? `SIRET ${issuer.siret}` : '',
    issuer.vatNumber ? `TVA ${issuer.vatNumber}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  for (let i = 0; i < count; i++) {
    pdf.switchToPage(start + i);
    // Writing below the bottom margin would make pdfkit open a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = PAGE.height - 45;
    pdf.moveTo(MARGIN, y - 6).lineTo(MARGIN + CONTENT_WIDTH, y - 6).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
    pdf.font('regular').fontSize(7).fillColor(COLOR.muted);
    pdf.text(legal, MARGIN, y, { width: CONTENT_WIDTH - 90, height: 18, ellipsis: true });
    pdf.text(`Page ${i + 1} / ${count}`, MARGIN + CONTENT_WIDTH - 80, y, { width: 80, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = margin;
  }
}
