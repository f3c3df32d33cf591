import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { ApiError, badRequest } from '@/server/http/errors';
import type { RateLimitRule } from '@/server/plugins/rate-limit';
import { noContent } from '@/shared/contracts/common';
import {
  activeSessionSchema,
  detailResponseSchema,
  emailChangedSchema,
  linkParams,
  loginSchema,
  refreshSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  sessionParams,
  tokenPairSchema,
} from '@/shared/contracts/auth';

const LIMITS = {
  tokenByIp: { name: 'token:ip', max: 30, windowSeconds: 300 },
  // Per account AND address: ten wrong passwords from elsewhere must not lock the owner out.
  tokenByAccountAndIp: { name: 'token:account-ip', max: 10, windowSeconds: 300 },
  refreshByIp: { name: 'refresh:ip', max: 120, windowSeconds: 300 },
  registerByIp: { name: 'register:ip', max: 10, windowSeconds: 3600 },
  // The owner of a taken address is told of attempts to register it again, 3 times an hour at
  // most; past that, silently nothing (the answer is the same).
  registerNoticesByAccount: { name: 'register-notice:account', max: 3, windowSeconds: 3600 },
  resetByIp: { name: 'reset:ip', max: 10, windowSeconds: 3600 },
  // Per address AND requester (issue 23): keyed by the address alone, five requests from anywhere
  // blocked the owner's own for an hour.
  resetByAccountAndIp: { name: 'reset:account-ip', max: 5, windowSeconds: 3600 },
  // What a mailbox receives, silently (the answer stays the same): 3 reset e-mails an hour, at most
  // 2 of them asked from one address, so that one requester cannot use up the owner's. The links
  // already sent stay valid, so a mailbox that got its 3 still holds a way in.
  resetMailsByAccount: { name: 'reset-mail:account', max: 3, windowSeconds: 3600 },
  resetMailsByAccountAndIp: { name: 'reset-mail:account-ip', max: 2, windowSeconds: 3600 },
  resetConfirmByIp: { name: 'reset-confirm:ip', max: 20, windowSeconds: 3600 },
  emailConfirmByIp: { name: 'email-confirm:ip', max: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/** The account a request names, for per-account limits (read before validation: anything may be there). */
/** Where an activation link sends the browser (SPA routes). */
const ACTIVATION_PAGES = {
  activated: '/activation-success',
  // Followed again once the account is active: sign in ('Votre compte est déjà activé').
  already_active: '/login?activation=already-active',
  invalid: '/activation-failed',
} as const;

const accountKey = (body: unknown) => {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : '';
};

/** Counts one more under `rule`: false past its limit, where a request would answer 429. */
async function withinLimit(rateLimit: AppContext['rateLimit'], rule: RateLimitRule, subject: string): Promise<boolean> {
  try {
    await rateLimit(rule, subject);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 429) return false;
    throw err;
  }
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { auth } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  type Limit = (request: FastifyRequest) => Promise<void>;
  const byIp = (rule: RateLimitRule): Limit => (request) => ctx.rateLimit(rule, request.ip);
  const byAccountAndIp = (rule: RateLimitRule): Limit => (request) => ctx.rateLimit(rule, `${accountKey(request.body)}|${request.ip}`);
  /** Counts the request under each limit before its body is validated: a malformed body counts too. */
  const limitedBy =
    (...limits: Limit[]) =>
    async (request: FastifyRequest) => {
      for (const limit of limits) await limit(request);
    };

  api.post(
    '/register/',
    { schema: { body: registerSchema, response: { 201: detailResponseSchema } }, preValidation: limitedBy(byIp(LIMITS.registerByIp)) },
    async (request, reply) => {
      const body = request.body;
      const mayNotify = () => withinLimit(ctx.rateLimit, LIMITS.registerNoticesByAccount, accountKey(body));
      await auth.register(body.email, body.password, body.password2, { mayNotify });
      return reply.status(201).send({
        detail: 'Votre compte a été créé. Un e-mail d’activation vous a été envoyé.',
      });
    },
  );

  const redirect = z.null().describe('Vers la page de l’application qui dit le résultat.');
  api.get('/activate/:uidb64/:token/', { schema: { params: linkParams, response: { 302: redirect } } }, async (request, reply) => {
    const outcome = await auth.activate(request.params.uidb64, request.params.token);
    return reply.redirect(ACTIVATION_PAGES[outcome]);
  });

  api.post(
    '/token/',
    {
      schema: { body: loginSchema, response: { 200: tokenPairSchema } },
      preValidation: limitedBy(byIp(LIMITS.tokenByIp), byAccountAndIp(LIMITS.tokenByAccountAndIp)),
    },
    async (request) => {
      const body = request.body;
      return auth.obtainPair(body.email, body.password, { userAgent: request.headers['user-agent'], ip: request.ip });
    },
  );

  api.post(
    '/token/refresh/',
    { schema: { body: refreshSchema, response: { 200: tokenPairSchema } }, preValidation: limitedBy(byIp(LIMITS.refreshByIp)) },
    async (request) => auth.refresh(request.body.refresh),
  );

  api.post('/token/logout/', { schema: { body: refreshSchema, response: { 204: noContent } } }, async (request, reply) => {
    await auth.logout(request.body.refresh);
    return reply.status(204).send();
  });

  api.post(
    '/reset-password/',
    {
      schema: { body: resetRequestSchema, response: { 200: detailResponseSchema } },
      preValidation: limitedBy(byIp(LIMITS.resetByIp), byAccountAndIp(LIMITS.resetByAccountAndIp)),
    },
    async (request) => {
      const account = accountKey(request.body);
      const { email } = request.body;
      if (
        (await withinLimit(ctx.rateLimit, LIMITS.resetMailsByAccountAndIp, `${account}|${request.ip}`)) &&
        (await withinLimit(ctx.rateLimit, LIMITS.resetMailsByAccount, account))
      ) {
        await auth.requestReset(email);
      }
      return { detail: 'Un email de réinitialisation a été envoyé si ce compte existe.' };
    },
  );

  api.post(
    '/reset-password-confirm/:uidb64/:token/',
    {
      schema: { params: linkParams, body: resetConfirmSchema, response: { 200: detailResponseSchema } },
      preValidation: limitedBy(byIp(LIMITS.resetConfirmByIp)),
    },
    async (request) => {
      const body = request.body;
      await auth.confirmReset(request.params.uidb64, request.params.token, body.password, body.password2);
      return { detail: 'Mot de passe réinitialisé avec succès.' };
    },
  );

  // The signed-in user's sessions (issue 23), listed in the profile, each of which may be ended there.
  await app.register(async (signedInApp) => {
    const signedIn = signedInApp.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', ctx.requireUser);
    signedIn.get('/sessions/', { schema: { response: { 200: z.array(activeSessionSchema) } } }, (request) =>
      auth.listSessions(request.userId, request.sessionId),
    );
    signedIn.delete('/sessions/:id/', { schema: { params: sessionParams, response: { 204: noContent } } }, async (request, reply) => {
      await auth.endOwnSession(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });

  // Public: the link may be followed from a device that is not signed in (the profile sent it).
  api.post('/confirm-email/:uidb64/:token/', { schema: { params: linkParams, response: { 200: emailChangedSchema } } }, async (request) => {
    await ctx.rateLimit(LIMITS.emailConfirmByIp, request.ip);
    const email = await auth.confirmEmailChange(request.params.uidb64, request.params.token);
    if (!email) throw badRequest({ error: 'Le lien de confirmation est invalide, a déjà servi ou a expiré.' });
    return { detail: 'Votre adresse e-mail a été modifiée.', email };
  });
}
