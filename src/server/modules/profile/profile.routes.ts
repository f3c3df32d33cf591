import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, parseBody } from '../../http/errors';
import { passwordStrengthErrors } from '../auth/passwords';
import { usersRepository, type UserRow } from '../auth/users.repository';
import { PROFILE_FIELDS, profileBody } from './profile.schemas';

const toProfile = (user: UserRow) => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, user[f]]));

export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = usersRepository(ctx.db);
  app.addHook('onRequest', ctx.requireUser);

  app.get('/profile/', async (request) => {
    const user = await users.findById(request.userId);
    if (!user) throw badRequest({ detail: 'Compte introuvable.' });
    return toProfile(user);
  });

  app.put('/profile/', async (request) => {
    const { password, ...fields } = parseBody(profileBody, request.body);
    const other = await users.findByEmail(fields.email);
    if (other && other.id !== request.userId) {
      throw badRequest({ email: ['Un compte avec cette adresse e-mail existe déjà.'] });
    }
    if (password) {
      const weak = passwordStrengthErrors(password, fields.email);
      if (weak.length) throw badRequest({ password: weak });
      await ctx.auth.setPassword(request.userId, password, { keepSession: request.sessionId ?? undefined });
    }
    return toProfile(await users.update(request.userId, fields));
  });
}
