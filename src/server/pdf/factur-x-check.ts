import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { codePointLabel } from '@/shared/xml-text';
import type { RenderableDocument } from './document-model';
import { FACTUR_X_FILE_NAME, buildFacturX } from './factur-x';

/**
 * Issue 23: before an invoice or credit note gets its number, its Factur-X XML, generated as the
 * PDF embeds it, is read by a real XML parser and validated against the Factur-X 1.09 EN 16931
 * XSD, as the official kit's first step does (`xmllint --schema`): libxml2's xmllint compiled to
 * WebAssembly (npm `xmllint-wasm`), so no system package is needed.
 *
 * xmllint-wasm's own validateXML starts a thread and compiles its 780 kB of WebAssembly on every
 * call (0.5–0.8 s here). This module keeps one thread per process instead, which compiles the
 * WebAssembly once and runs a fresh xmllint instance per XML (an instance's memory does not
 * outlive its run), off the main thread: measured on the 2-core machine under load, ~0.15–0.3 s
 * for the first check of a process (thread start, compilation), then ~6–11 ms for a one-line
 * invoice and ~45–60 ms for a 500-line one (buildFacturX itself, on the caller's thread, ~30 ms
 * more for 500 lines). The thread stops after a short idle time and never keeps the process alive.
 *
 * The XSD files (src/server/pdf/xsd/factur-x-en16931, copied beside the compiled file by
 * `npm run build:server`) are read once per process.
 */

/** Where the XSD files are: beside this file, in the sources and in the build. */
export const FACTUR_X_XSD_DIR = path.join(__dirname, 'xsd', 'factur-x-en16931');
const MAIN_XSD = 'Factur-X_EN16931.xsd';

/** A run that takes longer than this is abandoned (its thread stopped): an error, not a verdict. */
const RUN_TIMEOUT_MS = 20_000;
/** The thread stops once idle this long; the next check starts another (~0.3 s). */
const IDLE_MS = 15_000;
/** Each run's WebAssembly memory: 16 MiB to start (xmllint-wasm's default), 128 MiB at most. */
const MEMORY_PAGES = { initial: 256, maximum: 2048 };
/** At most this many problems are reported (a broken generator would report one per line). */
const MAX_PROBLEMS = 20;

/**
 * The thread: compiles xmllint once, then runs it on each XML it is sent. xmllint-node.js is the
 * package's Emscripten module; loaded in a thread, it also listens for the package's own messages,
 * which never come (ours carry `facturX`). Plain JavaScript evaluated as is, so that the build
 * needs no worker file.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const runXmllint = require(workerData.script);
const wasm = new WebAssembly.Module(readFileSync(workerData.wasm));
const schemas = workerData.schemas;
parentPort.on('message', (message) => {
  if (!message || message.facturX !== true) return;
  let stderr = '';
  let answered = false;
  const answer = (exitCode) => {
    if (answered) return;
    answered = true;
    parentPort.postMessage({ facturX: true, id: message.id, exitCode, stderr });
  };
  runXmllint({
    inputFiles: [{ fileName: workerData.xmlName, contents: message.xml }, ...schemas],
    arguments: ['--noout', '--nonet', '--schema', workerData.mainSchema, workerData.xmlName],
    print() {},
    printErr(text) { stderr += text + '\\n'; },
    onExit: answer,
    onAbort(reason) { stderr += 'abort: ' + reason + '\\n'; answer(-1); },
    wasmMemory: new WebAssembly.Memory(workerData.memory),
    instantiateWasm(imports, receive) {
      const instance = new WebAssembly.Instance(wasm, imports);
      receive(instance, wasm);
      return instance.exports;
    },
  }).then(
    // xmllint has answered by then (onExit); if not, no verdict: never a pass by default.
    () => setImmediate(() => answer(-3)),
    (error) => { stderr += String(error) + '\\n'; answer(-2); },
  );
});
`;

interface RunResult {
  exitCode: number;
  stderr: string;
}

interface Pending {
  resolve: (result: RunResult) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

let schemaFiles: { fileName: string; contents: string }[] | null = null;
let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

function readSchemas() {
  schemaFiles ??= readdirSync(FACTUR_X_XSD_DIR)
    .filter((name) => name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(path.join(FACTUR_X_XSD_DIR, fileName), 'utf8') }));
  if (!schemaFiles.some((file) => file.fileName === MAIN_XSD)) {
    schemaFiles = null;
    throw new Error(`Factur-X XSD not found: ${path.join(FACTUR_X_XSD_DIR, MAIN_XSD)}`);
  }
  return schemaFiles;
}

/** Stops the thread and fails what it was running. */
function stopWorker(reason: Error) {
  const stopping = worker;
  worker = null;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  for (const [id, run] of pending) {
    clearTimeout(run.timer);
    pending.delete(id);
    run.reject(reason);
  }
  if (stopping) void stopping.terminate();
}

