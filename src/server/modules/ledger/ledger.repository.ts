import { sql, type Kysely } from 'kysely';
import type { Database, LedgerEntriesTable } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import type { LedgerCheckpoint, LedgerVerification } from '@/shared/contracts/ledger';
import { pdfSealParts, seal, sealMatches, sha256 } from './ledger-seal';
import { formatDate } from '@/server/pdf/format';
import { parisToday } from '@/shared/dates';
import { lineUnitOf } from '@/shared/units';
import { toTenThousandths } from '@/shared/money';

/**
 * The tamper-evident journal of issued invoices and credit notes (CGI art. 242 nonies A and
 * art. 289 VII: integrity of content, reliable audit trail), in the manner of Dolibarr's
 * unalterable log: each user's entries form a chain in which every entry seals its own content
 * and the previous entry's hash. Since migration 0018 (entries of version 2) the seal is an HMAC
 * under a key the database does not hold (ledger-seal.ts) over the digest of the document's
 * snapshot — the legal record, written with the entry in the numbering transaction; the PDF,
 * rendered after, is sealed beside its snapshot. Version 1 entries (before 0018: unkeyed SHA-256
 * over the PDF's digest) stay verifiable as they were; the first sealed entry after them chains
 * their last hash, so rewriting them breaks it. `verifyLedger` also compares each document's
 * current rows with its snapshot, each archived PDF with its sealed digest, and the head with
 * the checkpoints (signed heads the user keeps outside: a truncated tail or a rewound head shows).
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
  /** SHA-256 of the stored snapshot (issued_documents.snapshot). */
  snapshotSha256: string;
}

type EntryContent = Omit<LedgerEntriesTable, 'hash' | 'created_at'>;

/** The entry's seal: its fields in a fixed order (the previous hash among them), per version. */
export function entryHash(e: EntryContent): string {
  const common = [e.owner_id, Number(e.seq), e.kind, e.document_id, e.number, e.issue_date, e.client_name,
    Number(e.subtotal_cents), Number(e.tax_cents), Number(e.total_cents)];
  if (Number(e.seal_version) === 1) return sha256(JSON.stringify([...common, e.pdf_sha256, e.prev_hash]));
  return seal(['entry', 2, ...common, e.snapshot_sha256, e.prev_hash]);
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
    pdf_sha256: null,
    snapshot_sha256: doc.snapshotSha256,
    seal_version: 2,
    prev_hash: head.hash,
  };
  const hash = entryHash(content);
  await trx.insertInto('ledger_entries').values({ ...content, hash, created_at: new Date().toISOString() }).execute();
  await trx.updateTable('ledger_heads').set({ seq: content.seq, hash }).where('owner_id', '=', ownerId).execute();
}

/** The snapshot stored by `recordIssued` (issuing.ts): what verify reads back of it. */
interface StoredSnapshot {
  document: { number: string | null; issueDate: string; lines: { title: string; description: string; quantity: number; unitPrice: number; taxRate: number; unit?: string; discountPercent?: number; discountAmount?: number; vatExemption?: string }[] };
  totals: { subtotal: number; tax: number; total: number };
  clientId?: number;
  creditedBeforeCreditNotes?: number;
}

type Broken = NonNullable<LedgerVerification['broken_at']>;

const cents = (amount: number) => Math.round(amount * 100);
/** A checkpoint's date as the user reads it: its Paris day, 'JJ/MM/AAAA'. */
export const checkpointDay = (createdAt: string) => formatDate(parisToday(new Date(createdAt)));

/** What a checkpoint signs (the owner, the head's place and hash, and when). */
const checkpointParts = (c: Pick<LedgerCheckpoint, 'owner_id' | 'seq' | 'hash' | 'created_at'>) =>
  ['checkpoint', c.owner_id, Number(c.seq), c.hash, c.created_at] as const;

export const CHECKPOINT_FORMAT = 'carnet-ledger-checkpoint/1' as const;

