import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { registerLedgerJobs } from './ledger.jobs';
import { ledgerRoutes } from './ledger.routes';
import { ledgerService } from './ledger.service';

/**
 * The ledger module's public API (the sealed journal, CGI art. 242 nonies A): its service and the
 * seal's key (the verify-ledger tool), what issuing appends and seals (documents/issuing.ts still
 * imports them directly until branch core lands), its routes and jobs.
 */
export { ledgerService, type LedgerService } from './ledger.service';
export { useLedgerKey, pdfSealParts, seal, sealMatches, sha256 } from './ledger-seal';
export { appendLedgerEntry } from './ledger.repository';

export async function ledgerModule(app: FastifyInstance, ctx: AppContext) {
  const ledger = ledgerService(ctx.db, ctx.dialect);
  registerLedgerJobs(ctx, ledger);
  await ledgerRoutes(app, ctx, { ledger });
}
