import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthDownSchema, healthSchema } from '@/shared/contracts/health';

/** GET /api/health/: 200 while the database answers (`ping` reaches it), else 503. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/health/', { schema: { response: { 200: healthSchema, 503: healthDownSchema } } }, async (_request, reply) => {
    try {
      await ping();
      return { status: 'ok' as const };
    } catch (err) {
      app.log.error({ err }, 'Health check: database unreachable');
      return reply.status(503).send({ status: 'error', detail: 'Base de données indisponible.' });
    }
  });
}
