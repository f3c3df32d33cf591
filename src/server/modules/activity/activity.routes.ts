import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { activityEntrySchema, recentActivityQuerySchema } from '@/shared/contracts/activity';
import type { ActivityService } from './activity.service';

export async function activityRoutes(app: FastifyInstance, ctx: AppContext, { activity }: { activity: ActivityService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get(
    '/recent-activity/',
    { schema: { querystring: recentActivityQuerySchema, response: { 200: z.array(activityEntrySchema) } } },
    (request) => activity.recent(request.userId, request.query.limit),
  );
}
