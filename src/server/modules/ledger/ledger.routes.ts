import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { LedgerVerification } from '../../../shared/ledger';
import { ledgerService } from './ledger.service';

/**
 * GET ledger/verify/: the check of the user's journal. POST ledger/verify/ `{checkpoint}`: the same
 * against a checkpoint the user kept (a truncated tail or a rewound head shows). GET
 * ledger/checkpoint/: a new signed checkpoint, as a file to keep.
 */
export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  const ledger = ledgerService(ctx.db, ctx.dialect);
  app.addHook('onRequest', ctx.requireUser);
  app.get('/ledger/verify/', (request): Promise<LedgerVerification> => ledger.verify(request.userId));
  app.post<{ Body: unknown }>('/ledger/verify/', (request): Promise<LedgerVerification> => {
    const body = request.body as { checkpoint?: unknown } | null;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('checkpoint' in body)) {
      throw badRequest({ checkpoint: ['Joignez le fichier du point de contrôle à vérifier.'] });
    }
    return ledger.verify(request.userId, body.checkpoint);
  });
  app.get('/ledger/checkpoint/', async (request, reply) => {
    const checkpoint = await ledger.checkpoint(request.userId);
    const day = checkpoint.created_at.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="carnet-journal-point-de-controle-${day}-${checkpoint.seq}.json"`)
      .header('cache-control', 'no-store')
      .send(checkpoint);
  });
}
