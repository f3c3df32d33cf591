import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { rawIdParam } from '@/server/http/params';
import { idParams, noContent } from '@/shared/contracts/common';
import {
  projectTimeBudgetSchema, runningEntrySchema, timeEntryListQuerySchema, timeEntryListSchema, timeEntrySchema, timeEntryWriteSchema, timerStartSchema,
  timesheetCellSchema, timeSettingsSchema, timeSettingsWriteSchema,
} from '@/shared/contracts/time-entries';
import type { TimeEntriesService } from './time-entries.service';

export async function timeEntriesRoutes(app: FastifyInstance, ctx: AppContext, { entries }: { entries: TimeEntriesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  const base = '/time-entries';

  api.get(`${base}/`, { schema: { querystring: timeEntryListQuerySchema, response: { 200: timeEntryListSchema } } }, (request) =>
    entries.list(request.userId, request.query),
  );
  api.post(`${base}/`, { schema: { body: timeEntryWriteSchema, response: { 201: timeEntrySchema } } }, async (request, reply) =>
    reply.status(201).send(await entries.create(request.userId, request.body)),
  );
  api.get(`${base}/running/`, { schema: { response: { 200: runningEntrySchema } } }, (request) => entries.running(request.userId));
  api.post(`${base}/start/`, { schema: { body: timerStartSchema, response: { 201: timeEntrySchema } } }, async (request, reply) =>
    reply.status(201).send(await entries.start(request.userId, request.body)),
  );
  api.post(`${base}/stop/`, { schema: { response: { 200: timeEntrySchema } } }, (request) => entries.stop(request.userId));
  api.put(`${base}/day/`, { schema: { body: timesheetCellSchema, response: { 200: timeEntryListSchema } } }, (request) =>
    entries.setDay(request.userId, request.body),
  );
  api.get(`${base}/settings/`, { schema: { response: { 200: timeSettingsSchema } } }, (request) => entries.settings(request.userId));
  api.put(`${base}/settings/`, { schema: { body: timeSettingsWriteSchema, response: { 200: timeSettingsSchema } } }, (request) =>
    entries.setSettings(request.userId, request.body.time_rounding_minutes),
  );
  api.get('/projects/:id/time_budget/', { schema: { params: idParams, response: { 200: projectTimeBudgetSchema } } }, (request) =>
    entries.projectBudget(request.userId, request.params.id),
  );
  api.get(`${base}/:id/`, { schema: { params: idParams, response: { 200: timeEntrySchema } } }, (request) =>
    entries.get(request.userId, request.params.id),
  );
  api.put(
    `${base}/:id/`,
    {
      schema: { params: idParams, body: timeEntryWriteSchema, response: { 200: timeEntrySchema } },
      // Existence first: another user's id is a 404 whatever the body holds.
      preValidation: async (request) => void (await entries.get(request.userId, rawIdParam(request))),
    },
    (request) => entries.update(request.userId, request.params.id, request.body),
  );
  api.delete(`${base}/:id/`, { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await entries.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });
}
