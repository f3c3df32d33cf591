import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { pingDatabase } from '@/server/db/database';
import { healthDownSchema, healthSchema } from '@/shared/contracts/health';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health/', { schema: { response: { 200: healthSchema, 503: healthDownSchema } } }, async (_request, reply) => {
    try {
      await pingDatabase(ctx.db);
      return { status: 'ok' as const };
    } catch (err) {
      app.log.error({ err }, 'Health check: database unreachable');
      return reply.status(503).send({ status: 'error', detail: 'Base de données indisponible.' });
    }
  });
}
