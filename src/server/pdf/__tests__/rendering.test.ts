import { countryCode } from '../countries';
import { documentFileName } from '../document-model';
import { party, renderableInvoice } from '@/server/test/renderable-fixtures';
import { buildFacturX, normalizeVatNumber } from '../factur-x';
import { LATE_PENALTY_MENTION, legalMentions, VAT_FRANCHISE_MENTION, VAT_ON_DEBITS_MENTION } from '../legal-mentions';
import { renderDocumentPdf } from '../pdf-renderer';
import { breakLongRuns } from '../breakable-text';
import { attachmentDisposition } from '@/server/http/attachment';
import { facturXml, pdfPageTexts, pdfPagesText } from '@/server/test/pdf-reader';

/** Rendering pieces without the app: mentions, XML content, country codes, page layout. */

const invoice = renderableInvoice;
const line = (unitPrice: number, taxRate: number, quantity = 1) => ({ title: `Ligne à ${taxRate} %`, description: '', quantity, unitPrice, taxRate });
/** A micro-entrepreneur in the VAT franchise (no VAT number) billing at 0 %. */
const franchise = { vatRegime: 'franchise' as const, taxRate: 0, lines: [line(500, 0)], issuer: party({ vatNumber: '' }) };

describe('legal mentions', () => {
  const STATUTORY_B2B = [
    'Catégorie de l’opération : Prestation de services',
    LATE_PENALTY_MENTION,
    'Indemnité forfaitaire pour frais de recouvrement : 40 €',
    'Escompte : néant',
  ];

  it('prints the invoice mentions from its data, and carries them as the notes of the e-invoice', () => {
    const mentions = legalMentions(invoice());
    expect(mentions.lines).toEqual(['Conditions de paiement : paiement à 30 jours, au plus tard le 14/04/2026', ...STATUTORY_B2B]);
    expect(mentions.notes).toEqual([
      { subject: 'AAI', content: STATUTORY_B2B[0] },
      { subject: 'PMD', content: LATE_PENALTY_MENTION },
      { subject: 'PMT', content: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' },
      { subject: 'AAB', content: 'Escompte : néant' },
    ]);
    expect(LATE_PENALTY_MENTION).toBe(
      'Taux des pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de la date d’échéance',
    );
    expect(mentions.vatExemptions).toEqual([]);
  });

  it('gives a private client no late-payment mentions (L441-9 and D441-5 concern businesses)', () => {
    const mentions = legalMentions(invoice({ clientType: 'particulier' }));
    expect(mentions.lines).toEqual([
      'Conditions de paiement : paiement à 30 jours, au plus tard le 14/04/2026',
      'Catégorie de l’opération : Prestation de services',
    ]);
    expect(mentions.notes.map((n) => n.subject)).toEqual(['AAI']);
  });

  it('states the option for VAT on debits, for a VAT-registered seller only', () => {
    expect(legalMentions(invoice({ vatOnDebits: true })).lines).toContain(VAT_ON_DEBITS_MENTION);
    expect(legalMentions(invoice({ vatOnDebits: true })).notes).toContainEqual({ subject: 'AAI', content: VAT_ON_DEBITS_MENTION });
    expect(legalMentions(invoice({ ...franchise, vatOnDebits: true })).lines).not.toContain(VAT_ON_DEBITS_MENTION);
    expect(legalMentions(invoice({ vatOnDebits: true, kind: 'quote' })).lines).not.toContain(VAT_ON_DEBITS_MENTION);
  });

  it('adds the user’s notice, never lets it remove or replace a statutory mention (L441-9, L441-10, D441-5)', () => {
    const notice = 'Aucune pénalité de retard.\nIndemnité forfaitaire : 10 €\nPaiement à réception.\nEscompte de 2 % pour paiement anticipé.';
    const mentions = legalMentions(invoice({ legalNotice: notice }));
    expect(mentions.lines).toEqual(['Conditions de paiement : paiement à 30 jours, au plus tard le 14/04/2026', ...STATUTORY_B2B]);
    expect(mentions.paymentTerms).toBe('Conditions de paiement : paiement à 30 jours, au plus tard le 14/04/2026');
    expect(mentions.notes).toEqual([...legalMentions(invoice()).notes, { subject: 'AAI', content: notice }]);
  });

  it.each([
    [{ kind: 'reception', days: 0 }, '2026-03-15', 'paiement à réception, au plus tard le 15/03/2026'],
    [{ kind: 'net', days: 45 }, '2026-04-29', 'paiement à 45 jours, au plus tard le 29/04/2026'],
    [{ kind: 'end_of_month', days: 30 }, '2026-04-30', 'paiement à 30 jours fin de mois, au plus tard le 30/04/2026'],
    [{ kind: 'net', days: 1 }, '2026-03-16', 'paiement à 1 jour, au plus tard le 16/03/2026'],
  ] as const)('words the terms %j (due %s) as « %s »', (paymentTerms, endDate, text) => {
    expect(legalMentions(invoice({ paymentTerms, endDate })).paymentTerms).toBe(`Conditions de paiement : ${text}`);
  });

  it('reads the terms of a snapshot made before they were a field from its dates', () => {
    expect(legalMentions(invoice({ endDate: '2026-03-15' })).paymentTerms).toBe(
      'Conditions de paiement : paiement à réception, au plus tard le 15/03/2026',
    );
    expect(legalMentions(invoice({ endDate: '2026-04-14' })).paymentTerms).toContain('paiement à 30 jours,');
  });

  it('prints a quote’s terms without a date (its invoice is not dated yet), and no invoice mention', () => {
    const quote = legalMentions(invoice({ kind: 'quote', paymentTerms: { kind: 'end_of_month', days: 45 } }));
    expect(quote).toMatchObject({ lines: ['Conditions de paiement : paiement à 45 jours fin de mois'], notes: [], paymentTerms: null });
  });

  it('applies art. 293 B to a seller in the franchise, on quotes too; a VAT-registered seller names the article of its exemption', () => {
    expect(legalMentions(invoice(franchise)).vatExemptions).toEqual([{ reason: VAT_FRANCHISE_MENTION, code: 'VATEX-FR-FRANCHISE' }]);
    expect(legalMentions(invoice({ ...franchise, kind: 'quote' })).vatExemptions).toEqual([{ reason: VAT_FRANCHISE_MENTION, code: 'VATEX-FR-FRANCHISE' }]);
    expect(legalMentions(invoice({ lines: [line(100, 0)], vatExemption: 'intracommunautaire' })).vatExemptions).toEqual([{
      reason: 'Exonération de TVA, art. 262 ter I du CGI et art. 138 de la directive 2006/112/CE (livraison intracommunautaire)', code: 'VATEX-EU-IC',
    }]);
    // Issued before exemption reasons existed: the user's wording, as an exemption (category E).
    expect(legalMentions(invoice({ lines: [line(100, 0)], legalNotice: 'Exonération de TVA, article 261-4-4° du CGI' })).vatExemptions)
      .toEqual([{ reason: 'Exonération de TVA, article 261-4-4° du CGI', code: 'VATEX-EU-132' }]);
    expect(legalMentions(invoice({ lines: [line(100, 5.5)] })).vatExemptions).toEqual([]);
  });
});

describe('Factur-X XML', () => {
  it('carries the totals of computeTotals, the parties and the due date', () => {
    const xml = buildFacturX(invoice({
      taxRate: 5.5, lines: [line(19.99, 5.5, 3)], client: party({ name: 'Café <Lumière> & Fils', country: 'Belgique', vatNumber: '' }),
    }));
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
    const xml = buildFacturX(invoice(franchise));
    expect(xml).toContain('<ram:ID schemeID="FC">12345678900012</ram:ID>');
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).toContain(`<ram:ExemptionReason>${VAT_FRANCHISE_MENTION}</ram:ExemptionReason>`);
    expect(xml).toContain('<ram:CategoryCode>E</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
  });

  it('breaks VAT down per rate, each the sum of its lines, rounded once per rate', () => {
    // 3 × 33.33 at 20 % (99.99 → 20.00), 10.01 at 5.5 % (0.55), 7 at 10 % (0.70).
    const xml = buildFacturX(invoice({ lines: [line(33.33, 20, 3), line(10.01, 5.5), line(7, 10)] }));
    const groups = [...xml.matchAll(/<ram:ApplicableTradeTax><ram:CalculatedAmount>([\d.]+)<\/ram:CalculatedAmount><ram:TypeCode>VAT<\/ram:TypeCode><ram:BasisAmount>([\d.]+)<\/ram:BasisAmount><ram:CategoryCode>S<\/ram:CategoryCode><ram:RateApplicablePercent>([\d.]+)</g)]
      .map(([, tax, base, rate]) => [rate, base, tax]);
    expect(groups).toEqual([['20.00', '99.99', '20.00'], ['10.00', '7.00', '0.70'], ['5.50', '10.01', '0.55']]);
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">21.25</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GrandTotalAmount>138.25</ram:GrandTotalAmount>');
  });

  it('carries the buyer’s SIREN and VAT number, the delivery, the period, the bank account and the operation', () => {
    const xml = buildFacturX(invoice({
      client: party({ name: 'Client SA', siren: '732829320', vatNumber: 'FR44732829320' }),
      delivery: { address: '5 quai des Docks', postalCode: '13002', city: 'Marseille', country: 'France' },
      serviceDate: '2026-03-01', serviceEndDate: '2026-03-31', operationCategory: 'mixed', vatOnDebits: true,
      bank: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPPXXX' },
    }));
    expect(xml).toContain('<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>M1</ram:ID>');
    expect(xml).toContain('<ram:Name>Client SA</ram:Name><ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">732829320</ram:ID>');
    expect(xml).toMatch(/<ram:BuyerTradeParty>.*<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR44732829320<\/ram:ID>/);
    expect(xml).toMatch(/<ram:ShipToTradeParty><ram:Name>Client SA<\/ram:Name><ram:PostalTradeAddress><ram:PostcodeCode>13002<\/ram:PostcodeCode><ram:LineOne>5 quai des Docks/);
    expect(xml).toContain('<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20260301</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20260331</udt:DateTimeString>');
    expect(xml).toContain('<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>FR7630006000011234567890189</ram:IBANID></ram:PayeePartyCreditorFinancialAccount><ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>AGRIFRPPXXX</ram:BICID>');
    expect(xml).toContain('<ram:DueDateTypeCode>5</ram:DueDateTypeCode>');
    // A single date instead of a period: the actual delivery date (BT-72).
    const dated = buildFacturX(invoice({ serviceDate: '2026-03-10' }));
    expect(dated).toContain('<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20260310</udt:DateTimeString>');
    expect(dated).not.toContain('BillingSpecifiedPeriod');
  });

  it('gives reverse charge its category, code and article', () => {
    const xml = buildFacturX(invoice({ lines: [line(1000, 0)], vatExemption: 'autoliquidation' }));
    expect(xml).toContain('<ram:ExemptionReason>Autoliquidation : TVA due par le preneur, art. 283-2 du CGI</ram:ExemptionReason>');
    expect(xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
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
      const lines = Array.from({ length: count }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'Détail de la prestation.', quantity: 1, unitPrice: 10, taxRate: 20 }));
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
    const text = pages(await renderDocumentPdf(invoice({ lines: [{ title: 'Rapport', description, quantity: 1, unitPrice: 10, taxRate: 20 }] })));
    expect(text.length).toBeGreaterThan(2);
    expect(text[1]).toContain('Rapport (suite)');
    expect(text.join(' ').replace(/\s+/g, ' ').match(/remplir la colonne/g)).toHaveLength(300);
  });
});

