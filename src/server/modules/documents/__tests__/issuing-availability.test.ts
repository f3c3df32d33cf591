import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { until } from '@/server/test/server-process';
import { pdfPoolState } from '@/server/pdf/pdf-pool';
import * as facturXCheck from '@/server/pdf/factur-x-check';

// The real check, behind a mock function the tests can answer for once (an ES module's exports are
// read-only bindings: jest.spyOn cannot replace them).
jest.mock('@/server/pdf/factur-x-check', () => {
  const actual = jest.requireActual<typeof import('@/server/pdf/factur-x-check')>('@/server/pdf/factur-x-check');
  return { ...actual, facturXmlProblems: jest.fn(actual.facturXmlProblems) };
});
const facturXmlProblems = jest.mocked(facturXCheck.facturXmlProblems);
beforeEach(() => facturXmlProblems.mockClear());

/**
 * Issuing never stalls anyone (issue 23): the number, the snapshot and the journal entry commit in
 * one short transaction and the PDF is rendered after it, so while an issue waits for its render
 * the database serves everyone else; and the Factur-X XML is validated before any number is given.
 */

let t: TestApp;

beforeAll(async () => {
  // One rendering thread: an issue's render waits behind its account's earlier renders.
  t = await createTestApp({ PDF_WORKERS: '1' });
});
afterAll(() => t.close());

/** Long but savable (within the render-cost bound): about a second of rendering each. */
const heavyLines = Array.from({ length: 8 }, (_, i) => ({
  title: `Phase ${i + 1}`, description: 'Atelier de conception et de recette. '.repeat(120), quantity: 1, unit_price: 10,
}));

async function invoicer() {
  const who = await signUp(t);
  const send = viaInject(t, who);
  return { who, send, clientId: await readyToInvoice(send, who.email) };
}

const draft = async (send: Send, clientId: number, lines: object[] = [{ title: 'Audit', quantity: 1, unit_price: 500 }]) => {
  const res = await send('POST', '/api/invoices/', { title: 'Mission', client_id: clientId, line_items: lines });
  expect(res.status).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
};

const numberOf = async (id: number) =>
  (await t.database.db.selectFrom('invoices').select('number').where('id', '=', id).executeTakeFirstOrThrow()).number;

it('commits the number before rendering: other users are served while an issue waits for its PDF', async () => {
  const alice = await invoicer();
  const bob = await invoicer();
  const heavy = await draft(alice.send, alice.clientId, heavyLines);
  const invoice = await draft(alice.send, alice.clientId);

  const downloads = [1, 2].map(() => t.app.inject({ method: 'GET', url: `/api/invoices/${heavy.id}/generate_pdf/`, headers: alice.who.auth }));
  await until(() => pdfPoolState().rendering === 1, 'the thread rendering Alice’s first long draft');
  let issueSettled = false;
  const issuing = alice.send('PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: alice.clientId, status: 'sent' })
    .finally(() => { issueSettled = true; });

  // Numbered and committed while its render still waits behind the two long ones.
  for (let i = 0; i < 400 && (await numberOf(invoice.id)) === null; i++) await new Promise((r) => setTimeout(r, 10));
  expect(await numberOf(invoice.id)).toMatch(/^FAC-\d{4}-0001$/);
  const archive = await t.database.db.selectFrom('issued_documents').select('pdf').where('kind', '=', 'invoice').where('document_id', '=', invoice.id).executeTakeFirstOrThrow();
  expect(archive.pdf).toBeNull();
  // The database is free: another user's list and the health check answer at once.
  expect((await bob.send('GET', '/api/contacts/')).status).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
  expect(issueSettled).toBe(false);

  const issued = await issuing;
  expect(issued.status).toBe(200);
  expect(issued.body.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
  expect((await Promise.all(downloads)).map((r) => r.statusCode)).toEqual([200, 200]);
  expect((await alice.send('GET', '/api/ledger/verify/')).body).toMatchObject({ ok: true, entries: 1, pending_pdfs: 0 });
});

it('refuses before numbering an invoice whose Factur-X XML the EN 16931 XSD refuses, and numbers the next one without a gap', async () => {
  const { send, clientId } = await invoicer();
  const first = await draft(send, clientId);
  const check = facturXmlProblems.mockResolvedValueOnce(['L’élément « Name » ne peut pas être vide.']);
  const refused = await send('PUT', `/api/invoices/${first.id}/`, { ...first, client_id: clientId, status: 'sent' });
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toContain('XML Factur-X');
  expect(refused.body.missing).toEqual([{ message: 'L’élément « Name » ne peut pas être vide.', link: '' }]);
  expect(await numberOf(first.id)).toBeNull();
  expect((await send('GET', '/api/ledger/verify/')).body).toMatchObject({ ok: true, entries: 0 });

  // The check ran on the document as it would be issued (numbered, dated), outside the transaction.
  expect(check.mock.calls[0][0]).toMatchObject({ kind: 'invoice', number: expect.stringMatching(/^FAC-\d{4}-0001$/), id: first.id });
  const issued = await send('PUT', `/api/invoices/${first.id}/`, { ...first, client_id: clientId, status: 'sent' });
  expect(issued.status).toBe(200);
  expect(issued.body.invoice_number).toMatch(/^FAC-\d{4}-0001$/);
});

it('refuses a credit note and an e-mailed draft the same way, and answers 503 when the check cannot run', async () => {
  const { send, clientId } = await invoicer();
  const invoice = await draft(send, clientId);
  facturXmlProblems.mockResolvedValueOnce(['Montant invalide.']);
  expect((await send('POST', `/api/invoices/${invoice.id}/send_email/`)).status).toBe(400);
  expect(await numberOf(invoice.id)).toBeNull();
  facturXmlProblems.mockRejectedValueOnce(new Error('thread crashed'));
  const unavailable = await send('PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: clientId, status: 'sent' });
  expect(unavailable.status).toBe(503);
  expect(await numberOf(invoice.id)).toBeNull();
  expect((await send('PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: clientId, status: 'sent' })).status).toBe(200);

  facturXmlProblems.mockResolvedValueOnce(['Montant invalide.']);
  const credit = await send('POST', `/api/invoices/${invoice.id}/credit_note/`, {});
  expect(credit.status).toBe(400);
  expect(credit.body.detail).toContain('L’avoir ne peut pas être émis');
  expect((await t.database.db.selectFrom('credit_notes').select('id').where('invoice_id', '=', invoice.id).execute())).toEqual([]);
});
