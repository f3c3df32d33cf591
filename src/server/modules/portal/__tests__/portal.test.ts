import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from '@/server/test/test-app';
import { aliceAndBob, completeProfile, pay, payInFull, type Send } from '@/server/test/billing-fixtures';
import { addressedClient } from '@/server/test/billing-fixtures';
import { epcPayload } from '@/shared/epc-qr';
import { addDays, parisToday } from '@/shared/dates';
import { portalDocumentSchema, portalGoneSchema } from '@/shared/contracts/portal';
import { PORTAL_TEXTS } from '@/shared/portal';

/**
 * The client portal (issue 27), server side: share links, the public view from the frozen
 * snapshot, the archived PDF, expiry and revocation, isolation, and the online answer to a quote
 * with its evidence. On the real app and database (SQLite; PostgreSQL with TEST_DATABASE_URL).
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof aliceAndBob>>['alice'];
let send: Send;
let bobSend: Send;
let client: number;

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';

beforeAll(async () => {
  ({ t, alice, send, bobSend } = await aliceAndBob());
  await completeProfile(send, alice.email, { iban: IBAN, bic: 'BNPAFRPP' });
  client = await addressedClient(send);
});
afterAll(() => t.close());

const LINES = [
  { title: 'Conception', quantity: 3, unit_price: 416.67, tax_rate: 20 },
  { title: 'Livres', quantity: 2, unit_price: 12.5, tax_rate: 5.5 },
];

async function created(who: Send, url: string, body?: object) {
  const res = await who('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const sentQuote = (extra: object = {}) =>
  created(send, '/api/quotes/', { title: 'Refonte du site', client_id: client, status: 'sent', expiration_date: addDays(parisToday(), 20), line_items: LINES, ...extra });
const sentInvoice = () => created(send, '/api/invoices/', { title: 'Refonte du site', client_id: client, status: 'sent', line_items: LINES });

const PATH = { quote: 'quotes', invoice: 'invoices', credit_note: 'credit-notes' } as const;
async function share(kind: keyof typeof PATH, id: number, who: Send = send) {
  const link = await created(who, `/api/${PATH[kind]}/${id}/share/`);
  expect(link.url).toMatch(/^http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43}$/);
  return { ...link, token: link.url.split('/p/')[1] as string };
}

let ipCounter = 0;
/** A fresh client address per test (the in-process limits count per address). */
const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

async function portal(method: 'GET' | 'POST', token: string, suffix = '', payload?: object, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method, url: `/api/portal/${token}/${suffix}`, remoteAddress: headers['x-ip'] ?? freshIp(),
    headers: { 'user-agent': 'Mozilla/5.0 (Portal test)', ...headers }, ...(payload ? { payload } : {}),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
  return { res, status: res.statusCode, body: json as any };
}

const archived = async (kind: string, id: number) =>
  t.database.db.selectFrom('issued_documents').select(['pdf', 'pdf_sha256']).where('kind', '=', kind as 'quote').where('document_id', '=', id).executeTakeFirstOrThrow();
const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every key of a JSON tree, and every number in it. */
function walk(value: unknown, keys: string[] = [], numbers: number[] = []): { keys: string[]; numbers: number[] } {
  if (Array.isArray(value)) value.forEach((v) => walk(v, keys, numbers));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.push(k);
      walk(v, keys, numbers);
    }
  } else if (typeof value === 'number') numbers.push(value);
  return { keys, numbers };
}

