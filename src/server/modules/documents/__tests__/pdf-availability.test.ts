import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { readyToInvoice, viaInject } from '@/server/test/billing-fixtures';
import { renderableInvoice } from '@/server/test/renderable-fixtures';
import { until } from '@/server/test/server-process';
import { PDF_BUSY_MESSAGE, PDF_PLACES_PER_ACCOUNT, PDF_TIMEOUT_MESSAGE, pdfPoolState, renderPdf, reserveRender } from '@/server/pdf/pdf-pool';
import { GENERATE_PDF_LIMIT } from '../document-delivery.routes';

/**
 * PDF rendering cannot stall the server (issue 16) nor another account (issue 23): renders run in
 * worker threads, served fairly across accounts, an account may hold only PDF_PLACES_PER_ACCOUNT
 * renders queued or running, downloads are rate-limited, and a render past its time limit gets a
 * French 503. Through the real app; the pool itself: documents/__tests__/pdf-pool.test.ts.
 */

type User = Awaited<ReturnType<typeof signUp>>;

/** The account of a signed-up user (its access token's claims). */
const userIdOf = (who: User) => (JSON.parse(Buffer.from(who.access.split('.')[1], 'base64url').toString()) as { user_id: number }).user_id;

/**
 * 60 lines of 5,000 characters without a space: seconds of rendering, even in a worker. Too long
 * to be saved since issue 23 (documents.schemas.ts, the cost bound): handed to the pool directly,
 * under the account's id, as a backlog of downloads would be.
 */
const heavy = renderableInvoice({
  lines: Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'x'.repeat(5000), quantity: 1, unitPrice: 10, taxRate: 20 })),
});

async function quote(t: TestApp, who: User, clientId: number, lineItems: object[] = [{ title: 'Audit', quantity: 1, unit_price: 500 }]) {
  const res = await t.app.inject({ method: 'POST', url: '/api/quotes/', headers: who.auth, payload: { title: 'Audit', client_id: clientId, line_items: lineItems } });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const download = (t: TestApp, who: User, id: number) => t.app.inject({ method: 'GET', url: `/api/quotes/${id}/generate_pdf/`, headers: who.auth });

describe('with renders under way', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  let aliceClient: number;
  let bobClient: number;

  beforeAll(async () => {
    // Two sign-ups from one address, and a PDF limit low enough to reach: 60 × 0.2 = 12 a minute.
    t = await createTestApp({ PDF_WORKERS: '2', RATE_LIMIT_SCALE: '0.2' });
    alice = await signUp(t);
    bob = await signUp(t);
    aliceClient = await readyToInvoice(viaInject(t, alice), alice.email);
    bobClient = await readyToInvoice(viaInject(t, bob), bob.email);
  });
  afterAll(() => t.close());

  it(`answers /api/health/ and other accounts while one account holds its ${PDF_PLACES_PER_ACCOUNT} places with long renders, and that account a French 429 at once`, async () => {
    const small = await quote(t, alice, aliceClient);
    const bobs = await quote(t, bob, bobClient);
    const send = viaInject(t, bob);
    const body = { title: 'Audit', client_id: bobClient, line_items: [{ title: 'Audit', quantity: 1, unit_price: 500 }] };
    const bobsInvoice = (await send('POST', '/api/invoices/', body)).body.id as number;

    // Alice's places: four long renders (two on the threads, two waiting), the others reserved (as issuing does).
    const settled: number[] = [];
    const backlog = [0, 1, 2, 3].map((i) => renderPdf(heavy, { userId: userIdOf(alice) }).finally(() => settled.push(i)));
    const reserved = Array.from({ length: PDF_PLACES_PER_ACCOUNT - 4 }, () => reserveRender(userIdOf(alice)));
    await until(() => pdfPoolState().rendering === 2, 'both threads rendering');

    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    const refused = await download(t, alice, small);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: PDF_BUSY_MESSAGE });
    expect(refused.headers['retry-after']).toBe('5');
    // At once: none of alice's renders had finished.
    expect(settled).toEqual([]);

    // Bob's PDF waits for a free thread, not for alice's backlog: her renders under way, at most
    // one of hers that was waiting before his (round robin), never all of them (first come, first served).
    const bobsPdf = await download(t, bob, bobs);
    expect(bobsPdf.statusCode).toBe(200);
    expect(bobsPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(settled.length).toBeLessThan(4);
    // So does the invoice he issues.
    const issued = await send('PUT', `/api/invoices/${bobsInvoice}/`, { ...body, status: 'sent' });
    expect(issued).toMatchObject({ status: 200, body: { status: 'sent', invoice_number: expect.any(String) } });

    for (const pdf of await Promise.all(backlog)) expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Her renders done, her reservations still hold places; released, she may download again.
    expect(pdfPoolState().places).toEqual({ [userIdOf(alice)]: PDF_PLACES_PER_ACCOUNT - 4 });
    for (const place of reserved) place.release();
    expect((await download(t, alice, small)).statusCode).toBe(200);
  }, 60_000);

  it('limits PDF downloads per user with a French 429', async () => {
    const id = await quote(t, bob, bobClient);
    const max = Math.ceil(GENERATE_PDF_LIMIT.max * 0.2);
    // Fixed one-minute windows: a window may turn during the loop, not twice.
    let refused;
    for (let i = 0; i < 2 * max + 1 && !refused; i++) {
      const res = await download(t, bob, id);
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused?.json()).toEqual({
      error: expect.stringMatching(/^Trop de PDF demandés\. Veuillez réessayer dans \d+ secondes\.$/),
      detail: expect.any(String),
    });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Alice's downloads are counted apart.
    expect((await download(t, alice, await quote(t, alice, aliceClient))).statusCode).toBe(200);
  });
});

// Last: the time limit is a per-process setting, and this app's applies from its start on.
describe('past the time limit', () => {
  let t: TestApp;
  let carol: User;
  let client: number;

  beforeAll(async () => {
    t = await createTestApp({ PDF_WORKERS: '1', PDF_TIMEOUT_SECONDS: '0.001' });
    carol = await signUp(t);
    client = await readyToInvoice(viaInject(t, carol), carol.email);
  });
  afterAll(() => t.close());

  it('answers a download with a French 503 instead of waiting', async () => {
    const res = await download(t, carol, await quote(t, carol, client));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: PDF_TIMEOUT_MESSAGE });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('issues an invoice whose render outlasts the limit: numbered (its snapshot the record), its PDF left to archive later', async () => {
    const send = viaInject(t, carol);
    const body = { title: 'Audit', client_id: client, line_items: [{ title: 'Audit', quantity: 1, unit_price: 500 }] };
    const draft = await send('POST', '/api/invoices/', body);
    expect(draft.status).toBe(201);
    // The render runs after the numbering transaction (DESIGN.md 8): its failure is not the request's.
    const issued = await send('PUT', `/api/invoices/${draft.body.id}/`, { ...body, status: 'sent' });
    expect(issued).toMatchObject({ status: 200, body: { status: 'sent', invoice_number: expect.stringMatching(/^FAC-/) } });
    // Its place in carol's lane is given back.
    expect(pdfPoolState().places[userIdOf(carol)]).toBeUndefined();
  });
});
