import { ApiError } from '../../http/errors';
import { renderableInvoice } from '../../test/renderable-fixtures';
import { pdfText } from '../../test/pdf-reader';
import { PDF_BUSY_MESSAGE, PDF_RENDERS_PER_USER, PDF_TIMEOUT_MESSAGE, pdfPoolState, renderPdf, usePdfRendering } from '../pdf-pool';

/**
 * The PDF worker pool itself (the app's use of it: modules/documents/__tests__/pdf-availability.test.ts).
 * Threads run the TypeScript sources here, through pdf-worker.source.cjs.
 */

const heavy = renderableInvoice({
  lines: Array.from({ length: 60 }, (_, i) => ({ title: `Ligne ${i + 1}`, description: 'x'.repeat(5000), quantity: 1, unitPrice: 10, taxRate: 20 })),
});
const small = renderableInvoice();

let release: () => Promise<void>;
afterEach(() => release());

it('renders in worker threads what the renderer renders', async () => {
  release = usePdfRendering({ workers: 2, timeoutMs: 60_000 });
  const pdf = await renderPdf(small, { now: new Date('2026-03-15T10:00:00Z') });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfText(pdf)).toContain('N° FAC-2026-0007');
  expect(pdfPoolState()).toMatchObject({ threads: 2, completed: 1 });
});

it(`lets a user have ${PDF_RENDERS_PER_USER} renders under way, refusing more with a 429 until one is done`, async () => {
  release = usePdfRendering({ workers: 1, timeoutMs: 60_000 });
  const mine = Array.from({ length: PDF_RENDERS_PER_USER }, () => renderPdf(heavy, { userId: 1 }));
  const refused = renderPdf(small, { userId: 1 }).then(() => null, (err: unknown) => err);
  // Another user, and issuing (no user), are not held back by user 1's cap.
  const others = [renderPdf(small, { userId: 2 }), renderPdf(small)];
  const error = await refused;
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ statusCode: 429, body: { detail: PDF_BUSY_MESSAGE }, headers: { 'retry-after': '5' } });
  await Promise.all([...mine, ...others]);
  // Done: user 1 may render again.
  expect((await renderPdf(small, { userId: 1 })).subarray(0, 5).toString()).toBe('%PDF-');
});

it('answers a French 503 when a render outlasts the time limit, stops that thread and renders again afterwards', async () => {
  // Settings apply from the next render on; the same thread count keeps the pool (and its started thread).
  release = usePdfRendering({ workers: 1, timeoutMs: 60_000 });
  await renderPdf(small);
  const [thread] = pdfPoolState().threadIds;
  const strict = usePdfRendering({ workers: 1, timeoutMs: 1 });
  const error = await renderPdf(heavy, { userId: 1 }).then(() => null, (err: unknown) => err);
  expect(error).toMatchObject({ statusCode: 503, body: { detail: PDF_TIMEOUT_MESSAGE }, headers: { 'retry-after': '5' } });
  // The stopped thread is replaced and the user's cap freed.
  const relaxed = usePdfRendering({ workers: 1, timeoutMs: 60_000 });
  expect((await renderPdf(small, { userId: 1 })).subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdfPoolState().threadIds).toEqual([expect.any(Number)]);
  expect(pdfPoolState().threadIds).not.toContain(thread);
  await strict();
  await relaxed();
});