describe('share links and the public view', () => {
  it('shares an issued quote: the view is its snapshot, exact to the cent, without any id; the PDF is the archived bytes', async () => {
    const quote = await sentQuote();
    const link = await share('quote', quote.id);
    expect(link.expires_at).toBe(addDays(quote.expiration_date, 30));
    const { status, body, res } = await portal('GET', link.token);
    expect(status).toBe(200);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(portalDocumentSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      kind: 'quote', kind_display: 'Devis', number: quote.quote_number, title: 'Refonte du site', issue_date: quote.issue_date,
      end_date: quote.expiration_date, status: 'sent', status_display: 'Envoyé', can_answer: true, answer_refusal: null, answer: null,
      has_certificate: false, amount_due: null, bank: null, payment_qr_svg: null, expires_at: link.expires_at,
    });
    expect(body.seller).toMatchObject({ name: 'Studio Dupont', address_lines: ['12 rue des Lilas', '69001 Lyon'], siret: '12345678200010' });
    expect(body.client).toMatchObject({ name: 'Librairie Colette', email: 'colette@exemple.fr', address_lines: ['5 rue Haute', '69002 Lyon'] });
    expect(body.lines).toEqual([
      expect.objectContaining({ title: 'Conception', quantity: 3, unit_price: 416.67, tax_rate: 20, total: 1250.01 }),
      expect.objectContaining({ title: 'Livres', quantity: 2, unit_price: 12.5, tax_rate: 5.5, total: 25 }),
    ]);
    // 1250.01 × 20 % = 250.00 (250.002); 25 × 5.5 % = 1.38 (1.375).
    expect([body.subtotal, body.tax, body.total]).toEqual([1275.01, 251.38, 1526.39]);
    expect(body.total).toBe(quote.total_amount);
    // No database id anywhere: no such key, and no number but the document's own figures.
    const { keys, numbers } = walk(body);
    expect(keys.filter((k) => /(^|_)id$/.test(k))).toEqual([]);
    expect(numbers).not.toContain(quote.id);
    expect(numbers).not.toContain(client);
    expect(JSON.stringify(body)).not.toContain(`"${quote.id}"`);

    const pdf = await portal('GET', link.token, 'pdf/');
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
    const stored = await archived('quote', quote.id);
    expect(sha256(pdf.res.rawPayload)).toBe(stored.pdf_sha256);
    expect(pdf.res.rawPayload.equals(Buffer.from(stored.pdf!))).toBe(true);
  });

  it('records each opening (first, last, count) for the owner, without a token in the share state', async () => {
    const quote = await sentQuote();
    const link = await share('quote', quote.id);
    const before = await send('GET', `/api/quotes/${quote.id}/share/`);
    expect(before.body).toEqual({ active: true, expires_at: link.expires_at, first_viewed_at: null, last_viewed_at: null, view_count: 0, answer: null });
    await portal('GET', link.token);
    await portal('GET', link.token);
    const after = (await send('GET', `/api/quotes/${quote.id}/share/`)).body;
    expect(after.view_count).toBe(2);
    expect(after.first_viewed_at <= after.last_viewed_at).toBe(true);
    expect(JSON.stringify(after)).not.toContain(link.token);
  });

  it('refuses to share a draft (400, French) and another user’s document (404)', async () => {
    const draft = await created(send, '/api/invoices/', { title: 'Brouillon', client_id: client, status: 'draft', line_items: LINES });
    const res = await send('POST', `/api/invoices/${draft.id}/share/`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/Émettez d’abord la facture/);
    const quote = await sentQuote();
    for (const method of ['POST', 'GET', 'DELETE']) {
      expect((await bobSend(method, `/api/quotes/${quote.id}/share/`)).status).toBe(404);
    }
    expect((await bobSend('GET', `/api/quotes/${quote.id}/certificate/`)).status).toBe(404);
  });

  it('revokes every live link (410 with only the seller’s contact); a new link works again', async () => {
    const quote = await sentQuote();
    const a = await share('quote', quote.id);
    const b = await share('quote', quote.id);
    expect((await send('DELETE', `/api/quotes/${quote.id}/share/`)).status).toBe(204);
    for (const token of [a.token, b.token]) {
      for (const suffix of ['', 'pdf/']) {
        const res = await portal('GET', token, suffix);
        expect(res.status).toBe(410);
        expect(portalGoneSchema.strict().parse(res.body)).toEqual({ detail: PORTAL_TEXTS.revoked, seller: { name: 'Studio Dupont', email: alice.email, phone: '' } });
      }
    }
    expect((await portal('POST', a.token, 'accept/', { signer_name: 'Colette', consent: true })).status).toBe(410);
    expect((await send('GET', `/api/quotes/${quote.id}/share/`)).body.active).toBe(false);
    const c = await share('quote', quote.id);
    expect((await portal('GET', c.token)).status).toBe(200);
  });

  it('answers 404 to unknown and malformed tokens, with the same French text', async () => {
    const random = randomBytes(32).toString('base64url');
    for (const token of [random, 'abc', `${random}x`, '%00', 'A'.repeat(43).replace(/A$/, '*')]) {
      const res = await portal('GET', encodeURIComponent(token));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: PORTAL_TEXTS.notFound });
    }
  });

  it('opens its own document only: a quote token cannot reach another document', async () => {
    const [q1, q2] = [await sentQuote({ title: 'Premier' }), await sentQuote({ title: 'Second' })];
    const l1 = await share('quote', q1.id);
    const view = (await portal('GET', l1.token)).body;
    expect(view.number).toBe(q1.quote_number);
    // The path takes nothing else than the token: no id to tamper with, no query read.
    const tampered = await t.app.inject({ method: 'GET', url: `/api/portal/${l1.token}/?id=${q2.id}&document_id=${q2.id}`, remoteAddress: freshIp() });
    expect(tampered.json().number).toBe(q1.quote_number);
    expect((await portal('GET', `${l1.token}/../${q2.id}`)).status).toBe(404);
    // A signed-in owner's bearer token opens nothing more on the public routes.
    const withAuth = await t.app.inject({ method: 'GET', url: `/api/portal/${l1.token}/`, headers: alice.auth, remoteAddress: freshIp() });
    expect(withAuth.json().number).toBe(q1.quote_number);
  });
});

