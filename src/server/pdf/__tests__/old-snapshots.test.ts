import { createHash } from 'node:crypto';
import { party, renderableInvoice } from '@/server/test/renderable-fixtures';
import { buildFacturX } from '../factur-x';
import { renderDocumentPdf } from '../pdf-renderer';
import { pdfPagesText } from '@/server/test/pdf-reader';

/**
 * An issued document is a record (CGI art. 242 nonies A): its snapshot renders to the same bytes
 * forever, so that a PDF repaired or rendered again is the one issued. Snapshots made before issue
 * 25 have no units (nor 4-decimal amounts): these digests are those of the renderer before it
 * (commit 7f94bbf), which the renderer must keep giving them.
 */

const NOW = new Date('2026-03-15T10:00:00Z');
const line = (title: string, quantity: number, unitPrice: number, taxRate: number) => ({ title, description: 'Détail', quantity, unitPrice, taxRate });
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

const BEFORE_ISSUE_25 = [
  {
    name: 'one line at 20 %',
    doc: renderableInvoice(),
    pdf: '0c38cde5d35219bb69dbd8815c7ac5eff73017a6dd7e693d882ae254f0a43d5f',
    xml: 'f91b0d1a8c45915f5d533b3d0e05dfae810bf7dae5abcbc01ea1c3fd2a353259',
  },
  {
    name: 'three rates, decimal quantities',
    doc: renderableInvoice({ lines: [line('Conseil', 3, 33.33, 20), line('Livres', 2.5, 10.01, 5.5), line('Forfait', 1, 1234.5, 10)] }),
    pdf: '553a920e23ade85796efa7b6542d76dc53cbd0e7795e7577e1e918c50ad917f8',
    xml: 'b9255e9c0688d4d66fcd1e01a4df141c5f731ded53206378329a6590d361ae07',
  },
  {
    name: 'the franchise (art. 293 B CGI)',
    doc: renderableInvoice({ vatRegime: 'franchise', taxRate: 0, lines: [line('Atelier', 2, 75, 0)], issuer: party({ vatNumber: '' }) }),
    pdf: '82f509944a18a4fa72c73666d73325e9fc99fd23ee372a680f64f6a52af260d0',
    xml: '206956e4c03bd132fe2f3ece4e672ee4ce2f56776c9e4974596c6bc2355fa41a',
  },
];

it.each(BEFORE_ISSUE_25)('renders a snapshot made before issue 25 ($name) to the bytes it was issued with', async ({ doc, pdf, xml }) => {
  expect(sha256(buildFacturX(doc))).toBe(xml);
  expect(sha256(await renderDocumentPdf(doc, NOW))).toBe(pdf);
});

it('gives a snapshot with units a unit column; one without keeps its table and says C62 in its XML', async () => {
  const withUnits = renderableInvoice({ lines: [{ ...line('Développement', 7.5, 80, 20), unit: 'HUR' }, { ...line('Recette', 1, 400, 20), unit: 'LS' }] });
  const text = pdfPagesText(await renderDocumentPdf(withUnits, NOW)).join('\n');
  expect(text).toMatch(/Qté\s*Unité/);
  expect(text).toMatch(/7,5\s*h/);
  expect(text).toContain('forfait');
  expect(buildFacturX(withUnits)).toContain('<ram:BilledQuantity unitCode="HUR">7.50</ram:BilledQuantity>');

  const old = renderableInvoice();
  expect(pdfPagesText(await renderDocumentPdf(old, NOW)).join('\n')).not.toContain('Unité');
  expect(buildFacturX(old)).toContain('<ram:BilledQuantity unitCode="C62">3.00</ram:BilledQuantity>');
});

/**
 * Issue 27: snapshots made before it have no `paymentQr` and print no EPC QR code, even with the
 * seller's IBAN; these digests are those of the renderer before it (commit 6992c6a), before and
 * since issue 28 (branding in the snapshot).
 */
const BANK = { iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' };
const BEFORE_ISSUE_27 = [
  { name: 'with an IBAN', doc: renderableInvoice({ bank: BANK }), pdf: '7548ec346ecfa1c5ab86a493e1d9549ea3ea6aad1a57a8ed34a908b4d23a2cc2' },
  {
    name: 'with an IBAN and branding',
    doc: renderableInvoice({ bank: BANK, branding: { accentColor: '#7a1f5c', logoPng: null } }),
    pdf: '2350fed47d13b4bb5be2178ca82eef4b53787dd92b8492edc628b23cbfbdb274',
  },
];

it.each(BEFORE_ISSUE_27)('renders a snapshot made before issue 27 ($name) to the bytes it was issued with, without a QR code', async ({ doc, pdf }) => {
  expect(sha256(await renderDocumentPdf(doc, NOW))).toBe(pdf);
});
