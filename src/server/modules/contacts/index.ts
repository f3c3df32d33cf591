import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { documentsService, INVOICE_KIND, QUOTE_KIND } from '@/server/modules/documents';
import { projectsService } from '@/server/modules/projects';
import { tasksService } from '@/server/modules/tasks';
import { contactsRoutes } from './contacts.routes';
import { contactsService } from './contacts.service';

/** The contacts' routes: a contact's page also lists its projects, tasks, quotes and invoices. */
export async function contactsModule(app: FastifyInstance, ctx: AppContext) {
  await contactsRoutes(app, ctx, {
    contacts: contactsService(ctx.db, ctx.dialect),
    projects: projectsService(ctx.db),
    tasks: tasksService(ctx.db),
    documents: [QUOTE_KIND, INVOICE_KIND].map((kind) => ({ path: kind.path, ...documentsService(ctx.db, ctx.dialect, kind) })),
  });
}
