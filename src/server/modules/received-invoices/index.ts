import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { receivedInvoicesRoutes } from './received-invoices.routes';
import { receivedInvoicesService } from './received-invoices.service';

export { receivedInvoicesService, type AnswerToSend, type ReceivedInvoicesService } from './received-invoices.service';

/** « Factures reçues » (issue 26): suppliers' e-invoices, their answers, the purchases register. */
export async function receivedInvoicesModule(app: FastifyInstance, ctx: AppContext) {
  await receivedInvoicesRoutes(app, ctx, { received: receivedInvoicesService(ctx.db) });
}
