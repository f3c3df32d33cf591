/**
 * The account endpoints' bodies and answers (SPEC 7 "Auth", SimpleJWT-compatible): the client's
 * auth endpoints send them and the server's zod schemas (auth.schemas.ts) are checked against them.
 */

/** POST token/. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** POST register/. */
export interface RegisterRequest {
  email: string;
  password: string;
  password2: string;
}

/** POST reset-password/. */
export interface ResetRequest {
  email: string;
}

/** POST reset-password-confirm/{uidb64}/{token}/: the body; the link's parts are in the path. */
export interface ResetConfirmBody {
  password: string;
  password2: string;
}

/** POST token/refresh/. */
export interface RefreshRequest {
  refresh: string;
}

/** The answer of POST token/ and token/refresh/. */
export interface TokenPair {
  access: string;
  refresh: string;
}

/** An answer that only says something (`{"detail": "…"}`). */
export interface DetailResponse {
  detail: string;
}

/** GET sessions/: a live session of the user (issue 23); `current` is the one asking. */
export interface ActiveSession {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
  current: boolean;
}
