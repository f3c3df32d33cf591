import { sql, type Kysely, type Selectable } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, JobsTable } from '../db/schema';
import { createLease } from './lease';
import { createPollingLoop } from './polling-loop';

/**
 * The job runner (issue 15): background work stored in the `jobs` table (migration 0015) and run
 * inside every server process, with no other infrastructure. A process claims a due job with a
 * lease (jobs/lease.ts, shared with the mail outbox): of several processes on one database, one
 * runs it; the lease is renewed while the handler works, and a process that dies mid-job leaves
 * its lease to run out, after which another process runs the job again. A job that throws is
 * retried later (backoff), then marked failed with the error. Scheduling is idempotent: a job's
 * `dedupe_key` is unique, so scheduling it twice stores it once. Periodic work (`every`) is a job
 * per period, keyed by the period's start: each period runs once, whichever process gets it.
 *
 * A handler whose effects are in the database should end its transaction with `run.complete(trx)`:
 * the job is marked done in that same transaction, only if this process still holds it — a process
 * whose lease ran out (it stalled, another took the job over) rolls back instead of applying the
 * job a second time. See notes in README "Getting paid".
 */

export interface JobRunnerSettings {
  /** How often due jobs (and periodic ones) are looked for. */
  pollMs: number;
  /** How long a claim holds; renewed every third of it while the handler works. */
  leaseMs: number;
  /** Waits before the 2nd, 3rd… attempt of a job that threw; one more attempt than delays, then it fails. */
  retryDelaysMs: number[];
  /** The clock (tests give a fake one and advance it). */
  now: () => Date;
}

export const DEFAULT_JOB_SETTINGS: JobRunnerSettings = {
  pollMs: 5_000,
  leaseMs: 120_000,
  retryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000],
  now: () => new Date(),
};

export type JobRow = Selectable<JobsTable>;

/** What a handler is given besides its payload. */
export interface JobRun {
  job: JobRow;
  /** The runner's clock when the job was claimed (a fake one in tests): use it for "today". */
  now: Date;
  /** No attempt follows this one if it throws: the job is then marked failed. */
  finalAttempt: boolean;
  /**
   * Marks the job done inside the handler's transaction `trx`, if this process still holds it;
   * throws `JobLeaseLost` otherwise, which rolls the transaction back.
   */
  complete(trx: Kysely<Database>): Promise<void>;
}

export type JobHandler<P = unknown> = (payload: P, run: JobRun) => Promise<void>;

/** Thrown by `run.complete(trx)` when another process has taken the job over. */
export class JobLeaseLost extends Error {
  constructor(jobId: number) {
    super(`Job ${jobId}: lease lost, its work is left to the process that took it over`);
  }
}

export interface ScheduleJob<P = unknown> {
  /** The handler's name, as registered. */
  kind: string;
  /** Unique among all jobs: the same key scheduled twice is stored once (e.g. 'recurring:12:2026-12-01'). */
  key: string;
  payload?: P;
  /** When to run it (default: now). */
  runAt?: Date;
}

/**
 * Stores a job, in the caller's transaction when `db` is one. Returns false when a job with that
 * key exists already (whatever its state): nothing is stored then.
 */
