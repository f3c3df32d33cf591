import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { ApiError } from '@/server/http/errors';
import type { TokenService } from './tokens';
import type { SessionGuard } from './session-guard';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `requireUser` on protected routes. */
    userId: number;
    /** The session (sign-in) the access token belongs to. */
    sessionId: string | null;
  }
}

// SimpleJWT's exact payload: the client clears the session when it sees this detail.
const INVALID_ACCESS_TOKEN = new ApiError(401, {
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
});
const NOT_AUTHENTICATED = new ApiError(401, { detail: "Informations d'authentification non fournies." });

/**
 * onRequest hook for protected routes: a valid access token (never a refresh token) of a live
 * session is required. A session that ended (logout, password change) or whose user no longer
 * exists answers 401. Callback style: it runs on every API call, and an async hook costs a promise
 * and a tick more; the session check is synchronous too when answered within the last second.
 */
export function requireUser(tokens: TokenService, sessions: SessionGuard): onRequestHookHandler {
  return function (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const header = request.headers.authorization;
    if (!header) return done(NOT_AUTHENTICATED);
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) return done(INVALID_ACCESS_TOKEN);
    const claims = tokens.verify('access', token);
    if (!claims?.sid) return done(INVALID_ACCESS_TOKEN);
    request.userId = claims.user_id;
    request.sessionId = claims.sid;
    const live = sessions.check(claims.sid, claims.user_id);
    if (typeof live === 'boolean') return done(live ? undefined : INVALID_ACCESS_TOKEN);
    live.then((ok) => done(ok ? undefined : INVALID_ACCESS_TOKEN), done);
  };
}
