import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, noContent } from '@/shared/contracts/common';
import { paymentAddedSchema, paymentSchema, paymentWriteSchema } from '@/shared/contracts/documents';
import {
  currentMonthRevenueSchema,
  monthlyRevenueQuerySchema,
  monthlyRevenueSchema,
  nextExpectedPaymentSchema,
  outstandingInvoicesSchema,
  overdueInvoicesSchema,
} from '@/shared/contracts/dashboard';
import type { DocumentsService } from '../documents.service';
import type { PaymentsService } from './payments.service';

export interface InvoicesRouteServices {
  invoices: DocumentsService;
  payments: PaymentsService;
}

/** `:id/payments/:paymentId/`: both ids as idParams reads one (a malformed one is a 404). */
const paymentParams = z.object({ id: idParams.shape.id, paymentId: idParams.shape.id });

/** What only invoices have: payments and the dashboard's figures. */
export function invoicesRoutes(app: FastifyInstance, { invoices, payments }: InvoicesRouteServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/invoices/:id/payments/', { schema: { params: idParams, response: { 200: z.array(paymentSchema) } } }, (request) =>
    payments.listPayments(request.userId, request.params.id),
  );
  // A malformed id is a 404 before the body is read (params are validated first).
  api.post(
    '/invoices/:id/payments/',
    { schema: { params: idParams, body: paymentWriteSchema, response: { 201: paymentAddedSchema } } },
    async (request, reply) => reply.status(201).send(await payments.addPayment(request.userId, request.params.id, request.body)),
  );
  api.delete('/invoices/:id/payments/:paymentId/', { schema: { params: paymentParams, response: { 204: noContent } } }, async (request, reply) => {
    await payments.deletePayment(request.userId, request.params.id, request.params.paymentId);
    return reply.status(204).send();
  });

  // The dashboard's aggregates (contracts/dashboard.ts).
  const answers = <S>(schema: S) => ({ schema: { response: { 200: schema } } });
  api.get('/invoices/outstanding_sum/', answers(outstandingInvoicesSchema), (request) => invoices.aggregates.outstanding(request.userId));
  api.get('/invoices/overdue_sum/', answers(overdueInvoicesSchema), (request) => invoices.aggregates.overdue(request.userId));
  api.get('/invoices/current_month_revenue/', answers(currentMonthRevenueSchema), (request) =>
    invoices.aggregates.currentMonthRevenue(request.userId),
  );
  api.get(
    '/invoices/monthly_revenue/',
    { schema: { querystring: monthlyRevenueQuerySchema, response: { 200: monthlyRevenueSchema } } },
    (request) => invoices.aggregates.monthlyRevenue(request.userId, request.query),
  );
  api.get('/invoices/next_expected_payment/', answers(nextExpectedPaymentSchema), (request) =>
    invoices.aggregates.nextExpectedPayment(request.userId),
  );
}
