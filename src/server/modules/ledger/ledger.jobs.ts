import type { AppContext } from '@/server/context';
import { parisToday } from '@/shared/dates';
import type { LedgerService } from './ledger.service';

/** Once a day, one process looks for journals that moved; each owner gets one checkpoint e-mail a month. */
export const LEDGER_CHECKPOINT_JOBS = { scan: 'ledger-checkpoint-scan', mail: 'ledger-checkpoint-mail' } as const;
const DAY_MS = 24 * 3600 * 1000;

/** The checkpoint e-mails' jobs (jobs/runner.ts). */
export function registerLedgerJobs(ctx: AppContext, ledger: LedgerService) {
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
}
