import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { timeEntriesRoutes } from './time-entries.routes';
import { timeEntriesService } from './time-entries.service';

/** The time module's public API (issue 28): time entries (tasks set their total through it, billing reads them), its routes. */
export { setTaskTime, timeEntriesService, type TimeEntriesService } from './time-entries.service';

export async function timeModule(app: FastifyInstance, ctx: AppContext) {
  await timeEntriesRoutes(app, ctx, { entries: timeEntriesService(ctx.db, ctx.dialect) });
}
