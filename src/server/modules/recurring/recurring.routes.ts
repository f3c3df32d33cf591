import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { sendPage } from '@/server/http/list-filters';
import { idParams } from '@/shared/contracts/common';
import {
  makeRecurringBody,
  patchRecurringBody,
  updateRecurringBody,
  recurringInvoiceSchema,
  recurringListQuerySchema,
  type RecurringInvoice,
} from '@/shared/contracts/recurring';
import type { RecurringService } from './recurring.service';

/**
 * Recurring invoices (issue 15): made from an invoice, listed, changed (end date, mode; PUT: lines, client, schedule), paused,
 * resumed, stopped. Another user's recurrence or invoice is a 404, whatever the body. `scanIfDue`
 * (recurring.jobs.ts) generates at once an occurrence a change made due today.
 */
export async function recurringRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { recurring, scanIfDue }: { recurring: RecurringService; scanIfDue: (r: RecurringInvoice) => Promise<RecurringInvoice> },
) {
  app.addHook('onRequest', ctx.requireUser);

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
  // Issue 28: lines, client, schedule and mode, from the next occurrence on.
  api.put('/recurring-invoices/:id/', { schema: { ...one, body: updateRecurringBody } }, async (request) =>
    scanIfDue(await recurring.update(request.userId, request.params.id, request.body)),
  );
  // Actions on the series the URL names: no body.
  api.post('/recurring-invoices/:id/pause/', { schema: one }, (request) => recurring.pause(request.userId, request.params.id));
  api.post('/recurring-invoices/:id/resume/', { schema: one }, async (request) =>
    scanIfDue(await recurring.resume(request.userId, request.params.id)),
  );
  api.post('/recurring-invoices/:id/stop/', { schema: one }, (request) => recurring.stop(request.userId, request.params.id));
}
