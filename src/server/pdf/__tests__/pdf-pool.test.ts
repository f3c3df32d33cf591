import { ApiError } from '@/server/http/errors';
import { renderableInvoice } from '@/server/test/renderable-fixtures';
import { pdfText } from '@/server/test/pdf-reader';
import {
  PDF_BUSY_MESSAGE, PDF_PLACES_PER_ACCOUNT, PDF_TIMEOUT_MESSAGE, pdfPoolState, renderPdf, reserveRender, usePdfRendering,
} from '../pdf-pool';

/**
 * The PDF worker pool itself (the app's use of it: modules/documents/__tests__/pdf-availability.test.ts).
 * Threads run the TypeScript sources here, bundled by worker-from-sources.ts.
 */

const heavy = renderableInvoice({
  lines: Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'x'.repeat(5000), quantity: 1, unitPrice: 10, taxRate: 20 })),
});
const small = renderableInvoice();

const BUSY = { statusCode: 429, body: { detail: PDF_BUSY_MESSAGE }, headers: { 'retry-after': '5' } };
const TIMED_OUT = { statusCode: 503, body: { detail: PDF_TIMEOUT_MESSAGE }, headers: { 'retry-after': '5' } };
const failure = (promise: Promise<unknown>) => promise.then(() => null, (err: unknown) => err);
const isPdf = (pdf: Buffer) => pdf.subarray(0, 5).toString() === '%PDF-';

/** Renders that record, in `done`, the order in which they settle. */
function recorder() {
  const done: string[] = [];
  const track = <T>(name: string, promise: Promise<T>) =>
    promise.finally(() => done.push(name));
  return { done, track };
}

it('renders in worker threads what the renderer renders', async () => {
  const release = usePdfRendering({ workers: 2, timeoutMs: 60_000 });
  const pdf = await renderPdf(small, { now: new Date('2026-03-15T10:00:00Z') });
  expect(isPdf(pdf)).toBe(true);
  expect(pdfText(pdf)).toContain('N° FAC-2026-0007');
  expect(pdfPoolState()).toMatchObject({ threads: 2, completed: 1 });
  await release();
});

