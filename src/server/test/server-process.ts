import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Client } from 'pg';
import { exited, httpRequest, portIsFree, sleep, type HttpEndpoint, type HttpRequestOptions, type HttpResult } from './http-process';
import { waitForLinkSentTo, type AccountLinkKind } from './outbox';
import { STRONG_PASSWORD, uniqueEmail } from './test-app';

/**
 * Real server processes for the fault and scale-out tests: `src/server/main.ts` run from the
 * sources through tsx (no build needed), listening on a real port, killed for real.
 * `node --import tsx` rather than the `tsx` binary: the binary runs the server in a child
 * process, so a SIGKILL sent to it would not reach the server.
 */

const ROOT = path.resolve(__dirname, '../../..');
const MAIN = path.join(ROOT, 'src/server/main.ts');
/** Ports reserved for these tests; each file starts probing at its own offset. */
const PORT_RANGE = { first: 8501, last: 8520 };

/**
 * A test port for this test file. Ports are probed free, then listened on: a server of another file
 * answering /api/health/ on a port this one probed free would be taken for this one's (a sign-up
 * then waited in vain for a link mailed into another data directory; a sign-in was refused by
 * another database). So no two files running at once share a band: jest runs one file at a time
 * per worker, and each worker has its own band of 40 (JEST_WORKER_ID; 8501–8540 for the first);
 * the PostgreSQL project another set (+200, for a SQLite and a PostgreSQL run side by side), and
 * the HAProxy project another still (its jest setup sets TEST_PORT_BAND_OFFSET).
 */
export const suitePort = (port: number) =>
  port +
  (Number(process.env.JEST_WORKER_ID ?? 1) - 1) * 40 +
  (process.env.TEST_DATABASE_URL ? 200 : 0) +
  Number(process.env.TEST_PORT_BAND_OFFSET ?? 0);
const STARTUP_TIMEOUT_MS = 30_000;

export interface ServerOptions {
  dataDir: string;
  secretKey: string;
  /** Defaults to `sqlite:<dataDir>/carnet.sqlite3`, as in production. */
  databaseUrl?: string;
  /** Where to start looking for a free port in 8501–8520. */
  firstPort: number;
  /** More environment for the server (e.g. SMTP_URL), applied last. */
  env?: Record<string, string>;
}

export { sleep, type HttpEndpoint, type HttpResult };

const running = new Set<ChildProcess>();
// Last resort if a test file dies without its afterAll: never leave a server behind.
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export const newSecretKey = () => randomBytes(32).toString('hex');
export const makeDataDir = (prefix: string) => mkdtempSync(path.join(tmpdir(), `carnet-${prefix}-`));
export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

