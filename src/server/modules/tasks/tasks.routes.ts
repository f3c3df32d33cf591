import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { sendPage } from '@/server/http/list-filters';
import { rawIdParam } from '@/server/http/params';
import { idParams, noContent } from '@/shared/contracts/common';
import { taskListQuerySchema, taskListSchema, taskSchema, taskWriteSchema } from '@/shared/contracts/tasks';
import type { TasksService } from './tasks.service';

export async function tasksRoutes(app: FastifyInstance, ctx: AppContext, { tasks }: { tasks: TasksService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get('/tasks/', { schema: { querystring: taskListQuerySchema, response: { 200: taskListSchema } } }, async (request, reply) =>
    sendPage(reply, await tasks.list(request.userId, request.query)),
  );
  api.post('/tasks/', { schema: { body: taskWriteSchema, response: { 201: taskSchema } } }, async (request, reply) =>
    reply.status(201).send(await tasks.create(request.userId, request.body)),
  );
  api.get('/tasks/:id/', { schema: { params: idParams, response: { 200: taskSchema } } }, (request) =>
    tasks.get(request.userId, request.params.id),
  );
  api.put(
    '/tasks/:id/',
    {
      schema: { params: idParams, body: taskWriteSchema, response: { 200: taskSchema } },
      // Existence first: another user's id is a 404 whatever the body holds.
      preValidation: async (request) => void (await tasks.get(request.userId, rawIdParam(request))),
    },
    (request) => tasks.update(request.userId, request.params.id, request.body),
  );
  api.delete('/tasks/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await tasks.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });
}
