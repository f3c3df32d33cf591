import { z } from 'zod';

/** GET health/: 200 when the database answers, else 503 with the reason. */
export const healthSchema = z.object({ status: z.literal('ok') });
export const healthDownSchema = z.object({ status: z.literal('error'), detail: z.string() });