describe('unbreakable text', () => {
  const ZWSP = '\u200b';

  it('leaves text alone below 200 characters without a space, and breaks longer runs every 4 characters', () => {
    const url = `https://exemple.fr/${'chemin/'.repeat(25)}`; // 194 characters
    expect(breakLongRuns(`Voir ${url} pour le détail.`)).toBe(`Voir ${url} pour le détail.`);
    const long = 'a'.repeat(5000);
    const broken = breakLongRuns(`Début ${long} fin`);
    expect(broken.replaceAll(ZWSP, '')).toBe(`Début ${long} fin`);
    expect(broken.split(' ')[1].split(ZWSP).map((chunk) => chunk.length)).toEqual(Array(1250).fill(4));
  });

  it('never parts a letter from its accent', () => {
    const run = 'e\u0301'.repeat(300); // é as e + combining acute accent
    expect(breakLongRuns(run).split(ZWSP).every((chunk) => !/^\p{M}/u.test(chunk))).toBe(true);
  });

  it('prints a 5,000-character word whole, wrapped within its column, and keeps it intact in the Factur-X XML', async () => {
    const word = 'Ω'.repeat(5000); // a letter the rest of the invoice does not use
    const pdf = await renderDocumentPdf(invoice({ description: word, lines: [{ title: 'Audit', description: word, quantity: 1, unitPrice: 10, taxRate: 20 }] }));
    const lines = pdfPagesText(pdf).join('\n').split('\n').filter((l) => l.includes('Ω'));
    expect(lines.join('').match(/Ω/g)).toHaveLength(10_000);
    // Wrapped: the description over the page's width, the line within the designation column.
    const widths = lines.map((l) => l.match(/Ω/g)!.length);
    expect(Math.max(...widths)).toBeLessThan(80);
    expect(widths.filter((n) => n < 40).length).toBeGreaterThan(100);
    expect(await facturXml(pdf)).toContain(`<ram:Description>${word}</ram:Description>`);
  });
});

