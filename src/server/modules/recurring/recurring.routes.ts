import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { sendPage } from '@/server/http/list-filters';
import { idParam } from '@/server/http/params';
import { mailFromParts } from '@/server/mail/mailer';
import { EMAILS_PER_USER_LIMIT } from '@/server/plugins/rate-limit';
import { parisToday } from '@/shared/dates';
import type { RecurringInvoice, RecurringListQuery } from '@/shared/recurring';
import type { Unchecked } from '@/server/http/api-types';
import { recurringService, type RecurringService } from './recurring.service';

type IdRequest = { Params: { id: string } };

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
    kickOutbox: () => ctx.outbox.kick(),
    // An occurrence issued and sent counts against the user's one e-mail budget.
    chargeEmail: (ownerId) => ctx.rateLimit(EMAILS_PER_USER_LIMIT, String(ownerId)),
    // The runner's clock: real in production, the tests' fake one.
    now: ctx.jobs.now,
  });
}

/**
 * Recurring invoices (issue 15): made from an invoice, listed, changed (end date, mode), paused,
 * resumed, stopped. Another user's recurrence or invoice is a 404, whatever the body.
 */
export async function recurringRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);
  const recurring = recurringServiceFor(ctx);

  // Background generation: a scan per period (run by one process), on the runner's clock (fake in tests).
  ctx.jobs.every(RECURRING_SCAN_JOB, RECURRING_SCAN_INTERVAL_MS, async (_payload, run) => {
    await recurring.generateDueOccurrences(run.now);
  });
  /** An occurrence due today (a series starting today, resumed, extended) is generated now, not at the next scan. */
  const scanIfDue = async (r: RecurringInvoice) => {
    if (r.status === 'active' && r.next_occurrence_date !== null && r.next_occurrence_date <= parisToday(ctx.jobs.now())) {
      await ctx.jobs.schedule(ctx.db, { kind: RECURRING_SCAN_JOB, key: `${RECURRING_SCAN_JOB}:${r.id}:${r.updated_at}` });
    }
    return r;
  };

  app.post<IdRequest>('/invoices/:id/make_recurring/', async (request, reply) =>
    reply.status(201).send(await scanIfDue(await recurring.makeRecurring(request.userId, idParam(request.params.id), request.body))),
  );
  app.get<{ Querystring: Unchecked<RecurringListQuery> }>('/recurring-invoices/', async (request, reply) =>
    sendPage(reply, await recurring.list(request.userId, request.query)),
  );
  app.get<IdRequest>('/recurring-invoices/:id/', (request) => recurring.get(request.userId, idParam(request.params.id)));
  app.patch<IdRequest>('/recurring-invoices/:id/', async (request) =>
    scanIfDue(await recurring.patch(request.userId, idParam(request.params.id), request.body)),
  );
  app.post<IdRequest>('/recurring-invoices/:id/pause/', (request) => recurring.pause(request.userId, idParam(request.params.id)));
  app.post<IdRequest>('/recurring-invoices/:id/resume/', async (request) =>
    scanIfDue(await recurring.resume(request.userId, idParam(request.params.id))),
  );
  app.post<IdRequest>('/recurring-invoices/:id/stop/', (request) => recurring.stop(request.userId, idParam(request.params.id)));
}
