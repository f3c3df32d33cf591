import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { aliceAndBob, addressedClient, type Send } from '@/server/test/billing-fixtures';
import { readOutbox } from '@/server/test/outbox';
import { pdfText } from '@/server/test/pdf-reader';
import { addDays, parisToday } from '@/shared/dates';
import { PORTAL_TEXTS, QUOTE_SIGNED_ONLINE } from '@/shared/portal';

/**
 * The client's online answer to a quote (issue 27): acceptance with its evidence (eIDAS simple
 * electronic signature) and certificate, one answer only (even concurrently), decline, the refusals;
 * and the portal's first wall against a flood of guessed tokens.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof aliceAndBob>>['alice'];
let send: Send;
let client: number;

beforeAll(async () => {
  ({ t, alice, send } = await aliceAndBob());
  client = await addressedClient(send);
});
afterAll(() => t.close());

const LINES = [{ title: 'Conception', quantity: 3, unit_price: 416.67, tax_rate: 20 }];

async function created(url: string, body?: object) {
  const res = await send('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const sentQuote = (validFor = 20) =>
  created('/api/quotes/', { title: 'Refonte du site', client_id: client, status: 'sent', expiration_date: addDays(parisToday(), validFor), line_items: LINES });
const tokenOf = async (path: string) => ((await created(`${path}/share/`)).url as string).split('/p/')[1];

let ip = 0;
async function portal(method: 'GET' | 'POST', token: string, suffix = '', payload?: object, userAgent = 'Mozilla/5.0 (iPhone; Portal test)') {
  const res = await t.app.inject({
    method, url: `/api/portal/${token}/${suffix}`, remoteAddress: `198.51.100.${(++ip % 250) + 1}`,
    headers: { 'user-agent': userAgent }, ...(payload !== undefined ? { payload } : {}),
  });
  const json = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null;
  return { res, status: res.statusCode, body: json as any };
}
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const answerRow = (quoteId: number) => t.database.db.selectFrom('quote_acceptances').selectAll().where('quote_id', '=', quoteId).executeTakeFirst();

it('accepts a quote with its evidence: signer, time, address, user agent, the archived PDF’s digest; status, history, e-mail, certificate', async () => {
  const quote = await sentQuote();
  const token = await tokenOf(`/api/quotes/${quote.id}`);
  const longAgent = `Mozilla/5.0 ${'x'.repeat(700)}`;
  const started = new Date().toISOString();
  const res = await portal('POST', token, 'accept/', { signer_name: '  Colette Martin ', signer_email: 'colette@exemple.fr', consent: true }, longAgent);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    status: 'accepted', status_display: 'Accepté', can_answer: false, answer_refusal: PORTAL_TEXTS.alreadyAnswered, has_certificate: true,
    answer: { kind: 'accepted', signer_name: 'Colette Martin', at: expect.any(String) },
  });

  const row = (await answerRow(quote.id))!;
  const archived = await t.database.db.selectFrom('issued_documents').select(['pdf', 'pdf_sha256']).where('kind', '=', 'quote').where('document_id', '=', quote.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ answer: 'accepted', signer_name: 'Colette Martin', signer_email: 'colette@exemple.fr', ip: expect.stringMatching(/^198\.51\.100\./) });
  expect(row.pdf_sha256).toBe(archived.pdf_sha256);
  expect(row.pdf_sha256).toBe(sha256(archived.pdf!));
  expect(row.user_agent).toBe(longAgent.slice(0, 500));
  expect(row.answered_at >= started).toBe(true);
  expect(row.certificate_sha256).toBe(sha256(row.certificate!));

  // The app's quote is accepted; its « Lien client » card says by whom; its history too.
  expect((await send('GET', `/api/quotes/${quote.id}/`)).body.status).toBe('accepted');
  expect((await send('GET', `/api/quotes/${quote.id}/share/`)).body.answer).toEqual({ kind: 'accepted', signer_name: 'Colette Martin', at: row.answered_at });
  const history = await t.database.db.selectFrom('activities').select('changes').where('object_type', '=', 'quote').where('object_id', '=', quote.id).execute();
  expect(history.map((h) => h.changes)).toContainEqual(expect.stringContaining(PORTAL_TEXTS.acceptedHistory('Colette Martin')));
  // The freelancer is told by e-mail.
  const mail = readOutbox(t.config.dataDir).find((m) => m.to === alice.email && m.subject.includes(quote.quote_number));
  expect(mail?.subject).toBe(`Devis ${quote.quote_number} accepté en ligne par Colette Martin`);

  // The evidence is kept: the quote can no longer be deleted.
  const deletion = await send('DELETE', `/api/quotes/${quote.id}/`);
  expect(deletion.status).toBe(400);
  expect(deletion.body).toEqual({ detail: QUOTE_SIGNED_ONLINE });
  expect(await answerRow(quote.id)).toBeDefined();

  // The certificate, for both sides: the same stored bytes, with the evidence printed.
  const own = await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}/certificate/`, headers: alice.auth });
  expect(own.statusCode).toBe(200);
  expect(own.headers['content-type']).toBe('application/pdf');
  const publicCopy = await portal('GET', token, 'certificate/');
  expect(publicCopy.res.rawPayload.equals(own.rawPayload)).toBe(true);
  expect(sha256(own.rawPayload)).toBe(row.certificate_sha256);
  const text = pdfText(own.rawPayload).replace(/\s+/g, ' ');
  for (const expected of ['Certificat d’acceptation', quote.quote_number, row.pdf_sha256!, 'Colette Martin', 'colette@exemple.fr', row.ip, 'J’accepte ce devis (bon pour accord)', '910/2014', 'art. 25']) {
    expect(text).toContain(expected);
  }
});

it('refuses a second answer (409), whatever it is', async () => {
  const quote = await sentQuote();
  const token = await tokenOf(`/api/quotes/${quote.id}`);
  expect((await portal('POST', token, 'decline/', { reason: 'Trop cher' })).status).toBe(200);
  for (const [suffix, body] of [['accept/', { signer_name: 'Colette', consent: true }], ['decline/', {}]] as const) {
    const res = await portal('POST', token, suffix, body);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: PORTAL_TEXTS.alreadyAnswered });
  }
});

it('lets exactly one of concurrent accepts in', async () => {
  const quote = await sentQuote();
  const token = await tokenOf(`/api/quotes/${quote.id}`);
  const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => portal('POST', token, 'accept/', { signer_name: `Signataire ${n}`, consent: true })));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([200, 409, 409, 409, 409]);
  const rows = await t.database.db.selectFrom('quote_acceptances').select('signer_name').where('quote_id', '=', quote.id).execute();
  expect(rows).toHaveLength(1);
  const winner = answers.find((a) => a.status === 200)!;
  expect(winner.body.answer.signer_name).toBe(rows[0].signer_name);
  const history = await t.database.db.selectFrom('activities').select('changes').where('object_type', '=', 'quote').where('object_id', '=', quote.id).execute();
  expect(history.filter((h) => h.changes.includes('accepté en ligne'))).toHaveLength(1);
});

it('declines with a reason: status rejected, history, e-mail to the freelancer with the reason', async () => {
  const quote = await sentQuote();
  const token = await tokenOf(`/api/quotes/${quote.id}`);
  const res = await portal('POST', token, 'decline/', { reason: '  Budget reporté à l’an prochain. ' });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ status: 'rejected', answer: { kind: 'declined', reason: 'Budget reporté à l’an prochain.' }, has_certificate: false, can_answer: false });
  expect((await send('GET', `/api/quotes/${quote.id}/`)).body.status).toBe('rejected');
  expect((await send('GET', `/api/quotes/${quote.id}/share/`)).body.answer).toMatchObject({ kind: 'declined', reason: 'Budget reporté à l’an prochain.' });
  const history = await t.database.db.selectFrom('activities').select('changes').where('object_type', '=', 'quote').where('object_id', '=', quote.id).execute();
  expect(history.map((h) => h.changes)).toContainEqual(expect.stringContaining(PORTAL_TEXTS.declinedHistory));
  const mail = readOutbox(t.config.dataDir).find((m) => m.to === alice.email && m.subject === `Devis ${quote.quote_number} refusé en ligne`);
  expect(mail?.text).toContain('Budget reporté à l’an prochain.');
  expect((await portal('GET', token, 'certificate/')).status).toBe(404);
});

it('refuses an expired quote (400), an invoice (400), and bad bodies with field messages (400, never 500)', async () => {
  const quote = await sentQuote();
  const token = await tokenOf(`/api/quotes/${quote.id}`);
  await t.database.db.updateTable('quotes').set({ end_date: addDays(parisToday(), -1) }).where('id', '=', quote.id).execute();
  const view = (await portal('GET', token)).body;
  expect(view).toMatchObject({ can_answer: false, answer_refusal: PORTAL_TEXTS.quoteExpired });
  expect(await portal('POST', token, 'accept/', { signer_name: 'Colette', consent: true })).toMatchObject({ status: 400, body: { detail: PORTAL_TEXTS.quoteExpired } });
  expect(await answerRow(quote.id)).toBeUndefined();

  const invoice = await created('/api/invoices/', { title: 'Facture', client_id: client, status: 'sent', line_items: LINES }).catch(() => null);
  if (invoice) {
    const invoiceToken = await tokenOf(`/api/invoices/${invoice.id}`);
    expect(await portal('POST', invoiceToken, 'accept/', { signer_name: 'Colette', consent: true })).toMatchObject({ status: 400, body: { detail: PORTAL_TEXTS.notAnswerable } });
  }

  const fresh = await tokenOf(`/api/quotes/${(await sentQuote()).id}`);
  const bad = [
    [{ signer_name: '', consent: true }, 'signer_name'],
    [{ signer_name: 'Colette', consent: false }, 'consent'],
    [{ signer_name: 'Colette' }, 'consent'],
    [{ signer_name: 'Colette', consent: true, signer_email: 'pas-une-adresse' }, 'signer_email'],
    [{ signer_name: 'x'.repeat(121), consent: true }, 'signer_name'],
    [{ signer_name: 'Colette', consent: true, status: 'accepted' }, 'status'],
  ] as const;
  for (const [body, field] of bad) {
    const res = await portal('POST', fresh, 'accept/', body);
    expect(res.status).toBe(400);
    expect(res.body[field]).toEqual([expect.any(String)]);
  }
  expect((await portal('POST', fresh, 'accept/', { signer_name: 'Colette', consent: false })).body.consent).toEqual(['Cochez « J’accepte ce devis (bon pour accord) ».']);
  const notJson = await t.app.inject({ method: 'POST', url: `/api/portal/${fresh}/accept/`, payload: '[1,2', headers: { 'content-type': 'application/json' }, remoteAddress: '198.51.100.251' });
  expect(notJson.statusCode).toBe(400);
  expect((await portal('POST', fresh, 'decline/', { reason: 'x'.repeat(2001) })).status).toBe(400);
});

describe('a flood of guessed tokens', () => {
  let flood: TestApp;
  beforeAll(async () => {
    flood = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => flood.close());

  it('is answered 429 by the in-process wall, before any database work', async () => {
    const db = flood.database.db;
    const spies = (['selectFrom', 'insertInto', 'updateTable', 'deleteFrom'] as const).map((method) => jest.spyOn(db, method));
    const queries = () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    const statuses: number[] = [];
    const queriesPerAnswer: number[] = [];
    // The wall counts in fixed one-minute windows: the clock held inside one, so that a loaded run
    // crossing a minute's end does not get a second budget.
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
    for (let i = 0; i < 200; i++) {
      const before = queries();
      const token = createHash('sha256').update(String(i)).digest('base64url').slice(0, 43);
      const res = await flood.app.inject({ method: 'GET', url: `/api/portal/${token}/`, remoteAddress: '192.0.2.66' });
      statuses.push(res.statusCode);
      queriesPerAnswer.push(queries() - before);
    }
    clock.mockRestore();
    spies.forEach((spy) => spy.mockRestore());
    const refused = statuses.map((s, i) => [s, queriesPerAnswer[i]]).filter(([s]) => s === 429);
    // The first 60 of the minute looked up (unknown token: 404), every other one refused.
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(404));
    expect(statuses.slice(60)).toEqual(Array(140).fill(429));
    // The refused requests touched no table; the others looked the token up once.
    expect(refused.every(([, q]) => q === 0)).toBe(true);
    expect(statuses.filter((s) => s === 404).length).toBe(200 - refused.length);
    // Another address is not held back by this one.
    const other = await flood.app.inject({ method: 'GET', url: `/api/portal/${'A'.repeat(43)}/`, remoteAddress: '192.0.2.67' });
    expect(other.statusCode).toBe(404);
  });
});