/**
 * A signed checkpoint of the owner's journal as it stands (its head), stored and returned: the user
 * keeps it outside Carnet (download, monthly e-mail) and gives it back to `verifyLedger`.
 */
export async function createCheckpoint(db: Kysely<Database>, ownerId: number, now = new Date()): Promise<LedgerCheckpoint> {
  const head = await db.selectFrom('ledger_heads').select(['seq', 'hash']).where('owner_id', '=', ownerId).executeTakeFirst();
  const content = { owner_id: ownerId, seq: Number(head?.seq ?? 0), hash: head?.hash ?? GENESIS_HASH, created_at: now.toISOString() };
  const signature = seal(checkpointParts(content));
  await db.insertInto('ledger_checkpoints').values({ ...content, signature }).onConflict((oc) => oc.doNothing()).execute();
  return { format: CHECKPOINT_FORMAT, ...content, signature };
}

/** A checkpoint given by the user (a file's JSON), or the French reason it cannot be used. */
export function parseCheckpoint(input: unknown, ownerId: number): LedgerCheckpoint | string {
  const c = input as Partial<LedgerCheckpoint> | null;
  const valid =
    !!c && typeof c === 'object' && c.format === CHECKPOINT_FORMAT && Number.isSafeInteger(c.owner_id) && Number.isSafeInteger(c.seq) &&
    (c.seq as number) >= 0 && typeof c.hash === 'string' && typeof c.created_at === 'string' && typeof c.signature === 'string';
  if (!valid) return 'Ce fichier n’est pas un point de contrôle du journal Carnet.';
  if (c.owner_id !== ownerId) return 'Ce point de contrôle appartient à un autre compte.';
  if (!sealMatches(checkpointParts(c as LedgerCheckpoint), c.signature)) {
    return 'Ce point de contrôle n’est pas authentique : sa signature ne correspond pas (fichier modifié, ou clé du journal différente).';
  }
  return c as LedgerCheckpoint;
}

/** Everything the check reads, in one consistent read (a repeatable-read transaction on PostgreSQL). */
async function loadLedger(db: Kysely<Database>, dialect: Dialect, ownerId: number) {
  const read = async (trx: Kysely<Database>) => {
    const entries = await trx.selectFrom('ledger_entries').selectAll().where('owner_id', '=', ownerId).orderBy('seq').execute();
    const head = await trx.selectFrom('ledger_heads').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
    const archives = await trx
      .selectFrom('issued_documents')
      .select(['kind', 'document_id', 'snapshot', 'snapshot_sha256', 'pdf', 'pdf_sha256', 'pdf_seal'])
      .where('owner_id', '=', ownerId)
      .where('kind', 'in', ['invoice', 'credit_note'])
      .execute();
    const invoices = await trx
      .selectFrom('invoices')
      .select(['id', 'number', 'issue_date', 'client_id', 'subtotal_cents', 'tax_cents', 'total_cents', 'paid_cents', 'credited_cents'])
      .where('owner_id', '=', ownerId)
      .where('number', 'is not', null)
      .execute();
    const creditNotes = await trx
      .selectFrom('credit_notes')
      .select(['id', 'number', 'issue_date', 'client_id', 'subtotal_cents', 'tax_cents', 'total_cents', 'invoice_id'])
      .where('owner_id', '=', ownerId)
      .execute();
    const lineColumns = [
      'l.document_id', 'l.position', 'l.title', 'l.description', 'l.quantity', 'l.unit_price_centicents', 'l.tax_rate', 'l.unit',
      'l.discount_percent', 'l.discount_cents', 'l.vat_exemption',
    ] as const;
    const invoiceLines = await trx
      .selectFrom('invoice_lines as l')
      .innerJoin('invoices as d', 'd.id', 'l.document_id')
      .select(lineColumns)
      .where('d.owner_id', '=', ownerId)
      .where('d.number', 'is not', null)
      .orderBy('l.document_id')
      .orderBy('l.position')
      .execute();
    const creditNoteLines = await trx
      .selectFrom('credit_note_lines as l')
      .innerJoin('credit_notes as d', 'd.id', 'l.document_id')
      .select(lineColumns)
      .where('d.owner_id', '=', ownerId)
      .orderBy('l.document_id')
      .orderBy('l.position')
      .execute();
    const payments = await trx
      .selectFrom('payments')
      .select(['invoice_id', sql<number>`sum(amount_cents)`.as('paid')])
      .where('owner_id', '=', ownerId)
      .groupBy('invoice_id')
      .execute();
    const checkpoints = await trx.selectFrom('ledger_checkpoints').selectAll().where('owner_id', '=', ownerId).orderBy('seq').execute();
    return { entries, head, archives, invoices, creditNotes, invoiceLines, creditNoteLines, payments, checkpoints };
  };
  return dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read').execute(read) : db.transaction().execute(read);
}

