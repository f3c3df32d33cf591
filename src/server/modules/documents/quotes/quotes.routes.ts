import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pendingQuotesSchema } from '@/shared/contracts/dashboard';
import { idParams, readByHandler } from '@/shared/contracts/common';
import { convertedQuoteSchema, depositWriteSchema, documentSchema } from '@/shared/contracts/documents';
import type { DocumentsService } from '../documents.service';
import type { QuotesService } from './quotes.service';

export interface QuotesRouteServices {
  quotes: DocumentsService;
  quoting: QuotesService;
}

/** What only quotes have: their dashboard sum, deposit invoices and conversion to the final invoice. */
export function quotesRoutes(app: FastifyInstance, { quotes, quoting }: QuotesRouteServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The dashboard's sum (contracts/dashboard.ts).
  api.get('/quotes/pending_sum/', { schema: { response: { 200: pendingQuotesSchema } } }, (request) => quotes.aggregates.pendingQuotes(request.userId));

  // The body is read once the quote is found (quotes.service.ts: parseDeposit, with its own
  // messages): another user's quote is a 404 whatever the body.
  api.post(
    '/quotes/:id/deposit_invoice/',
    { schema: { params: idParams, body: readByHandler(depositWriteSchema.nullish()), response: { 201: documentSchema } } },
    async (request, reply) => reply.status(201).send(await quoting.createDepositInvoice(request.userId, request.params.id, request.body)),
  );

  api.post(
    '/quotes/:id/convert_to_invoice/',
    { schema: { params: idParams, response: { 201: convertedQuoteSchema } } },
    async (request, reply) => {
      const invoice = await quoting.convertToInvoice(request.userId, request.params.id);
      return reply.status(201).send({ id: invoice.id, invoice });
    },
  );
}
