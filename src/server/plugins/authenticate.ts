import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { ApiError } from '../http/errors';
import type { TokenService } from '../modules/auth/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `requireUser` on protected routes. */
    userId: number;
    /** The refresh-token id of the session the access token belongs to. */
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
 * onRequest hook for protected routes: a valid access token (never a refresh token) is required.
 * Callback style: it runs on every API call, and an async hook costs a promise and a tick more.
 */
export function requireUser(tokens: TokenService): onRequestHookHandler {
  return function (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const header = request.headers.authorization;
    if (!header) return done(NOT_AUTHENTICATED);
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) return done(INVALID_ACCESS_TOKEN);
    const claims = tokens.verify('access', token);
    if (!claims) return done(INVALID_ACCESS_TOKEN);
    request.userId = claims.user_id;
    request.sessionId = claims.sid ?? null;
    done();
  };
}
