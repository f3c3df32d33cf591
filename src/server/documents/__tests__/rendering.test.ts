import { countryCode } from '../countries';
import { documentFileName } from '../document-model';
import { party, renderableInvoice } from '../../test/renderable-fixtures';
import { buildFacturX, normalizeVatNumber } from '../factur-x';
import { legalMentions, VAT_FRANCHISE_MENTION } from '../legal-mentions';
import { pdfRenderQueue, renderDocumentPdf } from '../pdf-renderer';
import { attachmentDisposition } from '../../modules/documents/document-delivery.routes';
import { pdfPageTexts, pdfPagesText } from '../../test/pdf-reader';

/** Rendering pieces without the app: mentions, XML content, country codes, page layout. */

const invoice = renderableInvoice;

describe('legal mentions', () => {
  it('adds the invoice mentions the notice does not state, and the notes of the e-invoice', () => {
    const mentions = legalMentions(invoice());
    expect(mentions.missing).toEqual([
      'Conditions de paiement : paiement à 30 jours, au plus tard le 14/04/2026',
      expect.stringMatching(/^Taux des pénalités de retard : trois fois le taux d’intérêt légal/),
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
      'Escompte : néant',
    ]);
    expect(mentions.notes.map((n) => n.subject)).toEqual(['PMD', 'PMT', 'AAB']);
    expect(mentions.vatExemption).toBeNull();
  });

  it('keeps the user’s own wording, whatever its accents and case', () => {
    const mentions = legalMentions(invoice({
      legalNotice: 'Règlement : paiement à 45 jours fin de mois.\nPENALITES DE RETARD : 15 %\nIndemnite forfaitaire de 40 euros.\nAucun escompte.',
    }));
    expect(mentions.missing).toEqual([]);
    expect(mentions.notes).toEqual([
      { subject: 'PMD', content: 'PENALITES DE RETARD : 15 %' },
      { subject: 'PMT', content: 'Indemnite forfaitaire de 40 euros.' },
      { subject: 'AAB', content: 'Aucun escompte.' },
    ]);
  });

  it('says « paiement à réception » when due on the issue date', () => {
    expect(legalMentions(invoice({ endDate: '2026-03-15' })).paymentTerms).toBe(
      'Conditions de paiement : paiement à réception, au plus tard le 15/03/2026',
    );
  });

  it('applies art. 293 B at 0 % without a VAT number, on quotes too; a VAT-registered seller gives its own reason', () => {
    const franchise = { taxRate: 0, issuer: party({ vatNumber: '' }) };
    expect(legalMentions(invoice(franchise)).vatExemption).toEqual({ reason: VAT_FRANCHISE_MENTION, code: 'VATEX-FR-FRANCHISE' });
    expect(legalMentions(invoice({ ...franchise, kind: 'quote' })).missing).toEqual([VAT_FRANCHISE_MENTION]);
    expect(legalMentions(invoice({ ...franchise, legalNotice: 'TVA non applicable - article 293 B du CGI' })).missing).not.toContain(
      VAT_FRANCHISE_MENTION,
    );
    expect(legalMentions(invoice({ taxRate: 0, legalNotice: 'Exonération de TVA, article 262 ter I du CGI' })).vatExemption).toEqual({
      reason: 'Exonération de TVA, article 262 ter I du CGI', code: null,
    });
    expect(legalMentions(invoice({ taxRate: 5.5, issuer: party({ vatNumber: '' }) })).vatExemption).toBeNull();
  });
});

