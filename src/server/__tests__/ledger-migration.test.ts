import type { DatabaseHandle } from '../db/database';
import { backfillIssuedDocuments } from '../modules/documents/ledger-backfill';
import { repairPendingPdfs } from '../modules/documents/issuing';
import { verifyLedger } from '../modules/ledger/ledger.repository';
import { useLedgerKey } from '../modules/ledger/ledger-seal';
import { TEST_LEDGER_KEY, migrateTestDatabase } from '../test/test-app';
import { databaseMigratedTo, oldSchemaClient, oldSchemaUser, type MigrationTestDatabase } from '../test/migration-db';

/**
 * A database made before the ledger (migration 0008) moves to it: paid invoices get one payment,
 * hand-set statuses become derived ones, duplicate conversions lose their link, and issued
 * documents get their frozen copy and journal entry when the server starts.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_22_0008_dashboard_totals');
  database = migrated.database;
});

// Start-up seals what it archives with the journal's key (config.ts: LEDGER_KEY).
let releaseKey: () => void;
beforeAll(() => {
  releaseKey = useLedgerKey(TEST_LEDGER_KEY);
});
afterAll(async () => {
  await migrated?.close();
  releaseKey();
});

it('migrates invoices issued before the ledger and archives them at start', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const owner = await oldSchemaUser(database, 'ancien@exemple.fr', {
    company_name: 'Studio Dupont', address: '12 rue des Lilas', postal_code: '69001', city: 'Lyon', siret: '12345678900012',
    vat_number: 'FR12123456789',
  });
  const client = await oldSchemaClient(database, owner);
  const { id: quote } = await db
    .insertInto('quotes')
    .values({
      owner_id: owner, number: 'DEV-2026-0001', title: 'Offre', description: '', client_id: client, status: 'accepted', priority: 'normale',
      issue_date: '2026-01-05', end_date: '2026-02-04', payment_date: null, tax_rate: 2000, legal_notice: '', signature_notice: '',
      subtotal_cents: 10000, tax_cents: 2000, total_cents: 12000, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invoice = async (number: string | null, status: string, payment_date: string | null, quote_id: number | null = null) => {
    const { id } = await db
      .insertInto('invoices')
      .values({
        owner_id: owner, number, title: `Facture ${status}`, description: '', client_id: client, status, priority: 'normale',
        issue_date: '2026-02-01', end_date: '2026-03-01', payment_date, tax_rate: 2000, legal_notice: '', signature_notice: '',
        subtotal_cents: 10000, tax_cents: 2000, total_cents: 12000, created_at: now, updated_at: now, quote_id,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invoice_lines')
      // Before migration 0010: no VAT rate per line yet.
      .values({ document_id: id, position: 0, title: 'Conception', description: '', quantity: 100, unit_price_cents: 10000, total_cents: 10000, task_id: null } as never)
      .execute();
    return id;
  };
  const paid = await invoice('FAC-2026-0001', 'paid', '2026-02-10', quote);
  const overdue = await invoice('FAC-2026-0002', 'overdue', null, quote);
  const cancelled = await invoice('FAC-2026-0003', 'cancelled', null);
  const draft = await invoice(null, 'draft', null);

  await migrateTestDatabase(database);
  const rows = new Map(
    (await db.selectFrom('invoices').select(['id', 'status', 'paid_cents', 'credited_cents', 'quote_id']).execute()).map((r) => [r.id, r]),
  );
  expect(rows.get(paid)).toMatchObject({ status: 'paid', paid_cents: 12000, quote_id: quote });
  expect(rows.get(overdue)).toMatchObject({ status: 'sent', paid_cents: 0, quote_id: null });
  expect(rows.get(cancelled)).toMatchObject({ status: 'cancelled', credited_cents: 12000 });
  expect(rows.get(draft)).toMatchObject({ status: 'draft' });
  expect(await db.selectFrom('payments').select(['invoice_id', 'date', 'amount_cents', 'method']).execute()).toEqual([
    { invoice_id: paid, date: '2026-02-10', amount_cents: 12000, method: 'autre' },
  ]);
  const totals = await db.selectFrom('document_totals').selectAll().where('kind', '=', 'invoice').where('status', '=', 'sent').execute();
  expect(totals).toEqual([expect.objectContaining({ count: 1, total_cents: 12000, balance_cents: 12000 })]);

  expect(await backfillIssuedDocuments(db, database.dialect)).toBe(4); // three invoices and the quote
  expect(await backfillIssuedDocuments(db, database.dialect)).toBe(0);
  const journal = await db.selectFrom('ledger_entries').select(['seq', 'number']).orderBy('seq').execute();
  expect(journal).toEqual([
    { seq: 1, number: 'FAC-2026-0001' }, { seq: 2, number: 'FAC-2026-0002' }, { seq: 3, number: 'FAC-2026-0003' },
  ]);
  // Their PDFs wait for the start-up repair (or their first read): never rendered inside the backfill's transactions.
  expect(await verifyLedger(db, database.dialect, owner)).toEqual({ ok: true, entries: 3, pending_pdfs: 3, checkpoint: null });
  expect(await repairPendingPdfs(db)).toBe(4);
  expect(await verifyLedger(db, database.dialect, owner)).toEqual({ ok: true, entries: 3, pending_pdfs: 0, checkpoint: null });
});
