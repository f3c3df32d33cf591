import { addDays, parisToday } from '@/shared/dates';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { InvoicingWorld } from '@/server/test/invoice-fixtures';
import { issueEInvoicingCases, type EInvoicingCase } from '@/server/test/einvoicing-fixtures';
import { facturXml, pdfTexts, validateFacturX } from '@/server/test/pdf-reader';

/**
 * Issue 14 end to end through the API: what each kind of seller and client gets printed and
 * encoded. The same invoices go through the official kit in `npm run test:facturx`.
 */

let t: TestApp;
let w: InvoicingWorld;
let cases: EInvoicingCase[];
let texts: string[];

beforeAll(async () => {
  t = await createTestApp();
  w = await new InvoicingWorld(t).setUp();
  cases = await issueEInvoicingCases(w);
  texts = pdfTexts(cases.map((c) => c.pdf)).map((text) => text.replace(/[\s\u202f\u00a0]+/g, ' '));
  // Eight invoices issued and rendered, then read back by pdftotext: past 30 s on a loaded machine.
}, 120_000);

afterAll(() => t?.close());

const normalized = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');

it.each([0, 1, 2, 3, 4, 5, 6, 7])('case %i prints its mentions, encodes its elements and passes factur-x-kit', async (n) => {
  const c = cases[n];
  expect({ label: c.label, status: c.status }).toEqual({ label: c.label, status: 200 });
  for (const expected of c.prints) expect({ label: c.label, text: texts[n] }).toEqual({ label: c.label, text: expect.stringContaining(normalized(expected)) });
  for (const absent of c.omits) expect({ label: c.label, absent, found: texts[n].includes(absent) }).toEqual({ label: c.label, absent, found: false });
  const xml = await facturXml(c.pdf);
  for (const fragment of c.xml) expect(xml).toContain(fragment);
  expect(await validateFacturX(c.pdf)).toEqual([]);
});

it('exposes the VAT breakdown per rate, computed by the shared function', () => {
  expect(cases[1].invoice.vat_breakdown).toEqual([
    { rate: 20, base: 99.99, tax: 20 },
    { rate: 10, base: 7, tax: 0.7 },
    { rate: 5.5, base: 10.01, tax: 0.55 },
  ]);
  expect(cases[1].invoice.total_amount).toBe(138.25);
});

it('allows a private client more than 60 days to pay; a business never (L441-10)', async () => {
  const today = parisToday();
  const due = addDays(today, 90);
  const privateClient = cases[0].invoice.client as { id: number };
  const line = { title: 'Cours', quantity: 1, unit_price: 40, tax_rate: 0, description: '' };
  const draft = await w.call(w.carol, 'POST', '/api/invoices/', { title: 'Cours', client_id: privateClient.id, issue_date: today, due_date: due, line_items: [line] });
  expect(draft.status).toBe(201);
  const issued = await w.call(w.carol, 'PUT', `/api/invoices/${draft.body.id}/`, { ...draft.body, client_id: privateClient.id, status: 'sent' });
  expect({ status: issued.status, due: issued.body.due_date }).toEqual({ status: 200, due });

  const business = cases[1].invoice.client as { id: number };
  const refused = await w.call(w.alice, 'POST', '/api/invoices/', {
    title: 'Conseil', client_id: business.id, issue_date: today, due_date: due, line_items: [{ ...line, tax_rate: 20 }],
  });
  expect({ status: refused.status, body: refused.body }).toEqual({
    status: 400, body: { due_date: [expect.stringContaining('art. L441-10 du Code de commerce')] },
  });
});
