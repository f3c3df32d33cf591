import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { renderDocumentPdf } from '@/server/pdf/pdf-renderer';
import { renderableInvoice } from '@/server/test/renderable-fixtures';
import { facturXml } from '@/server/test/pdf-reader';
import { MAX_ATTACHMENT_BYTES } from '../pdf-attachments';
import { RECEIVED_MAX_LINES, ReceivedInvoiceError, readInvoiceXml, readReceivedInvoice, type ReceivedInvoice } from '../received-invoice';

/**
 * Issue 26: a supplier's invoice in any of the reform's three formats. The official example
 * F202500003 (XP Z12-012 annex B: ../shared/einvoicing/examples/invoices, copied beside this test)
 * as CII, UBL and Factur-X PDF reads as one and the same invoice; an invoice Carnet issues reads
 * back as issued; what does not add up is said; what is not an invoice is refused in French.
 */

const EXAMPLES = path.join(__dirname, 'official-examples', 'invoices');
const example = (name: string) => readFileSync(path.join(EXAMPLES, `UC1_F202500003_00-INV_20250701${name}`));
const CII = example('_CII.xml').toString('utf8');
const UBL = example('_UBL.xml').toString('utf8');

/** F202500003 as the example files state it, read off the files by eye. */
const F202500003: Omit<ReceivedInvoice, 'format'> = {
  number: 'F202500003',
  typeCode: '380',
  issueDate: '2025-07-01',
  dueDate: '2025-07-31',
  currency: 'EUR',
  seller: {
    name: 'LE VENDEUR', siren: '100000009', vatNumber: 'FR88100000009', email: 'contact@vendeur.fr',
    address: { line1: '35 rue d\'ici', line2: 'ligne 2 vendeur', postalCode: '75018', city: 'PARIS', country: 'FR' },
  },
  buyer: {
    name: 'LE CLIENT', siren: '200000008', vatNumber: 'FR37200000008', email: 'contact@acheteur.fr',
    address: { line1: '55 avenue de là-bas', line2: 'acheteur ligne 2', postalCode: '06000', city: 'MA VILLE', country: 'FR' },
  },
  lines: [
    { name: 'SERVICE_FOURNI1', description: 'Description', quantity: 2_000_000, unitCode: 'HUR', unitPrice: 400_000, netAmountCents: 800_000, vatCategory: 'S', vatRateBasisPoints: 2000 },
    { name: 'SERVICE_FOURNI2', description: 'Description', quantity: 50_000, unitCode: 'DAY', unitPrice: 4_000_000, netAmountCents: 200_000, vatCategory: 'S', vatRateBasisPoints: 2000 },
  ],
  vat: [{ category: 'S', rateBasisPoints: 2000, baseCents: 1_000_000, taxCents: 200_000 }],
  totals: { linesCents: 1_000_000, netCents: 1_000_000, vatCents: 200_000, grossCents: 1_200_000, prepaidCents: 0, dueCents: 1_200_000 },
  payment: { iban: 'FR2012542547256985425874698', bic: 'BIC_MONCOMPTE' },
  notes: [
    'VENDEUR SARL au capital de 50 000 EUR',
    'RCS MAVILLE 100 000 009',
    '35 ma rue a moi,75018 PARIS, FR – contact@vendeur.fr - www.levendeur.fr  – N° TVA : FR88 100 000 009',
    'Tout retard de paiement engendre une pénalité exigible à compter de la date d\'échéance, calculée sur la base de trois fois le taux d\'intérêt légal.',
    'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.',
    'Les réglements reçus avant la date d\'échéance ne donneront pas lieu à escompte.',
  ],
  problems: [],
};

describe('the official example in its three formats', () => {
  it('CII', async () => {
    expect(await readReceivedInvoice(example('_CII.xml'))).toEqual({ format: 'cii', ...F202500003 });
  });
  it('UBL', async () => {
    expect(await readReceivedInvoice(example('_UBL.xml'))).toEqual({ format: 'ubl', ...F202500003 });
  });
  it('Factur-X PDF (its embedded XML)', async () => {
    expect(await readReceivedInvoice(example('.pdf'))).toEqual({ format: 'factur-x', ...F202500003 });
  });
});

