import { PDFDict, PDFDocument, PDFName, PDFRef, PDFString } from 'pdf-lib';
import type { RenderableDocument } from '@/server/pdf/document-model';
import { party, renderableInvoice } from '../renderable-fixtures';
import { renderDocumentPdf } from '@/server/pdf/pdf-renderer';
import { attachedFiles, facturXml, pdfFonts, pdfPages, pdfText, pdfTexts, validateFacturX } from '../pdf-reader';

/**
 * The test helpers that read PDFs without poppler, and the Factur-X check of `npm test`
 * (factur-x-kit): a valid invoice passes, a spoiled one does not.
 */

const invoice = (extra: Partial<RenderableDocument> = {}): RenderableDocument =>
  renderableInvoice({
    lines: [{ title: 'Conception', description: '', quantity: 3, unitPrice: 1234.56, taxRate: 20 }],
    client: party({ name: 'Librairie Colette', address: '5 rue Haute', postalCode: '1000', city: 'Bruxelles', country: 'Belgique', vatNumber: '', siret: '' }),
    ...extra,
  });

/** The same PDF with another factur-x.xml in place of its own. */
async function withXml(pdf: Buffer, xml: string): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  let replaced = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.lookupMaybe(PDFName.of('F'), PDFString)?.decodeText() !== 'factur-x.xml') continue;
    const ref = object.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F'));
    if (!(ref instanceof PDFRef)) throw new Error('embedded file stream not indirect');
    doc.context.assign(ref, doc.context.flateStream(Buffer.from(xml, 'utf8'), { Type: 'EmbeddedFile', Subtype: 'text/xml' }));
    replaced++;
  }
  if (replaced !== 1) throw new Error(`${replaced} factur-x.xml replaced`);
  return Buffer.from(await doc.save());
}

let issued: Buffer;
let quote: Buffer;
let xml: string;

beforeAll(async () => {
  issued = await renderDocumentPdf(invoice());
  quote = await renderDocumentPdf(invoice({ kind: 'quote', number: 'DEV-2026-0003' }));
  xml = await facturXml(issued);
});

describe('pdf-reader', () => {
  it('reads the text with fr-FR amounts spaced as pdftotext gave them, and the number of pages', async () => {
    const text = pdfText(issued);
    for (const expected of ['FACTURE', 'N° FAC-2026-0007', 'Studio Dupont', 'SIRET : 12345678900012', 'Conception', '1 234,56 €', 'Total TTC', '4 444,42 €', 'Page 1 / 1']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/[\u202f\u00a0]/);
    expect(await pdfPages(issued)).toBe(1);

    const long = await renderDocumentPdf(invoice({ lines: Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: '', quantity: 1, unitPrice: 10, taxRate: 20 })) }));
    const pages = await pdfPages(long);
    expect(pages).toBeGreaterThan(1);
    const [one, two] = pdfTexts([issued, long]);
    expect(one).toBe(text);
    expect(two.split('\f')).toHaveLength(pages);
    expect(two).toContain(`Page ${pages} / ${pages}`);
  });

  it('lists the embedded files and fonts', async () => {
    expect(await attachedFiles(issued)).toEqual(['factur-x.xml']);
    expect(await attachedFiles(quote)).toEqual([]);
    await expect(facturXml(quote)).rejects.toThrow('no factur-x.xml');
    expect(xml).toContain('<ram:GrandTotalAmount>4444.42</ram:GrandTotalAmount>');
    const fonts = await pdfFonts(issued);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatchObject({ name: expect.stringContaining('DejaVuSans'), embedded: true, subset: true, unicode: true });
  });
});

describe('validateFacturX (factur-x-kit)', () => {
  it('accepts an invoice the renderer issued, from the PDF or its XML, at 20 %, 5.5 % and 0 % (franchise en base)', async () => {
    expect(await validateFacturX(issued)).toEqual([]);
    expect(await validateFacturX(xml)).toEqual([]);
    expect(await validateFacturX(await renderDocumentPdf(invoice({ taxRate: 5.5 })))).toEqual([]);
    expect(await validateFacturX(await renderDocumentPdf(invoice({ taxRate: 0, issuer: party({ vatNumber: '' }) })))).toEqual([]);
  });

  it('refuses a PDF whose XML has a wrong total, VAT amount or line amount', async () => {
    const wrongTotal = xml.replace('<ram:GrandTotalAmount>4444.42<', '<ram:GrandTotalAmount>4444.43<');
    expect(wrongTotal).not.toBe(xml);
    const errors = await validateFacturX(await withXml(issued, wrongTotal));
    expect(errors).toEqual(expect.arrayContaining([expect.stringContaining('BR-CO-15'), expect.stringContaining('BR-CO-16')]));

    const wrongVat = xml.replace(/(<ram:TaxTotalAmount currencyID="EUR">)[^<]*</, '$1740.00<');
    expect(await validateFacturX(wrongVat)).toEqual(expect.arrayContaining([expect.stringContaining('BR-CO-14')]));
    const wrongLine = xml.replace(/(<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>)[^<]*</, '$13703.00<');
    expect(wrongLine).not.toBe(xml);
    expect((await validateFacturX(wrongLine)).length).toBeGreaterThan(0);
  });

  it('refuses an XML without a seller, a PDF without XML, and a profile below EN 16931', async () => {
    const noSeller = xml.replace(/<ram:SellerTradeParty>[\s\S]*?<\/ram:SellerTradeParty>/, '');
    expect(noSeller).not.toBe(xml);
    expect(await validateFacturX(noSeller)).toEqual([expect.stringContaining('unreadable Factur-X')]);
    expect(await validateFacturX(quote)).toEqual([expect.stringContaining('No Embedded Factur-X XML')]);
    const basic = xml.replace('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>', '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic</ram:ID>');
    expect(basic).not.toBe(xml);
    expect(await validateFacturX(basic)).toEqual(expect.arrayContaining([expect.stringContaining('not EN 16931')]));
  });
});
