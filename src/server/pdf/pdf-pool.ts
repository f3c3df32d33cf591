import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors';
import type { ReceiptsIssuer } from './receipts-pdf';
import type { ReceiptsBookData } from './receipts-book';
import type { RenderableDocument } from './document-model';
import type { PdfTask } from './pdf-worker';
import type { AcceptanceCertificate } from './acceptance-certificate';
import { workerFromSources } from './worker-from-sources';

/**
 * PDFs (documents, and the receipts book) are rendered in worker threads (piscina), one document
 * at a time per thread, one thread per core by default (PDF_WORKERS): a render, however long, no
 * longer holds up the event loop and so every other request (issue 16: three 5,000-character
 * words stalled /api/health/ for seconds). The pool is per process, shared by the apps built in it.
 *
 * **Fair across accounts (issue 23).** piscina serves its queue first come, first served, so an
 * account that queued a backlog used to delay everyone else's PDF behind it. Renders now wait in
 * this module's scheduler, not in piscina's queue: one FIFO lane per account, plus one lane for
 * the work of no account (start-up repair of archives, the mail worker: renders without a
 * userId). Whenever a thread is free, the next lane in round-robin order hands its oldest render
 * over, and piscina is never given more renders than it has threads. An account's backlog is one
 * entry of the round: another account's first render waits for at most one render of each busy
 * lane, never for that backlog.
 *
 * **Bounded per account.** An account holds at most PDF_PLACES_PER_ACCOUNT places in this
 * process: a place is taken by a render queued or running, or reserved by issuing (below). One
 * more is refused at once with a French 429 and `Retry-After` (PDF_BUSY_MESSAGE), instead of
 * queueing without end. The lane of no account is not bounded (its callers are the server's own
 * loops, one render at a time each).
 *
 * **Reserving before numbering.** Issuing must not number a document it may not be able to render:
 * `reserveRender(userId)` takes a place at once (or throws the 429, before anything is written)
 * and returns a RenderReservation. Its `render(doc, { now })` renders in that place (once); its
 * `release()` gives the place back when the render will not happen (an error after reserving,
 * before rendering) and does nothing after `render` or a first `release` (idempotent): call it in
 * a `finally`. `renderPdf(doc, { userId })` is a reservation and its render in one call;
 * without a userId it is the lane of no account.
 *
 * **Time limits.** A render's limit (PDF_TIMEOUT_SECONDS) starts when it is handed to a thread,
 * so that the wait behind other lanes (one round at most per render ahead of it in its own lane)
 * is not counted against it; past it, the thread is stopped and replaced and the caller gets a
 * French 503 (PDF_TIMEOUT_MESSAGE). The wait in its lane is capped apart, at the same duration
 * (a render that could not start by then gets the same 503): a request waits at most twice the
 * limit. With the cost bound of documents (documents.schemas.ts: about a second of rendering at
 * most), an account's own backlog of PDF_PLACES_PER_ACCOUNT renders is a few seconds.
 */

export const PDF_TIMEOUT_MESSAGE = 'La génération du PDF a pris trop de temps. Réessayez dans un instant.';
export const PDF_BUSY_MESSAGE = 'Vos PDF précédents sont encore en cours de génération. Réessayez dans un instant.';
/**
 * Places of one account in this process: renders queued or running, and reservations. Two
 * renders under way (a download and an e-mail, say) plus four waiting, or issuing a few documents
 * in a row: at most ~1 s each (the cost bound), the last one starts within a few seconds.
 */
export const PDF_PLACES_PER_ACCOUNT = 6;
/** Seconds a refused client is told to wait (an account's full queue drains in about that long). */
export const PDF_RETRY_AFTER_SECONDS = 5;
const RETRY_AFTER = { 'retry-after': String(PDF_RETRY_AFTER_SECONDS) };

export interface PdfRenderingSettings {
  workers: number;
  /** Limit per render, from its hand-over to a thread; its wait in its lane is capped at the same. */
  timeoutMs: number;
}

