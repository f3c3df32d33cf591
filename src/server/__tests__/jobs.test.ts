import type { Kysely } from 'kysely';
import { createTestApp, type TestApp } from '../test/test-app';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { scheduleJob, type JobRunner } from '../jobs/runner';
import { sleep } from '../test/server-process';

/**
 * The job runner (issue 15, jobs/runner.ts) on SQLite, or PostgreSQL with TEST_DATABASE_URL: two
 * app instances on one database (two processes' worth of connections and runners) run each job
 * once; a fake clock drives periodic jobs and the lease; a process that stalls mid-job loses it to
 * another after the lease, and its late work is rolled back.
 */

jest.setTimeout(90_000);

/** One clock for both instances, moved by the test. */
const clock = { at: new Date('2026-12-01T08:00:00.000Z') };
const now = () => new Date(clock.at);
const advance = (ms: number) => (clock.at = new Date(clock.at.getTime() + ms));
const LEASE_MS = 60_000;

let a: TestApp;
let b: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };
let db: Kysely<Database>;
let runnerA: JobRunner;
let runnerB: JobRunner;

/** Runs of each key by instance, for the handlers below. */
const runs: { key: string; instance: string }[] = [];
let gate: Promise<void> | null = null;

function registerHandlers(runner: JobRunner, instance: string) {
  runner.register<{ key: string }>('test:record', async ({ key }) => {
    await sleep(3);
    runs.push({ key, instance });
  });
  // Its effect (a row) and the job's completion commit together, or not at all.
  runner.register<{ key: string }>('test:effect', async ({ key }, run) => {
    if (instance === 'A' && gate) await gate;
    await db.transaction().execute(async (trx) => {
      await scheduleJob(trx, { kind: 'test:marker', key: `effect ${key} by ${instance}` });
      await run.complete(trx);
    });
  });
  runner.register<{ failures: number }>('test:flaky', async ({ failures }, run) => {
    if (Number(run.job.attempts) <= failures) throw new Error(`échec n° ${run.job.attempts}`);
    runs.push({ key: 'flaky', instance });
  });
}

beforeAll(async () => {
  const jobs = { autoStart: false, now, leaseMs: LEASE_MS, pollMs: 10, retryDelaysMs: [1_000, 5_000] };
  a = await createTestApp({}, { jobs });
  db = a.database.db;
  // B: the same database (file or PostgreSQL schema), its own connections and runner.
  const database = openDatabase(a.config.databaseUrl, { searchPath: a.database.schema, poolSize: 4 });
  const app = await buildApp({ config: a.config, database, logger: false, jobs });
  await app.ready();
  b = { app, close: async () => (await app.close(), await database.close()) };
  runnerA = a.app.jobs;
  runnerB = b.app.jobs;
  registerHandlers(runnerA, 'A');
  registerHandlers(runnerB, 'B');
});
afterAll(async () => {
  await b.close();
  await a.close();
});
beforeEach(() => (runs.length = 0));

const jobRow = (key: string) => db.selectFrom('jobs').selectAll().where('dedupe_key', '=', key).executeTakeFirstOrThrow();

it('stores a job scheduled twice once', async () => {
  expect(await scheduleJob(db, { kind: 'test:record', key: 'once', payload: { key: 'once' } }, now())).toBe(true);
  expect(await scheduleJob(db, { kind: 'test:record', key: 'once', payload: { key: 'twice' } }, now())).toBe(false);
  const rows = await db.selectFrom('jobs').select(['payload']).where('dedupe_key', '=', 'once').execute();
  expect(rows).toEqual([{ payload: '{"key":"once"}' }]);
  await Promise.all([runnerA.runDue(), runnerB.runDue()]);
  expect(runs).toEqual([{ key: 'once', instance: expect.any(String) }]);
  expect((await jobRow('once')).status).toBe('done');
});

it('two instances polling one database run each job exactly once, both taking their share', async () => {
  const count = 40;
  await db.transaction().execute(async (trx) => {
    for (let i = 1; i <= count; i++) await scheduleJob(trx, { kind: 'test:record', key: `share ${i}`, payload: { key: `share ${i}` } }, now());
  });
  runnerA.start();
  runnerB.start();
  try {
    const pending = async () =>
      (await db.selectFrom('jobs').select('id').where('kind', '=', 'test:record').where('status', '<>', 'done').execute()).length;
    for (let left = await pending(); left > 0; left = await pending()) await sleep(20);
  } finally {
    await Promise.all([runnerA.stop(), runnerB.stop()]);
  }
  const keys = runs.map((r) => r.key).filter((k) => k.startsWith('share'));
  expect(keys.sort()).toEqual(Array.from({ length: count }, (_, i) => `share ${i + 1}`).sort());
  expect(new Set(runs.filter((r) => r.key.startsWith('share')).map((r) => r.instance))).toEqual(new Set(['A', 'B']));
});

