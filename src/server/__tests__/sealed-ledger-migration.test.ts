import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database';
import { sealLegacyPdfs } from '../modules/documents/issuing';
import { GENESIS_HASH, verifyLedger } from '../modules/ledger/ledger.repository';
import { useLedgerKey } from '../modules/ledger/ledger-seal';
import { databaseMigratedTo, oldSchemaClient, oldSchemaUser, type MigrationTestDatabase } from '../test/migration-db';
import { TEST_LEDGER_KEY, migrateTestDatabase } from '../test/test-app';

/**
 * Migration 0018 (issue 23) on a journal written before it (SQLite rebuilds three tables):
 * unkeyed version 1 entries stay verifiable, their PDFs are sealed once at start (trust on first
 * use) and from then on a swapped PDF shows; the client as issued is read from each snapshot; the
 * outbox keeps its messages and now accepts a document's message whose PDF is read at delivery.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;
let releaseKey: () => void;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_24_0017_account_mail');
  database = migrated.database;
  releaseKey = useLedgerKey(TEST_LEDGER_KEY);
});
afterAll(async () => {
  await migrated?.close();
  releaseKey();
});

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

it('keeps version 1 entries verifiable, seals their PDFs at start, and keeps the outbox', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const owner = await oldSchemaUser(database, 'avant@exemple.fr');
  const client = await oldSchemaClient(database, owner, 'Nouveau nom');
  const { id: invoice } = await db
    .insertInto('invoices')
    .values({
      owner_id: owner, number: 'FAC-2026-0001', title: 'Mission', description: '', client_id: client, status: 'sent', priority: 'normale',
      issue_date: '2026-02-01', end_date: '2026-03-01', payment_date: null, tax_rate: 2000, legal_notice: '', signature_notice: '',
      subtotal_cents: 10000, tax_cents: 2000, total_cents: 12000, created_at: now, updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('invoice_lines')
    .values({ document_id: invoice, position: 0, title: 'Conception', description: '', quantity: 100, unit_price_cents: 10000, tax_rate: 2000, total_cents: 10000, task_id: null } as never)
    .execute();
  // As the journal of 0009–0017 wrote it: the client's name then, the PDF's digest, an unkeyed hash.
  const snapshot = JSON.stringify({
    document: {
      number: 'FAC-2026-0001', issueDate: '2026-02-01', client: { name: 'Librairie Colette', siren: '123456789' },
      lines: [{ title: 'Conception', description: '', quantity: 1, unitPrice: 100, taxRate: 20 }],
    },
    totals: { subtotal: 10000, tax: 2000, total: 12000 },
  });
  const pdf = Buffer.from('%PDF-1.7 facture archivée avant 0018');
  await db
    .insertInto('issued_documents')
    .values({ kind: 'invoice', document_id: invoice, owner_id: owner, snapshot, pdf, pdf_sha256: sha256(pdf), created_at: now } as never)
    .execute();
  const fields = [owner, 1, 'invoice', invoice, 'FAC-2026-0001', '2026-02-01', 'Librairie Colette', 10000, 2000, 12000, sha256(pdf), GENESIS_HASH];
  const hash = sha256(JSON.stringify(fields));
  await db
    .insertInto('ledger_entries')
    .values({
      owner_id: owner, seq: 1, kind: 'invoice', document_id: invoice, number: 'FAC-2026-0001', issue_date: '2026-02-01',
      client_name: 'Librairie Colette', subtotal_cents: 10000, tax_cents: 2000, total_cents: 12000, pdf_sha256: sha256(pdf),
      prev_hash: GENESIS_HASH, hash, created_at: now,
    } as never)
    .execute();
  await db.insertInto('ledger_heads').values({ owner_id: owner, seq: 1, hash }).execute();
  const message = {
    owner_id: owner, document_kind: 'invoice', document_id: invoice, message: '{}', attachment_name: 'Facture.pdf', attachment: pdf,
    status: 'sent', next_attempt_at: now, created_at: now, updated_at: now, purpose: 'document',
  };
  const { id: messageId } = await db.insertInto('outbox_messages').values(message as never).returning('id').executeTakeFirstOrThrow();

  await migrateTestDatabase(database);

  const archive = await db.selectFrom('issued_documents').selectAll().where('document_id', '=', invoice).executeTakeFirstOrThrow();
  expect(archive).toMatchObject({ client_name: 'Librairie Colette', client_siren: '123456789', pdf_seal: null, snapshot_sha256: null });
  expect(Buffer.from(archive.pdf!)).toEqual(pdf);
  const entry = await db.selectFrom('ledger_entries').selectAll().executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ seal_version: 1, hash, snapshot_sha256: null });
  const kept = await db.selectFrom('outbox_messages').selectAll().where('id', '=', messageId).executeTakeFirstOrThrow();
  expect(Buffer.from(kept.attachment!)).toEqual(pdf);
  // A document's message may now leave its bytes to the archive; one without a file name still may not.
  await db.insertInto('outbox_messages').values({ ...message, attachment: null, status: 'pending' } as never).execute();
  const check = database.dialect === 'postgres'
    ? (await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'outbox_messages_document_parts' and connamespace = current_schema()::regnamespace`.execute(db)).rows[0].def
    : (await sql<{ def: string }>`select sql as def from sqlite_master where name = 'outbox_messages'`.execute(db)).rows[0].def;
  expect(check.replace(/[()]/g, '').toLowerCase()).toContain('attachment_name is not null');
  expect(check.toLowerCase()).not.toMatch(/[^_]attachment is not null/);

  expect(await sealLegacyPdfs(db)).toBe(1);
  expect(await sealLegacyPdfs(db)).toBe(0);
  expect(await verifyLedger(db, database.dialect, owner)).toMatchObject({ ok: true, entries: 1 });

  // Sealed: swapping the PDF and its digest now shows, although version 1 entries are unkeyed.
  const forged = Buffer.from('%PDF-1.7 autre');
  await db.updateTable('issued_documents').set({ pdf: forged, pdf_sha256: sha256(forged) }).where('document_id', '=', invoice).execute();
  // Version 1 is unkeyed: the attacker can recompute the entry and the head; only the PDF's seal stands.
  const forgedHash = sha256(JSON.stringify([...fields.slice(0, 10), sha256(forged), GENESIS_HASH]));
  await db.updateTable('ledger_entries').set({ pdf_sha256: sha256(forged), hash: forgedHash }).execute();
  await db.updateTable('ledger_heads').set({ hash: forgedHash }).execute();
  expect(await verifyLedger(db, database.dialect, owner)).toMatchObject({ ok: false, broken_at: { seq: 1, number: 'FAC-2026-0001' } });
});
