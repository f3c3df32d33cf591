import type { FastifyInstance } from 'fastify';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { DocumentListQuery } from '@/shared/documents-api';
import type { DocumentsService } from '../documents.service';
import { parseCreditNote, type CreditNotesService } from './credit-notes.service';

export interface CreditNotesRouteServices {
  creditNotes: DocumentsService;
  creditNoting: CreditNotesService;
}

type IdRequest = { Params: { id: string } };
type ListRequest = { Querystring: Unchecked<DocumentListQuery> };

/** Credit notes: issued at creation from an invoice, never changed nor deleted. */
export function creditNotesRoutes(app: FastifyInstance, { creditNotes, creditNoting }: CreditNotesRouteServices) {

  app.get<ListRequest>('/credit-notes/', (request) => creditNotes.list(request.userId, request.query));
  app.get<IdRequest>('/credit-notes/:id/', (request) => creditNotes.get(request.userId, idParam(request.params.id)));

  // The id is checked before the body: a malformed id is a 404 whatever the body.
  app.post<IdRequest>('/invoices/:id/credit_note/', async (request, reply) => {
    const id = idParam(request.params.id);
    const input = parseCreditNote(request.body);
    return reply.status(201).send(await creditNoting.createCreditNote(request.userId, id, input));
  });
}
