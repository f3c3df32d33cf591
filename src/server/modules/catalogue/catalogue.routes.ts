import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { rawIdParam } from '@/server/http/params';
import { idParams, noContent } from '@/shared/contracts/common';
import { catalogueItemSchema, catalogueListQuerySchema, catalogueWriteSchema } from '@/shared/contracts/catalogue';
import type { CatalogueService } from './catalogue.service';

/** The catalogue's CRUD (issue 28), `?q=` searching titles and descriptions. */
export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext, { catalogue }: { catalogue: CatalogueService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get('/catalogue/', { schema: { querystring: catalogueListQuerySchema, response: { 200: z.array(catalogueItemSchema) } } }, (request) =>
    catalogue.list(request.userId, request.query.q),
  );

  api.post('/catalogue/', { schema: { body: catalogueWriteSchema, response: { 201: catalogueItemSchema } } }, async (request, reply) =>
    reply.status(201).send(await catalogue.create(request.userId, request.body)),
  );

  api.get('/catalogue/:id/', { schema: { params: idParams, response: { 200: catalogueItemSchema } } }, (request) =>
    catalogue.get(request.userId, request.params.id),
  );

  api.put(
    '/catalogue/:id/',
    {
      schema: { params: idParams, body: catalogueWriteSchema, response: { 200: catalogueItemSchema } },
      // Existence first: another user's id is a 404 whatever the body holds.
      preValidation: async (request) => void (await catalogue.get(request.userId, rawIdParam(request))),
    },
    (request) => catalogue.update(request.userId, request.params.id, request.body),
  );

  api.delete('/catalogue/:id/', { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
    await catalogue.remove(request.userId, request.params.id);
    return reply.status(204).send();
  });
}
