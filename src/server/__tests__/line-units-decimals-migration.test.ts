import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, oldSchemaOwnerAndClient, type MigrationTestDatabase } from '../test/migration-db';
import { migrateTestDatabase } from '../test/test-app';

/**
 * Migration 0022 (issue 25) on a database made before lines had units and 4 decimals: every
 * existing line is C62 ("one", what the XML always said of it); quantities and unit prices are
 * rescaled exactly (× 100: ten-thousandths of a unit, hundredths of a cent), recurring templates
 * too; totals, issued snapshots and archived PDFs are not touched.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_27_0020_payment_terms');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('gives existing lines the unit C62, without touching what was issued', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const { owner, client } = await oldSchemaOwnerAndClient(database, 'unites@exemple.fr');
  const document = async (table: 'quotes' | 'invoices', number: string | null) =>
    (await db
      .insertInto(table)
      .values({
        owner_id: owner, number, title: 'Refonte', description: '', client_id: client, status: number ? 'sent' : 'draft',
        priority: 'normale', issue_date: '2026-01-15', end_date: '2026-02-14', payment_date: null, tax_rate: 2000, legal_notice: '',
        signature_notice: '', subtotal_cents: 129999, tax_cents: 26000, total_cents: 155999, created_at: now, updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()).id;
  const invoice = await document('invoices', 'FAC-2026-0001');
  const quote = await document('quotes', 'DEV-2026-0001');
  // 3 × 333,33 € and 2,5 × 120,00 € (quantities in hundredths, prices in cents, as stored before 0022).
  const lines = [
    { position: 0, title: 'Conseil', quantity: 300, unit_price_cents: 33333, total_cents: 99999 },
    { position: 1, title: 'Atelier', quantity: 250, unit_price_cents: 12000, total_cents: 30000 },
  ];
  for (const [table, id] of [['invoice_lines', invoice], ['quote_lines', quote]] as const) {
    for (const l of lines) {
      await db.insertInto(table).values({ ...l, document_id: id, description: '', tax_rate: 2000, task_id: null } as never).execute();
    }
  }
  const snapshot = JSON.stringify({ document: { number: 'FAC-2026-0001', lines: [{ title: 'Conseil', quantity: 3, unitPrice: 333.33, taxRate: 20 }] } });
  const pdf = Buffer.from('%PDF-1.7 facture archivée avant 0022');
  await db
    .insertInto('issued_documents')
    .values({
      kind: 'invoice', document_id: invoice, owner_id: owner, snapshot, snapshot_sha256: 'a'.repeat(64), pdf, pdf_sha256: 'b'.repeat(64),
      pdf_seal: 'c'.repeat(64), client_name: 'Librairie Colette', client_siren: '', created_at: now,
    } as never)
    .execute();

  const templateLines = [{ title: 'Hébergement', description: '', quantity: 150, unit_price: 4990, tax_rate: 2000 }];
  await db
    .insertInto('recurring_invoices')
    .values({
      owner_id: owner, source_invoice_id: null, client_id: client, title: 'Tous les mois', tax_rate: 2000, payment_term_days: 30,
      lines: JSON.stringify(templateLines), subtotal_cents: 7485, total_cents: 8982, frequency: 'monthly', start_date: '2026-03-01',
      end_date: null, mode: 'draft', status: 'active', next_occurrence_date: '2026-03-01', created_at: now, updated_at: now,
    } as never)
    .execute();

  await migrateTestDatabase(database);

  for (const table of ['invoice_lines', 'quote_lines'] as const) {
    const rows = await db.selectFrom(table).select(['title', 'unit', 'quantity', 'unit_price_centicents', 'total_cents']).orderBy('position').execute();
    expect(rows.map((r) => [r.title, r.unit, Number(r.quantity), Number(r.unit_price_centicents), Number(r.total_cents)])).toEqual([
      ['Conseil', 'C62', 30000, 3333300, 99999],
      ['Atelier', 'C62', 25000, 1200000, 30000],
    ]);
  }
  const template = await db.selectFrom('recurring_invoices').select('lines').executeTakeFirstOrThrow();
  expect(JSON.parse(template.lines)).toEqual([{ ...templateLines[0], quantity: 15000, unit_price: 499000 }]);
  const issued = await db.selectFrom('issued_documents').select(['snapshot', 'pdf']).executeTakeFirstOrThrow();
  expect(issued.snapshot).toBe(snapshot);
  expect(Buffer.from(issued.pdf!).equals(pdf)).toBe(true);
});