/** A place in an account's lane, taken before the document to render exists (issuing). */
export interface RenderReservation {
  /** Renders `doc` in the reserved place (once; the place is given back when it settles). */
  render(doc: RenderableDocument, options?: { now?: Date }): Promise<Buffer>;
  /** Gives the place back if `render` was not called; a no-op afterwards or the second time. */
  release(): void;
}

/** From a build, the compiled worker; from the sources (jest, tsx), their bundle (worker-from-sources.ts). */
const workerFile = () =>
  __filename.endsWith('.ts') ? workerFromSources(path.join(__dirname, 'pdf-worker.ts')) : path.join(__dirname, 'pdf-worker.js');

let settings: PdfRenderingSettings = { workers: availableParallelism(), timeoutMs: 30_000 };
let pool: Piscina<PdfTask, Uint8Array> | null = null;
let users = 0;


const createPool = () =>
  new Piscina<PdfTask, Uint8Array>({
    filename: workerFile(),
    minThreads: settings.workers,
    maxThreads: settings.workers,
    // The scheduler below never gives it more renders than threads.
    maxQueue: Infinity,
  });

/**
 * Applies an app's settings (buildApp); the returned function, called when that app closes, stops
 * the threads once no app uses them. Renders start the threads on demand.
 */
export function usePdfRendering(next: PdfRenderingSettings): () => Promise<void> {
  if (pool && next.workers !== settings.workers) {
    void pool.close();
    pool = null;
  }
  settings = next;
  users++;
  dispatch();
  return async () => {
    if (--users > 0 || !pool) return;
    const stopping = pool;
    pool = null;
    await stopping.destroy();
  };
}

/** How many renders run at once (the pool's threads). */
export const pdfWorkerCount = () => settings.workers;

// ---- The scheduler

/** The lane of renders without an account (system work). */
const SYSTEM = 'system';
type LaneKey = number | typeof SYSTEM;

interface Job {
  lane: Lane;
  task: PdfTask;
  resolve: (pdf: Buffer) => void;
  reject: (err: unknown) => void;
  /** The cap on its wait in the lane. */
  waitTimer: NodeJS.Timeout;
}

interface Lane {
  key: LaneKey;
  /** Renders waiting for a thread, oldest first. */
  waiting: Job[];
  /** Places taken: reservations not yet rendered, renders waiting and renders running. */
  places: number;
}

const lanes = new Map<LaneKey, Lane>();
/** Lanes with renders waiting, in round-robin order (each at most once). */
const round: Lane[] = [];
/** Renders handed to piscina and not settled. */
let handedOver = 0;

const timeoutError = () => new ApiError(503, { detail: PDF_TIMEOUT_MESSAGE }, RETRY_AFTER);

function laneOf(key: LaneKey): Lane {
  let lane = lanes.get(key);
  if (!lane) {
    lane = { key, waiting: [], places: 0 };
    lanes.set(key, lane);
  }
  return lane;
}

/** Gives a place back; a lane without places is forgotten. */
function leave(lane: Lane) {
  lane.places--;
  if (lane.places <= 0 && lane.waiting.length === 0) lanes.delete(lane.key);
}

/** Takes a place in the lane, or refuses with the 429 when an account's lane is full. */
function takePlace(key: LaneKey): Lane {
  const lane = laneOf(key);
  if (key !== SYSTEM && lane.places >= PDF_PLACES_PER_ACCOUNT) throw new ApiError(429, { detail: PDF_BUSY_MESSAGE }, RETRY_AFTER);
  lane.places++;
  return lane;
}

/** Queues a render in its lane (which already counts its place); settles when it is done. */
function enqueue(lane: Lane, task: PdfTask): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const job: Job = {
      lane, task, resolve, reject,
      waitTimer: setTimeout(() => {
        // Still waiting for a thread after a whole time limit: given up.
        const at = lane.waiting.indexOf(job);
        if (at < 0) return;
        lane.waiting.splice(at, 1);
        if (lane.waiting.length === 0) round.splice(round.indexOf(lane), 1);
        leave(lane);
        reject(timeoutError());
      }, settings.timeoutMs).unref(),
    };
    lane.waiting.push(job);
    if (lane.waiting.length === 1) round.push(lane);
    dispatch();
  });
}

