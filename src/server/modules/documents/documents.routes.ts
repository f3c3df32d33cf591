import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { MonthlyRevenueQuery } from '@/shared/dashboard';
import type { DocumentListQuery } from '@/shared/documents-api';
import { CREDIT_NOTE_KIND, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { parsePayment, paymentsService } from './invoices/payments.service';
import { creditNotesService, parseCreditNote } from './credit-notes/credit-notes.service';
import { documentSchema, parseDocument } from './documents.schemas';
import { documentsService } from './documents.service';
import { quotesService } from './quotes/quotes.service';
import { documentDeliveryRoutes } from './document-delivery.routes';

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

  const creditNoting = creditNotesService(ctx.db, ctx.dialect);
  const payments = paymentsService(ctx.db, ctx.dialect);
  const quoting = quotesService(ctx.db, ctx.dialect);
  // The id is checked before the body: a malformed id is a 404 whatever the body.
  app.post<IdRequest>('/invoices/:id/credit_note/', async (request, reply) => {
    const id = idParam(request.params.id);
    const input = parseCreditNote(request.body);
    return reply.status(201).send(await creditNoting.createCreditNote(request.userId, id, input));
  });
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

  app.get('/quotes/pending_sum/', (request) => quotes.aggregates.pendingQuotes(request.userId));
  app.get('/invoices/outstanding_sum/', (request) => invoices.aggregates.outstanding(request.userId));
  app.get('/invoices/overdue_sum/', (request) => invoices.aggregates.overdue(request.userId));
  app.get('/invoices/current_month_revenue/', (request) => invoices.aggregates.currentMonthRevenue(request.userId));
  app.get<{ Querystring: Unchecked<MonthlyRevenueQuery> }>('/invoices/monthly_revenue/', (request) =>
    invoices.aggregates.monthlyRevenue(request.userId, request.query),
  );
  app.get('/invoices/next_expected_payment/', (request) => invoices.aggregates.nextExpectedPayment(request.userId));

  app.post<IdRequest>('/quotes/:id/deposit_invoice/', async (request, reply) => {
    // The body is read once the quote is found: another user's quote is a 404 whatever the body.
    const invoice = await quoting.createDepositInvoice(request.userId, idParam(request.params.id), request.body);
    return reply.status(201).send(invoice);
  });

  app.post<IdRequest>('/quotes/:id/convert_to_invoice/', async (request, reply) => {
    const invoice = await quoting.convertToInvoice(request.userId, idParam(request.params.id));
    return reply.status(201).send({ id: invoice.id, invoice });
  });
}
