import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { OBJECT_ROUTES, type ActivityEntry, type ActivityObjectType } from '../../../shared/activity';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

export async function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: { limit?: string } }>('/recent-activity/', async (request): Promise<ActivityEntry[]> => {
    const asked = Number.parseInt(request.query.limit ?? '', 10);
    const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
    const rows = await ctx.db
      .selectFrom('activities')
      .select([
        'id', 'object_type', 'object_id', 'object_label', 'action', 'changes', 'timestamp', 'object_deleted', 'client_name', 'project_name',
      ])
      .where('owner_id', '=', request.userId)
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(({ object_deleted, ...row }) => ({
      ...row,
      object_type: row.object_type as ActivityObjectType,
      action: row.action as ActivityEntry['action'],
      link: object_deleted ? null : `${OBJECT_ROUTES[row.object_type as ActivityObjectType]}/${row.object_id}`,
    }));
  });
}
