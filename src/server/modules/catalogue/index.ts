import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { catalogueRoutes } from './catalogue.routes';
import { catalogueService } from './catalogue.service';

/** The catalogue of services and products (issue 28). */
export async function catalogueModule(app: FastifyInstance, ctx: AppContext) {
  await catalogueRoutes(app, ctx, { catalogue: catalogueService(ctx.db) });
}