const groupBy = <T, K>(rows: T[], key: (row: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

/**
 * Checks the owner's journal: the chain and its seals, each entry's snapshot, PDF and current rows
 * (number, date, totals, lines, client; an invoice's payments), and the head against every
 * checkpoint — those stored, and the one the user gives (`checkpoint`, already parsed). Reports
 * the first broken entry with its document's number and why (French).
 */
export async function verifyLedger(
  db: Kysely<Database>,
  dialect: Dialect,
  ownerId: number,
  options: { checkpoint?: LedgerCheckpoint } = {},
): Promise<LedgerVerification> {
  const data = await loadLedger(db, dialect, ownerId);
  const { entries, head } = data;
  const archived = new Map(data.archives.map((a) => [`${a.kind}:${a.document_id}`, a]));
  const rows = new Map<string, JournalledRow>([
    ...data.invoices.map((r): [string, JournalledRow] => [`invoice:${r.id}`, { ...r, kind: 'invoice' }]),
    ...data.creditNotes.map((r): [string, JournalledRow] => [`credit_note:${r.id}`, { ...r, kind: 'credit_note', paid_cents: 0, credited_cents: 0 }]),
  ]);
  const lines = new Map<string, LineRow[]>([
    ...[...groupBy(data.invoiceLines, (l) => l.document_id)].map(([id, l]): [string, LineRow[]] => [`invoice:${id}`, l]),
    ...[...groupBy(data.creditNoteLines, (l) => l.document_id)].map(([id, l]): [string, LineRow[]] => [`credit_note:${id}`, l]),
  ]);
  const paid = new Map(data.payments.map((p) => [p.invoice_id, Number(p.paid)]));
  const credited = new Map<number, number>();
  for (const c of data.creditNotes) credited.set(c.invoice_id, (credited.get(c.invoice_id) ?? 0) + Number(c.total_cents));
  const failures: Broken[] = [];
  const broken = (seq: number, number: string | null, reason: string) => failures.push({ seq, number, reason });
  let pendingPdfs = 0;

  let previous = GENESIS_HASH;
  for (const [index, entry] of entries.entries()) {
    const seq = Number(entry.seq);
    if (seq !== index + 1) { broken(index + 1, entry.number, 'Entrée manquante ou hors séquence.'); break; }
    if (entry.prev_hash !== previous) { broken(seq, entry.number, 'Le chaînage avec l’entrée précédente est rompu.'); break; }
    if (entryHash(entry) !== entry.hash) { broken(seq, entry.number, 'Le contenu de l’entrée a été modifié (son sceau ne correspond plus).'); break; }
    previous = entry.hash;
    const key = `${entry.kind}:${entry.document_id}`;
    const archive = archived.get(key);
    if (!archive) { broken(seq, entry.number, 'La copie archivée du document a disparu.'); break; }
    const sealed = Number(entry.seal_version) >= 2;
    if (sealed && (archive.snapshot_sha256 !== entry.snapshot_sha256 || sha256(archive.snapshot) !== entry.snapshot_sha256)) {
      broken(seq, entry.number, 'Le contenu archivé du document (snapshot) ne correspond plus à l’empreinte scellée dans le journal.');
      break;
    }
    if (archive.pdf === null || archive.pdf_sha256 === null) {
      // Numbered and journalled, its PDF not stored yet (rendered after the numbering; repaired at start).
      if (!sealed) { broken(seq, entry.number, 'Le PDF archivé a disparu.'); break; }
      pendingPdfs++;
    } else {
      const pdfSealed = archive.pdf_seal !== null || sealed;
      const pdfIntact =
        sha256(archive.pdf) === archive.pdf_sha256 &&
        (sealed || archive.pdf_sha256 === entry.pdf_sha256) &&
        (!pdfSealed || sealMatches(pdfSealParts(entry.kind, entry.document_id, archive.snapshot_sha256, archive.pdf_sha256), archive.pdf_seal));
      if (!pdfIntact) { broken(seq, entry.number, 'Le PDF archivé ne correspond plus à l’empreinte enregistrée.'); break; }
    }
    const rowProblem = compareRows(entry, JSON.parse(archive.snapshot) as StoredSnapshot, rows.get(key), lines.get(key) ?? [], { paid, credited });
    if (rowProblem) { broken(seq, entry.number, rowProblem); break; }
  }
  if (!failures.length && ((head?.seq ?? 0) !== entries.length || (head?.hash ?? GENESIS_HASH) !== previous)) {
    broken(entries.length + 1, null, 'La fin du journal ne correspond pas à sa tête : des entrées ont été supprimées.');
  }
  // Every numbered invoice and every credit note has its entry (one removed with the head rewound shows here).
  const journalled = new Set(entries.map((e) => `${e.kind}:${e.document_id}`));
  const unjournalled = [...rows.entries()].filter(([key]) => !journalled.has(key)).map(([, row]) => row.number);
  if (unjournalled.length) {
    broken(entries.length + 1, unjournalled[0], `Document émis absent du journal : ${unjournalled.join(', ')}.`);
  }

  // Checkpoints: the stored ones (an attacker may delete them) and the user's (kept outside).
  const checkpoints: (LedgerCheckpoint & { given?: boolean })[] = [
    ...data.checkpoints.map((c) => ({ ...c, format: CHECKPOINT_FORMAT, seq: Number(c.seq) }) as const),
    ...(options.checkpoint ? [{ ...options.checkpoint, given: true }] : []),
  ];
  for (const checkpoint of checkpoints) {
    const when = checkpointDay(checkpoint.created_at);
    if (!checkpoint.given && !sealMatches(checkpointParts(checkpoint), checkpoint.signature)) {
      broken(checkpoint.seq, entries[checkpoint.seq - 1]?.number ?? null, `Le point de contrôle enregistré du ${when} a été modifié.`);
    } else if (checkpoint.seq > entries.length) {
      broken(
        entries.length + 1,
        null,
        `Le journal ne compte plus que ${entries.length} entrée(s), mais le point de contrôle du ${when} en attestait ${checkpoint.seq} : ` +
          'des entrées ont été supprimées.',
      );
    } else if (checkpoint.seq > 0 && entries[checkpoint.seq - 1].hash !== checkpoint.hash) {
      broken(checkpoint.seq, entries[checkpoint.seq - 1].number, `L’entrée ne correspond plus au point de contrôle du ${when}.`);
    }
  }
  const latest = checkpoints.reduce<LedgerCheckpoint | null>((a, c) => (!a || c.seq > a.seq ? c : a), null);
  const result: LedgerVerification = {
    ok: !failures.length,
    entries: entries.length,
    pending_pdfs: pendingPdfs,
    checkpoint: latest ? { seq: latest.seq, created_at: latest.created_at } : null,
  };
  if (failures.length) result.broken_at = failures.reduce((a, b) => (b.seq < a.seq ? b : a));
  return result;
}

interface JournalledRow {
  kind: 'invoice' | 'credit_note';
  id: number;
  number: string | null;
  issue_date: string;
  client_id: number;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: number;
  credited_cents: number;
}
type LineRow = {
  title: string; description: string; quantity: number; unit_price_centicents: number; tax_rate: number; unit: string;
  discount_percent: number; discount_cents: number; vat_exemption: string;
};

/** Why a journalled document's current rows no longer say what was issued, or null. */
function compareRows(
  entry: LedgerEntriesTable,
  snapshot: StoredSnapshot,
  row: JournalledRow | undefined,
  rowLines: LineRow[],
  settled: { paid: Map<number, number>; credited: Map<number, number> },
): string | null {
  const what = entry.kind === 'invoice' ? 'la facture' : 'l’avoir';
  if (!row) return entry.kind === 'invoice' ? 'La facture journalisée a disparu des données.' : 'L’avoir journalisé a disparu des données.';
  if (row.number !== entry.number || row.issue_date !== entry.issue_date) {
    return `Le numéro ou la date de ${what} ne correspond plus à ceux émis.`;
  }
  if (
    Number(row.subtotal_cents) !== Number(entry.subtotal_cents) || Number(row.tax_cents) !== Number(entry.tax_cents) ||
    Number(row.total_cents) !== Number(entry.total_cents)
  ) {
    return `Les montants de ${what} ne correspondent plus à ceux émis.`;
  }
  if (snapshot.clientId !== undefined && snapshot.clientId !== row.client_id) return `Le client de ${what} n’est plus celui de l’émission.`;
  // A snapshot made before units (issue 25) has none: its lines were C62, as migration 0022 stored them.
  // One made before discounts (issue 25) has none: migration 0023 stored 0; nor line reasons: 0024 stored ''.
  const printed = snapshot.document.lines.map((l) => [
    l.title, l.description, toTenThousandths(l.quantity), toTenThousandths(l.unitPrice), cents(l.taxRate), lineUnitOf(l.unit),
    cents(l.discountPercent ?? 0), cents(l.discountAmount ?? 0), l.vatExemption ?? '',
  ]);
  const stored = rowLines.map((l) => [
    l.title, l.description, Number(l.quantity), Number(l.unit_price_centicents), Number(l.tax_rate), l.unit,
    Number(l.discount_percent), Number(l.discount_cents), l.vat_exemption,
  ]);
  if (JSON.stringify(printed) !== JSON.stringify(stored)) return `Les lignes de ${what} ne correspondent plus à celles émises.`;
  if (row.kind === 'invoice' && Number(row.paid_cents) !== (settled.paid.get(row.id) ?? 0)) {
    return 'Le montant payé de la facture ne correspond plus à ses paiements enregistrés.';
  }
  // Before migration 0009 an invoice cancelled by hand counted as wholly credited without a credit
  // note: its archive says so (sealed in its snapshot since 0018; an entry of before, version 1, may).
  const credits = (settled.credited.get(row.id) ?? 0) + (snapshot.creditedBeforeCreditNotes ?? 0);
  const cancelledBeforeCreditNotes = Number(entry.seal_version) === 1 && credits === 0 && Number(row.credited_cents) === Number(row.total_cents);
  if (row.kind === 'invoice' && Number(row.credited_cents) !== credits && !cancelledBeforeCreditNotes) {
    return 'Le montant crédité de la facture ne correspond plus à ses avoirs.';
  }
  return null;
}

/**
 * The owners whose journal moved since their latest checkpoint (a head with entries no checkpoint
 * attests yet): those the monthly checkpoint e-mail is for.
 */
/** Every owner with a journal, in id order. */
export async function ledgerOwners(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('ledger_heads').select('owner_id').orderBy('owner_id').execute();
  return rows.map((r) => r.owner_id);
}

export function ownersWithNewEntries(db: Kysely<Database>): Promise<{ owner_id: number; email: string }[]> {
  return db
    .selectFrom('ledger_heads as h')
    .innerJoin('users as u', 'u.id', 'h.owner_id')
    .select(['h.owner_id', 'u.email'])
    .where('h.seq', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('ledger_checkpoints as c').select('c.seq').whereRef('c.owner_id', '=', 'h.owner_id').whereRef('c.seq', '=', 'h.seq'))),
    )
    .orderBy('h.owner_id')
    .execute();
}
