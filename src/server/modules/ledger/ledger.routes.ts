import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { LedgerVerification } from '../../../shared/ledger';
import { verifyLedger } from './ledger.repository';

export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);
  app.get('/ledger/verify/', (request): Promise<LedgerVerification> => verifyLedger(ctx.db, request.userId));
}
