import type { IssuedInvoice, InvoicingWorld, User } from './invoice-fixtures';
import { line } from './invoice-fixtures';

/**
 * The invoices of issue 14 (French B2B/B2C rules, 2026 e-invoicing), issued through the real app,
 * shared by `einvoicing.test.ts` (`npm test`: PDF text, XML elements, factur-x-kit) and the
 * official kit's test (`npm run test:facturx`):
 * - a micro-entrepreneur in the VAT franchise billing a private client;
 * - a VAT-registered company, 20 % + 5.5 % + 10 % lines, to a business with SIREN and VAT number;
 * - reverse charge to a German business;
 * - a service period delivered to another address;
 * - services to a business established outside the EU, outside the scope of French VAT (issue 25);
 * - exempt training beside reverse-charged works and a 20 % line: a reason per 0 % line (issue 25).
 */

/** A VAT-registered SARL (valid SIRET and VAT key) opting for VAT on debits, with bank details. */
export const ASSUJETTI_PROFILE = {
  company_name: 'Studio Dupont', address: '12 rue des Lilas', postal_code: '69001', city: 'Lyon',
  siret: '73282932000074', vat_number: 'FR44732829320', vat_regime: 'assujetti', vat_on_debits: true,
  iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPPXXX',
};

/** A micro-entrepreneur in the franchise (art. 293 B CGI): no VAT number. */
export const FRANCHISE_PROFILE = {
  company_name: 'Carole Martin', address: '3 place du Marché', postal_code: '44000', city: 'Nantes',
  siret: '35600000000015', vat_number: '', vat_regime: 'franchise', iban: 'FR7630006000011234567890189', bic: '',
};

export interface EInvoicingCase extends IssuedInvoice {
  /** What each case must print on the PDF, and must not. */
  prints: string[];
  omits: string[];
  /** XML fragments it must carry. */
  xml: string[];
}

