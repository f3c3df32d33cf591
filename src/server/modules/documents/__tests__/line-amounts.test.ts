import { createTestApp, type TestApp } from '@/server/test/test-app';
import { InvoicingWorld } from '@/server/test/invoice-fixtures';
import { issueLineCases, type LineCase } from '@/server/test/line-fixtures';
import { facturXml, pdfTexts, validateFacturX } from '@/server/test/pdf-reader';
import fc from 'fast-check';
import { computeTotals } from '@/shared/documents';
import { DISCOUNT_MESSAGES, DOCUMENT_TOTAL_TOO_BIG, LINE_TOTAL_TOO_BIG } from '@/shared/contracts/documents';
import { FOUR_DECIMALS_MESSAGE } from '@/shared/contracts/fields';
import { UNIT_CHOICES_MESSAGE } from '@/shared/units';

/**
 * Issue 25 through the real app: what a line carries beyond a quantity and a price — its unit
 * (EN 16931 BT-130) — and quantities and unit prices of up to 4 decimals (BT-129, BT-146), each
 * line rounded once to the cent (BT-131). The issued cases go through the official kit in `npm run test:facturx`.
 */

let t: TestApp;
let w: InvoicingWorld;
let cases: LineCase[];
let texts: string[];

const normalized = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  w = await new InvoicingWorld(t).setUp();
  cases = await issueLineCases(w);
  texts = pdfTexts(cases.map((c) => c.pdf)).map(normalized);
});

afterAll(() => t?.close());

describe('units (BT-130)', () => {
  it('stores each line’s unit, C62 "unité" when none is given', () => {
    expect((cases[0].invoice.line_items as { unit: string }[]).map((l) => l.unit)).toEqual(['HUR', 'DAY', 'LS', 'C62']);
  });

  it.each([0, 1, 2, 3, 4])('issued case %i prints its units and discounts, encodes them and passes factur-x-kit', async (n) => {
    const c = cases[n];
    expect({ label: c.label, status: c.status }).toEqual({ label: c.label, status: 200 });
    for (const expected of c.prints) expect({ label: c.label, text: texts[n] }).toEqual({ label: c.label, text: expect.stringContaining(normalized(expected)) });
    for (const absent of c.omits) expect({ label: c.label, absent, found: texts[n].includes(absent) }).toEqual({ label: c.label, absent, found: false });
    const xml = await facturXml(c.pdf);
    for (const fragment of c.xml) expect(xml).toContain(fragment);
    expect(await validateFacturX(c.pdf)).toEqual([]);
  });

  it.each([
    ['an unknown code', 'XYZ'],
    ['a number', 12],
    ['an object', { code: 'HUR' }],
    ['a lowercase code', 'hur'],
  ])('refuses %s with a French field message', async (_name, unit) => {
    const res = await w.call(w.alice, 'POST', '/api/quotes/', w.body({ line_items: [{ title: 'Atelier', quantity: 1, unit_price: 10, unit }] }));
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { line_items: [{ unit: [UNIT_CHOICES_MESSAGE] }] } });
  });

  it('keeps a unit through editing, conversion of a quote and copying as a credit note; an issued invoice’s unit is frozen', async () => {
    const quote = await w.create(w.alice, 'quotes', { line_items: [{ title: 'Formation', quantity: 2, unit_price: 700, unit: 'DAY' }] });
    const edited = await w.call(w.alice, 'PUT', `/api/quotes/${quote.id}/`, { ...quote, client_id: w.client.id, line_items: [{ ...quote.line_items[0], unit: 'WEE' }] });
    expect(edited.body.line_items[0].unit).toBe('WEE');
    await w.call(w.alice, 'PUT', `/api/quotes/${quote.id}/`, { ...edited.body, client_id: w.client.id, status: 'accepted' });
    const converted = await w.call(w.alice, 'POST', `/api/quotes/${quote.id}/convert_to_invoice/`, {});
    expect(converted.status).toBe(201);
    expect(converted.body.invoice.line_items[0].unit).toBe('WEE');

    const issued = await w.issue(w.alice, converted.body.invoice);
    const frozen = await w.call(w.alice, 'PUT', `/api/invoices/${issued.id}/`, {
      ...issued, client_id: w.client.id, line_items: [{ ...issued.line_items[0], unit: 'DAY' }],
    });
    expect(frozen.status).toBe(400);
    expect(Object.keys(frozen.body)).toEqual(['line_items']);

    const credit = await w.call(w.alice, 'POST', `/api/invoices/${issued.id}/credit_note/`, {});
    expect(credit.status).toBe(201);
    expect(credit.body.line_items[0].unit).toBe('WEE');
  });
});