describe('an invoice Carnet issues', () => {
  it('reads back as issued, with nothing that does not add up', async () => {
    const document = renderableInvoice();
    const pdf = await renderDocumentPdf(document);
    const read = await readReceivedInvoice(pdf);
    expect(read.format).toBe('factur-x');
    expect(read).toMatchObject({ number: document.number, typeCode: '380', issueDate: document.issueDate, currency: 'EUR', problems: [] });
    expect(read.lines.map((l) => l.name)).toEqual(document.lines.map((l) => l.title));
    // The PDF's XML and the file read agree on the total (read independently of the reader).
    const grand = /<ram:GrandTotalAmount>([\d.]+)</.exec(await facturXml(pdf))![1];
    expect(read.totals.grossCents).toBe(Math.round(Number(grand) * 100));
  });
});

describe('what does not add up is said, and the invoice still read', () => {
  const cases: [string, string, RegExp][] = [
    ['a line total off by a cent', CII.replace('<ram:LineTotalAmount>8000.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>8000.01</ram:LineTotalAmount>'), /La somme des lignes \(10000,01 €\) diffère du total des lignes annoncé \(10000,00 €\)/],
    ['a VAT group at the wrong rate', CII.replace('<ram:CalculatedAmount>2000.00</ram:CalculatedAmount>', '<ram:CalculatedAmount>1100.00</ram:CalculatedAmount>'), /La TVA à 20 % \(1100,00 €\) ne correspond pas à sa base/],
    ['a grand total that is not net plus VAT', UBL.replace('<cbc:TaxInclusiveAmount currencyID="EUR">12000.00<', '<cbc:TaxInclusiveAmount currencyID="EUR">12500.00<'), /Le total TTC \(12500,00 €\) n’est pas le total HT plus la TVA \(12000,00 €\)/],
    ['another currency', UBL.replace('<cbc:DocumentCurrencyCode>EUR<', '<cbc:DocumentCurrencyCode>USD<'), /Facture en USD/],
  ];
  it.each(cases)('%s', (_, xml, problem) => {
    const read = readInvoiceXml(xml);
    expect(read.number).toBe('F202500003');
    expect(read.problems.join('\n')).toMatch(problem);
  });
});

describe('what is not an invoice Carnet can read is refused, in French', () => {
  const refused: [string, () => Uint8Array | Promise<Uint8Array>, RegExp][] = [
    ['random bytes', () => Buffer.from('\u0000\u0001garbage'), /XML illisible|n’est pas une facture électronique/],
    ['a lifecycle message', () => Buffer.from(readFileSync(path.join(__dirname, 'official-examples', 'lifecycle', 'UC1_F202500003_05-CDV-205_Approuvee.xml'))), /n’est pas une facture électronique/],
    ['a DTD', () => Buffer.from(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]>${CII.replace(/^[\s\S]*?\?>/, '')}`), /DTD/],
    ['no number', () => Buffer.from(CII.replace('<ram:ID>F202500003</ram:ID>', '')), /numéro \(BT-1\) manquant/],
    ['an impossible date', () => Buffer.from(UBL.replace('<cbc:IssueDate>2025-07-01<', '<cbc:IssueDate>2025-02-30<')), /date \(BT-2\) manquante ou illisible/],
    ['an unreadable amount', () => Buffer.from(CII.replace('<ram:GrandTotalAmount>12000.00<', '<ram:GrandTotalAmount>douze mille<')), /total TTC \(BT-112\)/],
    ['a PDF without XML', async () => (await PDFDocument.create()).save(), /ne contient pas de facture électronique/],
    ['a broken PDF', () => Buffer.from('%PDF-1.7\nnot really'), /PDF illisible|ne contient pas/],
    ['a PDF whose XML inflates past the bound (a zip bomb)', async () => {
      const pdf = await PDFDocument.create();
      pdf.addPage();
      await pdf.attach(Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 0x20), 'factur-x.xml', { mimeType: 'text/xml' });
      return pdf.save();
    }, /trop volumineux/],
    ['too many lines', () => {
      // Small lines, so that the file stays under the size bound and the line count is what is refused.
      const line = /<ram:IncludedSupplyChainTradeLineItem>[\s\S]*?<\/ram:IncludedSupplyChainTradeLineItem>/.exec(CII)![0];
      const small = '<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name>L</ram:Name></ram:SpecifiedTradeProduct>'
        + '<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery></ram:IncludedSupplyChainTradeLineItem>';
      return Buffer.from(CII.replace(line, small.repeat(RECEIVED_MAX_LINES + 1)));
    }, /Plus de 5000 lignes/],
  ];
  it.each(refused)('%s', async (_, file, reason) => {
    const bytes = await file();
    await expect(readReceivedInvoice(bytes)).rejects.toThrow(ReceivedInvoiceError);
    await expect(readReceivedInvoice(bytes)).rejects.toThrow(reason);
  });
});
