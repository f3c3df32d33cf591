import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { badRequest } from '@/server/http/errors';
import { ledgerCheckpointSchema, ledgerVerificationSchema, verifyAgainstCheckpointBody } from '@/shared/contracts/ledger';
import type { LedgerService } from './ledger.service';

/**
 * GET ledger/verify/: the check of the user's journal. POST ledger/verify/ `{checkpoint}`: the same
 * against a checkpoint the user kept (a truncated tail or a rewound head shows). POST
 * ledger/checkpoint/: a new signed checkpoint, stored and answered as a file to keep.
 */
export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext, { ledger }: { ledger: LedgerService }) {
  app.addHook('onRequest', ctx.requireUser);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const verification = { response: { 200: ledgerVerificationSchema } };
  api.get('/ledger/verify/', { schema: verification }, (request) => ledger.verify(request.userId));
  api.post('/ledger/verify/', { schema: { ...verification, body: verifyAgainstCheckpointBody } }, (request) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('checkpoint' in body)) {
      throw badRequest({ checkpoint: ['Joignez le fichier du point de contrôle à vérifier.'] });
    }
    return ledger.verify(request.userId, body.checkpoint);
  });
  // A write (the checkpoint is stored too, and checked by every later verification): POST.
  // No body: the checkpoint is of the journal as it stands.
  api.post('/ledger/checkpoint/', { schema: { response: { 200: ledgerCheckpointSchema } } }, async (request, reply) => {
    const checkpoint = await ledger.checkpoint(request.userId);
    const day = checkpoint.created_at.slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="carnet-journal-point-de-controle-${day}-${checkpoint.seq}.json"`)
      .header('cache-control', 'no-store')
      .send(checkpoint);
  });
}
