import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { parseBody } from '@/server/http/errors';
import { sendPage } from '@/server/http/list-filters';
import { idParam } from '@/server/http/params';
import type { Unchecked } from '@/server/http/api-types';
import type { TaskListQuery } from '@/shared/projects-tasks';
import { taskBody } from './tasks.schemas';
import type { TasksService } from './tasks.service';

type IdRequest = { Params: { id: string } };

export async function tasksRoutes(app: FastifyInstance, ctx: AppContext, { tasks }: { tasks: TasksService }) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: Unchecked<TaskListQuery> }>('/tasks/', async (request, reply) =>
    sendPage(reply, await tasks.list(request.userId, request.query)),
  );
  app.post('/tasks/', async (request, reply) =>
    reply.status(201).send(await tasks.create(request.userId, parseBody(taskBody, request.body))),
  );
  app.get<IdRequest>('/tasks/:id/', (request) => tasks.get(request.userId, idParam(request.params.id)));
  app.put<IdRequest>('/tasks/:id/', async (request) => {
    // Existence first: another user's id is a 404 whatever the body holds.
    const { id } = await tasks.get(request.userId, idParam(request.params.id));
    return tasks.update(request.userId, id, parseBody(taskBody, request.body));
  });
  app.delete<IdRequest>('/tasks/:id/', async (request, reply) => {
    await tasks.remove(request.userId, idParam(request.params.id));
    return reply.status(204).send();
  });
}
