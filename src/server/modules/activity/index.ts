import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { activityRoutes } from './activity.routes';
import { activityService } from './activity.service';

/** The activity module's public API: what other modules record in the feed, and its routes. */
export { describeChanges, recordActivity } from './activity.recorder';

export async function activityModule(app: FastifyInstance, ctx: AppContext) {
  await activityRoutes(app, ctx, { activity: activityService(ctx.db) });
}
