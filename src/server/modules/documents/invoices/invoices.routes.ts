import type { FastifyInstance } from 'fastify';
import { idParam } from '@/server/http/params';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentMonthRevenueSchema,
  monthlyRevenueQuerySchema,
  monthlyRevenueSchema,
  nextExpectedPaymentSchema,
  outstandingInvoicesSchema,
  overdueInvoicesSchema,
} from '@/shared/contracts/dashboard';
import type { DocumentsService } from '../documents.service';
import { parsePayment, type PaymentsService } from './payments.service';

export interface InvoicesRouteServices {
  invoices: DocumentsService;
  payments: PaymentsService;
}

type IdRequest = { Params: { id: string } };
type PaymentRequest = { Params: { id: string; paymentId: string } };

/** What only invoices have: payments and the dashboard's figures. */
export function invoicesRoutes(app: FastifyInstance, { invoices, payments }: InvoicesRouteServices) {

  app.get<IdRequest>('/invoices/:id/payments/', (request) => payments.listPayments(request.userId, idParam(request.params.id)));
  app.post<IdRequest>('/invoices/:id/payments/', async (request, reply) => {
    const id = idParam(request.params.id);
    const input = parsePayment(request.body);
    return reply.status(201).send(await payments.addPayment(request.userId, id, input));
  });
  app.delete<PaymentRequest>('/invoices/:id/payments/:paymentId/', async (request, reply) => {
    await payments.deletePayment(request.userId, idParam(request.params.id), idParam(request.params.paymentId));
    return reply.status(204).send();
  });

  // The dashboard's aggregates (contracts/dashboard.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
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
