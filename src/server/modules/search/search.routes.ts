import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import type { SearchService } from './search.service';

export async function searchRoutes(app: FastifyInstance, ctx: AppContext, { search }: { search: SearchService }) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<{ Querystring: { q?: string } }>('/search/global', (request) =>
    search.global(request.userId, String(request.query.q ?? '')),
  );
}
