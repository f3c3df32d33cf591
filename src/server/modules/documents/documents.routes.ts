import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { DocumentListQuery } from '@/shared/documents-api';
import { INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import { documentSchema, parseDocument } from './documents.schemas';
import { documentsService } from './documents.service';
import { documentDeliveryRoutes } from './document-delivery.routes';
import { quotesRoutes } from './quotes/quotes.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { creditNotesRoutes } from './credit-notes/credit-notes.routes';

type IdRequest = { Params: { id: string } };
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
  quotesRoutes(app, ctx, quotes);
  invoicesRoutes(app, ctx, invoices);
  creditNotesRoutes(app, ctx);
}