function startWorker(): Worker {
  const packageDir = path.dirname(require.resolve('xmllint-wasm/package.json'));
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      script: path.join(packageDir, 'xmllint-node.js'),
      wasm: path.join(packageDir, 'xmllint.wasm'),
      schemas: readSchemas(),
      mainSchema: MAIN_XSD,
      xmlName: FACTUR_X_FILE_NAME,
      memory: MEMORY_PAGES,
    },
  });
  started.on('message', (message: { facturX?: boolean; id: number } & RunResult) => {
    if (message?.facturX !== true) return;
    const run = pending.get(message.id);
    if (!run) return;
    pending.delete(message.id);
    clearTimeout(run.timer);
    run.resolve({ exitCode: message.exitCode, stderr: message.stderr });
    idle();
  });
  started.on('error', (error) => {
    if (worker === started) stopWorker(error);
  });
  started.on('exit', (code) => {
    if (worker === started) stopWorker(new Error(`Factur-X check thread exited (${code})`));
  });
  return started;
}

/** Lets the process exit while nothing is checked; stops the thread after IDLE_MS. */
function idle() {
  if (pending.size || !worker) return;
  worker.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (!pending.size) stopWorker(new Error('idle'));
  }, IDLE_MS);
  idleTimer.unref();
}

function runXmllint(xml: string): Promise<RunResult> {
  worker ??= startWorker();
  const running = worker;
  running.ref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const id = ++nextId;
  return new Promise<RunResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (worker === running) stopWorker(new Error(`Factur-X check took more than ${RUN_TIMEOUT_MS} ms`));
    }, RUN_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // The bytes the PDF embeds (pdfa.ts): UTF-8, where a lone surrogate becomes U+FFFD.
    running.postMessage({ facturX: true, id, xml: Buffer.from(xml, 'utf8') });
  });
}

/** Stops the checking thread now (tests; it otherwise stops by itself once idle). */
export async function stopFacturXmlChecks(): Promise<void> {
  stopWorker(new Error('stopped'));
}

// ---- xmllint's messages → French

const LINE = new RegExp(`^${FACTUR_X_FILE_NAME.replace('.', '\\.')}:(\\d+): (.*)$`);

/** One xmllint error → a French sentence; the raw message follows it, for the logs. */
function frenchProblem(line: number, message: string): string {
  const where = `ligne ${line}`;
  const invalidChar = /invalid Char value (\d+)/.exec(message) ?? /Char 0x([0-9A-F]+) out of allowed range/i.exec(message);
  let what: string;
  if (invalidChar) {
    const code = invalidChar[0].startsWith('Char 0x') ? parseInt(invalidChar[1], 16) : Number(invalidChar[1]);
    what = `un texte contient un caractère non autorisé (${codePointLabel(String.fromCodePoint(code))})`;
  } else if (/parser error|namespace error/.test(message)) {
    what = 'le XML est mal formé';
  } else {
    const element = /Element '(?:\{[^}]*\})?([^']+)'/.exec(message)?.[1];
    what = element ? `l’élément ${element} ne respecte pas le schéma Factur-X EN 16931` : 'le XML ne respecte pas le schéma Factur-X EN 16931';
  }
  return `Le fichier Factur-X de ce document n’est pas valide (${where}) : ${what}. [xmllint : ${message}]`;
}

/**
 * The problems xmllint finds in a Factur-X XML: well-formedness (XML 1.0) and the Factur-X EN 16931
 * XSD. Empty when valid; else French sentences, each ending with xmllint's own message in brackets
 * (for the logs). Rejects only when the check itself could not run (missing XSD, thread failure).
 */
export async function validateFacturXml(xml: string): Promise<string[]> {
  const { exitCode, stderr } = await runXmllint(xml);
  if (exitCode === 0) return [];
  // 1–2: xmllint could not start or read its input; 5: the schema itself does not compile.
  if (exitCode !== 3 && exitCode !== 4) throw new Error(`xmllint failed (exit code ${exitCode}): ${stderr.slice(0, 2000)}`);
  const problems = stderr
    .split('\n')
    .map((line) => LINE.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => frenchProblem(Number(match[1]), match[2].trim()));
  if (!problems.length) problems.push(`Le fichier Factur-X de ce document n’est pas valide. [xmllint : ${stderr.trim().slice(0, 500)}]`);
  if (problems.length > MAX_PROBLEMS) {
    const more = problems.length - MAX_PROBLEMS;
    return [...problems.slice(0, MAX_PROBLEMS), `… et ${more} autre${more > 1 ? 's' : ''} problème${more > 1 ? 's' : ''}.`];
  }
  return problems;
}

/** Stands for the number a document about to be numbered will get: the XML needs one (BT-1). */
const PROVISIONAL_NUMBER = { invoice: 'FAC-0000-0000', credit_note: 'AV-0000-0000' } as const;

/**
 * The problems of the Factur-X XML `doc` would embed once issued (the XML is generated as
 * pdf-renderer.ts does), for an invoice or credit note, numbered or about to be: a document
 * without a number is checked with a provisional one. A quote has no Factur-X XML: [].
 */
export async function facturXmlProblems(doc: RenderableDocument): Promise<string[]> {
  if (doc.kind === 'quote') return [];
  return validateFacturXml(buildFacturX({ ...doc, number: doc.number ?? PROVISIONAL_NUMBER[doc.kind] }));
}
