import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { activityService } from './activity.service';

export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  const activity = activityService(ctx.db);
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: { limit?: string } }>('/recent-activity/', (request) =>
    activity.recent(request.userId, request.query.limit),
  );
}
