import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendPage } from '@/server/http/list-filters';
import { pagedList } from '@/shared/contracts/common';
import type { AppContext } from '@/server/context';
import { activityEntrySchema, recentActivityQuerySchema } from '@/shared/contracts/activity';
import type { ActivityService } from './activity.service';

export async function activityRoutes(app: FastifyInstance, ctx: AppContext, { activity }: { activity: ActivityService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get(
    '/recent-activity/',
    { schema: { querystring: recentActivityQuerySchema, response: { 200: pagedList(activityEntrySchema) } } },
    async (request, reply) => {
      const page = await activity.page(request.userId, request.query);
      return page ? sendPage(reply, page) : activity.recent(request.userId, request.query.limit);
    },
  );
}
