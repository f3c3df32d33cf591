import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { portalOwnerRoutes, portalPublicRoutes } from './portal.routes';
import { portalService } from './portal.service';

export { PORTAL_ANSWER_LIMIT, PORTAL_IP_LIMIT, PORTAL_TOKEN_LIMIT } from './portal.routes';

/**
 * The client portal (issue 27): the owner's share links and a quote's certificate (signed in), and
 * the public pages' API under /api/portal/{token}/ (the token the only key).
 */
export async function portalModule(app: FastifyInstance, ctx: AppContext) {
  const portal = portalService(ctx.db, ctx.dialect, ctx.config.appUrl);
  await app.register(async (owner) => portalOwnerRoutes(owner, ctx, portal));
  await app.register(async (visitor) => portalPublicRoutes(visitor, ctx, portal));
}
