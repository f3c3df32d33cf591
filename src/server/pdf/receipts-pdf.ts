import PDFDocument from 'pdfkit';
import { documentFonts } from './fonts';
import { formatCents, formatDate } from './format';
import { receiptNatureLabel } from '@/shared/reports';
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
const BOTTOM = 50;
const WIDTH = PAGE.width - 2 * MARGIN;
const ROW = 14;
const FONT_SIZE = 8;
const COLOR = { text: '#1f2933', muted: '#616e7c', rule: '#cbd2d9', band: '#eef1f4' };

const COLUMNS = [
  { label: 'Date', width: 52 },
  { label: 'N° facture', width: 78 },
  { label: 'Client', width: 112 },
  { label: 'Nature', width: 84 },
  { label: 'Mode', width: 66 },
  { label: 'Référence', width: 53 },
  { label: 'Montant', width: 70, right: true },
] as const;

const issuerName = (i: ReceiptsIssuer) => i.company_name.trim() || `${i.first_name} ${i.last_name}`.trim();

/** One line of cells, each cut with an ellipsis when too long. */
function cells(pdf: Pdf, values: string[], y: number, font: 'regular' | 'bold') {
  let x = MARGIN;
  pdf.font(font).fontSize(FONT_SIZE).fillColor(COLOR.text);
  COLUMNS.forEach((column, i) => {
    pdf.text(values[i] ?? '', x + 2, y + 3, {
      width: column.width - 4,
      height: FONT_SIZE + 2,
      ellipsis: true,
      align: 'right' in column && column.right ? 'right' : 'left',
    });
    x += column.width;
  });
}

function tableHeader(pdf: Pdf, y: number) {
  pdf.rect(MARGIN, y, WIDTH, ROW).fill(COLOR.band);
  cells(
    pdf,
    COLUMNS.map((c) => c.label),
    y,
    'bold',
  );
  return y + ROW;
}

/** A bold band: 'Total mars 2026' … services, sales, total. */
function subtotal(pdf: Pdf, label: string, t: CentTotals, y: number) {
  pdf.rect(MARGIN, y, WIDTH, ROW).fill(COLOR.band);
  pdf.font('bold').fontSize(FONT_SIZE).fillColor(COLOR.text);
  pdf.text(label, MARGIN + 2, y + 3, { width: 190, height: FONT_SIZE + 2, ellipsis: true });
  pdf
    .font('regular')
    .text(`Services : ${formatCents(t.services)}   Ventes : ${formatCents(t.goods)}`, MARGIN + 192, y + 3, {
      width: WIDTH - 192 - 72,
      height: FONT_SIZE + 2,
      ellipsis: true,
      align: 'right',
    });
  pdf.font('bold').text(formatCents(t.total), MARGIN + WIDTH - 70, y + 3, { width: 68, align: 'right', lineBreak: false });
  return y + ROW;
}

function firstPageHeader(pdf: Pdf, book: ReceiptsBookData, issuer: ReceiptsIssuer, now: Date) {
  pdf.font('bold').fontSize(16).fillColor(COLOR.text).text(`Livre des recettes ${book.year}`, MARGIN, MARGIN);
  pdf.font('regular').fontSize(9).fillColor(COLOR.text);
  const identity = [
    issuerName(issuer),
    issuer.siret ? `SIRET : ${issuer.siret}` : '',
    [issuer.address, `${issuer.postal_code} ${issuer.city}`.trim()].filter(Boolean).join(', '),
  ].filter(Boolean);
  pdf.text(identity.join('\n'), MARGIN, pdf.y + 4, { width: WIDTH * 0.65 });
  pdf
    .fillColor(COLOR.muted)
    .text(`Édité le ${formatDate(now.toISOString().slice(0, 10))}`, MARGIN, MARGIN + 4, { width: WIDTH, align: 'right' });
  pdf
    .fontSize(8)
    .text(
      'Sommes encaissées, dans l’ordre chronologique ; un remboursement (avoir) figure en négatif à sa date. ' +
        'Une opération mixte est comptée en prestation de services.',
      MARGIN,
      Math.max(pdf.y, MARGIN + 60) + 8,
      { width: WIDTH },
    );
  return pdf.y + 10;
}

