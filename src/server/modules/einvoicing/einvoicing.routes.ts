import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { einvoicingSettingsBody, einvoicingSettingsSchema, einvoicingSyncSchema, einvoicingTestSchema } from '@/shared/contracts/einvoicing';
import type { EInvoicingService } from './einvoicing.service';
import type { EInvoicingExchange } from './einvoicing.exchange';
import type { RateLimitRule } from '@/server/plugins/rate-limit';

/** « Actualiser » per user: a platform is not to be hammered (its quotas are the user's). */
export const SYNC_LIMIT: RateLimitRule = { name: 'einvoicing-sync:user', max: 20, windowSeconds: 60 };

/**
 * The approved e-invoicing platform (issue 26): `GET/PUT /api/einvoicing/settings/` (the secret is
 * write-only), `POST /api/einvoicing/settings/test/` (token + healthcheck, `{ok, message}`) and
 * `POST /api/einvoicing/sync/` (the sync, now).
 */
export async function einvoicingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { einvoicing, exchange }: { einvoicing: EInvoicingService; exchange: EInvoicingExchange },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get('/einvoicing/settings/', { schema: { response: { 200: einvoicingSettingsSchema } } }, (request) => einvoicing.get(request.userId));

  api.put(
    '/einvoicing/settings/',
    { schema: { body: einvoicingSettingsBody, response: { 200: einvoicingSettingsSchema } } },
    (request) => einvoicing.save(request.userId, request.body),
  );

  api.post('/einvoicing/settings/test/', { schema: { response: { 200: einvoicingTestSchema } } }, (request) => einvoicing.test(request.userId));

  // « Actualiser »: the account's sync now (what the periodic job does every 5 minutes). No transaction is
  // open while the platform answers; a user pressing it in a loop is held back (429) before any call.
  api.post('/einvoicing/sync/', { schema: { response: { 200: einvoicingSyncSchema } } }, async (request) => {
    await ctx.rateLimit(SYNC_LIMIT, String(request.userId));
    return exchange.syncAccount(request.userId);
  });
}
