import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import type { Unchecked } from '@/server/http/api-types';
import type { RecentActivityQuery } from '@/shared/activity';
import type { ActivityService } from './activity.service';

export async function activityRoutes(app: FastifyInstance, ctx: AppContext, { activity }: { activity: ActivityService }) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: Unchecked<RecentActivityQuery> }>('/recent-activity/', (request) =>
    activity.recent(request.userId, request.query.limit),
  );
}
