import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { parseBody } from '@/server/http/errors';
import { sendPage } from '@/server/http/list-filters';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { ListPage } from '@/server/http/list-filters';
import type { ProjectListQuery, TaskListQuery } from '@/shared/projects-tasks';
import { projectBody } from './projects.schemas';
import type { ProjectsService } from './projects.service';
import type { TimeBillingService } from './time-billing.service';

type IdRequest = { Params: { id: string } };

/** The services of the project routes (index.ts builds them; tasks come from the tasks module). */
export interface ProjectsRouteServices {
  projects: ProjectsService;
  timeBilling: TimeBillingService;
  tasks: { list(ownerId: number, query: Unchecked<TaskListQuery>, scope: { projectId: number }): Promise<ListPage<unknown>> };
}

export async function projectsRoutes(app: FastifyInstance, ctx: AppContext, { projects, timeBilling, tasks }: ProjectsRouteServices) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: Unchecked<ProjectListQuery> }>('/projects/', async (request, reply) =>
    sendPage(reply, await projects.list(request.userId, request.query)),
  );
  app.post('/projects/', async (request, reply) =>
    reply.status(201).send(await projects.create(request.userId, parseBody(projectBody, request.body))),
  );
  app.get<IdRequest>('/projects/:id/', (request) => projects.get(request.userId, idParam(request.params.id)));
  app.put<IdRequest>('/projects/:id/', async (request) => {
    // Existence first: another user's id is a 404 whatever the body holds.
    const { id } = await projects.get(request.userId, idParam(request.params.id));
    return projects.update(request.userId, id, parseBody(projectBody, request.body));
  });
  app.delete<IdRequest>('/projects/:id/', async (request, reply) => {
    await projects.remove(request.userId, idParam(request.params.id));
    return reply.status(204).send();
  });
  // "Facturer le temps": a draft invoice of the project's billable time not yet billed (201, the invoice).
  app.post<IdRequest>('/projects/:id/invoice_time/', async (request, reply) => {
    const invoice = await timeBilling.invoiceProjectTime(request.userId, idParam(request.params.id), request.body);
    return reply.status(201).send(invoice);
  });
  app.get<IdRequest & { Querystring: Unchecked<TaskListQuery> }>('/projects/:id/tasks/', async (request, reply) => {
    const project = await projects.get(request.userId, idParam(request.params.id));
    return sendPage(reply, await tasks.list(request.userId, request.query, { projectId: project.id }));
  });
}