describe('four decimals (BT-129, BT-146)', () => {
  const post = (line_items: object[]) => w.call(w.alice, 'POST', '/api/quotes/', w.body({ line_items }));

  it('takes 0,3333 h and 0,0125 € (French comma or a number), answers them as numbers, rounds each line once', async () => {
    const c = cases[2];
    expect((c.invoice.line_items as { quantity: number; unit_price: number; total: number }[]).map((l) => [l.quantity, l.unit_price, l.total])).toEqual([
      [0.3333, 90, 30], [1000, 0.0125, 12.5], [2.5, 333.3333, 833.33],
    ]);
    expect([c.invoice.subtotal, c.invoice.tax_amount, c.invoice.total_amount]).toEqual([875.83, 175.17, 1051]);
  });

  it.each([
    ['5 decimals in a quantity', { quantity: '0,33333' }, { quantity: [FOUR_DECIMALS_MESSAGE] }],
    ['5 decimals in a unit price', { unit_price: 0.01255 }, { unit_price: [FOUR_DECIMALS_MESSAGE] }],
    ['a NaN string', { quantity: 'NaN' }, { quantity: ['Un nombre valide est requis.'] }],
    ['text', { unit_price: 'douze' }, { unit_price: ['Un nombre valide est requis.'] }],
    ['Infinity', { quantity: 'Infinity' }, { quantity: ['Un nombre valide est requis.'] }],
    ['a negative price', { unit_price: '-0,0001' }, { unit_price: ['Assurez-vous que cette valeur est supérieure ou égale à 0.'] }],
    ['a quantity of 0,00001 (nothing at 4 decimals)', { quantity: '0,00001' }, { quantity: [FOUR_DECIMALS_MESSAGE] }],
    ['a quantity past the cap', { quantity: 1_000_000.0001 }, { quantity: ['Assurez-vous que cette valeur est inférieure ou égale à 1 000 000.'] }],
    ['a line total past the cap', { quantity: 999_999.9999, unit_price: 9_999_999.9999 }, { total: [LINE_TOTAL_TOO_BIG] }],
  ])('refuses %s with a French field message (400, never 500)', async (_name, change, errors) => {
    const res = await post([{ title: 'Atelier', quantity: 1, unit_price: 10, ...change }]);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { line_items: [errors] } });
  });

  it('refuses a document whose lines together pass the cap, each line within it', async () => {
    const big = { title: 'Gros œuvre', quantity: 100_000, unit_price: 9_999.9999 };
    const res = await post([big, big]);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { line_items: [DOCUMENT_TOTAL_TOO_BIG] } });
  });

  it('answers the totals the form computes, to the cent, for random lines of 4 decimals', async () => {
    const french = (units: number) => {
      const fraction = String(units % 10000).padStart(4, '0').replace(/0+$/, '');
      return fraction ? `${Math.floor(units / 10000)},${fraction}` : String(Math.floor(units / 10000));
    };
    const lineArb = fc.record({
      quantity: fc.integer({ min: 1, max: 100_000_000 }),
      unit_price: fc.integer({ min: 0, max: 10_000_000 }),
      tax_rate: fc.constantFrom(20, 10, 5.5),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(lineArb, { minLength: 1, maxLength: 6 }), async (lines) => {
        const line_items = lines.map((l, i) => ({ title: `Ligne ${i + 1}`, quantity: french(l.quantity), unit_price: french(l.unit_price), tax_rate: l.tax_rate }));
        const res = await post(line_items);
        expect(res.status).toBe(201);
        const form = computeTotals(line_items, 20);
        expect([res.body.subtotal, res.body.tax_amount, res.body.total_amount]).toEqual([form.subtotal / 100, form.tax / 100, form.total / 100]);
        expect(res.body.line_items.map((l: { total: number }) => l.total)).toEqual(form.lines.map((c) => c / 100));
      }),
      { numRuns: 25, endOnFailure: true },
    );
  });
});

