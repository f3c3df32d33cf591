import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { pingDatabase } from '@/server/db/database';
import { healthRoutes } from './health.routes';

/** GET /api/health/ (the database must answer). */
export async function healthModule(app: FastifyInstance, ctx: AppContext) {
  await healthRoutes(app, { ping: () => pingDatabase(ctx.db) });
}
