import type { IssuedInvoice, InvoicingWorld, User } from './invoice-fixtures';
import { line } from './invoice-fixtures';

/**
 * The invoices of issue 14 (French B2B/B2C rules, 2026 e-invoicing), issued through the real app,
 * shared by `einvoicing.test.ts` (`npm test`: PDF text, XML elements, factur-x-kit) and the
 * official kit's test (`npm run test:facturx`):
 * - a micro-entrepreneur in the VAT franchise billing a private client;
 * - a VAT-registered company, 20 % + 5.5 % + 10 % lines, to a business with SIREN and VAT number;
 * - reverse charge to a German business;
 * - a service period delivered to another address.
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

export async function issueEInvoicingCases(w: InvoicingWorld): Promise<EInvoicingCase[]> {
  const call = async (who: User, method: 'POST' | 'PUT' | 'GET', url: string, body?: object, status = method === 'POST' ? 201 : 200) => {
    const res = await w.call(who, method, url, body);
    if (res.status !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.status}: ${res.res.body}`);
    return res.body;
  };
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
      prints: ['Autoliquidation : TVA due par le preneur, art. 283-2 du CGI', 'TVA intracom. : DE123456789'],
      omits: ['293 B'],
      xml: [
        '<ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>',
        '<ram:ID schemeID="VA">DE123456789</ram:ID>',
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