function footers(pdf: Pdf, book: ReceiptsBookData, issuer: ReceiptsIssuer) {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const y = PAGE.height - BOTTOM + 18;
    pdf.font('regular').fontSize(7).fillColor(COLOR.muted);
    // The bottom margin would push text below it onto a new page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.text(`Livre des recettes ${book.year} — ${issuerName(issuer)}`, MARGIN, y, { width: WIDTH / 2, lineBreak: false });
    pdf.text(`Page ${i + 1} / ${range.count}`, MARGIN + WIDTH / 2, y, { width: WIDTH / 2, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = margin;
  }
}

/** Lets other requests run between pages of a long book (rendering is synchronous work). */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function renderReceiptsPdf(book: ReceiptsBookData, issuer: ReceiptsIssuer, now: Date = new Date()): Promise<Buffer> {
  const fonts = documentFonts();
  const pdf: Pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    autoFirstPage: false,
    // No default font: pdfkit would load Helvetica, which lacks U+202F.
    font: null as unknown as string,
    info: { Title: `Livre des recettes ${book.year}`, Creator: 'Carnet', Producer: 'Carnet (pdfkit)', CreationDate: now },
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

  const bottom = PAGE.height - BOTTOM;
  pdf.addPage();
  let y = firstPageHeader(pdf, book, issuer, now);
  /** Room for `rows` more rows, else a new page (with the table's header when `header`). */
  const ensure = async (rows: number, header = true) => {
    if (y + rows * ROW <= bottom) return;
    await breather();
    pdf.addPage();
    y = MARGIN;
    if (header) y = tableHeader(pdf, y);
  };

  if (book.rows.length === 0) {
    pdf.font('regular').fontSize(10).fillColor(COLOR.text).text(`Aucune recette encaissée en ${book.year}.`, MARGIN, y);
    y = pdf.y + 12;
  } else {
    y = tableHeader(pdf, y);
    for (const [index, row] of book.rows.entries()) {
      await ensure(1);
      cells(
        pdf,
        [
          formatDate(row.date),
          row.invoice_number,
          row.client_name,
          receiptNatureLabel(row.operation_category),
          methodLabel(row),
          row.reference,
          formatCents(row.amount_cents),
        ],
        y,
        'regular',
      );
      y += ROW;
      pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.3).stroke(COLOR.rule);
      const month = Number(row.date.slice(5, 7));
      const next = book.rows[index + 1];
      const nextMonth = next ? Number(next.date.slice(5, 7)) : 13;
      if (nextMonth !== month) {
        await ensure(2);
        y = subtotal(pdf, `Total ${monthLabel(row.date.slice(0, 7)).toLowerCase()}`, book.months[month - 1], y);
        const quarter = Math.ceil(month / 3);
        if (Math.ceil(nextMonth / 3) !== quarter) {
          y = subtotal(pdf, `Total ${quarterLabel(book.year, quarter)}`, book.quarters[quarter - 1], y);
        }
      }
    }
    y += 14;
  }

  // The year's summary, every month and quarter, also those without receipts.
  await ensure(19, false);
  pdf.font('bold').fontSize(11).fillColor(COLOR.text).text('Récapitulatif', MARGIN, y);
  y = pdf.y + 6;
  const summaryColumns = [
    { label: 'Période', width: 155 },
    { label: 'Prestations de services', width: 120 },
    { label: 'Ventes', width: 100 },
    { label: 'Total', width: 100 },
    { label: 'Nombre', width: 40 },
  ];
  const summaryRow = (values: string[], font: 'regular' | 'bold', band = false) => {
    if (band) pdf.rect(MARGIN, y, WIDTH, ROW).fill(COLOR.band);
    let x = MARGIN;
    pdf.font(font).fontSize(FONT_SIZE).fillColor(COLOR.text);
    summaryColumns.forEach((column, i) => {
      pdf.text(values[i], x + 2, y + 3, { width: column.width - 4, align: i === 0 ? 'left' : 'right', lineBreak: false });
      x += column.width;
    });
    y += ROW;
  };
  const amounts = (t: CentTotals) => [formatCents(t.services), formatCents(t.goods), formatCents(t.total), String(t.count)];
  summaryRow(summaryColumns.map((c) => c.label), 'bold', true);
  book.months.forEach((t, i) => summaryRow([monthLabel(`${book.year}-${String(i + 1).padStart(2, '0')}`), ...amounts(t)], 'regular'));
  book.quarters.forEach((t, i) => summaryRow([quarterLabel(book.year, i + 1), ...amounts(t)], 'regular', true));
  summaryRow([`Année ${book.year}`, ...amounts(book.totals)], 'bold', true);

  footers(pdf, book, issuer);
  pdf.end();
  return done;
}
