import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { DocumentListQuery } from '@/shared/documents-api';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentSchema, parseDocument } from './documents.schemas';
import type { DocumentsService } from './documents.service';
import { documentDeliveryRoutes, type DeliveryServices } from './document-delivery.routes';
import { quotesRoutes, type QuotesRouteServices } from './quotes/quotes.routes';
import { invoicesRoutes, type InvoicesRouteServices } from './invoices/invoices.routes';
import { creditNotesRoutes, type CreditNotesRouteServices } from './credit-notes/credit-notes.routes';

/** The module's services, built once from the context by index.ts: routes never see the database. */
export type DocumentsRouteServices = QuotesRouteServices & InvoicesRouteServices & CreditNotesRouteServices & DeliveryServices;

type IdRequest = { Params: { id: string } };
type ListRequest = { Querystring: Unchecked<DocumentListQuery> };

const lineCount = (body: unknown) => {
  const lines = (body as { line_items?: unknown } | null)?.line_items;
  return Array.isArray(lines) ? lines.length : 0;
};

/** The same routes for quotes and invoices. */
function documentRoutes(app: FastifyInstance, kind: DocumentKindConfig, documents: DocumentsService) {
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

export async function documentsRoutes(app: FastifyInstance, ctx: AppContext, services: DocumentsRouteServices) {
  app.addHook('onRequest', ctx.requireUser);
  documentRoutes(app, QUOTE_KIND, services.quotes);
  documentRoutes(app, INVOICE_KIND, services.invoices);
  documentDeliveryRoutes(app, ctx, services);
  quotesRoutes(app, services);
  invoicesRoutes(app, services);
  creditNotesRoutes(app, services);
}
