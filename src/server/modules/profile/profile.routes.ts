import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { profileSchema, profileUpdateSchema } from '@/shared/contracts/profile';
import type { ProfileService } from './profile.service';

/** GET and PUT /api/profile/ (SPEC 7 "Profile"): the rules are in profile.service, the queries in profile.repository. */
export async function profileRoutes(app: FastifyInstance, ctx: AppContext, { profile }: { profile: ProfileService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get('/profile/', { schema: { response: { 200: profileSchema } } }, (request) => profile.get(request.userId));

  api.put('/profile/', { schema: { body: profileUpdateSchema, response: { 200: profileSchema } } }, (request) =>
    profile.update({ userId: request.userId, ip: request.ip, sessionId: request.sessionId ?? undefined }, request.body),
  );
}
