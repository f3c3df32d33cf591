import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { sendPage } from '@/server/http/list-filters';
import { mailFromParts } from '@/server/mail/mailer';
import { EMAILS_PER_USER_LIMIT } from '@/server/plugins/rate-limit';
import { parisToday } from '@/shared/dates';
import { idParams } from '@/shared/contracts/common';
import {
  makeRecurringBody,
  patchRecurringBody,
  recurringInvoiceSchema,
  recurringListQuerySchema,
  type RecurringInvoice,
} from '@/shared/contracts/recurring';
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

  const api = app.withTypeProvider<ZodTypeProvider>();
  const one = { params: idParams, response: { 200: recurringInvoiceSchema } };
  api.post(
    '/invoices/:id/make_recurring/',
    { schema: { params: idParams, body: makeRecurringBody, response: { 201: recurringInvoiceSchema } } },
    async (request, reply) =>
      reply.status(201).send(await scanIfDue(await recurring.makeRecurring(request.userId, request.params.id, request.body))),
  );
  api.get(
    '/recurring-invoices/',
    { schema: { querystring: recurringListQuerySchema, response: { 200: z.array(recurringInvoiceSchema) } } },
    async (request, reply) => sendPage(reply, await recurring.list(request.userId, request.query)),
  );
  api.get('/recurring-invoices/:id/', { schema: one }, (request) => recurring.get(request.userId, request.params.id));
  api.patch('/recurring-invoices/:id/', { schema: { ...one, body: patchRecurringBody } }, async (request) =>
    scanIfDue(await recurring.patch(request.userId, request.params.id, request.body)),
  );
  // Actions on the series the URL names: no body.
  api.post('/recurring-invoices/:id/pause/', { schema: one }, (request) => recurring.pause(request.userId, request.params.id));
  api.post('/recurring-invoices/:id/resume/', { schema: one }, async (request) =>
    scanIfDue(await recurring.resume(request.userId, request.params.id)),
  );
  api.post('/recurring-invoices/:id/stop/', { schema: one }, (request) => recurring.stop(request.userId, request.params.id));
}
