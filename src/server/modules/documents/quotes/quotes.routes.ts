import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pendingQuotesSchema } from '@/shared/contracts/dashboard';
import { idParam } from '@/server/http/params';
import type { DocumentsService } from '../documents.service';
import type { QuotesService } from './quotes.service';

export interface QuotesRouteServices {
  quotes: DocumentsService;
  quoting: QuotesService;
}

type IdRequest = { Params: { id: string } };

/** What only quotes have: their dashboard sum, deposit invoices and conversion to the final invoice. */
export function quotesRoutes(app: FastifyInstance, { quotes, quoting }: QuotesRouteServices) {

  // The dashboard's sum (contracts/dashboard.ts).
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/quotes/pending_sum/', { schema: { response: { 200: pendingQuotesSchema } } }, (request) => quotes.aggregates.pendingQuotes(request.userId));

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
