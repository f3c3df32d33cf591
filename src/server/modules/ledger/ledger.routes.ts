import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { verifyLedger } from './ledger.repository';

export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', ctx.requireUser);
  app.get('/ledger/verify/', (request) => verifyLedger(ctx.db, request.userId));
}
