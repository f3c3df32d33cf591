import type { AppContext } from '@/server/context';
import { mailFromParts } from '@/server/mail/mailer';
import { EMAILS_PER_USER_LIMIT } from '@/server/plugins/rate-limit';
import { parisToday } from '@/shared/dates';
import type { RecurringInvoice } from '@/shared/contracts/recurring';
import { recurringService, type RecurringService } from './recurring.service';

/** The job that generates the due occurrences (jobs/runner.ts): periodic, and scheduled at once after a change. */
export const RECURRING_SCAN_JOB = 'recurring:scan';
/** How often every process's runner looks for due occurrences (one scan per period across processes). */
export const RECURRING_SCAN_INTERVAL_MS = 10 * 60_000;

/** The recurring invoices service of an app (routes, and the job that generates the occurrences). */
export function recurringServiceFor(ctx: AppContext): RecurringService {
  return recurringService({
    db: ctx.db,
    dialect: ctx.dialect,
    appName: mailFromParts(ctx.config.mailFrom).name,
    // Issue 27: each invoice sent carries the client's link.
    appUrl: ctx.config.appUrl,
    kickOutbox: () => ctx.outbox.kick(),
    // An occurrence issued and sent counts against the user's one e-mail budget.
    chargeEmail: (ownerId) => ctx.rateLimit(EMAILS_PER_USER_LIMIT, String(ownerId)),
    // The runner's clock: real in production, the tests' fake one.
    now: ctx.jobs.now,
  });
}

/**
 * Background generation: a scan per period (run by one process), on the runner's clock (fake in
 * tests). Answers `scanIfDue`: an occurrence due today (a series starting today, resumed, extended)
 * is generated now, not at the next scan.
 */
export function registerRecurringJobs(ctx: AppContext, recurring: RecurringService) {
  ctx.jobs.every(RECURRING_SCAN_JOB, RECURRING_SCAN_INTERVAL_MS, async (_payload, run) => {
    await recurring.generateDueOccurrences(run.now);
  });
  return {
    scanIfDue: async (r: RecurringInvoice) => {
      if (r.status === 'active' && r.next_occurrence_date !== null && r.next_occurrence_date <= parisToday(ctx.jobs.now())) {
        await ctx.jobs.schedule(ctx.db, { kind: RECURRING_SCAN_JOB, key: `${RECURRING_SCAN_JOB}:${r.id}:${r.updated_at}` });
      }
      return r;
    },
  };
}