it('a job whose process stalls mid-run is run again once its lease has run out, and the stalled work is rolled back', async () => {
  let open!: () => void;
  gate = new Promise<void>((resolve) => (open = resolve));
  await scheduleJob(db, { kind: 'test:effect', key: 'crash', payload: { key: 'crash' } }, now());
  // A claims it and stalls (as a process that died would: no progress, no completion).
  const stalled = runnerA.runDue();
  for (let row = await jobRow('crash'); !row.lease_owner; row = await jobRow('crash')) await sleep(10);

  // Within the lease, B leaves it alone.
  // (Counted on the job's row: the app's own periodic jobs may fall due as the fake clock moves.)
  advance(LEASE_MS - 1_000);
  await runnerB.runDue();
  expect(await jobRow('crash')).toMatchObject({ status: 'pending', attempts: 1, lease_owner: expect.any(String) });
  // Past the lease, B runs it.
  advance(2_000);
  await runnerB.runDue();
  const done = await jobRow('crash');
  expect(done).toMatchObject({ status: 'done', attempts: 2, lease_owner: null });

  // A wakes up: its completion finds the job no longer its own, and its transaction rolls back.
  open();
  await stalled;
  gate = null;
  const effects = await db.selectFrom('jobs').select('dedupe_key').where('kind', '=', 'test:marker').where('dedupe_key', 'like', 'effect crash%').execute();
  expect(effects).toEqual([{ dedupe_key: 'effect crash by B' }]);
});

it('retries a job that throws after the delays, then marks it failed with the error', async () => {
  await scheduleJob(db, { kind: 'test:flaky', key: 'flaky ok', payload: { failures: 1 } }, now());
  await scheduleJob(db, { kind: 'test:flaky', key: 'flaky ko', payload: { failures: 5 } }, now());
  await runnerA.runDue();
  expect(await jobRow('flaky ok')).toMatchObject({ status: 'pending', attempts: 1, last_error: 'échec n° 1' });
  await runnerB.runDue(); // not due before its delay
  expect(await jobRow('flaky ok')).toMatchObject({ status: 'pending', attempts: 1 });
  advance(1_000);
  await runnerB.runDue();
  expect(await jobRow('flaky ok')).toMatchObject({ status: 'done', attempts: 2, last_error: null });
  expect(runs).toEqual([{ key: 'flaky', instance: 'B' }]);
  advance(5_000);
  await runnerA.runDue();
  expect(await jobRow('flaky ko')).toMatchObject({ status: 'failed', attempts: 3, last_error: 'échec n° 3' });
  advance(3_600_000);
  await runnerA.runDue();
  expect((await jobRow('flaky ko')).attempts).toBe(3);
});

it('runs a periodic job once per period, whichever instance gets it (fake clock)', async () => {
  for (const [runner, instance] of [[runnerA, 'A'], [runnerB, 'B']] as const) {
    runner.every('test:hourly', 3_600_000, async (_payload, run) => {
      runs.push({ key: `hourly ${run.now.toISOString()}`, instance });
    });
  }
  clock.at = new Date('2026-12-02T10:15:00.000Z');
  await Promise.all([runnerA.runDue(), runnerB.runDue()]);
  await Promise.all([runnerA.runDue(), runnerB.runDue()]);
  expect(runs.map((r) => r.key)).toEqual(['hourly 2026-12-02T10:15:00.000Z']);

  advance(30 * 60_000); // 10:45, same hour: nothing
  await Promise.all([runnerA.runDue(), runnerB.runDue()]);
  expect(runs).toHaveLength(1);

  advance(30 * 60_000); // 11:15: the next hour's run
  await Promise.all([runnerB.runDue(), runnerA.runDue()]);
  expect(runs.map((r) => r.key)).toEqual(['hourly 2026-12-02T10:15:00.000Z', 'hourly 2026-12-02T11:15:00.000Z']);
  expect(await db.selectFrom('jobs').select('dedupe_key').where('kind', '=', 'test:hourly').orderBy('dedupe_key').execute()).toEqual([
    { dedupe_key: 'test:hourly@2026-12-02T10:00:00.000Z' },
    { dedupe_key: 'test:hourly@2026-12-02T11:00:00.000Z' },
  ]);

  // A week later, the done runs older than a week are gone; the new period's is there.
  advance(7 * 24 * 3_600_000 - 30 * 60_000); // 2026-12-09 10:45: the 10:00 run of 2026-12-02 is over a week old
  await runnerA.runDue();
  expect(await db.selectFrom('jobs').select('dedupe_key').where('kind', '=', 'test:hourly').orderBy('dedupe_key').execute()).toEqual([
    { dedupe_key: 'test:hourly@2026-12-02T11:00:00.000Z' },
    { dedupe_key: 'test:hourly@2026-12-09T10:00:00.000Z' },
  ]);
});
