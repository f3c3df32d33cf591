import { createTestApp, type TestApp } from '../test/test-app';
import { InvoicingWorld, line } from '../test/invoice-fixtures';
import { facturXml } from '../test/pdf-reader';
import { stopFacturXmlChecks, validateFacturXml } from '../pdf/factur-x-check';

/**
 * Issue 23: a line title holding U+FFFF gave an issued invoice whose factur-x.xml no XML parser
 * reads. The API refuses, on the field, every character XML 1.0 does not allow (U+FFFF, U+FFFE,
 * control characters, lone surrogates; U+0000 by the input guard), in every free text it stores.
 * SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */

let t: TestApp;
let w: InvoicingWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await new InvoicingWorld(t).setUp();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await stopFacturXmlChecks();
});

const refusal = (label: string) => [`Ce texte contient un caractère non autorisé (${label}).`];
const NUL = ['Le caractère nul (U+0000) n’est pas autorisé.'];

/** Forbidden characters, and what the answer says of each. */
const FORBIDDEN: [what: string, char: string, message: string[]][] = [
  ['U+FFFF', '\uffff', refusal('U+FFFF')],
  ['U+FFFE', '\ufffe', refusal('U+FFFE')],
  ['a lone high surrogate', '\ud800', refusal('U+D800')],
  ['a lone low surrogate', '\udc00', refusal('U+DC00')],
  ['a control character', '\u0008', refusal('U+0008')],
];

describe.each(FORBIDDEN)('%s', (_what, char, message) => {
  it('is refused in an invoice’s title and in a line’s title, on POST and on PUT, and nothing changes', async () => {
    const before = await w.call(w.alice, 'GET', '/api/invoices/');
    const title = await w.call(w.alice, 'POST', '/api/invoices/', w.body({ title: `Refonte ${char}` }));
    expect(title.status).toBe(400);
    expect(title.body).toEqual({ title: message });

    const lineTitle = await w.call(w.alice, 'POST', '/api/invoices/', w.body({ line_items: [line('Intégration', 1, 100), line(`Con${char}ception`, 1, 100)] }));
    expect(lineTitle.status).toBe(400);
    expect(lineTitle.body).toEqual({ line_items: [{}, { title: message }] });
    expect((await w.call(w.alice, 'GET', '/api/invoices/')).body).toEqual(before.body);

    const draft = await w.create(w.alice, 'invoices');
    const put = await w.call(w.alice, 'PUT', `/api/invoices/${draft.id}/`, {
      ...draft, client_id: w.client.id, line_items: draft.line_items.map((l: object, i: number) => (i === 1 ? { ...l, title: `Inté${char}gration` } : l)),
    });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ line_items: [{}, { title: message }] });
    // Issuing with a forbidden character is refused the same way: the invoice stays a draft, unnumbered.
    const issue = await w.call(w.alice, 'PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: w.client.id, status: 'sent', title: `Refonte${char}` });
    expect(issue.status).toBe(400);
    expect(issue.body).toEqual({ title: message });
    expect((await w.call(w.alice, 'GET', `/api/invoices/${draft.id}/`)).body).toEqual(draft);
  });

  it('is refused in a contact’s name and address, on POST and on PUT', async () => {
    const name = await w.call(w.alice, 'POST', '/api/contacts/', { name: `Librairie ${char}Colette` });
    expect(name.status).toBe(400);
    expect(name.body).toEqual({ name: message });
    const put = await w.call(w.alice, 'PUT', `/api/contacts/${w.client.id}/`, { name: 'Librairie Colette', address: `5 rue${char} Haute` });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ address: message });
    expect((await w.call(w.alice, 'GET', `/api/contacts/${w.client.id}/`)).body).toMatchObject({ name: 'Librairie Colette', address: '5 rue Haute' });
  });
});

