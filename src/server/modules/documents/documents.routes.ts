import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import {
  currentMonthRevenueSchema,
  monthlyRevenueQuerySchema,
  monthlyRevenueSchema,
  nextExpectedPaymentSchema,
  outstandingInvoicesSchema,
  overdueInvoicesSchema,
  pendingQuotesSchema,
} from '@/shared/contracts/dashboard';
import type { DocumentListQuery } from '@/shared/documents-api';
import { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { parseCreditNote, parsePayment, settlementService } from './settlement.service';
import { documentSchema, parseDocument } from './documents.schemas';
import { convertQuoteToInvoice, documentsService } from './documents.service';
import { documentDeliveryRoutes } from './document-delivery.routes';
import { createDepositInvoice } from './deposits.service';

type IdRequest = { Params: { id: string } };
type PaymentRequest = { Params: { id: string; paymentId: string } };
type ListRequest = { Querystring: Unchecked<DocumentListQuery> };

const lineCount = (body: unknown) => {
  const lines = (body as { line_items?: unknown } | null)?.line_items;
  return Array.isArray(lines) ? lines.length : 0;
};

/** The same routes for quotes and invoices. */
function documentRoutes(app: FastifyInstance, ctx: AppContext, kind: DocumentKindConfig) {
  const documents = documentsService(ctx.db, ctx.dialect, kind);
  const schema = documentSchema(kind);
  const base = `/${kind.path}`;

  app.get<ListRequest>(`${base}/`, (request) => documents.list(request.userId, request.query));
  app.post(`${base}/`, async (request, reply) => {
    const input = parseDocument(schema, request.body, lineCount(request.body));
    return reply.status(201).send(await documents.create(request.userId, input));
  });
  app.get<IdRequest>(`${base}/:id/`, (request) => documents.get(request.userId, idParam(request.params.id)));
  app.put<IdRequest>(`${base}/:id/`, async (request) => {
    const { id } = await documents.get(request.userId, idParam(request.params.id));
    return documents.update(request.userId, id, parseDocument(schema, request.body, lineCount(request.body)));
  });
  app.delete<IdRequest>(`${base}/:id/`, async (request, reply) => {
    await documents.remove(request.userId, idParam(request.params.id));
    return reply.status(204).send();
  });
  return documents;
}

export async function documentsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);
  const quotes = documentRoutes(app, ctx, QUOTE_KIND);
  const invoices = documentRoutes(app, ctx, INVOICE_KIND);
  documentDeliveryRoutes(app, ctx);

  // Credit notes: issued at creation from an invoice, never changed nor deleted.
  const creditNotes = documentsService(ctx.db, ctx.dialect, CREDIT_NOTE_KIND);
  app.get<ListRequest>('/credit-notes/', (request) => creditNotes.list(request.userId, request.query));
  app.get<IdRequest>('/credit-notes/:id/', (request) => creditNotes.get(request.userId, idParam(request.params.id)));

  const settlement = settlementService(ctx.db, ctx.dialect);
  // The id is checked before the body: a malformed id is a 404 whatever the body.
  app.post<IdRequest>('/invoices/:id/credit_note/', async (request, reply) => {
    const id = idParam(request.params.id);
    const input = parseCreditNote(request.body);
    return reply.status(201).send(await settlement.createCreditNote(request.userId, id, input));
  });
  app.get<IdRequest>('/invoices/:id/payments/', (request) => settlement.listPayments(request.userId, idParam(request.params.id)));
  app.post<IdRequest>('/invoices/:id/payments/', async (request, reply) => {
    const id = idParam(request.params.id);
    const input = parsePayment(request.body);
    return reply.status(201).send(await settlement.addPayment(request.userId, id, input));
  });
  app.delete<PaymentRequest>('/invoices/:id/payments/:paymentId/', async (request, reply) => {
    await settlement.deletePayment(request.userId, idParam(request.params.id), idParam(request.params.paymentId));
    return reply.status(204).send();
  });

  // The dashboard's aggregates (contracts/dashboard.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answers = <S>(schema: S) => ({ schema: { response: { 200: schema } } });
  api.get('/quotes/pending_sum/', answers(pendingQuotesSchema), (request) => quotes.aggregates.pendingQuotes(request.userId));
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

  app.post<IdRequest>('/quotes/:id/deposit_invoice/', async (request, reply) => {
    // The body is read once the quote is found: another user's quote is a 404 whatever the body.
    const invoice = await createDepositInvoice(ctx.db, ctx.dialect, request.userId, idParam(request.params.id), request.body);
    return reply.status(201).send(invoice);
  });

  app.post<IdRequest>('/quotes/:id/convert_to_invoice/', async (request, reply) => {
    const invoice = await convertQuoteToInvoice(ctx.db, ctx.dialect, request.userId, idParam(request.params.id));
    return reply.status(201).send({ id: invoice.id, invoice });
  });
}
