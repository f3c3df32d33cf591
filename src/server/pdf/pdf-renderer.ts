import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { buildFacturX } from './factur-x';
import { documentFonts } from './fonts';
import { countryName } from '@/shared/countries';
import { formatIban } from '@/shared/identifiers';
import { amountLabels, documentTotalLabel, REFUND_LABEL } from '@/shared/amount-labels';
import { DEFAULT_DISCOUNT_REASON } from '@/shared/documents';
import { EPC_QR_ERROR_CORRECTION, epcPayload } from '@/shared/epc-qr';
import {
  amountDueCents, depositPaidCents, documentDiscountOf, documentTotals, hasUnits, isDraftInvoice, isIssuedInvoice, paidDepositsCents, type DocumentLine, type Party, type RenderableDocument,
} from './document-model';
import { formatCents, formatDate, formatQuantity, formatRate, formatUnitPrice } from './format';
import { LINE_UNITS, lineUnitOf } from '@/shared/units';
import { VAT_EXEMPTIONS, type VatExemptionKey } from '@/shared/vat';
import { legalMentions } from './legal-mentions';
import { lineExemptionKey, vatGroups, type VatGroup } from './vat-treatment';
import { PDFA_OPTIONS, attachFacturX } from './pdfa';
import { withBreakableText } from './breakable-text';
import { drawPageFooters, reservePageFooter, type PageFooterStyle } from './page-footer';

