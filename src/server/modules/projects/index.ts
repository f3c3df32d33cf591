import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { tasksService } from '@/server/modules/tasks';
import { projectsRoutes } from './projects.routes';
import { projectsService } from './projects.service';
import { timeBillingService } from './time-billing.service';

/** The projects module's public API: its service (a contact's projects), its routes. */
export { projectsService, type ProjectsService } from './projects.service';

export async function projectsModule(app: FastifyInstance, ctx: AppContext) {
  await projectsRoutes(app, ctx, {
    projects: projectsService(ctx.db),
    timeBilling: timeBillingService(ctx.db, ctx.dialect),
    tasks: tasksService(ctx.db),
  });
}