describe('Factur-X XML', () => {
  it('carries the totals of computeTotals, the parties and the due date', () => {
    const xml = buildFacturX(invoice({ taxRate: 5.5, client: party({ name: 'Café <Lumière> & Fils', country: 'Belgique', vatNumber: '' }) }));
    expect(xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<ram:LineTotalAmount>59.97</ram:LineTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">3.30</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>63.27</ram:GrandTotalAmount>');
    expect(xml).toContain('<ram:RateApplicablePercent>5.50</ram:RateApplicablePercent>');
    expect(xml).toContain('<ram:Name>Café &lt;Lumière&gt; &amp; Fils</ram:Name>');
    expect(xml).toContain('<ram:CountryID>BE</ram:CountryID>');
    expect(xml).toContain('<ram:ID schemeID="0002">123456789</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR12123456789</ram:ID>');
    expect(xml).toContain('<ram:DueDateDateTime><udt:DateTimeString format="102">20260414</udt:DateTimeString>');
  });

  it('uses the SIRET as tax registration when the seller has no VAT number', () => {
    const xml = buildFacturX(invoice({ taxRate: 0, issuer: party({ vatNumber: '' }) }));
    expect(xml).toContain('<ram:ID schemeID="FC">12345678900012</ram:ID>');
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).toContain(`<ram:ExemptionReason>${VAT_FRANCHISE_MENTION}</ram:ExemptionReason>`);
  });

  it('exists only for an issued invoice', () => {
    expect(() => buildFacturX(invoice({ number: null }))).toThrow();
    expect(() => buildFacturX(invoice({ kind: 'quote' }))).toThrow();
  });

  it('normalises VAT numbers and country names', () => {
    expect(normalizeVatNumber('fr 12 123.456.789', 'FR')).toBe('FR12123456789');
    expect(normalizeVatNumber('12123456789', 'FR')).toBe('FR12123456789');
    expect(['France', 'Belgique', 'Suisse', 'Allemagne', 'Côte d’Ivoire', "cote d'ivoire", 'Royaume-Uni', 'États-Unis', 'Luxembourg', 'BE'].map(countryCode))
      .toEqual(['FR', 'BE', 'CH', 'DE', 'CI', 'CI', 'GB', 'US', 'LU', 'BE']);
    expect(countryCode('')).toBe('FR');
    expect(countryCode('Atlantide')).toBe('FR');
  });
});

describe('file names', () => {
  it('names the file after the number, else the id, in a safe Content-Disposition', () => {
    expect(documentFileName({ kind: 'quote', number: 'DEV-2026-0001', id: 3 })).toBe('devis_DEV-2026-0001.pdf');
    expect(documentFileName({ kind: 'invoice', number: null, id: 12 })).toBe('facture_12.pdf');
    expect(attachmentDisposition('facture_FAC-2026-0001.pdf')).toBe(
      'attachment; filename="facture_FAC-2026-0001.pdf"; filename*=UTF-8\'\'facture_FAC-2026-0001.pdf',
    );
    expect(attachmentDisposition('devis "été"\r\n.pdf')).toBe(
      'attachment; filename="devis___t____.pdf"; filename*=UTF-8\'\'devis%20%22%C3%A9t%C3%A9%22%0D%0A.pdf',
    );
  });
});

describe('page layout', () => {
  /** The text of each page (pdf.js, src/server/test/pdf-reader.ts). */
  const pages = (pdf: Buffer) => pdfPagesText(pdf).filter((p) => p.trim());

  it('never leaves the totals alone on a page and repeats the table header', async () => {
    // Around the page boundary, one more line moves the last line and the totals together.
    const counts = Array.from({ length: 9 }, (_, i) => 14 + i);
    const pdfs: Buffer[] = [];
    for (const count of counts) {
      const lines = Array.from({ length: count }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'Détail de la prestation.', quantity: 1, unitPrice: 10 }));
      pdfs.push(await renderDocumentPdf(invoice({ lines })));
    }
    // One pdf.js process for the nine documents.
    for (const [n, all] of pdfPageTexts(pdfs).entries()) {
      const count = counts[n];
      const text = all.filter((p) => p.trim());
      const withTotals = text.findIndex((p) => p.includes('Total TTC'));
      expect(text[withTotals]).toContain(`Ligne ${count}`);
      text.forEach((page, i) => {
        expect(page).toContain(`Page ${i + 1} / ${text.length}`);
        if (i <= withTotals) expect(page).toContain('Désignation');
      });
    }
  });

  it('continues a line taller than a page on the next one', async () => {
    const description = 'Une phrase assez longue pour remplir la colonne. '.repeat(300);
    const text = pages(await renderDocumentPdf(invoice({ lines: [{ title: 'Rapport', description, quantity: 1, unitPrice: 10 }] })));
    expect(text.length).toBeGreaterThan(2);
    expect(text[1]).toContain('Rapport (suite)');
    expect(text.join(' ').replace(/\s+/g, ' ').match(/remplir la colonne/g)).toHaveLength(300);
  });
});

describe('render queue', () => {
  it('renders concurrent requests one at a time, in arrival order', async () => {
    // A long document first: interleaved renders would let the short ones overtake it.
    const long = invoice({ lines: Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'Détail.', quantity: 1, unitPrice: 10 })) });
    const short = invoice({ lines: [{ title: 'Court', description: '', quantity: 1, unitPrice: 10 }] });
    const finished: number[] = [];
    const renders = [long, short, short, short].map((doc, i) => renderDocumentPdf(doc).then(() => finished.push(i)));
    expect(pdfRenderQueue.queued).toBe(3);
    await Promise.all(renders);
    expect(finished).toEqual([0, 1, 2, 3]);
    expect(pdfRenderQueue.queued).toBe(0);
  });
});
