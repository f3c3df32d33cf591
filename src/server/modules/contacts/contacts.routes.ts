import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { ApiError, badRequest, notAnObject, zodToFieldErrors } from '@/server/http/errors';
import { sendPage } from '@/server/http/list-filters';
import { rawIdParam } from '@/server/http/params';
import type { ListPage } from '@/server/http/list-filters';
import { CONTACT_IMPORT_MAX_ROWS } from '@/shared/contacts';
import { idParams, noContent, pagedList } from '@/shared/contracts/common';
import {
  clientTypeSchema,
  contactExportDetailsSchema,
  contactImportPreviewSchema,
  contactImportResultSchema,
  contactImportSchema,
  contactListItemSchema,
  contactListQuerySchema,
  type ContactListParams,
  contactSchema,
  contactWriteSchema,
} from '@/shared/contracts/contacts';
import { documentListSchema, type DocumentRowJson } from '@/shared/contracts/documents';
import { projectSchema, type Project } from '@/shared/contracts/projects';
import { taskListQuerySchema, taskListSchema, type Task, type TaskListParams } from '@/shared/contracts/tasks';
import type { ContactsService } from './contacts.service';

/** What a contact's pages show of the other modules (index.ts builds them from those modules' index.ts). */
export interface ContactsRouteServices {
  contacts: ContactsService;
  projects: { forContact(ownerId: number, contactId: number): Promise<Project[]> };
  tasks: { list(ownerId: number, query: TaskListParams, scope: { contactId: number }): Promise<ListPage<Task>> };
  /** The contact's quotes and invoices, at `/contacts/:id/<path>/`. */
  documents: { path: string; forClient(ownerId: number, contactId: number): Promise<DocumentRowJson[]> }[];
}

export async function contactsRoutes(app: FastifyInstance, ctx: AppContext, { contacts, projects, tasks, documents: kinds }: ContactsRouteServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  // Already JSON text: sent as is (ContactListItem[]), so declared on the untyped instance: its
  // response schema documents the text, which a string payload skips. `?client_type=particulier` keeps one type.
  const listSchema = { querystring: contactListQuerySchema, response: { 200: pagedList(contactListItemSchema) } };
  app.get<{ Querystring: ContactListParams }>('/contacts/', { schema: listSchema }, async (request, reply) => {
    const filter = request.query.client_type;
    let type;
    if (filter !== undefined && filter !== '') {
      const parsed = clientTypeSchema.safeParse(filter, { reportInput: true });
      if (!parsed.success) throw badRequest({ client_type: parsed.error.issues.map((issue) => issue.message) });
      type = parsed.data;
    }
    const page = await contacts.listPage(request.userId, request.query, type);
    if (page) return sendPage(reply, page);
    return reply.type('application/json; charset=utf-8').send(await contacts.listJson(request.userId, type));
  });

  // ContactExportDetails[]: what the CSV export adds to the list (every field the import accepts).
  api.get('/contacts/export-details/', { schema: { response: { 200: z.array(contactExportDetailsSchema) } } }, (request) =>
    contacts.exportDetails(request.userId),
  );

  api.post('/contacts/', { schema: { body: contactWriteSchema, response: { 201: contactSchema } } }, async (request, reply) => {
    const contact = await contacts.create(request.userId, request.body);
    return reply.status(201).send(contact);
  });

  api.get('/contacts/:id/', { schema: { params: idParams, response: { 200: contactSchema } } }, (request) =>
    contacts.get(request.userId, request.params.id),
  );

  api.put(
    '/contacts/:id/',
    {
      schema: { params: idParams, body: contactWriteSchema, response: { 200: contactSchema } },
      // Existence first: another user's id is a 404 whatever the body holds.
      preValidation: async (request) => void (await contacts.get(request.userId, rawIdParam(request))),
    },
    (request) => contacts.update(request.userId, request.params.id, request.body),
  );

  api.delete('/contacts/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await contacts.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });

  /**
   * A list of contacts, or `{contacts, dry_run, on_duplicate}` (issue 18). A row that repeats a
   * contact (contact-import.ts: same e-mail, or same name where one has no e-mail) is not created
   * again: skipped, or the contact updated ('update'). `dry_run` writes nothing and says, per row,
   * whether it is new, already there (and which contact) or invalid. Otherwise any invalid row
   * refuses the whole list with one error object per row.
   */
  api.post(
    '/import-contacts/',
    { schema: { body: contactImportSchema, response: { 200: contactImportPreviewSchema, 201: contactImportResultSchema } } },
    async (request, reply) => {
      const { contacts: rows, dry_run: dryRun = false, on_duplicate: onDuplicate = 'skip' } = request.body;
      if (rows.length === 0) throw badRequest({ detail: 'Aucun contact à importer.' });
      if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
        throw new ApiError(413, {
          detail: `Le fichier contient trop de contacts (${rows.length}). Limite : ${CONTACT_IMPORT_MAX_ROWS}.`,
        });
      }
      const parsed = rows.map((row) => {
        const wrongType = notAnObject(row);
        if (wrongType) return { errors: wrongType };
        const result = contactWriteSchema.safeParse(row, { reportInput: true });
        return result.success ? { row: result.data } : { errors: zodToFieldErrors(result.error) };
      });
      if (dryRun) return contacts.previewImport(request.userId, parsed);
      if (parsed.some((item) => 'errors' in item)) {
        throw badRequest({ errors: parsed.map((item) => ('errors' in item ? item.errors : {})) });
      }
      const valid = parsed.flatMap((item) => ('row' in item && item.row ? [item.row] : []));
      return reply.status(201).send(await contacts.importMany(request.userId, valid, onDuplicate));
    },
  );

  api.get('/contacts/:id/projects/', { schema: { params: idParams, response: { 200: z.array(projectSchema) } } }, async (request) => {
    const contact = await contacts.get(request.userId, request.params.id);
    return projects.forContact(request.userId, contact.id);
  });
  api.get(
    '/contacts/:id/tasks/',
    { schema: { params: idParams, querystring: taskListQuerySchema, response: { 200: taskListSchema } } },
    async (request, reply) => {
      const contact = await contacts.get(request.userId, request.params.id);
      return sendPage(reply, await tasks.list(request.userId, request.query, { contactId: contact.id }));
    },
  );
  for (const documents of kinds) {
    api.get(`/contacts/:id/${documents.path}/`, { schema: { params: idParams, response: { 200: documentListSchema } } }, async (request) => {
      const contact = await contacts.get(request.userId, request.params.id);
      return documents.forClient(request.userId, contact.id);
    });
  }
}
