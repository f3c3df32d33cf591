import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { attachmentDisposition } from '@/server/http/attachment';
import { createMemoryRateLimiter } from '@/server/plugins/memory-rate-limit';
import type { RateLimitRule } from '@/server/plugins/rate-limit';
import { idParams, noContent } from '@/shared/contracts/common';
import { documentPdf } from '@/shared/contracts/documents';
import {
  portalAcceptSchema, portalDeclineSchema, portalDocumentSchema, portalViewSchema, shareLinkSchema, shareStateSchema, type PortalLinkKind,
} from '@/shared/contracts/portal';
import { ApiError } from '@/server/http/errors';
import type { PortalService, PortalTarget } from './portal.service';

/**
 * The client portal's routes (issue 27).
 *
 * Owner side (signed in; another user's document or contact is a 404): `POST|GET|DELETE
 * /api/{quotes|invoices|credit-notes|contacts}/{id}/share/` and `GET /api/quotes/{id}/certificate/`.
 *
 * Public side, the token the only key — no cookie, no session, no Authorization read:
 * `GET /api/portal/{token}/` (a document, or a client space's list), and for a document link
 * `GET …/pdf/`, `POST …/accept/`, `POST …/decline/`, `GET …/certificate/`; for a client space the
 * same under `…/documents/{number}/` (one set of handlers, mounted at both places).
 * Every public request first passes this process's in-memory limits (per address and per token
 * prefix) in an onRequest hook, before any database work; answers then take the shared database
 * limits too. Answers are never indexed, cached or referred.
 */

/** Per address, every public portal request: a page opens with a few requests, a flood of guesses stops here. */
export const PORTAL_IP_LIMIT: RateLimitRule = { name: 'portal:ip', max: 60, windowSeconds: 60 };
/** Per token prefix (8 characters): one link opened from many addresses. */
export const PORTAL_TOKEN_LIMIT: RateLimitRule = { name: 'portal:token', max: 60, windowSeconds: 60 };
/** Per address, accept and decline: the shared (database) counter, across processes. */
export const PORTAL_ANSWER_LIMIT: RateLimitRule = { name: 'portal:answer', max: 10, windowSeconds: 600 };

const PATHS: Record<PortalLinkKind, string> = { quote: 'quotes', invoice: 'invoices', credit_note: 'credit-notes', contact: 'contacts' };
const tokenParams = z.object({ token: z.string() });
/** A document of a client space, by its number (`FAC-2026-0001`): never an id. */
const numberParams = z.object({ token: z.string(), number: z.string() });
const pdfAnswer = { 200: { content: { 'application/pdf': { schema: documentPdf } } } };

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.pdf);

export async function portalOwnerRoutes(app: FastifyInstance, ctx: AppContext, portal: PortalService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  for (const kind of Object.keys(PATHS) as PortalLinkKind[]) {
    const base = `/${PATHS[kind]}/:id/share/`;
    api.post(base, { schema: { params: idParams, response: { 201: shareLinkSchema } } }, async (request, reply) =>
      reply.status(201).send(await portal.share(request.userId, kind, request.params.id)),
    );
    api.get(base, { schema: { params: idParams, response: { 200: shareStateSchema } } }, (request) =>
      portal.state(request.userId, kind, request.params.id),
    );
    api.delete(base, { schema: { params: idParams, response: { 204: noContent } } }, async (request, reply) => {
      await portal.revoke(request.userId, kind, request.params.id);
      return reply.status(204).send();
    });
  }
  api.get('/quotes/:id/certificate/', { schema: { params: idParams, response: pdfAnswer } }, async (request, reply) => {
    const found = await portal.ownerCertificate(request.userId, request.params.id);
    if (!found) throw new ApiError(404, { detail: 'Ce devis n’a pas de certificat d’acceptation.' });
    return sendPdf(reply, found);
  });
}

export async function portalPublicRoutes(app: FastifyInstance, ctx: AppContext, portal: PortalService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const firstWall = createMemoryRateLimiter(ctx.config.rateLimitScale);
  app.addHook('onRequest', async (request: FastifyRequest<{ Params: { token?: string } }>, reply) => {
    reply
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer');
    // Before anything reads the database: a flood of guessed tokens is answered here.
    firstWall.enforce(PORTAL_IP_LIMIT, request.ip);
    firstWall.enforce(PORTAL_TOKEN_LIMIT, String(request.params.token ?? '').slice(0, 8));
  });
  const evidence = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });
  const answered = () => ctx.outbox.kick();

  api.get('/portal/:token/', { schema: { params: tokenParams, response: { 200: portalViewSchema } } }, (request) =>
    portal.view(request.params.token),
  );

  /** A document's routes under `base`: a document link's own (`/portal/:token/`) or a space's document's. */
  function documentRoutes<P extends z.ZodType<PortalTarget>>(base: string, params: P) {
    // Validated by the schema before the handler runs.
    const target = (request: { params: unknown }) => request.params as PortalTarget;
    api.get(`${base}pdf/`, { schema: { params, response: pdfAnswer } }, async (request, reply) => sendPdf(reply, await portal.pdf(target(request))));
    api.post(`${base}accept/`, { schema: { params, body: portalAcceptSchema, response: { 200: portalDocumentSchema } } }, async (request) => {
      await ctx.rateLimit(PORTAL_ANSWER_LIMIT, request.ip);
      return portal.accept(target(request), request.body, evidence(request), answered);
    });
    api.post(`${base}decline/`, { schema: { params, body: portalDeclineSchema, response: { 200: portalDocumentSchema } } }, async (request) => {
      await ctx.rateLimit(PORTAL_ANSWER_LIMIT, request.ip);
      return portal.decline(target(request), request.body, evidence(request), answered);
    });
    api.get(`${base}certificate/`, { schema: { params, response: pdfAnswer } }, async (request, reply) =>
      sendPdf(reply, await portal.publicCertificate(target(request))),
    );
  }
  documentRoutes('/portal/:token/', tokenParams);
  api.get('/portal/:token/documents/:number/', { schema: { params: numberParams, response: { 200: portalDocumentSchema } } }, (request) =>
    portal.document(request.params),
  );
  documentRoutes('/portal/:token/documents/:number/', numberParams);
}