/** Polls `condition` until it holds (a state, not a duration: a loaded machine is slower). */
export async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Still waiting after ${timeoutMs} ms: ${what}`);
    await sleep(25);
  }
}

export class ServerProcess {
  private output = '';

  constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly options: ServerOptions,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  get dataDir() {
    return this.options.dataDir;
  }

  /** What the process printed last (logs at LOG_LEVEL=warn, crash traces). */
  get logs() {
    return this.output;
  }

  get hasExited() {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  request(method: string, url: string, options: HttpRequestOptions = {}): Promise<HttpResult> {
    return httpRequest(this.baseUrl, method, url, options);
  }

  /** Graceful stop (SIGTERM: the server closes its database), SIGKILL if it hangs. */
  async stop(): Promise<void> {
    if (this.hasExited) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited(this.child);
    clearTimeout(timer);
    running.delete(this.child);
  }

  /** kill -9: no shutdown hook runs, the database is left as the crash leaves it. */
  async crash(): Promise<void> {
    this.child.kill('SIGKILL');
    await exited(this.child);
    running.delete(this.child);
  }
}

async function launch(port: number, options: ServerOptions): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SECRET_KEY: options.secretKey,
    // Processes on one database must seal the journal with one key (their DATA_DIRs differ).
    LEDGER_KEY: options.secretKey,
    LOG_LEVEL: 'warn',
    // One address signs up and signs in many times.
    RATE_LIMIT_SCALE: '1000',
  };
  // Whatever the caller's environment holds must not redirect the server elsewhere.
  for (const key of ['DATABASE_URL', 'APP_URL', 'SMTP_URL', 'NODE_OPTIONS']) delete env[key];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  const server = new ServerProcess(child, port, options);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.hasExited) {
      running.delete(child);
      throw new Error(`Server on port ${port} exited at startup:\n${server.logs}`);
    }
    try {
      if ((await server.request('GET', '/api/health/')).status === 200) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  await server.crash();
  throw new Error(`Server on port ${port} not healthy after ${STARTUP_TIMEOUT_MS} ms:\n${server.logs}`);
}

/** The DATA_DIRs of the servers this file started: whichever process delivers an account e-mail writes it in its own. */
const mailDirs = new Set<string>();

/**
 * The newest `kind` link mailed to `email` by any server this file started, once delivered (a
 * server delivers account e-mails just after answering, and another process may take one).
 */
// A ceiling, not a pause: a server process beside both suites and their child servers (CI) once took
// longer than the default 15 s to deliver its first e-mail.
export const mailedLink = (email: string, kind: AccountLinkKind) => waitForLinkSentTo([...mailDirs], email, kind, 60_000);

/**
 * Starts `main.ts` on the first free port from `firstPort` (wrapping within 8501–8520) and
 * resolves once /api/health/ answers. Another test file may grab the port between the probe
 * and the listen: the next port is then tried.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  mailDirs.add(options.dataDir);
  const size = PORT_RANGE.last - PORT_RANGE.first + 1;
  let lastError: unknown = new Error('No free port in 8501–8520');
  for (let i = 0; i < size; i++) {
    const port = suitePort(PORT_RANGE.first + ((options.firstPort - PORT_RANGE.first + i) % size));
    if (!(await portIsFree(port))) continue;
    try {
      return await launch(port, options);
    } catch (err) {
      if (!String(err).includes('EADDRINUSE')) throw err;
      lastError = err;
    }
  }
  throw lastError;
}

/** Kills every server this file started; for afterAll, so that a failing test leaves none behind. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map(async (child) => {
    child.kill('SIGKILL');
    await exited(child);
    running.delete(child);
  }));
}

export interface HttpUser {
  email: string;
  password: string;
  access: string;
}

/** Registers, activates through the link mailed (by whichever server delivered it), and signs in — over HTTP. */
export async function signUpOverHttp(server: HttpEndpoint, email = uniqueEmail('http')): Promise<HttpUser> {
  const password = STRONG_PASSWORD;
  const reg = await server.request('POST', '/api/register/', { body: { email, password, password2: password } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const link = new URL(await mailedLink(email, 'activate'));
  const act = await server.request('GET', link.pathname);
  if (act.headers.get('location') !== '/activation-success') throw new Error(`activation failed: ${act.status}`);
  const token = await server.request('POST', '/api/token/', { body: { email, password } });
  if (token.status !== 200) throw new Error(`sign-in failed: ${token.status} ${JSON.stringify(token.body)}`);
  return { email, password, access: token.body.access };
}

/**
 * Runs `task` over `items` with at most `limit` in flight (a crowd of clients rather than
 * 500 sockets at once); results in input order.
 */
export async function inParallel<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** What a server acknowledged during a stream of writes, to be found again after a crash or a restore. */
export interface AckedWrites {
  contacts: Map<number, { name: string; email: string }>;
  invoices: Map<number, { invoice_number: string; title: string; total_amount: number }>;
  /** Answers other than the expected 2xx: each one is a bug. */
  rejected: string[];
}

export const noWrites = (): AckedWrites => ({ contacts: new Map(), invoices: new Map(), rejected: [] });

/** A copy frozen at this moment (what a backup started now must contain). */
export const snapshotOf = (acked: AckedWrites): AckedWrites => ({
  contacts: new Map(acked.contacts), invoices: new Map(acked.invoices), rejected: [...acked.rejected],
});

/** One write: true once acknowledged, false if refused (recorded), throws if the connection is lost. */
export type Write = () => Promise<boolean>;

/** Records an unexpected answer; true when the answer is the expected one. */
export function accepted(acked: AckedWrites, res: HttpResult, expected: number): boolean {
  if (res.status !== expected) acked.rejected.push(`${res.status} ${JSON.stringify(res.body)}`);
  return res.status === expected;
}

/** Writes creating contacts and issued (numbered) invoices, each named after `tag` and a serial. */
export function crmWrites(server: ServerProcess, token: string, clientId: number, acked: AckedWrites, tag: string) {
  let serial = 0;
  const createContact: Write = async () => {
    const n = ++serial;
    const body = { name: `Contact ${tag}-${n}`, email: `contact.${tag}.${n}@exemple.fr` };
    const res = await server.request('POST', '/api/contacts/', { token, body });
    if (!accepted(acked, res, 201)) return false;
    acked.contacts.set(res.body.id, body);
    return true;
  };
  const issueInvoice: Write = async () => {
    const n = ++serial;
    const body = {
      title: `Facture ${tag}-${n}`, client_id: clientId, status: 'sent',
      line_items: [{ title: 'Développement', quantity: 2, unit_price: n }],
    };
    const res = await server.request('POST', '/api/invoices/', { token, body });
    if (!accepted(acked, res, 201)) return false;
    const { id, invoice_number, title, total_amount } = res.body;
    acked.invoices.set(id, { invoice_number, title, total_amount });
    return true;
  };
  return { createContact, issueInvoice };
}

/**
 * Runs the writers concurrently, each in a loop, until `stop()` or until the server dies under
 * them (a lost connection ends a loop quietly: that write was never acknowledged).
 */
export function writeStream(writers: Write[]) {
  let stopped = false;
  const loop = async (write: Write) => {
    try {
      while (!stopped && (await write()));
    } catch {
      // Connection lost: the server was killed.
    }
  };
  const finished = Promise.all(writers.map(loop)).then(() => undefined);
  return {
    finished,
    stop() {
      stopped = true;
      return finished;
    },
  };
}

/**
 * Every acknowledged contact and invoice is stored with its data, and the invoice series has no
 * gap: a number commits with its invoice, so even writes cut off before their answer leave none.
 */
export async function expectWritesStored(server: ServerProcess, token: string, acked: AckedWrites) {
  const [contacts, invoices] = await Promise.all([
    server.request('GET', '/api/contacts/', { token }),
    server.request('GET', '/api/invoices/', { token }),
  ]);
  expect([contacts.status, invoices.status]).toEqual([200, 200]);
  // `{ id, ...row }`: a missing row fails showing which id, not just `undefined`.
  const expectRows = (rows: { id: number }[], expected: Map<number, object>) => {
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const [id, data] of expected) expect({ id, ...stored.get(id) }).toMatchObject({ id, ...data });
  };
  expectRows(contacts.body, acked.contacts);
  expectRows(invoices.body, acked.invoices);
  const numbers = (invoices.body as { invoice_number: string }[])
    .map((d) => Number(d.invoice_number.slice(-4)))
    .sort((a, b) => a - b);
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  return { contacts: contacts.body.length as number, invoices: numbers.length };
}

/** integrity_check and journal mode of a SQLite file, opened read-only (a server may be using it). */
export function inspectSqliteFile(file: string): { integrity: string; journalMode: string } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }) as string,
      journalMode: db.pragma('journal_mode', { simple: true }) as string,
    };
  } finally {
    db.close();
  }
}

/**
 * A database of its own on the PostgreSQL server of `baseUrl`, for server processes: main.ts
 * migrates the `public` schema of whatever DATABASE_URL names, so the per-file schemas of
 * test-app.ts do not apply. `drop()` removes it even if a process still holds connections.
 */
export async function throwawayPgDatabase(baseUrl: string, prefix: string) {
  const name = `carnet_${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
