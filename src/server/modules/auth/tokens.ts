import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';

/** SimpleJWT-compatible token pair: HS256, `token_type` claim checked on every use. */
export type TokenType = 'access' | 'refresh';

export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  /**
   * The session (sign-in) the token belongs to. Tokens issued before sessions existed (migration
   * 0011) carry instead the jti of their refresh token (access) or nothing (refresh: its own jti names it).
   */
  sid?: string;
  exp: number;
  iat: number;
}

export interface TokenService {
  sign(type: TokenType, userId: number, sid?: string): { token: string; claims: TokenClaims };
  /** Claims of a valid, unexpired token of the given type; null otherwise. */
  verify(type: TokenType, token: string): TokenClaims | null;
}

export function createTokenService(secret: string): TokenService {
  // Distinct keys per type: even a bug in the claim check cannot let a refresh token act as access.
  const keys: Record<TokenType, string> = { access: `${secret}:access`, refresh: `${secret}:refresh` };
  const ttl: Record<TokenType, number> = { access: ACCESS_TOKEN_TTL_SECONDS, refresh: REFRESH_TOKEN_TTL_SECONDS };
  const signers = {
    access: createSigner({ key: keys.access, algorithm: 'HS256' }),
    refresh: createSigner({ key: keys.refresh, algorithm: 'HS256' }),
  };
  const verifiers = {
    // Access tokens are checked on every API call: a verified token is cached (until it expires)
    // under its own text. fast-jwt's default key is a SHA-256 of the token, computed on every
    // call: ~10 % of the CPU of a single-row read (bench/api.ts). 1,000 tokens of ~250 bytes.
    access: createVerifier({ key: keys.access, algorithms: ['HS256'], cache: 1000, cacheKeyBuilder: (token) => token }),
    refresh: createVerifier({ key: keys.refresh, algorithms: ['HS256'] }),
  };
  return {
    sign(type, userId, sid) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: TokenClaims = { token_type: type, user_id: userId, jti: randomUUID(), iat, exp: iat + ttl[type] };
      if (sid) claims.sid = sid;
      return { token: signers[type](claims), claims };
    },
    verify(type, token) {
      try {
        const claims = verifiers[type](token) as TokenClaims;
        if (claims.token_type !== type || !Number.isInteger(claims.user_id)) return null;
        return claims;
      } catch {
        return null;
      }
    },
  };
}