it('refuses U+0000 (the input guard) in an invoice’s title, a line’s title and a contact’s name, naming the field', async () => {
  const title = await w.call(w.alice, 'POST', '/api/invoices/', w.body({ title: 'Refonte\u0000' }));
  expect(title.status).toBe(400);
  expect(title.body).toEqual({ title: NUL });
  const lineTitle = await w.call(w.alice, 'POST', '/api/invoices/', w.body({ line_items: [line('Con\u0000ception', 1, 100)] }));
  expect(lineTitle.status).toBe(400);
  expect(lineTitle.body).toEqual({ 'line_items.0.title': NUL });
  const draft = await w.create(w.alice, 'invoices');
  const put = await w.call(w.alice, 'PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: w.client.id, title: '\u0000' });
  expect(put.status).toBe(400);
  expect(put.body).toEqual({ title: NUL });
  const contact = await w.call(w.alice, 'POST', '/api/contacts/', { name: '\u0000' });
  expect(contact.status).toBe(400);
  expect(contact.body).toEqual({ name: NUL });
});

it('refuses U+FFFF in every other free text: project, task, profile, payment, credit note', async () => {
  const F = '\uffff';
  const project = await w.call(w.alice, 'POST', '/api/projects/', { name: 'Site', description: `Refonte ${F}` });
  expect([project.status, project.body]).toEqual([400, { description: refusal('U+FFFF') }]);
  const task = await w.call(w.alice, 'POST', '/api/tasks/', { title: `Maquettes ${F}`, bill_reference: `R${F}` });
  expect([task.status, task.body]).toEqual([400, { title: refusal('U+FFFF'), bill_reference: refusal('U+FFFF') }]);
  const profile = await w.profile(w.alice, { company_name: `Studio ${F}Dupont` });
  expect([profile.status, profile.body]).toEqual([400, { company_name: refusal('U+FFFF') }]);

  const issued = await w.issue(w.alice, await w.create(w.alice, 'invoices'));
  const payment = await w.call(w.alice, 'POST', `/api/invoices/${issued.id}/payments/`, { date: '2026-03-01', amount: 10, method: 'virement', reference: `V${F}` });
  expect([payment.status, payment.body]).toEqual([400, { reference: refusal('U+FFFF') }]);
  const creditNote = await w.call(w.alice, 'POST', `/api/invoices/${issued.id}/credit_note/`, { reason: `Erreur ${F}` });
  expect([creditNote.status, creditNote.body]).toEqual([400, { reason: refusal('U+FFFF') }]);
  const creditLine = await w.call(w.alice, 'POST', `/api/invoices/${issued.id}/credit_note/`, { line_items: [{ title: `Remise${F}`, quantity: 1, unit_price: 10 }] });
  expect(creditLine.status).toBe(400);
  expect(JSON.stringify(creditLine.body)).toContain('Ce texte contient un caractère non autorisé (U+FFFF).');
});

it('keeps what XML allows: accents, emoji (astral), U+FFFD, tabs and line breaks', async () => {
  const text = 'Été 😀 \ufffd\tfin\r\nsuite \ue000';
  const contact = await w.call(w.alice, 'POST', '/api/contacts/', { name: `Café ${text}`, notes: text });
  expect(contact.status).toBe(201);
  expect(contact.body).toMatchObject({ name: `Café ${text}`.trim(), notes: text });
  const invoice = await w.create(w.alice, 'invoices', { title: 'Refonte 😀', line_items: [line(`Ligne ${text}`, 1, 100, text)] });
  expect(invoice.line_items[0]).toMatchObject({ title: `Ligne ${text}`, description: text });
  const issued = await w.issue(w.alice, invoice);
  expect(issued.invoice_number).toMatch(/^FAC-/);
  // Its Factur-X XML keeps them, and is valid (well-formed, Factur-X EN 16931 XSD).
  const pdf = await w.call(w.alice, 'GET', `/api/invoices/${issued.id}/generate_pdf/`);
  expect(pdf.status).toBe(200);
  const xml = await facturXml(pdf.res.rawPayload);
  expect(xml).toContain(`<ram:Name>Ligne ${text}</ram:Name>`);
  expect(await validateFacturXml(xml)).toEqual([]);
});
