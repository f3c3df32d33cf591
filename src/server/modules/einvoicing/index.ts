/**
 * The e-invoicing module (issue 26): the approved platform's settings and connection test, and
 * everything exchanged with it (einvoicing.exchange.ts: sending, lifecycle, suppliers' invoices).
 * It is the only module that calls the platform; the documents and the received invoices keep their
 * own records of it.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { createSecretBox } from '@/server/einvoicing/secret-box';
import { TokenCache, type PlatformClientOptions } from '@/server/einvoicing/platform-client';
import { einvoicingRoutes } from './einvoicing.routes';
import { einvoicingService } from './einvoicing.service';
import { einvoicingExchange } from './einvoicing.exchange';
import { einvoicingRecord } from '@/server/modules/documents';
import { receivedInvoicesService } from '@/server/modules/received-invoices';

export { einvoicingService, type EInvoicingService } from './einvoicing.service';
export { ACCOUNT_SYNC_JOB, LIFECYCLE_JOB, SUBMIT_JOB, SYNC_JOB } from './einvoicing.exchange';

export interface EInvoicingModuleOptions {
  /** The platform client's settings (tests: a fetch that counts, a short time limit). */
  platform?: Partial<PlatformClientOptions>;
}

export async function einvoicingModule(app: FastifyInstance, ctx: AppContext & EInvoicingModuleOptions) {
  // One token cache per app: a token serves every request of the same connection until it expires.
  const platform: PlatformClientOptions = { tokens: new TokenCache(), ...ctx.platform };
  const einvoicing = einvoicingService(ctx.db, { secrets: createSecretBox(ctx.config.dataDir), platform });
  const exchange = einvoicingExchange({
    db: ctx.db, jobs: ctx.jobs, log: app.log, einvoicing, platform, record: einvoicingRecord(ctx.db), received: receivedInvoicesService(ctx.db),
  });
  exchange.register();
  await einvoicingRoutes(app, ctx, { einvoicing, exchange });
}
