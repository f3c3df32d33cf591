import { z } from 'zod';
import { readByHandler } from './common';

/**
 * GET ledger/verify/ (POST with a checkpoint): the check of the user's journal of issued invoices
 * and credit notes — the sealed chain, each document's snapshot, PDF and current rows, the head
 * against the checkpoints. `ok` with the number of entries, else the first broken entry: its place
 * in the chain, its document's number (null when entries were removed from the end) and why (French).
 */
export const ledgerVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.number(),
  broken_at: z.object({ seq: z.number(), number: z.string().nullable(), reason: z.string() }).optional(),
  /** Documents numbered whose PDF is not stored yet (rendered just after; repaired at start). */
  pending_pdfs: z.number(),
  /** The latest checkpoint the check used (stored or given), if any. */
  checkpoint: z.object({ seq: z.number(), created_at: z.string() }).nullable(),
});
export type LedgerVerification = z.infer<typeof ledgerVerificationSchema>;

/**
 * A signed head of the journal (POST ledger/checkpoint/, e-mailed monthly): kept by the user
 * outside Carnet and given back to the check, it shows a tail removed or a head rewound since.
 */
export const ledgerCheckpointSchema = z.object({
  format: z.literal('carnet-ledger-checkpoint/1'),
  owner_id: z.number(),
  seq: z.number(),
  hash: z.string(),
  created_at: z.string(),
  signature: z.string(),
});
export type LedgerCheckpoint = z.infer<typeof ledgerCheckpointSchema>;

/**
 * POST ledger/verify/ body: `{checkpoint}`, a file the user kept. Read by the route (a missing one
 * has its own message), the checkpoint itself by the check (a forged or foreign one is reported).
 */
export const verifyAgainstCheckpointBody = readByHandler(z.object({ checkpoint: ledgerCheckpointSchema }));