export async function scheduleJob<P>(db: Kysely<Database>, job: ScheduleJob<P>, now: Date = new Date()): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .insertInto('jobs')
    .values({
      kind: job.kind,
      dedupe_key: job.key,
      payload: JSON.stringify(job.payload ?? null),
      status: 'pending',
      next_attempt_at: (job.runAt ?? now).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

const PERIODIC_SEPARATOR = '@';
/** How long the done runs of a periodic job are kept. */
const PERIODIC_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * The runner of one process: `register` handlers, then `start()` with the app and `stop()` before
 * closing the database. Tests may leave it stopped and call `runDue()` after advancing the clock.
 */
export function createJobRunner(options: { db: Kysely<Database>; log: FastifyBaseLogger; settings?: Partial<JobRunnerSettings> }) {
  const { db, log } = options;
  const settings = { ...DEFAULT_JOB_SETTINGS, ...options.settings };
  const { now } = settings;
  const lease = createLease({
    db,
    table: 'jobs',
    leaseMs: settings.leaseMs,
    now,
    onRenewError: (err) => log.warn({ err }, 'Jobs: lease renewal failed'),
  });
  const handlers = new Map<string, JobHandler<never>>();
  const periodic: { kind: string; intervalMs: number }[] = [];

  /**
   * Stores this period's job of each periodic kind (once: keyed by the period's start). The process
   * that stores it also deletes that kind's done runs older than a week: a past period is never
   * scheduled again, so its row is of no use (other jobs are kept: their key guards against a rerun).
   */
  async function schedulePeriodic() {
    const at = now();
    for (const { kind, intervalMs } of periodic) {
      const start = new Date(Math.floor(at.getTime() / intervalMs) * intervalMs);
      const stored = await scheduleJob(db, { kind, key: `${kind}${PERIODIC_SEPARATOR}${start.toISOString()}`, runAt: start }, at);
      if (!stored) continue;
      await db
        .deleteFrom('jobs')
        .where('kind', '=', kind)
        .where('status', '=', 'done')
        .where('dedupe_key', 'like', `${kind}${PERIODIC_SEPARATOR}%`)
        .where('next_attempt_at', '<', new Date(at.getTime() - PERIODIC_KEPT_MS).toISOString())
        .execute();
    }
  }

  async function run(job: JobRow) {
    const handler = handlers.get(job.kind)!;
    const release = lease.keep(job.id);
    let completed = false;
    const context: JobRun = {
      job,
      now: now(),
      finalAttempt: settings.retryDelaysMs[Number(job.attempts) - 1] === undefined,
      async complete(trx) {
        if (!(await lease.settle(job.id, { status: 'done', last_error: null }, trx))) throw new JobLeaseLost(job.id);
        completed = true;
      },
    };
    try {
      await handler(JSON.parse(job.payload) as never, context);
      release();
      if (!completed) await lease.settle(job.id, { status: 'done', last_error: null });
    } catch (err) {
      release();
      if (err instanceof JobLeaseLost) {
        log.warn({ jobId: job.id, kind: job.kind }, 'Jobs: lease lost, job left to the process that took it over');
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      const attempts = Number(job.attempts);
      const delay = settings.retryDelaysMs[attempts - 1];
      log.error({ err, jobId: job.id, kind: job.kind, attempts }, 'Jobs: job failed');
      if (delay === undefined) await lease.settle(job.id, { status: 'failed', last_error: reason });
      else await lease.settle(job.id, { last_error: reason, next_attempt_at: lease.later(delay) });
    }
  }

  /**
   * Runs every due job of a registered kind, one at a time, until none is left or `stopped()`;
   * returns how many ran.
   */
  async function runDueJobs(stopped: () => boolean): Promise<number> {
    await schedulePeriodic();
    const kinds = [...handlers.keys()];
    if (!kinds.length) return 0;
    // Only kinds this process knows: another version's jobs wait for a process that has them.
    const known = sql<boolean>`kind in (${sql.join(kinds)})`;
    let count = 0;
    for (let job = await lease.claim(known); job; job = stopped() ? null : await lease.claim(known)) {
      await run(job);
      count++;
    }
    return count;
  }

  // Passes when kicked and every pollMs (jobs/polling-loop.ts, shared with the mail outbox).
  const loop = createPollingLoop({
    pollMs: settings.pollMs,
    pass: runDueJobs,
    onError: (err) => log.error({ err }, 'Jobs: pass failed'),
  });
  const { kick } = loop;

  return {
    /** The runner's clock. */
    now,
    /** Runs jobs of `kind` with `handler` (register before `start()`; one handler per kind). */
    register<P>(kind: string, handler: JobHandler<P>) {
      if (handlers.has(kind)) throw new Error(`Job handler already registered: ${kind}`);
      if (kind.includes(PERIODIC_SEPARATOR)) throw new Error(`A job kind has no '${PERIODIC_SEPARATOR}': ${kind}`);
      handlers.set(kind, handler as JobHandler<never>);
    },
    /** Runs `handler` once per period of `intervalMs` (aligned on the epoch), by one process. */
    every(kind: string, intervalMs: number, handler: JobHandler<null>) {
      this.register(kind, handler);
      periodic.push({ kind, intervalMs });
    },
    /** `scheduleJob` on the runner's clock (in `trx` when given), then looks for work at once. */
    async schedule<P>(trx: Kysely<Database>, job: ScheduleJob<P>): Promise<boolean> {
      const stored = await scheduleJob(trx, job, now());
      // Within a transaction the job is seen once committed: the next poll (or the caller's kick) takes it.
      if (trx === db) kick();
      return stored;
    },
    /** Looks for due jobs now (after committing a job scheduled in a transaction). */
    kick,
    start: loop.start,
    /** Stops looking for jobs; waits for the job being run, if any. */
    stop: loop.stop,
    /** Tests: runs the due jobs now (waiting for a pass under way first); returns how many this call ran. */
    async runDue(): Promise<number> {
      await loop.idle();
      return runDueJobs(() => false);
    },
    /** Resolves once no job is being run. */
    idle: loop.idle,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
