import { z } from 'zod';
import { email } from '@/server/http/fields';
import type { SameKeys } from '@/server/http/api-types';
import type { LoginRequest, RefreshRequest, RegisterRequest, ResetConfirmBody, ResetRequest } from '@/shared/auth-api';

const password = () => z.string().min(1).max(128);

export const registerBody = z.strictObject({ email: email(), password: password(), password2: password() });
export const tokenBody = z.strictObject({ email: z.string().trim().min(1).max(254), password: password() });
export const refreshBody = z.strictObject({ refresh: z.string().min(1).max(2000) });
export const resetRequestBody = z.strictObject({ email: email() });
export const resetConfirmBody = z.strictObject({ password: password(), password2: password() });

// The shared request types (src/shared/auth-api.ts) and these schemas name the same fields.
type Keys<S extends z.ZodType> = keyof z.input<S>;
export const AUTH_BODIES_MATCH_SHARED_TYPES: [
  SameKeys<Keys<typeof registerBody>, keyof RegisterRequest>,
  SameKeys<Keys<typeof tokenBody>, keyof LoginRequest>,
  SameKeys<Keys<typeof refreshBody>, keyof RefreshRequest>,
  SameKeys<Keys<typeof resetRequestBody>, keyof ResetRequest>,
  SameKeys<Keys<typeof resetConfirmBody>, keyof ResetConfirmBody>,
] = [true, true, true, true, true];

