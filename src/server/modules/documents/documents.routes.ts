import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPage } from '@/server/http/list-filters';
import type { AppContext } from '@/server/context';
import { idParams, noContent } from '@/shared/contracts/common';
import { documentListQuerySchema, documentPageSchema, documentSchema, documentWriteBody } from '@/shared/contracts/documents';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentBodySchema, parseDocument } from './documents.schemas';
import type { DocumentsService } from './documents.service';
import { documentDeliveryRoutes, type DeliveryServices } from './document-delivery.routes';
import { quotesRoutes, type QuotesRouteServices } from './quotes/quotes.routes';
import { invoicesRoutes, type InvoicesRouteServices } from './invoices/invoices.routes';
import { creditNotesRoutes, type CreditNotesRouteServices } from './credit-notes/credit-notes.routes';

/** The module's services, built once from the context by index.ts: routes never see the database. */
export type DocumentsRouteServices = QuotesRouteServices & InvoicesRouteServices & CreditNotesRouteServices & DeliveryServices;

const lineCount = (body: unknown) => {
  const lines = (body as { line_items?: unknown } | null)?.line_items;
  return Array.isArray(lines) ? lines.length : 0;
};

/**
 * The same routes for quotes and invoices. A document body is read by parseDocument (its line
 * errors nested per line, as DRF does), after the row is found for a PUT: another user's id is a
 * 404 whatever the body holds.
 */
function documentRoutes(app: FastifyInstance, kind: DocumentKindConfig, documents: DocumentsService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = documentBodySchema(kind);
  const body = documentWriteBody(kind);
  const base = `/${kind.path}`;

  api.get(`${base}/`, { schema: { querystring: documentListQuerySchema, response: { 200: documentPageSchema } } }, async (request, reply) =>
    sendPage(reply, await documents.list(request.userId, request.query)),
  );
  api.post(`${base}/`, { schema: { body, response: { 201: documentSchema } } }, async (request, reply) => {
    const input = parseDocument(schema, request.body, lineCount(request.body));
    return reply.status(201).send(await documents.create(request.userId, input));
  });
  api.get(`${base}/:id/`, { schema: { params: idParams, response: { 200: documentSchema } } }, (request) =>
    documents.get(request.userId, request.params.id),
  );
  api.put(`${base}/:id/`, { schema: { params: idParams, body, response: { 200: documentSchema } } }, async (request) => {
    const { id } = await documents.get(request.userId, request.params.id);
    return documents.update(request.userId, id, parseDocument(schema, request.body, lineCount(request.body)));
  });
  api.delete(`${base}/:id/`, { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await documents.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });
  return documents;
}

export async function documentsRoutes(app: FastifyInstance, ctx: AppContext, services: DocumentsRouteServices) {
  app.addHook('onRequest', ctx.requireUser);
  documentRoutes(app, QUOTE_KIND, services.quotes);
  documentRoutes(app, INVOICE_KIND, services.invoices);
  documentDeliveryRoutes(app, ctx, services);
  quotesRoutes(app, services);
  invoicesRoutes(app, services);
  creditNotesRoutes(app, services);
}
