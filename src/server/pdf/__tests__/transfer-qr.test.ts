import { renderableInvoice } from '@/server/test/renderable-fixtures';
import { pdfPagesText } from '@/server/test/pdf-reader';
import { pdfQrCodes } from '@/server/test/pdf-qr';
import type { RenderableDocument } from '../document-model';
import { renderDocumentPdf } from '../pdf-renderer';

/**
 * Issue 27: when the invoice PDF carries the EPC QR code (EPC069-12) and when it does not. The QR
 * codes are decoded from the PDF's drawing (pdf-qr.ts); the app-level checks are in
 * modules/documents/__tests__/epc-qr-pdf.test.ts.
 */

const NOW = new Date('2026-03-15T10:00:00Z');
const BANK = { iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' };
const invoice = (extra: Partial<RenderableDocument> = {}) => renderableInvoice({ bank: BANK, paymentQr: true, ...extra });
const codes = async (doc: RenderableDocument) => (await pdfQrCodes(await renderDocumentPdf(doc, NOW))).filter((c) => c !== null);

it('decodes to the transfer of the total (3 × 19,99 € + 20 %), the invoice number as reference', async () => {
  expect(await codes(invoice())).toEqual(['BCD\n002\n1\nSCT\nBNPAFRPP\nStudio Dupont\nFR7630006000011234567890189\nEUR71.96\n\n\nFAC-2026-0007']);
});

it.each<[string, Partial<RenderableDocument>]>([
  // Its bytes are those it was issued with: old-snapshots.test.ts.
  ['a snapshot made before issue 27', { paymentQr: undefined }],
  ['a draft', { number: null, status: 'draft' }],
  ['a quote', { kind: 'quote', number: 'DEV-2026-0003' }],
  ['a credit note', { kind: 'credit_note', number: 'AV-2026-0001', creditedInvoice: { number: 'FAC-2026-0007', issueDate: '2026-03-15', reason: '' } }],
  ['no bank account', { bank: null }],
  ['an invalid IBAN', { bank: { iban: 'FR7630006000011234567890188', bic: '' } }],
  ['an invoice paid when issued', { status: 'paid', paymentDate: '2026-03-15' }],
  ['nothing left due after the paid deposits', { deposits: [{ number: 'FAC-2026-0005', issueDate: '2026-03-01', amountCents: 7196, paidCents: 7196 }] }],
])('draws none on %s', async (_name, extra) => {
  const pdf = await renderDocumentPdf(invoice(extra), NOW);
  expect(await pdfQrCodes(pdf)).toEqual([null]);
  expect(pdfPagesText(pdf).join('\n')).not.toContain('Scannez');
});

it('asks for what remains after the paid deposits, an unpaid one included as « Reste à payer » prints it', async () => {
  const doc = invoice({
    lines: [{ title: 'Chantier', description: '', quantity: 1, unitPrice: 1000, taxRate: 20 }],
    deposits: [
      { number: 'FAC-2026-0003', issueDate: '2026-03-01', amountCents: 30000, paidCents: 30000 },
      { number: 'FAC-2026-0004', issueDate: '2026-03-05', amountCents: 20000, paidCents: 5000 },
    ],
  });
  const [payload] = await codes(doc);
  // 1 200,00 € − 300,00 € − 50,00 € paid.
  expect(payload.split('\n')[7]).toBe('EUR850.00');
  expect(pdfPagesText(await renderDocumentPdf(doc, NOW)).join('\n')).toMatch(/Reste à payer\s*850,00/);
});

it('cuts a long seller name to 70 characters and keeps UTF-8 names whole', async () => {
  const long = `Atelier d’Ébénisterie et de Restauration de Meubles Anciens ${'Ö'.repeat(30)}`;
  const [payload] = await codes(invoice({ issuer: { ...invoice().issuer, name: long } }));
  expect(payload.split('\n')[5]).toBe(Array.from(long).slice(0, 70).join(''));
});

it('keeps the QR code with the payment details when they reach the foot of the page', async () => {
  const lines = Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: '', quantity: 1, unitPrice: 10, taxRate: 20 }));
  const onPage: number[] = [];
  // 9 to 12 lines: the totals stay on the first page, the payment details reach its foot.
  for (const count of [9, 10, 11, 12]) {
    const pdf = await renderDocumentPdf(invoice({ lines: lines.slice(0, count) }), NOW);
    const pages = pdfPagesText(pdf);
    const qr = await pdfQrCodes(pdf);
    const page = qr.findIndex((c) => c !== null);
    expect(qr.filter((c) => c !== null)).toHaveLength(1);
    expect(pages[page]).toContain('Règlement');
    expect(pages[page]).toContain('Scannez pour payer par virement');
    expect(pages[0]).toMatch(/Total TTC/);
    onPage.push(page);
  }
  expect(onPage).toEqual([0, 0, 1, 1]);
});
