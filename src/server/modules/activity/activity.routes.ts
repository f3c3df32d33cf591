import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import type { Unchecked } from '@/server/http/api-types';
import type { RecentActivityQuery } from '@/shared/activity';
import { activityService } from './activity.service';

export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const activity = activityService(ctx.db);
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: Unchecked<RecentActivityQuery> }>('/recent-activity/', (request) =>
    activity.recent(request.userId, request.query.limit),
  );
}
