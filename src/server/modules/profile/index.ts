import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { logoRoutes } from './logo.routes';
import { profileRoutes } from './profile.routes';
import { logoService, profileService } from './profile.service';

export { logosRepository } from './logos.repository';

/** The profile's routes, and its logo's (issue 28). */
export async function profileModule(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => profileRoutes(scope, ctx, { profile: profileService(ctx) }));
  // Each in its own scope (each adds its sign-in hook): the raw image body parser and its 1 Mo limit apply to the logo alone.
  await app.register(async (scope) => logoRoutes(scope, ctx, { logo: logoService(ctx) }));
}
