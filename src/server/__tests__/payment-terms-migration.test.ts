import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, oldSchemaOwnerAndClient, type MigrationTestDatabase } from '../test/migration-db';
import { migrateTestDatabase } from '../test/test-app';

/**
 * Migration 0020 (issue 25) on a database made before payment terms were a field: each invoice's
 * terms are read from its dates (net N days, 0 → à réception, none → 30 days), quotes get 30 days
 * (their end date is a validity), recurring series keep their days; issued snapshots and archived
 * PDFs are not touched.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_27_0019_session_lifetime');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('sets the terms of existing documents from their dates, without touching what was issued', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const { owner, client } = await oldSchemaOwnerAndClient(database, 'termes@exemple.fr');
  const document = async (table: 'quotes' | 'invoices', number: string | null, issue_date: string, end_date: string | null) =>
    (await db
      .insertInto(table)
      .values({
        owner_id: owner, number, title: `${issue_date} → ${end_date}`, description: '', client_id: client, status: number ? 'sent' : 'draft',
        priority: 'normale', issue_date, end_date, payment_date: null, tax_rate: 2000, legal_notice: '', signature_notice: '',
        subtotal_cents: 10000, tax_cents: 2000, total_cents: 12000, created_at: now, updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()).id;
  const net45 = await document('invoices', 'FAC-2026-0001', '2026-01-15', '2026-03-01');
  const reception = await document('invoices', null, '2026-02-01', '2026-02-01');
  const backwards = await document('invoices', null, '2026-02-01', '2026-01-20');
  const undated = await document('invoices', null, '2026-02-01', null);
  const quote = await document('quotes', 'DEV-2026-0001', '2026-01-05', '2026-03-06');

  const snapshot = JSON.stringify({ document: { number: 'FAC-2026-0001', issueDate: '2026-01-15', endDate: '2026-03-01' }, totals: {} });
  const pdf = Buffer.from('%PDF-1.7 facture archivée avant 0020');
  await db
    .insertInto('issued_documents')
    .values({
      kind: 'invoice', document_id: net45, owner_id: owner, snapshot, snapshot_sha256: 'a'.repeat(64), pdf, pdf_sha256: 'b'.repeat(64),
      pdf_seal: 'c'.repeat(64), client_name: 'Librairie Colette', client_siren: '', created_at: now,
    } as never)
    .execute();
  const recurrence = async (days: number) =>
    (await db
      .insertInto('recurring_invoices')
      .values({
        owner_id: owner, source_invoice_id: null, client_id: client, title: `Tous les mois, ${days} jours`, tax_rate: 2000,
        payment_term_days: days, lines: '[]', subtotal_cents: 0, total_cents: 0, frequency: 'monthly', start_date: '2026-03-01',
        end_date: null, mode: 'draft', status: 'active', next_occurrence_date: '2026-03-01', created_at: now, updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()).id;
  const monthly = await recurrence(15);
  const atReception = await recurrence(0);

  await migrateTestDatabase(database);

  const terms = async (table: 'quotes' | 'invoices') =>
    db.selectFrom(table).select(['id', 'payment_terms', 'payment_days', 'end_date']).orderBy('id').execute();
  expect(await terms('invoices')).toEqual([
    { id: net45, payment_terms: 'net', payment_days: 45, end_date: '2026-03-01' },
    { id: reception, payment_terms: 'reception', payment_days: 0, end_date: '2026-02-01' },
    { id: backwards, payment_terms: 'reception', payment_days: 0, end_date: '2026-01-20' },
    { id: undated, payment_terms: 'net', payment_days: 30, end_date: null },
  ]);
  expect(await terms('quotes')).toEqual([{ id: quote, payment_terms: 'net', payment_days: 30, end_date: '2026-03-06' }]);
  expect(await db.selectFrom('recurring_invoices').select(['id', 'payment_terms', 'payment_term_days']).orderBy('id').execute()).toEqual([
    { id: monthly, payment_terms: 'net', payment_term_days: 15 },
    { id: atReception, payment_terms: 'reception', payment_term_days: 0 },
  ]);
  const archived = await db.selectFrom('issued_documents').select(['snapshot', 'pdf', 'pdf_sha256']).executeTakeFirstOrThrow();
  expect({ snapshot: archived.snapshot, pdf: Buffer.from(archived.pdf!).toString(), digest: archived.pdf_sha256 }).toEqual({
    snapshot, pdf: pdf.toString(), digest: 'b'.repeat(64),
  });
});
