import { z } from 'zod';

/** Optional free text: absent or null → ''; trimmed; bounded. */
export const optionalText = (max = 255) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v ?? '').trim());

export const requiredText = (max = 255) => z.string().trim().min(1).max(max);

export const email = () => z.string().trim().toLowerCase().max(254).pipe(z.email());
