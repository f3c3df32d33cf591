import type { FastifyInstance } from 'fastify';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { MonthlyRevenueQuery } from '@/shared/dashboard';
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

  app.get('/invoices/outstanding_sum/', (request) => invoices.aggregates.outstanding(request.userId));
  app.get('/invoices/overdue_sum/', (request) => invoices.aggregates.overdue(request.userId));
  app.get('/invoices/current_month_revenue/', (request) => invoices.aggregates.currentMonthRevenue(request.userId));
  app.get<{ Querystring: Unchecked<MonthlyRevenueQuery> }>('/invoices/monthly_revenue/', (request) =>
    invoices.aggregates.monthlyRevenue(request.userId, request.query),
  );
  app.get('/invoices/next_expected_payment/', (request) => invoices.aggregates.nextExpectedPayment(request.userId));
}