/**
 * Quote and invoice PDFs: A4, French, DejaVu fonts embedded, PDF/A-3b; an issued invoice also
 * embeds its Factur-X XML. Pagination is done here rather than by pdfkit so that the table
 * header repeats, a line never splits across pages (unless it is taller than a page), and the
 * totals never sit alone at the top of a page.
 */

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const PAD = 5;
const COLOR = { text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', accent: '#1e4e8c', band: '#eef2f7', watermark: '#e3e6ea' };

type ColumnKey = 'designation' | 'quantity' | 'unit' | 'price' | 'rate' | 'total';

interface Column {
  key: ColumnKey;
  label: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

const column = (key: ColumnKey, label: string, x: number, width: number, align: Column['align'] = 'right'): Column => ({ key, label, x, width, align });

/**
 * Table columns: designation, quantity, [unit,] unit price, [VAT rate,] line total. A seller in
 * the VAT franchise has no rate column and no "HT": no VAT is charged (art. 293 B CGI). The unit
 * column (issue 25) is there when the lines carry units: a snapshot made before has none and is
 * laid out as it always was.
 */
const WITH_VAT = amountLabels('assujetti');
const COLUMNS_WITH_VAT: Column[] = [
  column('designation', 'Désignation', MARGIN, 235, 'left'),
  column('quantity', 'Qté', MARGIN + 235, 50),
  column('price', WITH_VAT.unitPriceShort, MARGIN + 285, 80),
  column('rate', 'TVA', MARGIN + 365, 45),
  column('total', WITH_VAT.lineTotal, MARGIN + 410, 85),
];
const WITHOUT_VAT = amountLabels('franchise');
const COLUMNS_WITHOUT_VAT: Column[] = [
  column('designation', 'Désignation', MARGIN, 265, 'left'),
  column('quantity', 'Qté', MARGIN + 265, 55),
  column('price', WITHOUT_VAT.unitPriceShort, MARGIN + 320, 85),
  column('total', WITHOUT_VAT.lineTotal, MARGIN + 405, 90),
];
/** A layout with the unit column after the quantity, its width taken from the designation's. */
function withUnitColumn(columns: Column[]): Column[] {
  const UNIT_WIDTH = 45;
  const [designation, quantity, ...rest] = columns;
  return [
    { ...designation, width: designation.width - UNIT_WIDTH },
    { ...quantity, x: quantity.x - UNIT_WIDTH },
    column('unit', 'Unité', quantity.x - UNIT_WIDTH + quantity.width, UNIT_WIDTH, 'left'),
    ...rest,
  ];
}
const COLUMNS_WITH_VAT_AND_UNITS = withUnitColumn(COLUMNS_WITH_VAT);
const COLUMNS_WITHOUT_VAT_AND_UNITS = withUnitColumn(COLUMNS_WITHOUT_VAT);
const tableColumns = (doc: RenderableDocument) =>
  doc.vatRegime === 'franchise'
    ? (hasUnits(doc) ? COLUMNS_WITHOUT_VAT_AND_UNITS : COLUMNS_WITHOUT_VAT)
    : (hasUnits(doc) ? COLUMNS_WITH_VAT_AND_UNITS : COLUMNS_WITH_VAT);
const textWidth = (columns: Column[]) => columns[0].width - 2 * PAD;

const TOTALS_X = MARGIN + CONTENT_WIDTH - 230;
const TOTALS_WIDTH = 230;

const LABELS = {
  quote: { title: 'DEVIS', name: 'Devis', end: 'Valable jusqu’au', signature: 'Signature' },
  invoice: { title: 'FACTURE', name: 'Facture', end: 'Date d’échéance', signature: 'Informations de paiement' },
  credit_note: { title: 'AVOIR', name: 'Avoir', end: 'Date d’échéance', signature: 'Informations de paiement' },
} as const;

type Pdf = PDFKit.PDFDocument;

interface TableRow {
  columns: Column[];
  line: DocumentLine;
  description: string;
  /** Cents; null on the continuation of a line too tall for one page. */
  total: number | null;
  continued: boolean;
}

/**
 * The PDF of a quote or invoice, as a Buffer, rendered on the calling thread: the app renders in
 * worker threads, one document at a time each (pdf-pool.ts), so that no render holds up requests.
 */
export async function renderDocumentPdf(source: RenderableDocument, now: Date = new Date()): Promise<Buffer> {
  // Printed text only: the Factur-X XML keeps the document's own strings.
  const doc = withBreakableText(source);
  const fonts = documentFonts();
  const labels = LABELS[doc.kind];
  const pdf: Pdf = new PDFDocument({
    ...PDFA_OPTIONS,
    size: 'A4',
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
  // The footer is measured before the first page: every page's body stops above it.
  const footer = reservePageFooter(pdf, legalIdentity(doc), FOOTER, MARGIN);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const draft = isDraftInvoice(doc);
  const bottom = PAGE.height - footer.reserve;
  let inTable = false;

  // Under the content of every page, so no transparency is needed (PDF/A-friendly).
  const columns = tableColumns(doc);
  pdf.on('pageAdded', () => {
    if (draft) watermark(pdf, 'BROUILLON');
    if (inTable) tableHeader(pdf, columns);
  });
  pdf.addPage();

  // The logo from the source: its base64 must not get the breaks added to long printed words.
  const look = { accent: source.branding?.accentColor ?? COLOR.accent, branded: source.branding !== undefined, logo: source.branding?.logoPng ?? null };
  header(pdf, doc, look);

  const totals = documentTotals(doc);
  const mentions = legalMentions(doc);
  const groups = vatGroups(doc);
  const rows: TableRow[] = doc.lines.map((line, i) => ({
    columns, line, description: lineDescription(doc, groups, line, totals.lineDiscounts[i]), total: totals.lines[i], continued: false,
  }));
  const totalRows = totalsRows(doc, totals, groups);
  // Each reason of the 0 % lines, under the totals (one when they share it, as always).
  const exemptions = mentions.vatExemptions.map((e) => e.reason).join('\n') || null;
  const totalsHeight = measureTotals(pdf, totalRows, exemptions);

  // Table: the header never stands alone at the bottom of a page; the last line goes with the totals.
  const firstRow = rows.length ? rowHeight(pdf, rows[0]) : 0;
  const splitting = firstRow > bottom - MARGIN - 22; // it will be split anyway: a few lines suffice
  const firstNeed = 22 + (splitting ? 60 : firstRow + (rows.length === 1 ? totalsHeight : 0));
  if (pdf.y + firstNeed > bottom) pdf.addPage();
  inTable = true;
  tableHeader(pdf, columns);
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
  totalsBlock(pdf, totalRows, exemptions, look.accent);

  const payment = paymentBlock(doc);
  // Block titles in the accent colour on documents made since issue 28 (older ones as they were).
  const titleColor = look.branded ? look.accent : COLOR.text;
  const qr = payment ? transferQr(doc) : null;
  // The QR code stays with the payment details it scans to: both on the next page if need be.
  if (qr && pdf.y + 40 + QR_BLOCK_HEIGHT > pdf.page.maxY()) pdf.addPage();
  if (payment) block(pdf, 'Règlement', payment, titleColor);
  if (qr) transferQrBlock(pdf, qr);
  // The statutory mentions, then the user's notice as written (it adds to them, never replaces one).
  const notice = [...mentions.lines, doc.legalNotice.trim()].filter(Boolean).join('\n');
  if (notice) block(pdf, 'Conditions et mentions légales', notice, titleColor);
  if (doc.signatureNotice.trim()) block(pdf, labels.signature, doc.signatureNotice, titleColor);
  if (doc.kind === 'quote') acceptanceBox(pdf);

  drawPageFooters(pdf, footer, FOOTER);
  if (isIssuedInvoice(doc)) attachFacturX(pdf, buildFacturX(source), now);
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

/** A country as printed: its French name ('DE' → 'Allemagne'; a snapshot's name as it is), none for France. */
function printedCountry(country: string): string {
  const value = country.trim();
  return !value || value === 'FR' || value.toLowerCase() === 'france' ? '' : countryName(value);
}

function partyLines(party: Party, withIdentifiers: boolean): string[] {
  const lines = [
    party.secondaryName,
    party.contactName && party.contactName !== party.name ? party.contactName : '',
    ...party.address.split(/\r?\n/),
    [party.postalCode, party.city].filter(Boolean).join(' '),
    printedCountry(party.country),
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
    // The buyer's SIREN and VAT number (2026 reform; CGI art. 242 nonies A).
    lines.push(
      party.siren ? `SIREN : ${party.siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')}` : '',
      party.vatNumber ? `TVA intracom. : ${party.vatNumber}` : '',
      party.email,
    );
  }
  return lines.map((l) => l.trim()).filter(Boolean);
}

/** The logo's box above the seller's name, in points. */
const LOGO_BOX = { width: 170, height: 60 };

interface Look {
  accent: string;
  /** Made since issue 28 (branding in its snapshot). */
  branded: boolean;
  /** PNG, base64. */
  logo: string | null;
}

function header(pdf: Pdf, doc: RenderableDocument, look: Look) {
  const labels = LABELS[doc.kind];
  const top = MARGIN;
  // The seller's logo at the top of its block (issue 28), the name under it.
  let issuerTop = top;
  if (look.logo) {
    const png = Buffer.from(look.logo, 'base64');
    // Its size from the PNG's header (IHDR): stored logos are PNGs made by the server.
    const image = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    const scale = Math.min(LOGO_BOX.width / image.width, LOGO_BOX.height / image.height, 1);
    pdf.image(png, MARGIN, top, { width: image.width * scale, height: image.height * scale });
    issuerTop = top + image.height * scale + 8;
  }
  // Issuer, top left.
  pdf.font('bold').fontSize(13).fillColor(COLOR.text).text(doc.issuer.name, MARGIN, issuerTop, { width: 270 });
  pdf.moveDown(0.2).font('regular').fontSize(8.5).fillColor(COLOR.muted);
  for (const line of partyLines(doc.issuer, true)) pdf.text(line, MARGIN, pdf.y, { width: 270 });
  const issuerBottom = pdf.y;

  // Document identity, top right.
  const rightX = MARGIN + CONTENT_WIDTH - 215;
  const right = { width: 215, align: 'right' as const };
  // A deposit invoice says so in its title (issue 15); the longer title is set smaller to stay on one line.
  const heading = doc.deposit ? 'FACTURE D’ACOMPTE' : labels.title;
  pdf.font('bold').fontSize(doc.deposit ? 15 : 22).fillColor(look.accent).text(heading, rightX, top - 4, right);
  pdf.font('bold').fontSize(10).fillColor(COLOR.text);
  pdf.text(doc.number ? `N° ${doc.number}` : 'BROUILLON — non numérotée', rightX, pdf.y + 2, right);
  pdf.font('regular').fontSize(9).fillColor(COLOR.text);
  pdf.text(`Date d’émission : ${formatDate(doc.issueDate)}`, rightX, pdf.y + 4, right);
  // A credit note is due at once: no date of its own to print.
  if (doc.endDate && doc.kind !== 'credit_note') pdf.text(`${labels.end} : ${formatDate(doc.endDate)}`, rightX, pdf.y, right);
  const service = serviceDateLine(doc);
  if (service) pdf.text(service, rightX, pdf.y, right);
  if (doc.quote) pdf.text(`Devis : ${doc.quote.number} du ${formatDate(doc.quote.issueDate)}`, rightX, pdf.y, right);
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

  // Delivery address, when it differs, on the left beside the client box.
  if (doc.delivery) {
    const place = doc.delivery;
    const lines = [...place.address.split(/\r?\n/), [place.postalCode, place.city].filter(Boolean).join(' '), printedCountry(place.country)]
      .map((l) => l.trim())
      .filter(Boolean);
    pdf.font('bold').fontSize(7.5).fillColor(COLOR.muted).text('ADRESSE DE LIVRAISON', MARGIN, boxY + 10, { width: 220 });
    pdf.font('regular').fontSize(9).fillColor(COLOR.text);
    for (const line of lines) pdf.text(line, MARGIN, pdf.y + 1, { width: 220 });
  }

  // Subject and notes.
  pdf.x = MARGIN;
  pdf.y = Math.max(boxY + height, pdf.y) + 20;
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

/** 'Date de la prestation : 12/11/2026', 'Période : du 01/11/2026 au 30/11/2026' (BT-72 to BT-74). */
function serviceDateLine(doc: RenderableDocument): string {
  if (!doc.serviceDate) return '';
  if (doc.serviceEndDate) return `Période : du ${formatDate(doc.serviceDate)} au ${formatDate(doc.serviceEndDate)}`;
  const what = doc.operationCategory === 'goods' ? 'Date de livraison' : 'Date de la prestation';
  return `${what} : ${formatDate(doc.serviceDate)}`;
}

/** The "Règlement" block of an invoice: transfer to the seller's account. */
function paymentBlock(doc: RenderableDocument): string {
  if (doc.kind !== 'invoice' || !doc.bank?.iban) return '';
  const bic = doc.bank.bic ? ` — BIC : ${doc.bank.bic}` : '';
  return `Par virement bancaire — IBAN : ${formatIban(doc.bank.iban)}${bic}`;
}

interface TransferQr {
  /** The EPC069-12 payload. */
  payload: string;
  cents: number;
  reference: string;
}

/**
 * The EPC QR code of an issued invoice (issue 27): the transfer of what it leaves due to the
 * seller's IBAN, the invoice number as its reference (EPC069-12, shared/epc-qr.ts). None on a draft,
 * a quote or a credit note, without an IBAN, when nothing is due (or it was paid when issued), nor
 * on a snapshot made before issue 27, which renders to the bytes it was issued with.
 */
function transferQr(doc: RenderableDocument): TransferQr | null {
  if (!doc.paymentQr || doc.kind !== 'invoice' || !doc.number || !doc.bank?.iban) return null;
  if (doc.paymentDate !== null || doc.status === 'paid') return null;
  const cents = amountDueCents(doc);
  const epc = epcPayload({ name: doc.issuer.name, iban: doc.bank.iban, bic: doc.bank.bic, amountCents: cents, reference: doc.number });
  return epc.ok ? { payload: epc.payload, cents, reference: doc.number } : null;
}

/**
 * The symbol's side in points: 3 cm, modules of 0.65 to 0.9 mm for the versions 4 to 7 (33 to 45
 * modules) that these payloads of 75 to 160 bytes take at level M. Its quiet zone, in modules (4,
 * ISO/IEC 18004), is left white around it.
 */
const QR_SIDE = 85;
const QR_QUIET = 4;
const QR_BLOCK_HEIGHT = QR_SIDE * (1 + (2 * QR_QUIET) / 21);

/**
 * The QR code under the payment details, with what it pays beside it. Drawn as vector squares
 * (crisp at any zoom or printer, no image for PDF/A to check): the dark modules of each row merged
 * into runs, all filled at once in pure black, on the white page that is its quiet zone.
 */
function transferQrBlock(pdf: Pdf, qr: TransferQr) {
  const { modules } = QRCode.create(qr.payload, { errorCorrectionLevel: EPC_QR_ERROR_CORRECTION });
  const size = modules.size;
  const module = QR_SIDE / size;
  const side = QR_SIDE;
  const quiet = module * QR_QUIET;
  if (pdf.y + 2 * quiet + side > pdf.page.maxY()) pdf.addPage();
  // The page's margin is the quiet zone on the left, aligned with the text above.
  const x = MARGIN;
  const y = pdf.y + quiet;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!modules.get(row, col)) continue;
      const start = col;
      while (col + 1 < size && modules.get(row, col + 1)) col++;
      pdf.rect(x + start * module, y + row * module, (col - start + 1) * module, module);
    }
  }
  pdf.fillColor('#000000').fill();
  const textX = x + side + quiet + 4;
  const width = MARGIN + CONTENT_WIDTH - textX;
  pdf.font('bold').fontSize(9).fillColor(COLOR.text).text('Scannez pour payer par virement', textX, y + side / 2 - 14, { width });
  pdf.font('regular').fontSize(8.5).fillColor(COLOR.muted);
  pdf.text(`Montant : ${formatCents(qr.cents)} — Référence : ${qr.reference}`, textX, pdf.y + 2, { width });
  pdf.x = MARGIN;
  pdf.y = y + side + quiet;
}

function tableHeader(pdf: Pdf, columns: Column[]) {
  const y = pdf.y;
  pdf.rect(MARGIN, y, CONTENT_WIDTH, 20).fillColor(COLOR.band).fill();
  pdf.font('bold').fontSize(8.5).fillColor(COLOR.text);
  for (const c of columns) pdf.text(c.label, c.x + PAD, y + 6, { width: c.width - 2 * PAD, align: c.align, lineBreak: false });
  pdf.x = MARGIN;
  pdf.y = y + 22;
}

// Measuring text is the costly part of rendering: each row is measured once.
const measured = new WeakMap<TableRow, { title: string; titleHeight: number; descriptionHeight: number }>();

function textHeights(pdf: Pdf, row: TableRow) {
  const known = measured.get(row);
  if (known) return known;
  const title = row.continued ? `${row.line.title} (suite)` : row.line.title;
  const width = textWidth(row.columns);
  pdf.font('bold').fontSize(9);
  const titleHeight = pdf.heightOfString(title, { width });
  pdf.font('regular').fontSize(8);
  const descriptionHeight = row.description.trim() ? pdf.heightOfString(row.description.trim(), { width }) + 2 : 0;
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
  const [designation, ...amounts] = row.columns;
  const width = textWidth(row.columns);
  pdf.font('bold').fontSize(9).fillColor(COLOR.text).text(title, designation.x + PAD, y + PAD, { width });
  if (descriptionHeight) {
    pdf.font('regular').fontSize(8).fillColor(COLOR.muted);
    pdf.text(row.description.trim(), designation.x + PAD, pdf.y + 2, { width });
  }
  if (row.total !== null) {
    const line = row.line;
    const cells: Record<Exclude<ColumnKey, 'designation'>, () => string> = {
      quantity: () => formatQuantity(line.quantity),
      unit: () => LINE_UNITS[lineUnitOf(line.unit)].symbol,
      price: () => formatUnitPrice(line.unitPrice),
      rate: () => formatRate(line.taxRate),
      total: () => formatCents(row.total!),
    };
    pdf.font('regular').fontSize(9).fillColor(COLOR.text);
    for (const c of amounts) {
      pdf.text(cells[c.key as Exclude<ColumnKey, 'designation'>](), c.x + PAD, y + PAD, { width: c.width - 2 * PAD, align: c.align, lineBreak: false });
    }
  }
  pdf.moveTo(MARGIN, y + height).lineTo(MARGIN + CONTENT_WIDTH, y + height).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  pdf.x = MARGIN;
  pdf.y = y + height;
}

interface TotalsRow {
  label: string;
  value: string;
  /** A heading over the rows under it (no value), or the accent band of an amount due. */
  style?: 'heading' | 'accent';
}

/** Whether the 0 % lines give more than one reason (issue 25): each 0 % line and VAT row then names its own. */
const severalReasons = (groups: VatGroup[]) => groups.filter((g) => g.rate === 0).length > 1;
/** 'autoliquidation': the short name of a 0 % group's or line's reason. */
const reasonName = (key: VatExemptionKey | '') => VAT_EXEMPTIONS[key || 'exoneration'].short;

/**
 * A line's description under what its amounts don't show (issue 25): its discount ('Remise 10 % :
 * −12,00 €', its total being net of it) and, when the 0 % lines give several reasons, its own
 * ('TVA 0 % : autoliquidation'), so that each line reads with its mention under the totals.
 */
function lineDescription(doc: RenderableDocument, groups: VatGroup[], line: RenderableDocument['lines'][number], cents: number): string {
  const share = line.discountPercent ? ` ${formatRate(line.discountPercent)}` : '';
  const discount = cents > 0 ? `${DEFAULT_DISCOUNT_REASON}${share} : −${formatCents(cents)}` : '';
  const reason = line.taxRate === 0 && severalReasons(groups) ? `TVA 0 % : ${reasonName(lineExemptionKey(doc, line))}` : '';
  if (!discount && !reason) return line.description;
  return [discount, reason, line.description].filter((part) => part.trim()).join('\n');
}

/**
 * The totals: Total HT and one VAT row per rate (with its base when there are several), from the
 * shared breakdown, then the document's total. A seller in the franchise charges no VAT: no VAT
 * row, no "HT" nor "TTC" (art. 293 B CGI). A credit note states its amount, never a sum to pay,
 * and what is owed back when the credited invoice had been paid. A final invoice deducts its paid
 * deposits and names those invoiced but unpaid, part of what remains to pay.
 */
function totalsRows(doc: RenderableDocument, totals: ReturnType<typeof documentTotals>, groups: VatGroup[]): TotalsRow[] {
  const franchise = doc.vatRegime === 'franchise';
  const rows: TotalsRow[] = [];
  // The document's discount (issue 25, BG-20) between the lines' total and what VAT is computed on.
  const discount = documentDiscountOf(doc);
  if (discount) {
    rows.push({ label: franchise ? 'Total des lignes' : 'Total des lignes HT', value: formatCents(totals.linesTotal) });
    const share = discount.percent > 0 ? ` ${formatRate(discount.percent)}` : '';
    rows.push({ label: `${discount.reason || DEFAULT_DISCOUNT_REASON}${share}`, value: `−${formatCents(totals.discount)}` });
  }
  if (!franchise) {
    rows.push({ label: 'Total HT', value: formatCents(totals.subtotal) });
    const named = severalReasons(groups);
    for (const group of groups) {
      const base = groups.length > 1 ? ` sur ${formatCents(group.base)}` : '';
      const reason = named && group.rate === 0 ? ` (${reasonName(group.exemptionKey)})` : '';
      rows.push({ label: `TVA ${formatRate(group.rate / 100)}${reason}${base}`, value: formatCents(group.tax) });
    }
  }
  const deposits = doc.deposits ?? [];
  // With deposits the total is not what is due: "Net à payer" is left to what remains.
  const totalLabel = deposits.length && franchise ? 'Montant total' : documentTotalLabel(doc.kind, doc.vatRegime);
  rows.push({ label: totalLabel, value: formatCents(totals.total), style: 'accent' });
  if (doc.kind === 'credit_note' && (doc.refundCents ?? 0) > 0) {
    rows.push({ label: REFUND_LABEL, value: formatCents(doc.refundCents!), style: 'accent' });
  }
  if (deposits.length) rows.push(...depositRows(deposits, totals.total));
  return rows;
}

/**
 * A final invoice's deposits (issues 15 and 25): those paid are deducted ("Acomptes versés",
 * EN 16931 BT-113); what remains to pay (BT-115) still includes the deposit invoices not paid,
 * listed under it with their numbers: they are due once, on their own invoices.
 */
function depositRows(deposits: NonNullable<RenderableDocument['deposits']>, total: number): TotalsRow[] {
  const name = (d: (typeof deposits)[number]) => `${d.number} du ${formatDate(d.issueDate)}`;
  const paid = deposits.filter((d) => depositPaidCents(d) > 0);
  const unpaid = deposits.filter((d) => depositPaidCents(d) < d.amountCents);
  const rows: TotalsRow[] = [];
  if (paid.length) {
    rows.push({ label: 'Acomptes versés', value: '', style: 'heading' });
    for (const d of paid) rows.push({ label: name(d), value: `−${formatCents(depositPaidCents(d))}` });
  }
  rows.push({ label: 'Reste à payer', value: formatCents(total - paidDepositsCents({ deposits })), style: 'accent' });
  if (unpaid.length) {
    rows.push({ label: 'Dont acomptes facturés non réglés', value: '', style: 'heading' });
    for (const d of unpaid) rows.push({ label: name(d), value: formatCents(d.amountCents - depositPaidCents(d)) });
  }
  return rows;
}

const ROW_HEIGHT = 16;
const rowHeightOf = (row: TotalsRow) => (row.style === 'accent' ? 24 : ROW_HEIGHT);

function measureTotals(pdf: Pdf, rows: TotalsRow[], exemption: string | null) {
  let height = 10 + rows.reduce((sum, row) => sum + rowHeightOf(row), 0);
  if (exemption) {
    pdf.font('regular').fontSize(8.5);
    height += 4 + pdf.heightOfString(exemption, { width: TOTALS_WIDTH });
  }
  return height + 6;
}

function totalsBlock(pdf: Pdf, rows: TotalsRow[], exemption: string | null, accent: string) {
  let y = pdf.y + 10;
  const labelWidth = 150;
  const valueWidth = TOTALS_WIDTH - labelWidth - PAD;
  for (const row of rows) {
    if (row.style === 'accent') {
      pdf.rect(TOTALS_X, y + 2, TOTALS_WIDTH, 22).fillColor(accent).fill();
      pdf.font('bold').fontSize(10.5).fillColor('#ffffff');
      pdf.text(row.label, TOTALS_X + PAD, y + 8, { width: labelWidth, lineBreak: false });
      pdf.text(row.value, TOTALS_X + labelWidth, y + 8, { width: valueWidth, align: 'right', lineBreak: false });
    } else {
      pdf.font(row.style === 'heading' ? 'bold' : 'regular').fontSize(row.style === 'heading' ? 9 : 9.5).fillColor(COLOR.text);
      pdf.text(row.label, TOTALS_X + PAD, y + 3, { width: row.value ? labelWidth : TOTALS_WIDTH - PAD, lineBreak: false });
      if (row.value) pdf.text(row.value, TOTALS_X + labelWidth, y + 3, { width: valueWidth, align: 'right', lineBreak: false });
    }
    y += rowHeightOf(row);
  }
  if (exemption) {
    pdf.font('regular').fontSize(8.5).fillColor(COLOR.text).text(exemption, TOTALS_X, y + 4, { width: TOTALS_WIDTH, align: 'right' });
    y = pdf.y;
  }
  pdf.x = MARGIN;
  pdf.y = y + 6;
}

/** A titled paragraph kept on one page when it fits on one, else flowing across pages. */
function block(pdf: Pdf, title: string, body: string, titleColor: string) {
  const bottom = pdf.page.maxY();
  pdf.font('bold').fontSize(9.5);
  const titleHeight = pdf.heightOfString(title, { width: CONTENT_WIDTH }) + 3;
  pdf.font('regular').fontSize(8.5);
  const height = 14 + titleHeight + pdf.heightOfString(body.trim(), { width: CONTENT_WIDTH });
  if (pdf.y + height > bottom && height <= bottom - MARGIN) pdf.addPage();
  else if (pdf.y + 14 + titleHeight + 30 > bottom) pdf.addPage();
  pdf.y += 14;
  pdf.font('bold').fontSize(9.5).fillColor(titleColor).text(title, MARGIN, pdf.y, { width: CONTENT_WIDTH });
  pdf.y += 3;
  pdf.font('regular').fontSize(8.5).fillColor(COLOR.muted).text(body.trim(), MARGIN, pdf.y, { width: CONTENT_WIDTH });
}

function acceptanceBox(pdf: Pdf) {
  const bottom = pdf.page.maxY();
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

/** The footer's layout as it always was: two lines of 7 points above a rule, 19 points under the body. */
const FOOTER: PageFooterStyle = {
  font: 'regular', fontSize: 7, color: COLOR.muted, x: MARGIN, width: CONTENT_WIDTH, below: 27, above: 19 + 6, minHeight: 18,
  rule: { gap: 6, color: COLOR.rule },
};

/**
 * The seller's legal identity, printed whole in the footer of every page: name, legal form and
 * share capital, registration (RCS city and SIREN), SIRET, VAT number (Code de commerce R123-237
 * and R123-238; CGI art. 242 nonies A).
 */
function legalIdentity(doc: RenderableDocument): string {
  const issuer = doc.issuer;
  return [
    [issuer.name, issuer.secondaryName].filter(Boolean).join(' — '),
    ...(issuer.legalLines ?? [issuer.siret ? `SIRET ${issuer.siret}` : '', issuer.vatNumber ? `TVA ${issuer.vatNumber}` : '']),
  ]
    .filter(Boolean)
    .join(' · ');
}
