import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key that seals the journal of issued documents (CGI art. 289 VII: integrity of the
 * invoices kept; in the manner of Dolibarr's "blockedlog" for NF525). It lives outside the
 * database (LEDGER_KEY, or DATA_DIR/ledger_key: config.ts), so that someone who can write the
 * database cannot recompute a chain, swap an archived PDF or forge a checkpoint: every seal is an
 * HMAC-SHA256 under it. Someone holding both the database and the key can still forge; the
 * checkpoints the user keeps outside (downloaded, e-mailed monthly) bound that.
 *
 * The key is process-wide (one app per process in production, like the PDF pool); apps of one
 * process must share it, which `useLedgerKey` enforces loudly.
 */

let key: Buffer | null = null;
let users = 0;

/** Installs the key for this process (buildApp, the CLI tools); the returned function releases it. */
export function useLedgerKey(secret: string): () => void {
  const next = Buffer.from(secret.trim(), 'utf8');
  if (key && users > 0 && !key.equals(next)) {
    throw new Error('Two apps in one process with different ledger keys: the journal would not verify in one of them');
  }
  key = next;
  users++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--users === 0) key = null;
  };
}

function currentKey(): Buffer {
  if (!key) throw new Error('No ledger key: buildApp (or useLedgerKey) must run first');
  return key;
}

/** HMAC-SHA256 (hex) of `parts` in a fixed order: what no one without the key can recompute. */
export function seal(parts: readonly (string | number | null)[]): string {
  return createHmac('sha256', currentKey()).update(JSON.stringify(parts)).digest('hex');
}

/** Whether `mac` is the seal of `parts` (constant-time comparison). */
export function sealMatches(parts: readonly (string | number | null)[], mac: string | null | undefined): boolean {
  if (!mac || !/^[0-9a-f]{64}$/.test(mac)) return false;
  return timingSafeEqual(Buffer.from(seal(parts), 'hex'), Buffer.from(mac, 'hex'));
}

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/** The seal that binds an archived PDF's digest to its document and snapshot. */
export const pdfSealParts = (kind: string, documentId: number, snapshotSha256: string | null, pdfSha256: string) =>
  ['pdf', kind, documentId, snapshotSha256, pdfSha256] as const;
