import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { ApiError, badRequest, parseBody, zodToFieldErrors } from '@/server/http/errors';
import { sendPage } from '@/server/http/list-filters';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import { CONTACT_IMPORT_MAX_ROWS, type ContactListQuery } from '@/shared/contacts';
import type { TaskListQuery } from '@/shared/projects-tasks';
import type { ListPage } from '@/server/http/list-filters';
import { clientType, contactBody, importBody } from './contacts.schemas';
import type { ContactsService } from './contacts.service';

type IdRequest = { Params: { id: string } };

/** What a contact's pages show of the other modules (index.ts builds them from those modules' index.ts). */
export interface ContactsRouteServices {
  contacts: ContactsService;
  projects: { forContact(ownerId: number, contactId: number): Promise<unknown> };
  tasks: { list(ownerId: number, query: Unchecked<TaskListQuery>, scope: { contactId: number }): Promise<ListPage<unknown>> };
  /** The contact's quotes and invoices, at `/contacts/:id/<path>/`. */
  documents: { path: string; forClient(ownerId: number, contactId: number): Promise<unknown> }[];
}

export async function contactsRoutes(app: FastifyInstance, ctx: AppContext, { contacts, projects, tasks, documents: kinds }: ContactsRouteServices) {
  app.addHook('onRequest', ctx.requireUser);

  // Already JSON text: sent as is (ContactListItem[]). `?client_type=particulier` keeps one type.
  app.get<{ Querystring: Unchecked<ContactListQuery> }>('/contacts/', async (request, reply) => {
    const filter = request.query.client_type;
    let type;
    if (filter !== undefined && filter !== '') {
      const parsed = clientType.safeParse(filter, { reportInput: true });
      if (!parsed.success) throw badRequest({ client_type: parsed.error.issues.map((issue) => issue.message) });
      type = parsed.data;
    }
    return reply.type('application/json; charset=utf-8').send(await contacts.listJson(request.userId, type));
  });

  // ContactIdentifiers[]: what the CSV export adds to the list.
  app.get('/contacts/identifiers/', (request) => contacts.identifiers(request.userId));

  app.post('/contacts/', async (request, reply) => {
    const contact = await contacts.create(request.userId, parseBody(contactBody, request.body));
    return reply.status(201).send(contact);
  });

  app.get<IdRequest>('/contacts/:id/', (request) => contacts.get(request.userId, idParam(request.params.id)));

  app.put<IdRequest>('/contacts/:id/', async (request) => {
    // Existence first: another user's id is a 404 whatever the body holds.
    const { id } = await contacts.get(request.userId, idParam(request.params.id));
    return contacts.update(request.userId, id, parseBody(contactBody, request.body));
  });

  app.delete<IdRequest>('/contacts/:id/', async (request, reply) => {
    await contacts.remove(request.userId, idParam(request.params.id));
    return reply.status(204).send();
  });

  /**
   * A list of contacts, or `{contacts, dry_run, on_duplicate}` (issue 18). A row that repeats a
   * contact (contact-import.ts: same e-mail, or same name where one has no e-mail) is not created
   * again: skipped, or the contact updated ('update'). `dry_run` writes nothing and says, per row,
   * whether it is new, already there (and which contact) or invalid. Otherwise any invalid row
   * refuses the whole list with one error object per row.
   */
  app.post('/import-contacts/', async (request, reply) => {
    const body: z.output<typeof importBody> = Array.isArray(request.body)
      ? { contacts: request.body }
      : parseBody(importBody, request.body);
    const { contacts: rows, dry_run: dryRun = false, on_duplicate: onDuplicate = 'skip' } = body;
    if (rows.length === 0) throw badRequest({ detail: 'Aucun contact à importer.' });
    if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
      throw new ApiError(413, {
        detail: `Le fichier contient trop de contacts (${rows.length}). Limite : ${CONTACT_IMPORT_MAX_ROWS}.`,
      });
    }
    const parsed = rows.map((row) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row)) {
        return { errors: { non_field_errors: ['Données invalides. Un objet JSON est attendu.'] } };
      }
      const result = contactBody.safeParse(row, { reportInput: true });
      return result.success ? { row: result.data } : { errors: zodToFieldErrors(result.error as z.ZodError) };
    });
    if (dryRun) return contacts.previewImport(request.userId, parsed);
    if (parsed.some((item) => 'errors' in item)) {
      throw badRequest({ errors: parsed.map((item) => ('errors' in item ? item.errors : {})) });
    }
    const valid = parsed.flatMap((item) => ('row' in item && item.row ? [item.row] : []));
    return reply.status(201).send(await contacts.importMany(request.userId, valid, onDuplicate));
  });

  app.get<IdRequest>('/contacts/:id/projects/', async (request) => {
    const contact = await contacts.get(request.userId, idParam(request.params.id));
    return projects.forContact(request.userId, contact.id);
  });
  app.get<IdRequest & { Querystring: Unchecked<TaskListQuery> }>('/contacts/:id/tasks/', async (request, reply) => {
    const contact = await contacts.get(request.userId, idParam(request.params.id));
    return sendPage(reply, await tasks.list(request.userId, request.query, { contactId: contact.id }));
  });
  for (const documents of kinds) {
    app.get<IdRequest>(`/contacts/:id/${documents.path}/`, async (request) => {
      const contact = await contacts.get(request.userId, idParam(request.params.id));
      return documents.forClient(request.userId, contact.id);
    });
  }
}