describe('expiry, computed from the document at access time', () => {
  const setQuote = (id: number, values: object) => t.database.db.updateTable('quotes').set(values).where('id', '=', id).execute();

  it('a quote: 30 days after its validity date', async () => {
    const quote = await sentQuote();
    const link = await share('quote', quote.id);
    await setQuote(quote.id, { end_date: addDays(parisToday(), -29) });
    expect((await portal('GET', link.token)).status).toBe(200);
    await setQuote(quote.id, { end_date: addDays(parisToday(), -30) });
    const res = await portal('GET', link.token);
    expect(res.status).toBe(410);
    expect(res.body.detail).toBe(PORTAL_TEXTS.expired);
    expect((await send('GET', `/api/quotes/${quote.id}/share/`)).body.active).toBe(false);
  });

  it('an invoice: none while anything is due; a year after it was fully paid', async () => {
    const invoice = await sentInvoice();
    const link = await share('invoice', invoice.id);
    expect(link.expires_at).toBeNull();
    await payInFull(send, invoice.id, null);
    const today = parisToday();
    const view = (await portal('GET', link.token)).body;
    expect(view.expires_at).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'));
    const lastYear = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    await t.database.db.updateTable('invoices').set({ payment_date: lastYear }).where('id', '=', invoice.id).execute();
    expect((await portal('GET', link.token)).body.detail).toBe(PORTAL_TEXTS.expired);
  });

  it('a credit note: a year after its issue', async () => {
    const invoice = await sentInvoice();
    const note = await created(send, `/api/invoices/${invoice.id}/credit_note/`, { reason: 'Geste', line_items: [{ title: 'Geste', quantity: 1, unit_price: 10, tax_rate: 20 }] });
    const link = await share('credit_note', note.id);
    const view = (await portal('GET', link.token)).body;
    expect(view).toMatchObject({ kind: 'credit_note', kind_display: 'Avoir', end_date: null, amount_due: null, can_answer: false, answer_refusal: null });
    await t.database.db.updateTable('credit_notes').set({ issue_date: addDays(parisToday(), -366) }).where('id', '=', note.id).execute();
    expect((await portal('GET', link.token)).status).toBe(410);
  });
});

