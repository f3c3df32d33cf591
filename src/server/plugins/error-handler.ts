import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ApiError, OperatorAlertError } from '../http/errors';

const FASTIFY_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corps de requête JSON invalide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corps de requête JSON vide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Requête trop volumineuse.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
};

export type SpaFallback = (url: string, reply: FastifyReply) => boolean;

/** Every error leaves as JSON in DRF shape; unexpected ones are logged and answered 500 without details. */
export function registerErrorHandling(app: FastifyInstance, serveSpa: SpaFallback | null) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