describe('discounts (BG-20, BG-27)', () => {
  const quote = (body: object) => w.call(w.alice, 'POST', '/api/quotes/', w.body(body));
  const line = (extra: object = {}) => ({ title: 'Atelier', quantity: 2, unit_price: 100, tax_rate: 20, ...extra });

  it('answers a discounted invoice’s totals as the form computes them, line and document', () => {
    const c = cases[3];
    expect(c.invoice).toMatchObject({
      lines_total: 790, discount_percent: 5, discount_amount: 0, discount_reason: 'Remise fidélité', discount_total: 39.5, subtotal: 750.5,
      tax_amount: 140.46, total_amount: 890.96,
      vat_breakdown: [{ rate: 20, base: 684, tax: 136.8 }, { rate: 5.5, base: 66.5, tax: 3.66 }],
    });
    expect((c.invoice.line_items as { discount_percent: number; discount_amount: number; total: number }[]).map((l) => [l.discount_percent, l.discount_amount, l.total]))
      .toEqual([[10, 0, 720], [0, 5, 70]]);
    const form = computeTotals(c.invoice.line_items as never, 20, { discount_percent: 5 });
    expect([form.linesTotal, form.discount, form.subtotal, form.tax, form.total]).toEqual([79000, 3950, 75050, 14046, 89096]);
  });

  it.each([
    ['both kinds on a line', { line_items: [line({ discount_percent: 10, discount_amount: 5 })] }, { line_items: [{ discount_amount: [DISCOUNT_MESSAGES.both] }] }],
    ['more than the line', { line_items: [line({ discount_amount: 200.01 })] }, { line_items: [{ discount_amount: [DISCOUNT_MESSAGES.line] }] }],
    ['more than 100 %', { line_items: [line({ discount_percent: 100.5 })] }, { line_items: [{ discount_percent: ['Assurez-vous que cette valeur est inférieure ou égale à 100.'] }] }],
    ['a negative amount', { discount_amount: -1, line_items: [line()] }, { discount_amount: ['Assurez-vous que cette valeur est supérieure ou égale à 0.'] }],
    ['both kinds on the document', { discount_percent: 5, discount_amount: 5, line_items: [line()] }, { discount_amount: [DISCOUNT_MESSAGES.both] }],
    ['more than the lines', { discount_amount: 200.01, line_items: [line()] }, { discount_amount: [DISCOUNT_MESSAGES.document('200 €')] }],
  ])('refuses %s with a French field message, saving nothing', async (_name, body, errors) => {
    const before = (await w.call(w.alice, 'GET', '/api/quotes/')).body.length;
    const res = await quote(body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: errors });
    expect((await w.call(w.alice, 'GET', '/api/quotes/')).body.length).toBe(before);
  });

  it('takes a whole line off (100 %), and a discount equal to the lines', async () => {
    const res = await quote({ discount_amount: 100, line_items: [line({ discount_percent: 100 }), line({ unit_price: 50 })] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ lines_total: 100, discount_total: 100, subtotal: 0, total_amount: 0 });
  });

  it('keeps discounts through the quote’s conversion, and a full credit note cancels the discounted invoice to the cent', async () => {
    const body = { discount_percent: 5, discount_reason: 'Fidélité', line_items: [line({ discount_percent: 10 }), line({ tax_rate: 5.5, discount_amount: 3 })] };
    const created = await quote({ ...body, status: 'sent' });
    expect(created.status).toBe(201);
    const converted = await w.call(w.alice, 'POST', `/api/quotes/${created.body.id}/convert_to_invoice/`);
    expect(converted.status).toBe(201);
    const invoice = converted.body.invoice;
    expect(invoice).toMatchObject({ discount_percent: 5, discount_reason: 'Fidélité', total_amount: created.body.total_amount, subtotal: created.body.subtotal });
    const issued = await w.issue(w.alice, invoice);
    const note = await w.call(w.alice, 'POST', `/api/invoices/${issued.id}/credit_note/`, {});
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      total_amount: issued.total_amount, discount_percent: 5, discount_reason: 'Fidélité', vat_breakdown: issued.vat_breakdown,
    });
    expect((await w.call(w.alice, 'GET', `/api/invoices/${issued.id}/`)).body).toMatchObject({ status: 'cancelled', balance_due: 0 });
    // The credit note (381) carries the same allowances, and passes factur-x-kit.
    const notePdf = await t.app.inject({ method: 'GET', url: `/api/credit-notes/${note.body.id}/generate_pdf/`, headers: w.alice.auth });
    expect(notePdf.statusCode).toBe(200);
    const noteXml = await facturXml(notePdf.rawPayload);
    expect(noteXml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(noteXml).toContain('<ram:Reason>Fidélité</ram:Reason>');
    expect(await validateFacturX(notePdf.rawPayload)).toEqual([]);
    // An issued invoice's discount is frozen (CGI art. 242 nonies A).
    const current = (await w.call(w.alice, 'GET', `/api/invoices/${issued.id}/`)).body;
    const changed = await w.call(w.alice, 'PUT', `/api/invoices/${issued.id}/`, { ...current, client_id: current.client.id, discount_percent: 6 });
    expect(changed.status).toBe(400);
    expect(Object.keys(changed.body)).toEqual(['discount_percent']);
  });
});
