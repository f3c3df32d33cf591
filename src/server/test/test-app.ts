import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { useTestScryptCost } from '../modules/auth/passwords';
import type { Mailer } from '../mail/mailer';
import type { MailDeliverySettings } from '../mail/outbox';
import { answerOnceAccountMailSettled, lastLinkSentTo } from './outbox';
import { copyMigratedSqlite, createPgTestDatabase } from './template-database';

// 2^10 instead of 2^15 for the suites' own apps (auth.test.ts checks the real cost on its own app).
useTestScryptCost(1024);

/** Set by CI: the server suites then run on PostgreSQL as well as SQLite. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** The journal key of every test app of this process. */
export const TEST_LEDGER_KEY = randomBytes(32).toString('hex');

/** One registered route: a method and the full URL pattern (`/api/contacts/:id/`). */
export interface RouteEntry {
  method: string;
  url: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: DatabaseHandle;
  /** Every route of the app, one entry per method (HEAD twins of GET routes included). */
  routes: RouteEntry[];
  close(): Promise<void>;
}

/** pg only for a PostgreSQL run: a SQLite test file does not load it. */
const pgClient = async () => (await import('pg')).Client;

async function onTestDatabase(statement: string) {
  const Client = await pgClient();
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** A fresh PostgreSQL schema for one test file when TEST_DATABASE_URL is set (its name either way). */
export async function createTestSchema(): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  if (TEST_DATABASE_URL) await onTestDatabase(`CREATE SCHEMA ${schema}`);
  return schema;
}

/**
 * Kysely's introspection lists the tables and columns of every schema: a schema another test file
 * drops meanwhile fails it with 'schema "test_…" does not exist', a column another file's migration
 * renames (0022) with 'column … does not exist'. On PostgreSQL, migrations and drops hold the
 * exclusive advisory lock and other introspection a shared one, so none runs during a change of
 * another schema (a session's advisory locks end with it). Migrations take ~0.3 s.
 */
export async function underSchemaLock<T>(mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  if (!TEST_DATABASE_URL) return work();
  const Client = await pgClient();
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock${mode === 'shared' ? '_shared' : ''}(hashtext('carnet:test-schemas'))`);
    return await work();
  } finally {
    await client.end();
  }
}

/** migrateToLatest for a test database: never while another test file drops its schema. */
export const migrateTestDatabase = (database: DatabaseHandle) => underSchemaLock('exclusive', () => migrateToLatest(database));

export async function dropTestSchema(schema: string): Promise<void> {
  await underSchemaLock('exclusive', async () => {
    if (TEST_DATABASE_URL) await onTestDatabase(`DROP SCHEMA ${schema} CASCADE`);
  });
}

/**
 * The real application on a real, empty database: a temporary SQLite file, or a fresh
 * PostgreSQL schema when TEST_DATABASE_URL is set. E-mails go to the outbox in a temp DATA_DIR;
 * a request that stores account e-mails answers once they are there (`answerOnceAccountMailSettled`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    mailDelivery?: Partial<MailDeliverySettings>;
    jobs?: BuildAppOptions['jobs'];
    /** Silent unless given (a test reading the log lines gives a stream). */
    logger?: BuildAppOptions['logger'];
    /** The e-invoicing platform client's settings (issue 26). */
    einvoicing?: BuildAppOptions['einvoicing'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carnet-test-'));
  // On PostgreSQL, a database of its own, copied from a migrated template (template-database.ts).
  const pgDatabase = TEST_DATABASE_URL && env.DATABASE_URL === undefined ? await createPgTestDatabase(TEST_DATABASE_URL) : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    // One journal key per test process: the key is process-wide (ledger-seal.ts), and apps of one
    // file may share a database.
    LEDGER_KEY: TEST_LEDGER_KEY,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://carnet.test',
    // Suites sign up many users from one address; the rate-limit tests set their own scale.
    RATE_LIMIT_SCALE: '100',
    // One PDF thread (production: one per core): each thread loads pdfkit and the fonts (~0.5 s of
    // CPU) in every test file that renders, and the suite already keeps both cores busy. The pool's
    // own tests and those of renders side by side set their count.
    PDF_WORKERS: '1',
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...env,
  });
  if (config.databaseUrl.startsWith('sqlite:') && config.databaseUrl !== 'sqlite::memory:') {
    await copyMigratedSqlite(config.databaseUrl.slice('sqlite:'.length));
  }
  const database = openDatabase(config.databaseUrl, { poolSize: 4 });
  // Finds nothing to do on a copy of the template; the database is this app's own.
  await migrateToLatest(database);
  const routes: RouteEntry[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  // The job runner stays stopped unless a test asks for it (it drives it with app.jobs.runDue()).
  const jobs = options.jobs ?? { autoStart: false };
  const { mailer, mailDelivery, logger = false, einvoicing } = options;
  const app = await buildApp({ config, database, mailer, mailDelivery, jobs, logger, onRoute, einvoicing });
  answerOnceAccountMailSettled(app, database.db);
  await app.ready();
  return {
    app,
    config,
    database,
    routes,
    async close() {
      await app.close();
      await database.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const STRONG_PASSWORD = 'Carnet-Tr3s-Solide';

let counter = 0;
/** A unique address per call, so tests never collide (nor share rate-limit counters). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${process.pid}.${Date.now()}.${++counter}@exemple.fr`;
}

/** Registers, activates through the e-mailed link and signs in; returns the token pair. */
export async function signUp(t: TestApp, email = uniqueEmail(), password = STRONG_PASSWORD) {
  const reg = await t.app.inject({ method: 'POST', url: '/api/register/', payload: { email, password, password2: password } });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const link = new URL(lastLinkSentTo(t.config.dataDir, email));
  const act = await t.app.inject({ method: 'GET', url: link.pathname });
  if (act.headers.location !== '/activation-success') throw new Error('activation failed');
  const token = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
  const { access, refresh } = token.json() as { access: string; refresh: string };
  return { email, password, access, refresh, auth: { authorization: `Bearer ${access}` } };
}
