import type { AppContext } from '@/server/context';
import { ApiError } from '@/server/http/errors';
import type { ReminderLevel } from '@/shared/reminders';
import type { RemindersService } from './reminders.service';

/** How often the automatic reminders are looked for (one job per hour, run by one process). */
export const AUTOMATIC_REMINDERS_INTERVAL_MS = 3_600_000;
export const REMINDER_JOBS = { scan: 'reminders:scan', send: 'reminders:send' } as const;

/**
 * The automatic reminders' jobs: every hour one process looks for the reminders due and schedules
 * one job per invoice and level (`reminder:<id>:<level>`, stored once), each sent in the
 * transaction that completes its job.
 */
export function registerReminderJobs(ctx: AppContext, reminders: RemindersService, appName: string) {
  ctx.jobs.every(REMINDER_JOBS.scan, AUTOMATIC_REMINDERS_INTERVAL_MS, async (_payload, run) => {
    for (const due of await reminders.dueAutomatic(run.now)) {
      await ctx.jobs.schedule(ctx.db, { kind: REMINDER_JOBS.send, key: `reminder:${due.invoiceId}:${due.level}`, payload: due });
    }
  });
  ctx.jobs.register<{ ownerId: number; invoiceId: number; level: ReminderLevel }>(REMINDER_JOBS.send, async (due, run) => {
    try {
      await reminders.send({ ...due, automatic: true, now: run.now, appName, alsoInTransaction: run.complete });
      ctx.outbox.kick();
    } catch (err) {
      // Paid, credited or reminded by hand meanwhile, or gone: nothing to send, the job is done.
      if (err instanceof ApiError && (err.statusCode === 400 || err.statusCode === 404)) return;
      throw err;
    }
  });
}
