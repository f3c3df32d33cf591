import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { sendPage } from '@/server/http/list-filters';
import { idParam } from '@/server/http/params';
import type { RecurringInvoice, RecurringListQuery } from '@/shared/recurring';
import type { Unchecked } from '@/server/http/api-types';
import type { RecurringService } from './recurring.service';

type IdRequest = { Params: { id: string } };

/**
 * Recurring invoices (issue 15): made from an invoice, listed, changed (end date, mode), paused,
 * resumed, stopped. Another user's recurrence or invoice is a 404, whatever the body. `scanIfDue`
 * (recurring.jobs.ts) generates at once an occurrence a change made due today.
 */
export async function recurringRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { recurring, scanIfDue }: { recurring: RecurringService; scanIfDue: (r: RecurringInvoice) => Promise<RecurringInvoice> },
) {
  app.addHook('onRequest', ctx.requireUser);

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
