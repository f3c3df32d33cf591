import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { tasksRoutes } from './tasks.routes';
import { tasksService } from './tasks.service';

/** The tasks module's public API: its service (contact and project pages list tasks), a task's cost, its routes. */
export { tasksService, type TasksService } from './tasks.service';
export { taskCostCents } from './tasks.repository';

export async function tasksModule(app: FastifyInstance, ctx: AppContext) {
  await tasksRoutes(app, ctx, { tasks: tasksService(ctx.db) });
}
