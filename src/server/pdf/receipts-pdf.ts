import PDFDocument from 'pdfkit';
import { documentFonts } from './fonts';
import { formatCents, formatDate } from './format';
import { DECLARED_TURNOVER_LABEL, receiptNatureLabel } from '@/shared/reports';
import { breakLongRuns } from './breakable-text';
import { drawPageFooters, reservePageFooter, type PageFooterStyle } from './page-footer';
import { methodLabel, monthLabel, quarterLabel, type CentTotals, type ReceiptsBookData } from './receipts-book';

/**
 * The receipts book (livre des recettes) as a plain A4 table: every receipt in date order with
 * a total after each month and quarter, then the year's summary. DejaVu is embedded (fonts.ts):
 * it has the accents and the narrow no-break spaces of fr-FR amounts.
 */

type Pdf = PDFKit.PDFDocument;

export interface ReceiptsIssuer {
  first_name: string;
  last_name: string;
  company_name: string;
  siret: string;
  address: string;
  postal_code: string;
  city: string;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const ROW = 14;
const FONT_SIZE = 8;
/** Text is set this far below a row's top; a row ends this far below its tallest cell. */
const CELL_PAD = { top: 3, bottom: 2 };
const COLOR = { text: '#1f2933', muted: '#616e7c', rule: '#cbd2d9', band: '#eef1f4' };

interface Column {
  label: string;
  width: number;
  right?: boolean;
}

/** The receipts' columns; a book with VAT also shows each receipt's HT, what its totals add up. */
const COLUMNS: Column[] = [
  { label: 'Date', width: 52 },
  { label: 'N° facture', width: 78 },
  { label: 'Client', width: 112 },
  { label: 'Nature', width: 84 },
  { label: 'Mode', width: 66 },
  { label: 'Référence', width: 53 },
  { label: 'Montant encaissé', width: 70, right: true },
];
const COLUMNS_WITH_HT: Column[] = [
  { label: 'Date', width: 50 },
  { label: 'N° facture', width: 70 },
  { label: 'Client', width: 95 },
  { label: 'Nature', width: 70 },
  { label: 'Mode', width: 56 },
  { label: 'Référence', width: 52 },
  { label: 'Montant encaissé', width: 61, right: true },
  { label: 'Dont HT', width: 61, right: true },
];

const issuerName = (i: ReceiptsIssuer) => i.company_name.trim() || `${i.first_name} ${i.last_name}`.trim();

/**
 * A line of cells, each wrapped within its column (never cut: a client's name, a reference, a
 * payment method are printed whole); the row is as tall as its tallest cell.
 */
function measureRow(pdf: Pdf, columns: Column[], values: string[], font: 'regular' | 'bold') {
  pdf.font(font).fontSize(FONT_SIZE);
  const tallest = Math.max(...columns.map((c, i) => pdf.heightOfString(values[i] || ' ', { width: c.width - 4 })));
  return Math.max(ROW, CELL_PAD.top + tallest + CELL_PAD.bottom);
}

function drawRow(pdf: Pdf, columns: Column[], values: string[], y: number, font: 'regular' | 'bold') {
  let x = MARGIN;
  pdf.font(font).fontSize(FONT_SIZE).fillColor(COLOR.text);
  columns.forEach((column, i) => {
    pdf.text(values[i] ?? '', x + 2, y + CELL_PAD.top, { width: column.width - 4, align: column.right ? 'right' : 'left' });
    x += column.width;
  });
}

function tableHeader(pdf: Pdf, columns: Column[], y: number) {
  const labels = columns.map((c) => c.label);
  const height = measureRow(pdf, columns, labels, 'bold');
  pdf.rect(MARGIN, y, WIDTH, height).fill(COLOR.band);
  drawRow(pdf, columns, labels, y, 'bold');
  return y + height;
}

/** A band: 'Total mars 2026' (bold), what is declared split services / sales, its total (bold). */
const SUBTOTAL_WIDTHS = [150, WIDTH - 150 - 80, 80];
const SUBTOTAL_COLUMNS: Column[] = SUBTOTAL_WIDTHS.map((width, i) => ({ label: '', width, right: i === 2 }));
const subtotalValues = (label: string, t: CentTotals) => [
  label,
  `Prestations de services (HT) : ${formatCents(t.services)} · Ventes (HT) : ${formatCents(t.goods)}`,
  formatCents(t.total),
];

function subtotal(pdf: Pdf, values: string[], height: number, y: number) {
  pdf.rect(MARGIN, y, WIDTH, height).fill(COLOR.band);
  let x = MARGIN;
  SUBTOTAL_COLUMNS.forEach((column, i) => {
    pdf.font(i === 1 ? 'regular' : 'bold').fontSize(FONT_SIZE).fillColor(COLOR.text);
    pdf.text(values[i], x + 2, y + CELL_PAD.top, { width: column.width - 4, align: column.right ? 'right' : 'left' });
    x += column.width;
  });
  return y + height;
}

function firstPageHeader(pdf: Pdf, book: ReceiptsBookData, issuer: ReceiptsIssuer, now: Date) {
  pdf
    .font('regular')
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(`Édité le ${formatDate(now.toISOString().slice(0, 10))}`, MARGIN, MARGIN + 4, { width: WIDTH, align: 'right' });
  pdf.font('bold').fontSize(16).fillColor(COLOR.text).text(`Livre des recettes ${book.year}`, MARGIN, MARGIN, { width: WIDTH * 0.65 });
  pdf.font('regular').fontSize(9).fillColor(COLOR.text);
  const identity = [
    issuerName(issuer),
    issuer.siret ? `SIRET : ${issuer.siret}` : '',
    [issuer.address, `${issuer.postal_code} ${issuer.city}`.trim()].filter(Boolean).join(', '),
  ].filter(Boolean);
  pdf.text(identity.join('\n'), MARGIN, pdf.y + 4, { width: WIDTH * 0.65 });
  pdf
    .fillColor(COLOR.muted)
    .fontSize(8)
    .text(
      'Sommes encaissées, dans l’ordre chronologique ; un remboursement (avoir) figure en négatif à sa date. ' +
        'Une opération mixte est comptée en prestation de services. ' +
        `Les totaux donnent le « ${DECLARED_TURNOVER_LABEL} » : les sommes encaissées hors TVA, remboursements déduits.`,
      MARGIN,
      Math.max(pdf.y, MARGIN + 60) + 8,
      { width: WIDTH },
    );
  return pdf.y + 10;
}

/** The book's name and issuer under every page, wrapped when long (page-footer.ts). */
const FOOTER: PageFooterStyle = { font: 'regular', fontSize: 7, color: COLOR.muted, x: MARGIN, width: WIDTH, below: 24, above: 18 };

/** Lets other requests run between pages of a long book (rendering is synchronous work). */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function renderReceiptsPdf(book: ReceiptsBookData, issuer: ReceiptsIssuer, now: Date = new Date()): Promise<Buffer> {
  const fonts = documentFonts();
  const pdf: Pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: false,
    // No default font: pdfkit would load Helvetica, which lacks U+202F.
    font: null as unknown as string,
    info: { Title: `Livre des recettes ${book.year}`, Creator: 'Carnet', Producer: 'Carnet (pdfkit)', CreationDate: now },
    displayTitle: true,
  });
  pdf.registerFont('regular', fonts.regular);
  pdf.registerFont('bold', fonts.bold);
  const footer = reservePageFooter(pdf, breakLongRuns(`Livre des recettes ${book.year} — ${issuerName(issuer)}`), FOOTER, MARGIN);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const bottom = PAGE.height - footer.reserve;
  // Without VAT (the franchise), what was received is the HT: no column of its own.
  const withHt = book.rows.some((row) => row.amount_ht_cents !== row.amount_cents);
  const columns = withHt ? COLUMNS_WITH_HT : COLUMNS;
  pdf.addPage();
  let y = firstPageHeader(pdf, book, issuer, now);
  /** Room for `height` points more, else a new page (with the table's header when `header`). */
  const ensure = async (height: number, header = true) => {
    if (y + height <= bottom) return;
    await breather();
    pdf.addPage();
    y = MARGIN;
    if (header) y = tableHeader(pdf, columns, y);
  };

  if (book.rows.length === 0) {
    pdf.font('regular').fontSize(10).fillColor(COLOR.text).text(`Aucune recette encaissée en ${book.year}.`, MARGIN, y);
    y = pdf.y + 12;
  } else {
    y = tableHeader(pdf, columns, y);
    for (const [index, row] of book.rows.entries()) {
      const values = [
        formatDate(row.date),
        row.invoice_number,
        row.client_name,
        receiptNatureLabel(row.operation_category),
        methodLabel(row),
        row.reference,
        formatCents(row.amount_cents),
        formatCents(row.amount_ht_cents),
      ].map(breakLongRuns);
      const height = measureRow(pdf, columns, values, 'regular');
      await ensure(height);
      drawRow(pdf, columns, values, y, 'regular');
      y += height;
      pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.3).stroke(COLOR.rule);
      const month = Number(row.date.slice(5, 7));
      const next = book.rows[index + 1];
      const nextMonth = next ? Number(next.date.slice(5, 7)) : 13;
      if (nextMonth !== month) {
        const bands = [subtotalValues(`Total ${monthLabel(row.date.slice(0, 7)).toLowerCase()}`, book.months[month - 1])];
        const quarter = Math.ceil(month / 3);
        if (Math.ceil(nextMonth / 3) !== quarter) bands.push(subtotalValues(`Total ${quarterLabel(book.year, quarter)}`, book.quarters[quarter - 1]));
        const heights = bands.map((band) => measureRow(pdf, SUBTOTAL_COLUMNS, band, 'bold'));
        await ensure(heights.reduce((sum, h) => sum + h, 0));
        bands.forEach((band, i) => (y = subtotal(pdf, band, heights[i], y)));
      }
    }
    y += 14;
  }

  // The year's summary, every month and quarter, also those without receipts.
  const summaryColumns: Column[] = [
    { label: 'Période', width: 115 },
    { label: 'Prestations de services (HT)', width: 110, right: true },
    { label: 'Ventes (HT)', width: 100, right: true },
    { label: DECLARED_TURNOVER_LABEL, width: 130, right: true },
    { label: 'Nombre', width: 60, right: true },
  ];
  const amounts = (t: CentTotals) => [formatCents(t.services), formatCents(t.goods), formatCents(t.total), String(t.count)];
  const summary: { values: string[]; font: 'regular' | 'bold'; band: boolean }[] = [
    { values: summaryColumns.map((c) => c.label), font: 'bold', band: true },
    ...book.months.map((t, i) => ({
      values: [monthLabel(`${book.year}-${String(i + 1).padStart(2, '0')}`), ...amounts(t)], font: 'regular' as const, band: false,
    })),
    ...book.quarters.map((t, i) => ({ values: [quarterLabel(book.year, i + 1), ...amounts(t)], font: 'regular' as const, band: true })),
    { values: [`Année ${book.year}`, ...amounts(book.totals)], font: 'bold', band: true },
  ];
  const heights = summary.map((row) => measureRow(pdf, summaryColumns, row.values, row.font));
  pdf.font('bold').fontSize(11);
  const title = pdf.heightOfString('Récapitulatif', { width: WIDTH }) + 6;
  await ensure(title + heights.reduce((sum, h) => sum + h, 0), false);
  pdf.fillColor(COLOR.text).text('Récapitulatif', MARGIN, y, { width: WIDTH });
  y += title;
  summary.forEach((row, i) => {
    if (row.band) pdf.rect(MARGIN, y, WIDTH, heights[i]).fill(COLOR.band);
    drawRow(pdf, summaryColumns, row.values, y, row.font);
    y += heights[i];
  });

  drawPageFooters(pdf, footer, FOOTER);
  pdf.end();
  return done;
}