describe('deposits deducted by a final invoice (issue 25)', () => {
  // 59,97 € HT at 20 %: 71,96 € TTC; two deposits of 20 € and 10 €.
  const deposits = [
    { number: 'FAC-2026-0003', issueDate: '2026-02-01', amountCents: 2000 },
    { number: 'FAC-2026-0004', issueDate: '2026-02-10', amountCents: 1000 },
  ];
  const text = async (doc: ReturnType<typeof invoice>) => pdfPagesText(await renderDocumentPdf(doc)).join(' ').replace(/[\s\u202f\u00a0]+/g, ' ');

  it('deducts a deposit paid, and names one invoiced but unpaid as part of what remains to pay: PDF and XML agree', async () => {
    const doc = invoice({ deposits: [{ ...deposits[0], paidCents: 2000 }, { ...deposits[1], paidCents: 0 }] });
    const printed = await text(doc);
    expect(printed).toContain('Acomptes versés FAC-2026-0003 du 01/02/2026 −20,00 €');
    expect(printed).toContain('Reste à payer 51,96 €');
    expect(printed).toContain('Dont acomptes facturés non réglés FAC-2026-0004 du 10/02/2026 10,00 €');
    const xml = buildFacturX(doc);
    expect(xml).toContain('<ram:GrandTotalAmount>71.96</ram:GrandTotalAmount><ram:TotalPrepaidAmount>20.00</ram:TotalPrepaidAmount><ram:DuePayableAmount>51.96</ram:DuePayableAmount>');
    expect(xml).toContain('<ram:IssuerAssignedID>FAC-2026-0004</ram:IssuerAssignedID>');

    // None paid: nothing is "versé", nothing prepaid, still a final invoice after deposits (S4).
    const unpaid = invoice({ deposits: deposits.map((d) => ({ ...d, paidCents: 0 })) });
    expect(await text(unpaid)).not.toContain('Acomptes versés');
    expect(buildFacturX(unpaid)).not.toContain('TotalPrepaidAmount');
    expect(buildFacturX(unpaid)).toContain('<ram:DuePayableAmount>71.96</ram:DuePayableAmount>');
    expect(buildFacturX(unpaid)).toContain('<ram:ID>S4</ram:ID>');
  });

  it('renders a snapshot issued before issue 25 (no paid amounts) as it was printed: every deposit deducted as paid', async () => {
    const printed = await text(invoice({ deposits }));
    expect(printed).toContain('Acomptes versés');
    expect(printed).toContain('Reste à payer 41,96 €');
    expect(printed).not.toContain('non réglés');
  });
});