describe('paying an invoice', () => {
  it('shows what is still due after a partial payment, the bank details and the EPC QR code; none once paid', async () => {
    const invoice = await sentInvoice();
    const link = await share('invoice', invoice.id);
    await pay(send, invoice.id, null, 500);
    const api = (await send('GET', `/api/invoices/${invoice.id}/`)).body;
    const view = (await portal('GET', link.token)).body;
    expect(view).toMatchObject({ kind: 'invoice', kind_display: 'Facture', status: 'partially_paid', amount_due: api.balance_due, can_answer: false, answer_refusal: null });
    expect(view.amount_due).toBe(1026.39);
    expect({ ...view.bank, iban: view.bank.iban.replace(/\s/g, '') }).toEqual({ holder: 'Studio Dupont', iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' });
    expect(view.payment_qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The payload the QR encodes: the PDF's builder, for the amount still due.
    const epc = epcPayload({ name: 'Studio Dupont', iban: IBAN, bic: 'BNPAFRPP', amountCents: 102639, reference: invoice.invoice_number });
    expect(epc.ok && epc.payload.split('\n')).toEqual(['BCD', '002', '1', 'SCT', 'BNPAFRPP', 'Studio Dupont', 'FR7630006000011234567890189', 'EUR1026.39', '', '', invoice.invoice_number]);
    await payInFull(send, invoice.id, null);
    const paid = (await portal('GET', link.token)).body;
    expect(paid).toMatchObject({ status: 'paid', amount_due: 0, bank: null, payment_qr_svg: null });
  });

  it('has no QR code nor bank details without an IBAN in the profile snapshot', async () => {
    await completeProfile(send, alice.email, { iban: '', bic: '' });
    try {
      const invoice = await sentInvoice();
      const view = (await portal('GET', (await share('invoice', invoice.id)).token)).body;
      expect(view.amount_due).toBe(invoice.total_amount);
      expect(view.bank).toBeNull();
      expect(view.payment_qr_svg).toBeNull();
    } finally {
      await completeProfile(send, alice.email, { iban: IBAN, bic: 'BNPAFRPP' });
    }
  });
});

describe('document e-mails carry the client link', () => {
  /** The plain text of the document's message, as committed to the outbox. */
  const queuedText = async (kind: 'quote' | 'invoice', id: number) => {
    const row = await t.database.db.selectFrom('outbox_messages').select('message').where('document_kind', '=', kind).where('document_id', '=', id).executeTakeFirstOrThrow();
    return (JSON.parse(row.message) as { text: string }).text;
  };

  it('sends a quote with « Consulter en ligne : URL », and a template’s {lien} where it places it; each link opens the document', async () => {
    const quote = await created(send, '/api/quotes/', { title: 'Devis par e-mail', client_id: client, status: 'draft', expiration_date: addDays(parisToday(), 20), line_items: LINES });
    expect((await send('POST', `/api/quotes/${quote.id}/send_email/`)).status).toBe(200);
    const mail = await queuedText('quote', quote.id);
    const [, url] = /Consulter en ligne : (http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43})\b/.exec(mail) ?? [];
    expect(url).toBeDefined();
    const view = await portal('GET', url.split('/p/')[1]);
    expect(view.body.number).toBe(quote.quote_number);
    expect((await send('GET', `/api/quotes/${quote.id}/share/`)).body.active).toBe(true);

    // A template that places the link: there, and no extra line.
    expect((await send('PUT', '/api/email-templates/invoice/', { subject: 'Facture {numero}', body: 'Bonjour {client},\n\nVotre facture : {lien}\n' })).status).toBe(200);
    try {
      const invoice = await created(send, '/api/invoices/', { title: 'Facture par e-mail', client_id: client, status: 'draft', line_items: LINES });
      expect((await send('POST', `/api/invoices/${invoice.id}/send_email/`)).status).toBe(200);
      const sent = (await send('GET', `/api/invoices/${invoice.id}/`)).body;
      const invoiceMail = await queuedText('invoice', invoice.id);
      expect(invoiceMail).toMatch(/Votre facture : http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43}\n/);
      expect(invoiceMail).not.toContain('Consulter en ligne');
      const token = /\/p\/([A-Za-z0-9_-]{43})/.exec(invoiceMail)![1];
      expect((await portal('GET', token)).body).toMatchObject({ kind: 'invoice', number: sent.invoice_number });
    } finally {
      await send('DELETE', '/api/email-templates/invoice/');
    }
  });
});
