/**
 * GET ledger/verify/: the check of the user's journal of issued invoices and credit notes (hash
 * chain and archived PDFs). `ok` with the number of entries, else the first broken entry: its
 * place in the chain, its document's number (null when entries were removed from the end) and why
 * (French).
 */
export interface LedgerVerification {
  ok: boolean;
  entries: number;
  broken_at?: { seq: number; number: string | null; reason: string };
}
