/**
 * GET ledger/verify/ (POST with a checkpoint): the check of the user's journal of issued invoices
 * and credit notes — the sealed chain, each document's snapshot, PDF and current rows, the head
 * against the checkpoints. `ok` with the number of entries, else the first broken entry: its place
 * in the chain, its document's number (null when entries were removed from the end) and why (French).
 */
export interface LedgerVerification {
  ok: boolean;
  entries: number;
  broken_at?: { seq: number; number: string | null; reason: string };
  /** Documents numbered whose PDF is not stored yet (rendered just after; repaired at start). */
  pending_pdfs: number;
  /** The latest checkpoint the check used (stored or given), if any. */
  checkpoint: { seq: number; created_at: string } | null;
}

/**
 * A signed head of the journal (POST ledger/checkpoint/, e-mailed monthly): kept by the user
 * outside Carnet and given back to the check, it shows a tail removed or a head rewound since.
 */
export interface LedgerCheckpoint {
  format: 'carnet-ledger-checkpoint/1';
  owner_id: number;
  seq: number;
  hash: string;
  created_at: string;
  signature: string;
}
