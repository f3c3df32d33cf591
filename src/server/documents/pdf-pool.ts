import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors';
import type { ReceiptsIssuer } from '../modules/reports/receipts-pdf';
import type { ReceiptsBookData } from '../modules/reports/reports.service';
import type { RenderableDocument } from './document-model';
import type { PdfTask } from './pdf-worker';

/**
 * PDFs (documents, and the receipts book) are rendered in worker threads (piscina), one document at a time per thread, one thread per
 * core by default (PDF_WORKERS): a render, however long, no longer holds up the event loop and so
 * every other request (issue 16: three 5,000-character words stalled /api/health/ for seconds).
 * Each render has a time limit, its wait in the queue included, after which the request gets a
 * French 503 (a thread still rendering is stopped); a user may have only a few live renders
 * queued or running at a time. The pool is per process, shared by the apps built in it.
 */

export const PDF_TIMEOUT_MESSAGE = 'La génération du PDF a pris trop de temps. Réessayez dans un instant.';
export const PDF_BUSY_MESSAGE = 'Vos PDF précédents sont encore en cours de génération. Réessayez dans un instant.';
/** Live renders one user may have queued or running at once, in this process. */
export const PDF_RENDERS_PER_USER = 2;
const RETRY_AFTER = { 'retry-after': '5' };

export interface PdfRenderingSettings {
  workers: number;
  /** Limit per render, queue included. */
  timeoutMs: number;
}

/** From a build, the compiled worker; from the sources (jest, tsx), a loader that compiles it. */
const WORKER_FILE = path.join(__dirname, __filename.endsWith('.ts') ? 'pdf-worker.source.cjs' : 'pdf-worker.js');

let settings: PdfRenderingSettings = { workers: availableParallelism(), timeoutMs: 30_000 };
let pool: Piscina<PdfTask, Uint8Array> | null = null;
let users = 0;
const rendersPerUser = new Map<number, number>();

const createPool = () =>
  new Piscina<PdfTask, Uint8Array>({
    filename: WORKER_FILE,
    minThreads: settings.workers,
    maxThreads: settings.workers,
    // No queue limit of its own: the time limit (which counts the wait) and the per-user cap bound it.
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
  return async () => {
    if (--users > 0 || !pool) return;
    const stopping = pool;
    pool = null;
    await stopping.destroy();
  };
}

/** Counts a live render against its user's cap, or refuses it with a 429. */
function reserve(userId: number | undefined): () => void {
  if (userId === undefined) return () => undefined;
  const running = rendersPerUser.get(userId) ?? 0;
  if (running >= PDF_RENDERS_PER_USER) throw new ApiError(429, { detail: PDF_BUSY_MESSAGE }, RETRY_AFTER);
  rendersPerUser.set(userId, running + 1);
  return () => {
    const left = (rendersPerUser.get(userId) ?? 1) - 1;
    if (left > 0) rendersPerUser.set(userId, left);
    else rendersPerUser.delete(userId);
  };
}

/**
 * The PDF of a document, rendered by the pool. `userId` puts the render under that user's cap
 * (downloads); issuing leaves it out, as it is part of a write the user is waiting for.
 */
export function renderPdf(doc: RenderableDocument, options: { userId?: number; now?: Date } = {}): Promise<Buffer> {
  return render({ kind: 'document', doc, now: options.now ?? new Date() }, options.userId);
}

/** A year's receipts book as a PDF, rendered by the pool under the user's cap (a download). */
export function renderReceiptsBookPdf(book: ReceiptsBookData, issuer: ReceiptsIssuer, userId: number): Promise<Buffer> {
  return render({ kind: 'receipts-book', book, issuer, now: new Date() }, userId);
}

async function render(task: PdfTask, userId: number | undefined): Promise<Buffer> {
  const release = reserve(userId);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), settings.timeoutMs);
  try {
    pool ??= createPool();
    const bytes = await pool.run(task, { signal: timeout.signal });
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if (timeout.signal.aborted) throw new ApiError(503, { detail: PDF_TIMEOUT_MESSAGE }, RETRY_AFTER);
    throw err;
  } finally {
    clearTimeout(timer);
    release();
  }
}

/** What the pool is doing (tests, benchmarks). */
export function pdfPoolState() {
  return {
    threads: pool?.threads.length ?? 0,
    threadIds: pool?.threads.map((thread) => thread.threadId) ?? [],
    queued: pool?.queueSize ?? 0,
    rendering: pool ? pool.threads.length - pool.idleThreads : 0,
    completed: pool?.completed ?? 0,
  };
}
