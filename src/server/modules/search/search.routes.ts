import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { globalSearchQuerySchema, globalSearchResultsSchema } from '@/shared/contracts/search';
import type { SearchService } from './search.service';

export async function searchRoutes(app: FastifyInstance, ctx: AppContext, { search }: { search: SearchService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get(
    '/search/global',
    { schema: { querystring: globalSearchQuerySchema, response: { 200: globalSearchResultsSchema } } },
    (request) => search.global(request.userId, String(request.query.q ?? '')),
  );
}