/** A call through the app that must answer `status` (201 for a POST, else 200); its JSON body. */
const expectingCall = (w: InvoicingWorld) =>
  async (who: User, method: 'POST' | 'PUT' | 'GET', url: string, body?: object, status = method === 'POST' ? 201 : 200) => {
    const res = await w.call(who, method, url, body);
    if (res.status !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.status}: ${res.res.body}`);
    return res.body;
  };

export async function issueEInvoicingCases(w: InvoicingWorld): Promise<EInvoicingCase[]> {
  const call = expectingCall(w);
  const alice = w.alice;
  const carol = w.carol;
  await call(alice, 'PUT', '/api/profile/', { email: alice.email, first_name: 'Jeanne', last_name: 'Dupont', ...ASSUJETTI_PROFILE });
  await call(carol, 'PUT', '/api/profile/', { email: carol.email, first_name: 'Carole', last_name: 'Martin', ...FRANCHISE_PROFILE });

  const contact = (who: User, body: object) => call(who, 'POST', '/api/contacts/', body);
  const privateClient = await contact(carol, {
    name: 'Paul Lefèvre', email: 'paul.lefevre@exemple.fr', client_type: 'particulier',
    address: '8 rue du Four', postal_code: '44000', city: 'Nantes',
  });
  const business = await contact(alice, {
    name: 'Client SA', email: 'compta@client-sa.fr', client_type: 'professionnel', siren: '732 829 320', vat_number: 'FR44732829320',
    address: '1 avenue de la Gare', postal_code: '75010', city: 'Paris',
  });
  const german = await contact(alice, {
    name: 'Kunde GmbH', email: 'buchhaltung@kunde.de', client_type: 'professionnel', vat_number: 'DE123456789',
    address: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'Allemagne',
  });
  const delivered = await contact(alice, {
    name: 'Entrepôts Martin', email: 'contact@entrepots-martin.fr', client_type: 'professionnel', siren: '732829320',
    address: '9 rue Royale', postal_code: '69001', city: 'Lyon',
    delivery_address: '5 quai des Docks', delivery_postal_code: '13002', delivery_city: 'Marseille', delivery_country: 'France',
  });

  // Issue 25: countries given by their native names are stored as codes, and the XML carries them.
  const spanish = await contact(alice, {
    name: 'Distribuciones Sol SL', email: 'facturas@sol.es', client_type: 'professionnel', vat_number: 'ESB12345678',
    address: 'Calle Mayor 5', postal_code: '28013', city: 'Madrid', country: 'España',
  });
  const shippedAbroad = await contact(alice, {
    name: 'Handel AG', email: 'einkauf@handel.de', client_type: 'professionnel', vat_number: 'DE987654321',
    address: 'Königsallee 10', postal_code: '40212', city: 'Düsseldorf', country: 'deutschland',
    delivery_address: 'Bahnhofstrasse 1', delivery_postal_code: '8001', delivery_city: 'Zürich', delivery_country: 'Suisse',
  });  const american = await contact(alice, {
    name: 'Acme Consulting Inc.', email: 'billing@acme.example', client_type: 'professionnel',
    address: '350 Fifth Avenue', postal_code: '10118', city: 'New York', country: 'États-Unis',
  });

  const cases: { label: string; who: User; clientId: number; body: object; prints: string[]; omits: string[]; xml: string[] }[] = [
    {
      label: 'franchise seller to a private client',
      who: carol,
      clientId: privateClient.id,
      body: { tax_rate: 0, line_items: [{ ...line('Atelier céramique', 2, 75), tax_rate: 0 }] },
      prints: ['TVA non applicable, art. 293 B du CGI', 'Net à payer', '150,00 €', 'Règlement', 'FR76 3000 6000 0112 3456 7890 189'],
      omits: ['Indemnité forfaitaire', 'Taux des pénalités', 'Escompte', 'TVA 0'],
      xml: [
        '<ram:CategoryCode>E</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>',
        '<ram:IBANID>FR7630006000011234567890189</ram:IBANID>',
      ],
    },
    {
      label: 'VAT-registered seller, 20 % + 5.5 % + 10 %, to a business with SIREN and VAT number',
      who: alice,
      clientId: business.id,
      body: {
        tax_rate: 20,
        operation_category: 'mixed',
        service_date: '2026-11-02',
        line_items: [
          { ...line('Conseil', 3, 33.33), tax_rate: 20 },
          { ...line('Livres', 1, 10.01), tax_rate: 5.5 },
          { ...line('Travaux', 1, 7), tax_rate: 10 },
        ],
      },
      prints: [
        'TVA 20 % sur 99,99 €', 'TVA 10 % sur 7,00 €', 'TVA 5,5 % sur 10,01 €', '138,25 €', 'SIREN : 732 829 320',
        'TVA intracom. : FR44732829320', 'Indemnité forfaitaire pour frais de recouvrement : 40 €', 'Escompte : néant',
        'Catégorie de l’opération : Opération mixte (biens et services)', "Option pour le paiement de la taxe d'après les débits",
        'IBAN : FR76 3000 6000 0112 3456 7890 189 — BIC : AGRIFRPPXXX',
      ],
      omits: ['293 B'],
      xml: [
        '<ram:ID schemeID="0002">732829320</ram:ID>',
        '<ram:TaxTotalAmount currencyID="EUR">21.25</ram:TaxTotalAmount>',
        '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>M1</ram:ID>',
        '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>',
        '<ram:OccurrenceDateTime><udt:DateTimeString format="102">20261102</udt:DateTimeString>',
      ],
    },
    {
      label: 'reverse charge to an EU business',
      who: alice,
      clientId: german.id,
      body: { tax_rate: 0, vat_exemption: 'autoliquidation', line_items: [{ ...line('Audit', 1, 2000), tax_rate: 0 }] },
      // Issue 25: services to a business of another member state: art. 259-1° CGI / 196 directive, not 283-2.
      prints: ['Autoliquidation : TVA due par le preneur, art. 259-1° du CGI et art. 196 de la directive 2006/112/CE', 'TVA intracom. : DE123456789'],
      omits: ['293 B', '283-2'],
      xml: [
        '<ram:ExemptionReason>Autoliquidation : TVA due par le preneur, art. 259-1° du CGI et art. 196 de la directive 2006/112/CE</ram:ExemptionReason>',
        '<ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>',
        '<ram:ID schemeID="VA">DE123456789</ram:ID>',
        '<ram:CityName>Berlin</ram:CityName><ram:CountryID>DE</ram:CountryID>',
      ],
    },
    {
      label: 'a service period delivered to another address',
      who: alice,
      clientId: delivered.id,
      body: { tax_rate: 20, service_date: '2026-10-01', service_end_date: '2026-10-31', line_items: [{ ...line('Maintenance', 1, 500), tax_rate: 20 }] },
      prints: ['Période : du 01/10/2026 au 31/10/2026', 'ADRESSE DE LIVRAISON', '5 quai des Docks', '13002 Marseille'],
      omits: [],
      xml: [
        '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20261001</udt:DateTimeString>',
        '<ram:PostcodeCode>13002</ram:PostcodeCode><ram:LineOne>5 quai des Docks</ram:LineOne>',
      ],
    },
    {
      label: 'domestic reverse charge to a French business (art. 283-2)',
      who: alice,
      clientId: business.id,
      body: { tax_rate: 0, vat_exemption: 'autoliquidation', line_items: [{ ...line('Sous-traitance travaux', 1, 1500), tax_rate: 0 }] },
      prints: ['Autoliquidation : TVA due par le preneur, art. 283-2 du CGI'],
      omits: ['259-1°', 'directive'],
      xml: [
        '<ram:ExemptionReason>Autoliquidation : TVA due par le preneur, art. 283-2 du CGI</ram:ExemptionReason>',
        '<ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID>',
      ],
    },
    {
      label: 'intra-community supply of goods to Spain (art. 262 ter I, art. 138)',
      who: alice,
      clientId: spanish.id,
      body: {
        tax_rate: 0, vat_exemption: 'intracommunautaire', operation_category: 'goods', service_date: '2026-11-03',
        line_items: [{ ...line('Vases en grès', 10, 45), tax_rate: 0 }],
      },
      prints: ['Exonération de TVA, art. 262 ter I du CGI et art. 138 de la directive 2006/112/CE (livraison intracommunautaire)', 'Espagne', 'ESB12345678'],
      omits: ['España'],
      xml: [
        '<ram:CategoryCode>K</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>',
        '<ram:CityName>Madrid</ram:CityName><ram:CountryID>ES</ram:CountryID>',
        '<ram:ID schemeID="VA">ESB12345678</ram:ID>',
      ],
    },
    {
      label: 'export of goods delivered in Switzerland to a German buyer (art. 262 I)',
      who: alice,
      clientId: shippedAbroad.id,
      body: {
        tax_rate: 0, vat_exemption: 'exportation', operation_category: 'goods', service_date: '2026-11-04',
        line_items: [{ ...line('Luminaires', 4, 120), tax_rate: 0 }],
      },
      prints: ['Exonération de TVA, art. 262 I du CGI (exportation)', 'Allemagne', 'Suisse', '8001 Zürich'],
      omits: ['deutschland'],
      xml: [
        '<ram:CategoryCode>G</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-G</ram:ExemptionReasonCode>',
        '<ram:CityName>Düsseldorf</ram:CityName><ram:CountryID>DE</ram:CountryID>',
        '<ram:CityName>Zürich</ram:CityName><ram:CountryID>CH</ram:CountryID>',
      ],
    },
    {
      // Not an export (art. 262 I is for goods): outside the scope of French VAT, category O, which
      // has no rate (BR-O-05) and no VAT identifier of either party in the XML (BR-O-02).
      label: 'services to a business established outside the EU (art. 259-1°)',
      who: alice,
      clientId: american.id,
      body: {
        tax_rate: 0, vat_exemption: 'hors_ue_services', operation_category: 'services', service_date: '2026-11-05',
        line_items: [{ ...line('Audit de sécurité', 3, 850), tax_rate: 0 }, { ...line('Rapport', 1, 400), tax_rate: 0 }],
      },
      prints: [
        'TVA non applicable, art. 259-1° du CGI (prestation de services à un preneur établi hors de l’Union européenne)',
        'États-Unis', 'TVA intracom. : FR44732829320', '2 950,00 €',
      ],
      omits: ['262 I', 'Autoliquidation'],
      xml: [
        '<ram:CategoryCode>O</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode></ram:ApplicableTradeTax>',
        '<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>',
        '<ram:TaxTotalAmount currencyID="EUR">0.00</ram:TaxTotalAmount>',
        '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>S1</ram:ID>',
        '<ram:CityName>New York</ram:CityName><ram:CountryID>US</ram:CountryID>',
      ],
    },
    {
      // Issue 25: one reason per VAT category. Training exempt (art. 261, the document's reason),
      // subcontracted works in domestic reverse charge (art. 283-2, the line's own) and advice at
      // 20 %, with a discount shared between the three categories (BG-20 per category).
      label: 'exempt training beside reverse-charged works and advice at 20 %, a discount on the whole (a reason per 0 % line)',
      who: alice,
      clientId: business.id,
      body: {
        tax_rate: 20, vat_exemption: 'exoneration', discount_amount: 90,
        line_items: [
          { ...line('Formation sécurité', 1, 1000), tax_rate: 0 },
          { ...line('Sous-traitance gros œuvre', 1, 500), tax_rate: 0, vat_exemption: 'autoliquidation' },
          { ...line('Conseil', 1, 300), tax_rate: 20 },
        ],
      },
      prints: [
        'Exonération de TVA, art. 261 du CGI', 'Autoliquidation : TVA due par le preneur, art. 283-2 du CGI',
        'TVA 0 % (exonération) sur 950,00 €', 'TVA 0 % (autoliquidation) sur 475,00 €', 'TVA 0 % : autoliquidation', '1 767,00 €',
      ],
      omits: ['259-1°'],
      xml: [
        '<ram:BasisAmount>950.00</ram:BasisAmount><ram:CategoryCode>E</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-132</ram:ExemptionReasonCode>',
        '<ram:BasisAmount>475.00</ram:BasisAmount><ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>',
        '<ram:ActualAmount>25.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Remise</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>AE</ram:CategoryCode>',
        '<ram:GrandTotalAmount>1767.00</ram:GrandTotalAmount>',
      ],
    },
  ];

  const issued: EInvoicingCase[] = [];
  for (const { label, who, clientId, body, prints, omits, xml } of cases) {
    const draft = await call(who, 'POST', '/api/invoices/', { title: label, client_id: clientId, ...body });
    const invoice = await call(who, 'PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: clientId, status: 'sent' });
    const res = await w.pdfOf(who, 'invoices', invoice.id);
    issued.push({ label, invoice, status: res.statusCode, contentDisposition: String(res.headers['content-disposition']), pdf: res.rawPayload, prints, omits, xml });
  }
  return issued;
}

/**
 * Deposits (issues 15 and 25), issued by alice (VAT-registered) on a quote at 10 %, 20 % and 5.5 %:
 * a 30 % deposit invoice, paid, a 500 € one, unpaid, and the final invoice: it deducts the paid one
 * (BT-113) and names the unpaid one, still due (BT-115 includes it). Shared by `deposits.test.ts`
 * (`npm test`) and the official kit's test. Returns the three cases and the quote.
 */
export async function issueDepositCases(w: InvoicingWorld): Promise<{ cases: EInvoicingCase[]; quote: any }> {
  const call = expectingCall(w);
  const alice = w.alice;
  const client = await call(alice, 'POST', '/api/contacts/', {
    name: 'Boutique Lumière', email: 'compta@boutique-lumiere.fr', client_type: 'professionnel', siren: '732829320',
    address: '4 rue de la Paix', postal_code: '75002', city: 'Paris',
  });
  // 1 234,56 € HT at 10 %, 999,99 € at 20 %, 39,98 € at 5,5 %: 2 600,19 € TTC.
  const quote = await call(alice, 'POST', '/api/quotes/', {
    title: 'Rénovation de la boutique', client_id: client.id, status: 'sent', tax_rate: 20,
    line_items: [
      { ...line('Travaux', 1, 1234.56), tax_rate: 10 },
      { ...line('Conception', 3, 333.33), tax_rate: 20 },
      { ...line('Livres', 2, 19.99), tax_rate: 5.5 },
    ],
  });
  const issue = async (draft: { id: number }) => {
    const current = await call(alice, 'GET', `/api/invoices/${draft.id}/`);
    return call(alice, 'PUT', `/api/invoices/${draft.id}/`, { ...current, client_id: client.id, status: 'sent' });
  };
  const first = await issue(await call(alice, 'POST', `/api/quotes/${quote.id}/deposit_invoice/`, { percent: 30 }));
  await call(alice, 'POST', `/api/invoices/${first.id}/payments/`, { amount: first.total_amount, method: 'virement' });
  const second = await issue(await call(alice, 'POST', `/api/quotes/${quote.id}/deposit_invoice/`, { amount: 500 }));
  const final = await issue((await call(alice, 'POST', `/api/quotes/${quote.id}/convert_to_invoice/`)).invoice);

  const reference = `<ram:SellerOrderReferencedDocument><ram:IssuerAssignedID>${quote.quote_number}</ram:IssuerAssignedID>`;
  const preceding = (invoice: { invoice_number: string; issue_date: string }) =>
    `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.invoice_number}</ram:IssuerAssignedID>` +
    `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${invoice.issue_date.replace(/-/g, '')}</qdt:DateTimeString>`;
  const cases = [
    {
      label: 'deposit invoice, 30 % of the quote',
      invoice: first,
      prints: ['FACTURE D’ACOMPTE', `Acompte de 30 % sur le devis ${quote.quote_number}`, `Devis : ${quote.quote_number}`, '780,06 €'],
      omits: ['Reste à payer', 'Acomptes versés'],
      xml: ['<ram:TypeCode>386</ram:TypeCode>', reference, '<ram:DuePayableAmount>780.06</ram:DuePayableAmount>'],
    },
    {
      label: 'deposit invoice, 500 €',
      invoice: second,
      prints: ['FACTURE D’ACOMPTE', `Acompte sur le devis ${quote.quote_number}`, '500,00 €'],
      omits: ['Reste à payer'],
      xml: ['<ram:TypeCode>386</ram:TypeCode>', '<ram:GrandTotalAmount>500.00</ram:GrandTotalAmount>'],
    },
    {
      label: 'final invoice deducting the paid deposit, naming the unpaid one',
      invoice: final,
      // 2 600,19 − 780,06 paid = 1 820,13 still to pay, 500,00 of it on the unpaid deposit invoice.
      prints: [
        'Acomptes versés', `${first.invoice_number} du`, '−780,06 €', 'Reste à payer', '1 820,13 €',
        'Dont acomptes facturés non réglés', `${second.invoice_number} du`, '500,00 €', '2 600,19 €', `Devis : ${quote.quote_number}`,
      ],
      omits: ['FACTURE D’ACOMPTE', '−500,00 €', '1 320,13 €'],
      xml: [
        '<ram:TypeCode>380</ram:TypeCode>', '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>S4</ram:ID>',
        '<ram:GrandTotalAmount>2600.19</ram:GrandTotalAmount><ram:TotalPrepaidAmount>780.06</ram:TotalPrepaidAmount>' +
          '<ram:DuePayableAmount>1820.13</ram:DuePayableAmount>',
        preceding(first), preceding(second), reference,
      ],
    },
  ];
  const issued: EInvoicingCase[] = [];
  for (const c of cases) {
    const res = await w.pdfOf(alice, 'invoices', c.invoice.id);
    issued.push({ ...c, status: res.statusCode, contentDisposition: String(res.headers['content-disposition']), pdf: res.rawPayload });
  }
  return { cases: issued, quote };
}