// One thread, kept from test to test (a thread compiles the renderer's sources when it starts).
describe('with one thread', () => {
let release: () => Promise<void>;
beforeAll(() => {
  release = usePdfRendering({ workers: 1, timeoutMs: 120_000 });
});
afterAll(() => release());
afterEach(() => expect(pdfPoolState()).toMatchObject({ queued: 0, handedOver: 0, places: {} }));

/** Runs `test` under another time limit (settings apply to the process: the usual one is put back). */
async function withTimeout(timeoutMs: number, test: () => Promise<void>) {
  const changed = usePdfRendering({ workers: 1, timeoutMs });
  try {
    await test();
  } finally {
    const usual = usePdfRendering({ workers: 1, timeoutMs: 120_000 });
    await changed();
    await usual();
  }
}

describe('fair across accounts', () => {
  it('renders another account’s first PDF right after the render under way, not behind a flooding account’s backlog', async () => {
    const { done, track } = recorder();
    const floods = Array.from({ length: PDF_PLACES_PER_ACCOUNT }, (_, i) => track(`A${i + 1}`, renderPdf(small, { userId: 1 })));
    // Only as many renders as threads are handed to piscina; the rest wait in account 1's lane.
    expect(pdfPoolState()).toMatchObject({ handedOver: 1, queued: PDF_PLACES_PER_ACCOUNT - 1 });
    const other = track('B1', renderPdf(small, { userId: 2 }));
    const system = track('system', renderPdf(small));
    await Promise.all([...floods, other, system]);
    // Round robin: A1 was running; then one render of each waiting lane in turn (A was waiting first).
    expect(done).toEqual(['A1', 'A2', 'B1', 'system', 'A3', 'A4', 'A5', 'A6']);
  });

  it('gives each lane a turn while several accounts have backlogs', async () => {
    const { done, track } = recorder();
    const renders = [
      ...[1, 2, 3].map((i) => track(`A${i}`, renderPdf(small, { userId: 1 }))),
      ...[1, 2, 3].map((i) => track(`B${i}`, renderPdf(small, { userId: 2 }))),
      ...[1, 2].map((i) => track(`S${i}`, renderPdf(small))),
    ];
    await Promise.all(renders);
    expect(done).toEqual(['A1', 'A2', 'B1', 'S1', 'A3', 'B2', 'S2', 'B3']);
  });

  it('starts the time limit when a render gets a thread: another account’s render succeeds while one account is saturated', async () => {
    const started = performance.now();
    await renderPdf(heavy);
    const oneHeavy = performance.now() - started;
    // Long enough for two heavy renders, not for the six of the flood: counted from their arrival,
    // as before issue 23, B's render (behind all six) would time out.
    await withTimeout(4 * oneHeavy, async () => {
      const floods = Array.from({ length: PDF_PLACES_PER_ACCOUNT }, () => renderPdf(heavy, { userId: 1 }).then(isPdf, (err: unknown) => err));
      const other = await renderPdf(small, { userId: 2 });
      expect(isPdf(other)).toBe(true);
      // The flood's own renders finish or time out at the back of their lane, each on its own.
      for (const result of await Promise.all(floods)) {
        if (result !== true) expect(result).toMatchObject(TIMED_OUT);
      }
    });
    // Seven heavy renders one after the other (timed, not assumed): minutes beside CI's CPU burners.
  }, 300_000);
});

describe('a bounded lane per account', () => {
  it(`refuses an account’s render beyond ${PDF_PLACES_PER_ACCOUNT} places with a French 429 at once, until one is done`, async () => {
    const { done, track } = recorder();
    const mine = Array.from({ length: PDF_PLACES_PER_ACCOUNT }, (_, i) => track(`mine ${i}`, renderPdf(small, { userId: 1 })));
    const completed = pdfPoolState().completed;
    const error = await failure(renderPdf(small, { userId: 1 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(BUSY);
    // At once: nothing of the account's had finished, not even its first render.
    expect(done).toEqual([]);
    expect(pdfPoolState().completed).toBe(completed);
    // Another account, and work of no account, are not held back by account 1's bound.
    expect(isPdf(await renderPdf(small, { userId: 2 }))).toBe(true);
    expect(isPdf(await renderPdf(small))).toBe(true);
    expect(done.length).toBeLessThan(PDF_PLACES_PER_ACCOUNT);
    await mine[0];
    // One place free: account 1 may queue again.
    const again = renderPdf(small, { userId: 1 });
    await Promise.all(mine);
    expect(isPdf(await again)).toBe(true);
  });

  it('does not bound the lane of no account (system work)', async () => {
    const renders = Array.from({ length: PDF_PLACES_PER_ACCOUNT + 3 }, () => renderPdf(small));
    expect((await Promise.all(renders)).every(isPdf)).toBe(true);
  });
});

describe('reserveRender', () => {
  it('takes a place at once, refuses the one too many, and gives it back on release (once)', () => {
    const reservations = Array.from({ length: PDF_PLACES_PER_ACCOUNT }, () => reserveRender(7));
    expect(pdfPoolState().places).toEqual({ 7: PDF_PLACES_PER_ACCOUNT });
    let refusal: unknown;
    try {
      reserveRender(7);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject(BUSY);
    // A download of the same account is refused too; another account is not concerned.
    const other = reserveRender(8);
    reservations[0].release();
    reservations[0].release();
    // Idempotent: one place back, not two.
    expect(pdfPoolState().places).toEqual({ 7: PDF_PLACES_PER_ACCOUNT - 1, 8: 1 });
    reservations[0] = reserveRender(7);
    expect(() => reserveRender(7)).toThrow(ApiError);
    for (const r of [...reservations, other]) r.release();
    expect(pdfPoolState().places).toEqual({});
  });

  it('renders in the reserved place, once, and frees it when the render settles', async () => {
    const reservations = Array.from({ length: PDF_PLACES_PER_ACCOUNT }, () => reserveRender(7));
    const rendering = reservations[0].render(small, { now: new Date('2026-03-15T10:00:00Z') });
    // The render uses the reservation's place: still full while it runs.
    expect(pdfPoolState().places).toEqual({ 7: PDF_PLACES_PER_ACCOUNT });
    expect(await failure(renderPdf(small, { userId: 7 }))).toMatchObject(BUSY);
    const pdf = await rendering;
    expect(pdfText(pdf)).toContain('N° FAC-2026-0007');
    expect(pdfPoolState().places).toEqual({ 7: PDF_PLACES_PER_ACCOUNT - 1 });
    // Once: a second render is an error, and a release after the render gives nothing back.
    await expect(reservations[0].render(small)).rejects.toThrow('already rendered');
    reservations[0].release();
    expect(pdfPoolState().places).toEqual({ 7: PDF_PLACES_PER_ACCOUNT - 1 });
    // A released reservation renders nothing.
    reservations[1].release();
    await expect(reservations[1].render(small)).rejects.toThrow('released');
    for (const r of reservations) r.release();
    expect(pdfPoolState().places).toEqual({});
  });

  it('gives the place back when its render fails', async () => {
    await withTimeout(1, async () => {
      const reservation = reserveRender(7);
      expect(await failure(reservation.render(heavy))).toMatchObject(TIMED_OUT);
      expect(pdfPoolState().places).toEqual({});
    });
  });
});

it('answers a French 503 when a render outlasts the time limit, stops that thread and renders again afterwards', async () => {
  // Settings apply from the next render on; the same thread count keeps the pool (and its started thread).
  await renderPdf(small);
  const [thread] = pdfPoolState().threadIds;
  await withTimeout(1, async () => {
    expect(await failure(renderPdf(heavy, { userId: 1 }))).toMatchObject(TIMED_OUT);
  });
  // The stopped thread is replaced and the account's place freed.
  expect(isPdf(await renderPdf(small, { userId: 1 }))).toBe(true);
  expect(pdfPoolState().threadIds).toEqual([expect.any(Number)]);
  expect(pdfPoolState().threadIds).not.toContain(thread);
});
});
