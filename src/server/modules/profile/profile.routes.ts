import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { parseBody } from '@/server/http/errors';
import { profileBody } from './profile.schemas';
import type { ProfileService } from './profile.service';

/** GET and PUT /api/profile/ (SPEC 7 "Profile"): the rules are in profile.service, the queries in profile.repository. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext, { profile }: { profile: ProfileService }) {
  app.addHook('onRequest', ctx.requireUser);

  app.get('/profile/', (request) => profile.get(request.userId));

  app.put('/profile/', (request) =>
    profile.update(
      { userId: request.userId, ip: request.ip, sessionId: request.sessionId ?? undefined },
      parseBody(profileBody, request.body),
    ),
  );
}
