import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { badRequest } from '@/server/http/errors';
import type { LedgerCheckpoint, LedgerVerification } from '@/shared/contracts/ledger';
import { enqueueAccountMail } from '@/server/mail/outbox';
import { checkpointEmail } from './checkpoint-email';
import { createCheckpoint, ledgerOwners, ownersWithNewEntries, parseCheckpoint, verifyLedger } from './ledger.repository';

/** The journal's checks and checkpoints, for the routes, the CLI and the monthly e-mail. */
export function ledgerService(db: Kysely<Database>, dialect: Dialect) {
  return {
    /** The whole check; `checkpoint` is a file's JSON the user kept (refused with a French 400 if not genuine). */
    verify(ownerId: number, checkpoint?: unknown): Promise<LedgerVerification> {
      if (checkpoint === undefined) return verifyLedger(db, dialect, ownerId);
      const parsed = parseCheckpoint(checkpoint, ownerId);
      if (typeof parsed === 'string') throw badRequest({ checkpoint: [parsed] });
      return verifyLedger(db, dialect, ownerId, { checkpoint: parsed });
    },
    /** A new signed checkpoint of the journal's head, stored and returned. */
    checkpoint: (ownerId: number, now?: Date): Promise<LedgerCheckpoint> => createCheckpoint(db, ownerId, now),
    /** Every owner with a journal (the verify-ledger tool checks them all). */
    owners: () => ledgerOwners(db),
    /** The owners the monthly checkpoint e-mail is for: their journal moved since their last checkpoint. */
    ownersDueForCheckpoint: () => ownersWithNewEntries(db),
    /**
     * Takes a checkpoint and puts its e-mail in the outbox. Two single statements, no transaction
     * held across them (on SQLite two app instances in one process would block each other): a process
     * that dies in between leaves the job to run again, and the user gets the e-mail (at least once).
     */
    async mailCheckpoint(owner: { owner_id: number; email: string }, appUrl: string, now: Date): Promise<void> {
      const checkpoint = await createCheckpoint(db, owner.owner_id, now);
      await enqueueAccountMail(db, { ownerId: owner.owner_id, mail: checkpointEmail(owner.email, checkpoint, appUrl) });
    },
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;
