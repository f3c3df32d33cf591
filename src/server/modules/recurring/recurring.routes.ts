import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { sendPage } from '../../http/list-filters';
import { idParam } from '../../http/params';
import { mailFromParts } from '../../mail/mailer';
import { recurringService, type RecurringService } from './recurring.service';

type IdRequest = { Params: { id: string } };

/** The recurring invoices service of an app (routes, and the job that generates the occurrences). */
export function recurringServiceFor(ctx: AppContext): RecurringService {
  return recurringService({
    db: ctx.db,
    dialect: ctx.dialect,
    appName: mailFromParts(ctx.config.mailFrom).name,
    kickOutbox: () => ctx.outbox.kick(),
  });
}

/**
 * Recurring invoices (issue 15): made from an invoice, listed, changed (end date, mode), paused,
 * resumed, stopped. Another user's recurrence or invoice is a 404, whatever the body.
 */
export async function recurringRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);
  const recurring = recurringServiceFor(ctx);

  app.post<IdRequest>('/invoices/:id/make_recurring/', async (request, reply) =>
    reply.status(201).send(await recurring.makeRecurring(request.userId, idParam(request.params.id), request.body)),
  );
  app.get('/recurring-invoices/', async (request, reply) =>
    sendPage(reply, await recurring.list(request.userId, request.query as Record<string, unknown>)),
  );
  app.get<IdRequest>('/recurring-invoices/:id/', (request) => recurring.get(request.userId, idParam(request.params.id)));
  app.patch<IdRequest>('/recurring-invoices/:id/', (request) =>
    recurring.patch(request.userId, idParam(request.params.id), request.body),
  );
  app.post<IdRequest>('/recurring-invoices/:id/pause/', (request) => recurring.pause(request.userId, idParam(request.params.id)));
  app.post<IdRequest>('/recurring-invoices/:id/resume/', (request) => recurring.resume(request.userId, idParam(request.params.id)));
  app.post<IdRequest>('/recurring-invoices/:id/stop/', (request) => recurring.stop(request.userId, idParam(request.params.id)));
}
