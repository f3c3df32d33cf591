import { z } from 'zod';
import { email } from './fields';

/**
 * The account endpoints' bodies and answers (SPEC 7 "Auth", SimpleJWT-compatible). The rate limits
 * of these routes count a request before its body is read (auth.routes.ts).
 */

const password = () => z.string().min(1).max(128);

/** POST register/ (201, a DetailResponse). */
export const registerSchema = z.strictObject({ email: email(), password: password(), password2: password() });
export type RegisterRequest = z.input<typeof registerSchema>;

/** POST token/ (a TokenPair). */
export const loginSchema = z.strictObject({ email: z.string().trim().min(1).max(254), password: password() });
export type LoginRequest = z.input<typeof loginSchema>;

/** POST token/refresh/ (a TokenPair) and token/logout/ (204). */
export const refreshSchema = z.strictObject({ refresh: z.string().min(1).max(2000) });
export type RefreshRequest = z.input<typeof refreshSchema>;

/** POST reset-password/ (a DetailResponse, the same whether the account exists or not). */
export const resetRequestSchema = z.strictObject({ email: email() });
export type ResetRequest = z.input<typeof resetRequestSchema>;

/** POST reset-password-confirm/{uidb64}/{token}/: the body; the link's parts are in the path. */
export const resetConfirmSchema = z.strictObject({ password: password(), password2: password() });
export type ResetConfirmBody = z.input<typeof resetConfirmSchema>;

/** The parts of an e-mailed link (activation, reset, e-mail change). */
export const linkParams = z.object({ uidb64: z.string(), token: z.string() });

/** The answer of POST token/ and token/refresh/. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** An answer that only says something (`{"detail": "…"}`). */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

/** POST confirm-email/{uidb64}/{token}/: the new address. */
export const emailChangedSchema = z.object({ detail: z.string(), email: z.string() });

/** GET sessions/: a live session of the user (issue 23); `current` is the one asking. */
export const activeSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** DELETE sessions/{id}/: a session's id (another user's, or an unknown one, is a 404). */
export const sessionParams = z.object({ id: z.string() });
