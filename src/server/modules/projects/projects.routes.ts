import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { sendPage } from '@/server/http/list-filters';
import { rawIdParam } from '@/server/http/params';
import type { ListPage } from '@/server/http/list-filters';
import { idParams, noContent } from '@/shared/contracts/common';
import { documentSchema } from '@/shared/contracts/documents';
import { invoiceTimeQuerySchema, invoiceTimeSchema, projectListQuerySchema, projectPageSchema, timeToBillSchema, projectSchema, projectWriteSchema } from '@/shared/contracts/projects';
import { taskListQuerySchema, taskListSchema, type Task, type TaskListParams } from '@/shared/contracts/tasks';
import type { ProjectsService } from './projects.service';
import type { TimeBillingService } from './time-billing.service';

/** The services of the project routes (index.ts builds them; tasks come from the tasks module). */
export interface ProjectsRouteServices {
  projects: ProjectsService;
  timeBilling: TimeBillingService;
  tasks: { list(ownerId: number, query: TaskListParams, scope: { projectId: number }): Promise<ListPage<Task>> };
}

export async function projectsRoutes(app: FastifyInstance, ctx: AppContext, { projects, timeBilling, tasks }: ProjectsRouteServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  // Existence first: another user's id is a 404 whatever the body holds.
  const projectFirst = async (request: Parameters<typeof rawIdParam>[0]) => void (await projects.get(request.userId, rawIdParam(request)));

  api.get(
    '/projects/',
    { schema: { querystring: projectListQuerySchema, response: { 200: projectPageSchema } } },
    async (request, reply) => sendPage(reply, await projects.list(request.userId, request.query)),
  );
  api.post('/projects/', { schema: { body: projectWriteSchema, response: { 201: projectSchema } } }, async (request, reply) =>
    reply.status(201).send(await projects.create(request.userId, request.body)),
  );
  api.get('/projects/:id/', { schema: { params: idParams, response: { 200: projectSchema } } }, (request) =>
    projects.get(request.userId, request.params.id),
  );
  api.put(
    '/projects/:id/',
    { schema: { params: idParams, body: projectWriteSchema, response: { 200: projectSchema } }, preValidation: projectFirst },
    (request) => projects.update(request.userId, request.params.id, request.body),
  );
  api.delete('/projects/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await projects.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });
  // "Facturer le temps", previewed: what the POST would bill now (nothing written).
  api.get(
    '/projects/:id/invoice_time/',
    { schema: { params: idParams, querystring: invoiceTimeQuerySchema, response: { 200: timeToBillSchema } }, preValidation: projectFirst },
    (request) => timeBilling.previewProjectTime(request.userId, request.params.id, request.query),
  );
  // "Facturer le temps": a draft invoice of the project's billable time not yet billed (201, the invoice).
  api.post(
    '/projects/:id/invoice_time/',
    { schema: { params: idParams, body: invoiceTimeSchema.nullish(), response: { 201: documentSchema } }, preValidation: projectFirst },
    async (request, reply) => {
      const invoice = await timeBilling.invoiceProjectTime(request.userId, request.params.id, request.body ?? {});
      return reply.status(201).send(invoice);
    },
  );
  api.get(
    '/projects/:id/tasks/',
    { schema: { params: idParams, querystring: taskListQuerySchema, response: { 200: taskListSchema } } },
    async (request, reply) => {
      const project = await projects.get(request.userId, request.params.id);
      return sendPage(reply, await tasks.list(request.userId, request.query, { projectId: project.id }));
    },
  );
}
