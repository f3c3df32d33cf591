import type { FastifyInstance } from 'fastify';

/** GET /api/health/: 200 while the database answers (`ping` reaches it), else 503. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<void> }) {
  app.get('/health/', async (_request, reply) => {
    try {
      await ping();
      return { status: 'ok' };
    } catch (err) {
      app.log.error({ err }, 'Health check: database unreachable');
      return reply.status(503).send({ status: 'error', detail: 'Base de données indisponible.' });
    }
  });
}
