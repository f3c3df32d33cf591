import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/server/config';

/** Where the OpenAPI document is served (public: it describes the API, it holds no data). */
export const OPENAPI_URL = '/api/docs/openapi.json';

/**
 * The API's contracts (src/shared/contracts) at work: routes validate their params, query and
 * body and serialise their answers with the zod schemas they declare (a refused request is
 * answered in DRF shape by plugins/error-handler.ts), and the OpenAPI document is generated from
 * the same schemas. Must be registered before the routes, which it collects as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, config: Pick<AppConfig, 'development'>) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Carnet API', version: '1' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_URL, { schema: { hide: true } }, () => app.swagger());
  if (config.development) {
    // A devDependency: loaded only in development (`npm run dev`), never in production or the tests.
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }
}
