import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { badRequest } from '@/server/http/errors';
import { ledgerCheckpointSchema, ledgerVerificationSchema, verifyAgainstCheckpointBody } from '@/shared/contracts/ledger';
import { ledgerService } from './ledger.service';
import { parisToday } from '@/shared/dates';

/**
 * GET ledger/verify/: the check of the user's journal. POST ledger/verify/ `{checkpoint}`: the same
 * against a checkpoint the user kept (a truncated tail or a rewound head shows). POST
 * ledger/checkpoint/: a new signed checkpoint, stored and answered as a file to keep.
 */
/** Once a day, one process looks for journals that moved; each owner gets one checkpoint e-mail a month. */
export const LEDGER_CHECKPOINT_JOBS = { scan: 'ledger-checkpoint-scan', mail: 'ledger-checkpoint-mail' } as const;
const DAY_MS = 24 * 3600 * 1000;

export async function ledgerRoutes(app: FastifyInstance, ctx: AppContext) {
  const ledger = ledgerService(ctx.db, ctx.dialect);
  ctx.jobs.every(LEDGER_CHECKPOINT_JOBS.scan, DAY_MS, async (_payload, run) => {
    const month = parisToday(run.now).slice(0, 7);
    for (const owner of await ledger.ownersDueForCheckpoint()) {
      await ctx.jobs.schedule(ctx.db, { kind: LEDGER_CHECKPOINT_JOBS.mail, key: `ledger-checkpoint:${owner.owner_id}:${month}`, payload: owner });
    }
  });
  ctx.jobs.register<{ owner_id: number; email: string }>(LEDGER_CHECKPOINT_JOBS.mail, async (owner, run) => {
    await ledger.mailCheckpoint(owner, ctx.config.appUrl, run.now);
    ctx.outbox.kick();
  });

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
