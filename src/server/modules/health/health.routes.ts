import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { pingDatabase } from '@/server/db/database';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/health/', async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { status: 'ok' };
    } catch (err) {
      app.log.error({ err }, 'Health check: database unreachable');
      return reply.status(503).send({ status: 'error', detail: 'Base de données indisponible.' });
    }
  });
}
