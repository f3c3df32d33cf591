import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPage } from '@/server/http/list-filters';
import { idParams, readByHandler } from '@/shared/contracts/common';
import { creditNoteWriteSchema, documentListQuerySchema, documentPageSchema, documentSchema } from '@/shared/contracts/documents';
import type { DocumentsService } from '../documents.service';
import { parseCreditNote, type CreditNotesService } from './credit-notes.service';

export interface CreditNotesRouteServices {
  creditNotes: DocumentsService;
  creditNoting: CreditNotesService;
}

/** Credit notes: issued at creation from an invoice, never changed nor deleted. */
export function creditNotesRoutes(app: FastifyInstance, { creditNotes, creditNoting }: CreditNotesRouteServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/credit-notes/', { schema: { querystring: documentListQuerySchema, response: { 200: documentPageSchema } } }, async (request, reply) =>
    sendPage(reply, await creditNotes.list(request.userId, request.query)),
  );
  api.get('/credit-notes/:id/', { schema: { params: idParams, response: { 200: documentSchema } } }, (request) =>
    creditNotes.get(request.userId, request.params.id),
  );

  // The id is checked before the body (a malformed id is a 404 whatever the body); no body at
  // all credits the whole balance due (parseCreditNote, which adds the render-cost bound).
  api.post(
    '/invoices/:id/credit_note/',
    { schema: { params: idParams, body: readByHandler(creditNoteWriteSchema.nullish()), response: { 201: documentSchema } } },
    async (request, reply) => {
      const input = parseCreditNote(request.body);
      return reply.status(201).send(await creditNoting.createCreditNote(request.userId, request.params.id, input));
    },
  );
}