/** Hands renders to free threads, one per lane in turn. */
function dispatch() {
  while (handedOver < settings.workers && round.length > 0) {
    const lane = round.shift()!;
    const job = lane.waiting.shift()!;
    if (lane.waiting.length > 0) round.push(lane);
    clearTimeout(job.waitTimer);
    handedOver++;
    // The place is free (and the next render handed over) before the caller hears of the result.
    const settle = () => {
      handedOver--;
      leave(lane);
      dispatch();
    };
    run(job.task).then(
      (pdf) => {
        settle();
        job.resolve(pdf);
      },
      (err: unknown) => {
        settle();
        job.reject(err);
      },
    );
  }
}

/** One render in a thread, under the time limit (which starts now). */
async function run(task: PdfTask): Promise<Buffer> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), settings.timeoutMs).unref();
  try {
    pool ??= createPool();
    const bytes = await pool.run(task, { signal: timeout.signal });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (timeout.signal.aborted) throw timeoutError();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

// ---- The API

/**
 * Takes a place in the account's lane for a render to come (issuing, before it numbers the
 * document), or throws the French 429 (with Retry-After) at once when the account has
 * PDF_PLACES_PER_ACCOUNT already. See the top of the file.
 */
export function reserveRender(userId: number): RenderReservation {
  return reservation(takePlace(userId));
}

function reservation(lane: Lane): RenderReservation {
  let state: 'reserved' | 'rendering' | 'released' = 'reserved';
  return {
    render(doc, options = {}) {
      if (state !== 'reserved') {
        return Promise.reject(new Error(state === 'rendering' ? 'This reservation has already rendered.' : 'This reservation was released.'));
      }
      state = 'rendering';
      return enqueue(lane, { kind: 'document', doc, now: options.now ?? new Date() });
    },
    release() {
      if (state !== 'reserved') return;
      state = 'released';
      leave(lane);
    },
  };
}

/**
 * The PDF of a document, rendered by the pool. With a `userId`, in that account's lane (a place
 * reserved and used at once: the 429 when the account's lane is full); without, in the lane of
 * no account (system work).
 */
export function renderPdf(doc: RenderableDocument, options: { userId?: number; now?: Date } = {}): Promise<Buffer> {
  try {
    return reservation(takePlace(options.userId ?? SYSTEM)).render(doc, { now: options.now });
  } catch (err) {
    return Promise.reject(err);
  }
}

/** A year's receipts book as a PDF, rendered by the pool in the account's lane (a download). */
export function renderReceiptsBookPdf(book: ReceiptsBookData, issuer: ReceiptsIssuer, userId: number): Promise<Buffer> {
  try {
    return enqueue(takePlace(userId), { kind: 'receipts-book', book, issuer, now: new Date() });
  } catch (err) {
    return Promise.reject(err);
  }
}

/**
 * A quote's certificat d'acceptation (issue 27) as a PDF, rendered by the pool in the account's
 * lane (the client's answer is the seller's account's work).
 */
export function renderAcceptanceCertificate(certificate: AcceptanceCertificate, userId: number): Promise<Buffer> {
  try {
    return enqueue(takePlace(userId), { kind: 'acceptance-certificate', certificate, now: new Date() });
  } catch (err) {
    return Promise.reject(err);
  }
}

/** What the pool is doing (tests, benchmarks). */
export function pdfPoolState() {
  return {
    threads: pool?.threads.length ?? 0,
    threadIds: pool?.threads.map((thread) => thread.threadId) ?? [],
    /** Renders waiting in the lanes for a thread. */
    queued: round.reduce((sum, lane) => sum + lane.waiting.length, 0) + (pool?.queueSize ?? 0),
    rendering: pool ? pool.threads.length - pool.idleThreads : 0,
    /** Renders handed to the threads and not settled. */
    handedOver,
    completed: pool?.completed ?? 0,
    /** Places taken per account (reserved, waiting or running). */
    places: Object.fromEntries([...lanes.values()].filter((lane) => lane.key !== SYSTEM).map((lane) => [lane.key, lane.places])),
  };
}
