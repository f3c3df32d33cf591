import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { profileRoutes } from './profile.routes';
import { profileService } from './profile.service';

/** The profile's routes. */
export async function profileModule(app: FastifyInstance, ctx: AppContext) {
  await profileRoutes(app, ctx, { profile: profileService(ctx) });
}
