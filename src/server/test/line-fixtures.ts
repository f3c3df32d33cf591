import type { IssuedInvoice, InvoicingWorld } from './invoice-fixtures';

/**
 * Invoices of issue 25 about what a line carries (units, decimals) and discounts, issued through the
 * real app, shared by `line-amounts.test.ts` (`npm test`: API, PDF text, XML, factur-x-kit) and
 * the official kit's test (`npm run test:facturx`). Issued by the world's two sellers: alice
 * (VAT-registered company) and carol (micro-entrepreneur in the franchise, art. 293 B CGI).
 */

export interface LineCase extends IssuedInvoice {
  /** What the PDF must print, and must not. */
  prints: string[];
  omits: string[];
  /** XML fragments the invoice must carry. */
  xml: string[];
}

const unitLine = (title: string, quantity: number | string, unit_price: number | string, unit: string | null) => ({
  title, description: '', quantity, unit_price, ...(unit === null ? {} : { unit }),
});

export async function issueLineCases(w: InvoicingWorld): Promise<LineCase[]> {
  const cases = [
    {
      label: 'units: hours, days, a lump sum, a line without unit (C62)',
      who: w.alice,
      body: {
        tax_rate: 20,
        line_items: [
          unitLine('Développement', 7.5, 80, 'HUR'),
          unitLine('Atelier sur site', 2, 600, 'DAY'),
          unitLine('Mise en production', 1, 250, 'LS'),
          unitLine('Clés USB', 3, 12.5, null),
        ],
      },
      prints: ['Unité', 'Développement', '7,5', 'h', 'j', 'forfait', 'u.'],
      omits: [],
      xml: [
        '<ram:BilledQuantity unitCode="HUR">7.50</ram:BilledQuantity>',
        '<ram:BilledQuantity unitCode="DAY">2.00</ram:BilledQuantity>',
        '<ram:BilledQuantity unitCode="LS">1.00</ram:BilledQuantity>',
        '<ram:BilledQuantity unitCode="C62">3.00</ram:BilledQuantity>',
      ],
    },
    {
      label: 'units in the franchise: months',
      who: w.carol,
      body: { tax_rate: 0, line_items: [unitLine('Hébergement', 12, 9.9, 'MON')] },
      prints: ['Unité', 'mois', '118,80 €'],
      omits: ['HT', 'TTC'],
      xml: ['<ram:BilledQuantity unitCode="MON">12.00</ram:BilledQuantity>'],
    },
    {
      label: 'four decimals: 0,3333 h, 0,0125 € per unit, each line rounded once to the cent (BT-131)',
      who: w.alice,
      body: {
        tax_rate: 20,
        line_items: [
          // 0,3333 × 90 = 29,997 → 30,00; 1 000 × 0,0125 = 12,50; 2,5 × 333,3333 = 833,33325 → 833,33.
          unitLine('Appel de cadrage', '0,3333', 90, 'HUR'),
          unitLine('Envois', 1000, '0,0125', 'C62'),
          unitLine('Audit', 2.5, 333.3333, 'DAY'),
        ],
      },
      prints: ['0,3333', '0,0125 €', '333,3333 €', '30,00 €', '12,50 €', '833,33 €', '875,83 €'],
      omits: [],
      xml: [
        '<ram:ChargeAmount>90.00</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="HUR">0.3333</ram:BilledQuantity>',
        '<ram:ChargeAmount>0.0125</ram:ChargeAmount>',
        '<ram:ChargeAmount>333.3333</ram:ChargeAmount>',
        '<ram:LineTotalAmount>30.00</ram:LineTotalAmount>',
        '<ram:LineTotalAmount>833.33</ram:LineTotalAmount>',
        '<ram:TaxBasisTotalAmount>875.83</ram:TaxBasisTotalAmount>',
      ],
    },
    {
      // 10 × 80 € less 10 % = 720 €; 3 × 25 € less 5 € = 70 €; 5 % off the document per rate:
      // 36 € at 20 % (VAT on 684 € = 136,80 €) and 3,50 € at 5,5 % (VAT on 66,50 € = 3,66 €).
      label: 'discounts: 10 % and 5 € on lines, 5 % on the document at two rates (BG-27, BG-20)',
      who: w.alice,
      body: {
        tax_rate: 20,
        discount_percent: 5,
        discount_reason: 'Remise fidélité',
        line_items: [
          { ...unitLine('Conception', 10, 80, 'HUR'), discount_percent: 10 },
          { ...unitLine('Livres', 3, 25, 'C62'), tax_rate: 5.5, discount_amount: 5 },
        ],
      },
      prints: [
        'Remise 10 % : −80,00 €', 'Remise : −5,00 €', '720,00 €', '70,00 €', 'Total des lignes HT 790,00 €', 'Remise fidélité 5 % −39,50 €',
        'Total HT 750,50 €', '136,80 €', '3,66 €', '890,96 €',
      ],
      omits: [],
      xml: [
        '<ram:CalculationPercent>10.00</ram:CalculationPercent><ram:BasisAmount>800.00</ram:BasisAmount><ram:ActualAmount>80.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Remise</ram:Reason>',
        '<ram:LineTotalAmount>720.00</ram:LineTotalAmount>',
        '<ram:ActualAmount>5.00</ram:ActualAmount>',
        '<ram:ActualAmount>36.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Remise fidélité</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20.00</ram:RateApplicablePercent>',
        '<ram:ActualAmount>3.50</ram:ActualAmount>',
        '<ram:LineTotalAmount>790.00</ram:LineTotalAmount><ram:AllowanceTotalAmount>39.50</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>750.50</ram:TaxBasisTotalAmount>',
        '<ram:GrandTotalAmount>890.96</ram:GrandTotalAmount>',
      ],
    },
    {
      label: 'discount in the franchise: 50 € off the document, its reason "Remise" when none is given',
      who: w.carol,
      body: { tax_rate: 0, discount_amount: 50, line_items: [unitLine('Cours de piano', 10, 45, 'HUR')] },
      prints: ['Total des lignes 450,00 €', 'Remise −50,00 €', '400,00 €'],
      omits: ['HT', 'TTC'],
      xml: [
        '<ram:ActualAmount>50.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Remise</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>E</ram:CategoryCode>',
        '<ram:AllowanceTotalAmount>50.00</ram:AllowanceTotalAmount><ram:TaxBasisTotalAmount>400.00</ram:TaxBasisTotalAmount>',
      ],
    },
  ];
  const issued: LineCase[] = [];
  for (const { label, who, body, prints, omits, xml } of cases) {
    const clientId = who === w.alice ? w.client.id : await carolClient(w);
    const invoice = await w.issue(who, await w.create(who, 'invoices', body, clientId), clientId);
    const res = await w.pdfOf(who, 'invoices', invoice.id);
    issued.push({ label, invoice, status: res.statusCode, contentDisposition: String(res.headers['content-disposition']), pdf: res.rawPayload, prints, omits, xml });
  }
  return issued;
}

const carolClients = new WeakMap<InvoicingWorld, number>();
/** A French business carol may invoice (its SIREN given, as issue 25 requires), made once per world. */
async function carolClient(w: InvoicingWorld): Promise<number> {
  const known = carolClients.get(w);
  if (known !== undefined) return known;
  const res = await w.call(w.carol, 'POST', '/api/contacts/', {
    name: 'Fromagerie Potier', email: 'fromagerie@exemple.fr', siren: '732829320', address: '2 rue du Lait', postal_code: '44000', city: 'Nantes',
  });
  if (res.status !== 201) throw new Error(`contact: ${res.status} ${res.res.body}`);
  carolClients.set(w, res.body.id as number);
  return res.body.id as number;
}
