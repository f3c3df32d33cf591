import { migrateTestDatabase } from '@/server/test/test-app';
import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, oldSchemaClient, oldSchemaUser, type MigrationTestDatabase } from '../test/migration-db';

/**
 * A database made before issue 14 (migration 0009) moves to client types, VAT regimes and a rate
 * per line: contacts become `professionnel`, a profile with a VAT number `assujetti` (else
 * `franchise`), each line takes its document's rate.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_24_0009_ledger');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('gives existing contacts, profiles and lines their type, regime and rate', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const company = await oldSchemaUser(database, 'societe@exemple.fr', { vat_number: 'FR44732829320' });
  const micro = await oldSchemaUser(database, 'micro@exemple.fr', { vat_number: '' });
  const client = await oldSchemaClient(database, company);
  const document = async (table: 'quotes' | 'invoices', taxRate: number) => {
    const { id } = await db
      .insertInto(table)
      .values({
        owner_id: company, number: null, title: 'Offre', description: '', client_id: client, status: 'draft', priority: 'normale',
        issue_date: '2026-01-05', end_date: '2026-02-04', payment_date: null, tax_rate: taxRate, legal_notice: '', signature_notice: '',
        subtotal_cents: 10000, tax_cents: 550, total_cents: 10550, created_at: now, updated_at: now,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto(table === 'quotes' ? 'quote_lines' : 'invoice_lines')
      // Before migration 0010: no VAT rate per line yet.
      .values({ document_id: id, position: 0, title: 'Livres', description: '', quantity: 100, unit_price_cents: 10000, total_cents: 10000, task_id: null } as never)
      .execute();
    return id;
  };
  const quote = await document('quotes', 550);
  const invoice = await document('invoices', 1000);

  await migrateTestDatabase(database);

  const regimes = await db.selectFrom('users').select(['id', 'vat_regime', 'vat_on_debits', 'iban']).orderBy('id').execute();
  expect(regimes).toEqual([
    { id: company, vat_regime: 'assujetti', vat_on_debits: 0, iban: '' },
    { id: micro, vat_regime: 'franchise', vat_on_debits: 0, iban: '' },
  ]);
  expect(await db.selectFrom('contacts').select(['client_type', 'siren', 'vat_number', 'delivery_address']).execute()).toEqual([
    { client_type: 'professionnel', siren: '', vat_number: '', delivery_address: '' },
  ]);
  expect(await db.selectFrom('quote_lines').select(['document_id', 'tax_rate']).execute()).toEqual([{ document_id: quote, tax_rate: 550 }]);
  expect(await db.selectFrom('invoice_lines').select(['document_id', 'tax_rate']).execute()).toEqual([{ document_id: invoice, tax_rate: 1000 }]);
  expect(await db.selectFrom('invoices').select(['operation_category', 'service_date', 'vat_exemption']).execute()).toEqual([
    { operation_category: 'services', service_date: null, vat_exemption: '' },
  ]);
});
