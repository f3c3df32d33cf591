import { createTestApp, type TestApp } from '@/server/test/test-app';
import { InvoicingWorld } from '@/server/test/invoice-fixtures';
import { issueLineCases, type LineCase } from '@/server/test/line-fixtures';
import { facturXml, pdfTexts, validateFacturX } from '@/server/test/pdf-reader';
import { UNIT_CHOICES_MESSAGE } from '@/shared/units';

/**
 * Issue 25 through the real app: what a line carries beyond a quantity and a price — its unit
 * (EN 16931 BT-130). The issued cases go through the official kit in `npm run test:facturx`.
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

  it.each([0, 1])('issued case %i prints its units, encodes them and passes factur-x-kit', async (n) => {
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
