import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, OperatorAlertError, badRequest, notAnObject, notFound, zodToFieldErrors } from '@/server/http/errors';

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corps de requête JSON invalide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corps de requête JSON vide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Requête trop volumineuse.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
};

/**
 * A route schema refused the request (fastify-type-provider-zod): the same answer as a body
 * checked in the handler (http/errors.ts). A malformed id in the URL is a 404 like a missing row.
 */
function schemaValidationError(error: FastifyError, request: FastifyRequest): ApiError | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  if (error.validationContext === 'params') return notFound();
  if (error.validationContext === 'body') {
    const wrongType = notAnObject(request.body);
    if (wrongType) return badRequest(wrongType);
  }
  const issues = error.validation.map(({ keyword, instancePath, message, params }) => ({
    code: keyword,
    // '/lines/0/quantity' → ['lines', '0', 'quantity'] (joined with dots like zod's own paths); '/' is the root.
    path: instancePath.split('/').slice(1).filter((part) => part !== ''),
    message: message ?? '',
    keys: Array.isArray(params.keys) ? (params.keys as string[]) : undefined,
  }));
  return badRequest(zodToFieldErrors({ issues }));
}

export type SpaFallback = (url: string, reply: FastifyReply) => boolean;

/** Every error leaves as JSON in DRF shape; unexpected ones are logged and answered 500 without details. */
export function registerErrorHandling(app: FastifyInstance, serveSpa: SpaFallback | null) {
  app.setErrorHandler((caught: FastifyError, request, reply) => {
    const error = schemaValidationError(caught, request) ?? caught;
    if (error instanceof ApiError) {
      if (error instanceof OperatorAlertError) request.log.error(error.alert, error.message);
      return reply.status(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        FASTIFY_CLIENT_ERRORS[error.code] ?? (error.code?.startsWith('FST_ERR_CTP') ? 'Requête invalide.' : error.message);
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({ detail: 'Erreur interne du serveur.' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith('/api') && request.method === 'GET' && serveSpa?.(request.url, reply)) {
      return reply; // the SPA fallback has sent index.html
    }
    return reply.status(404).send({ detail: 'Pas trouvé.' });
  });
}
