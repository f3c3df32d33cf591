import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { searchRoutes } from './search.routes';
import { searchService } from './search.service';

/** The global search's routes. */
export async function searchModule(app: FastifyInstance, ctx: AppContext) {
  await searchRoutes(app, ctx, { search: searchService(ctx.db, ctx.dialect) });
}
