import { z } from 'zod';
import { email } from '../../http/fields';

const password = () => z.string().min(1).max(128);

export const registerBody = z.strictObject({ email: email(), password: password(), password2: password() });
export const tokenBody = z.strictObject({ email: z.string().trim().min(1).max(254), password: password() });
export const refreshBody = z.strictObject({ refresh: z.string().min(1).max(2000) });
export const resetRequestBody = z.strictObject({ email: email() });
export const resetConfirmBody = z.strictObject({ password: password(), password2: password() });
