import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LedgerEntriesTable } from '../../db/schema';
import type { Dialect } from '../../db/database';
import type { LedgerVerification } from '../../../shared/ledger';

/**
 * The tamper-evident journal of issued invoices and credit notes (CGI art. 242 nonies A and
 * art. 289: integrity of content, reliable audit trail), in the manner of Dolibarr's unalterable
 * log: each user's entries form a chain in which every entry hashes its own content and the
 * previous entry's hash. Changing, removing or reordering any stored entry — or the archived PDF
 * an entry names — breaks the chain from that entry on, which `verifyLedger` reports.
 */

export const GENESIS_HASH = '0'.repeat(64);

export interface LedgerDocument {
  kind: 'invoice' | 'credit_note';
  documentId: number;
  number: string;
  issueDate: string;
  clientName: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  pdfSha256: string;
}

type EntryContent = Omit<LedgerEntriesTable, 'hash' | 'created_at'>;

/** SHA-256 of the entry's fields in a fixed order (the previous hash among them). */
export function entryHash(e: EntryContent): string {
  const fields = [
    e.owner_id, e.seq, e.kind, e.document_id, e.number, e.issue_date, e.client_name,
    Number(e.subtotal_cents), Number(e.tax_cents), Number(e.total_cents), e.pdf_sha256, e.prev_hash,
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Appends an entry for `doc`; call it in the transaction that issues the document. The owner's
 * head row is locked (PostgreSQL row lock; SQLite's write lock) so concurrent appends chain in turn.
 */
export async function appendLedgerEntry(trx: Kysely<Database>, dialect: Dialect, ownerId: number, doc: LedgerDocument) {
  await trx
    .insertInto('ledger_heads')
    .values({ owner_id: ownerId, seq: 0, hash: GENESIS_HASH })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
  const head = await trx
    .selectFrom('ledger_heads')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirstOrThrow();
  const content: EntryContent = {
    owner_id: ownerId,
    seq: head.seq + 1,
    kind: doc.kind,
    document_id: doc.documentId,
    number: doc.number,
    issue_date: doc.issueDate,
    client_name: doc.clientName,
    subtotal_cents: doc.subtotalCents,
    tax_cents: doc.taxCents,
    total_cents: doc.totalCents,
    pdf_sha256: doc.pdfSha256,
    prev_hash: head.hash,
  };
  const hash = entryHash(content);
  await trx.insertInto('ledger_entries').values({ ...content, hash, created_at: new Date().toISOString() }).execute();
  await trx.updateTable('ledger_heads').set({ seq: content.seq, hash }).where('owner_id', '=', ownerId).execute();
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Re-computes the owner's chain and checks each entry against the archived PDF it names. */
export async function verifyLedger(db: Kysely<Database>, ownerId: number): Promise<LedgerVerification> {
  const [entries, head, archives] = await Promise.all([
    db.selectFrom('ledger_entries').selectAll().where('owner_id', '=', ownerId).orderBy('seq').execute(),
    db.selectFrom('ledger_heads').selectAll().where('owner_id', '=', ownerId).executeTakeFirst(),
    db
      .selectFrom('issued_documents')
      .select(['kind', 'document_id', 'pdf', 'pdf_sha256'])
      .where('owner_id', '=', ownerId)
      .where('kind', 'in', ['invoice', 'credit_note'])
      .execute(),
  ]);
  const archived = new Map(archives.map((a) => [`${a.kind}:${a.document_id}`, a]));
  const broken = (seq: number, number: string | null, reason: string): LedgerVerification => ({
    ok: false, entries: entries.length, broken_at: { seq, number, reason },
  });
  let previous = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    if (Number(entry.seq) !== index + 1) return broken(index + 1, entry.number, 'Entrée manquante ou hors séquence.');
    if (entry.prev_hash !== previous) return broken(entry.seq, entry.number, 'Le chaînage avec l’entrée précédente est rompu.');
    if (entryHash(entry) !== entry.hash) return broken(entry.seq, entry.number, 'Le contenu de l’entrée a été modifié.');
    const archive = archived.get(`${entry.kind}:${entry.document_id}`);
    if (!archive || archive.pdf_sha256 !== entry.pdf_sha256 || sha256(archive.pdf) !== entry.pdf_sha256) {
      return broken(entry.seq, entry.number, 'Le PDF archivé ne correspond plus à l’empreinte enregistrée.');
    }
    previous = entry.hash;
  }
  if ((head?.seq ?? 0) !== entries.length || (head?.hash ?? GENESIS_HASH) !== previous) {
    return broken(entries.length + 1, null, 'La fin du journal ne correspond pas à sa tête : des entrées ont été supprimées.');
  }
  return { ok: true, entries: entries.length };
}
