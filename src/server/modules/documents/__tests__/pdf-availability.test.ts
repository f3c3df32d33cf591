import { createTestApp, signUp, type TestApp } from '../../../test/test-app';
import { readyToInvoice, viaInject } from '../../../test/billing-fixtures';
import { until } from '../../../test/server-process';
import { PDF_BUSY_MESSAGE, PDF_TIMEOUT_MESSAGE, pdfPoolState } from '../../../documents/pdf-pool';
import { GENERATE_PDF_LIMIT } from '../document-delivery.routes';

/**
 * PDF rendering cannot stall the server (issue 16): renders run in worker threads, a user may have
 * only two under way, downloads are rate-limited, and a render past its time limit gets a French
 * 503. Through the real app; the pool itself: documents/__tests__/pdf-pool.test.ts.
 */

type User = Awaited<ReturnType<typeof signUp>>;

/** 60 lines of 5,000 characters without a space: seconds of rendering, even in a worker. */
const heavyLines = Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'x'.repeat(5000), quantity: 1, unit_price: 10 }));

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

  it('answers /api/health/ and other users while long renders run; the same user gets a French 429 beyond two', async () => {
    const heavy = await quote(t, alice, aliceClient, heavyLines);
    const small = await quote(t, alice, aliceClient);
    const bobs = await quote(t, bob, bobClient);

    const settled: string[] = [];
    const renders = [download(t, alice, heavy), download(t, alice, heavy)].map((r, i) => r.finally(() => settled.push(`heavy ${i}`)));
    await until(() => pdfPoolState().rendering === 2, 'both threads rendering');

    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    const third = await download(t, alice, small);
    // Answered while both long renders were still under way.
    expect(settled).toEqual([]);
    expect(pdfPoolState().rendering).toBe(2);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ error: PDF_BUSY_MESSAGE });
    expect(third.headers['retry-after']).toBe('5');

    // Bob's PDF waits for a free thread, not for alice's cap.
    const bobsPdf = await download(t, bob, bobs);
    expect(bobsPdf.statusCode).toBe(200);

    for (const res of await Promise.all(renders)) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await download(t, alice, small)).statusCode).toBe(200);
  });

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

  it('leaves an invoice it could not issue a draft, its number unused', async () => {
    const send = viaInject(t, carol);
    const body = { title: 'Audit', client_id: client, line_items: [{ title: 'Audit', quantity: 1, unit_price: 500 }] };
    const draft = await send('POST', '/api/invoices/', body);
    expect(draft.status).toBe(201);
    const issued = await send('PUT', `/api/invoices/${draft.body.id}/`, { ...body, status: 'sent' });
    expect(issued).toEqual({ status: 503, body: { detail: PDF_TIMEOUT_MESSAGE } });
    const after = await send('GET', `/api/invoices/${draft.body.id}/`);
    expect(after.body).toMatchObject({ status: 'draft', invoice_number: null });
  });
});
