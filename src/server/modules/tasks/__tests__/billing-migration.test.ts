import { migrateTestDatabase } from '@/server/test/test-app';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/database';
import { databaseMigratedTo, type MigrationTestDatabase } from '@/server/test/migration-db';

/**
 * Migration 0013 (issue 15) on a database made before it: a task already linked to invoice lines
 * is billed by the latest of those invoices; the balances kept by the triggers now deduct a final
 * invoice's deposits (prepaid_cents) and still agree with the invoices.
 */

// Each issue renders and archives a PDF and validates its XML (issue 23): beside the PostgreSQL run's
// server-process suites this file once went past 30 s.
jest.setTimeout(120_000);

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_24_0011_sessions');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('bills linked tasks by their latest invoice, and keeps the stored balances with deposits deducted', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const insert = async (table: string, values: Record<string, unknown>) =>
    (await db.insertInto(table as 'users').values(values as never).returning('id').executeTakeFirstOrThrow()).id;
  const owner = await insert('users', { email: 'a@exemple.fr', password_hash: 'x', is_active: 1, created_at: now, last_login: null, password_changed_at: now });
  const client = await insert('contacts', {
    owner_id: owner, name: 'Client', email: '', phone: '', company: '', address: '', city: '', postal_code: '', country: 'France', notes: '',
    category: 'client', created_at: now, updated_at: now,
  });
  const task = (title: string) =>
    insert('tasks', {
      owner_id: owner, title, description: '', status: 'en_cours', priority: 'normale', due_date: null, project_id: null, estimated_centihours: 0,
      actual_centihours: 100, start_time: null, end_time: null, billable: 1, hourly_rate_cents: 5000, bill_reference: '', payment_status: 'unpaid',
      created_at: now, updated_at: now,
    });
  const [billedTwice, billedOnce, notBilled] = [await task('A'), await task('B'), await task('C')];
  const invoice = async (status: string) =>
    insert('invoices', {
      owner_id: owner, number: null, title: 'Facture', description: '', client_id: client, status, priority: 'normale', issue_date: '2026-01-05',
      end_date: '2026-02-04', payment_date: null, tax_rate: 2000, legal_notice: '', signature_notice: '', subtotal_cents: 10000, tax_cents: 2000,
      total_cents: 12000, created_at: now, updated_at: now,
    });
  const [first, second] = [await invoice('sent'), await invoice('draft')];
  const line = (documentId: number, taskId: number) =>
    insert('invoice_lines', {
      document_id: documentId, position: 0, title: 'Ligne', description: '', quantity: 100, unit_price_cents: 5000, total_cents: 5000, tax_rate: 2000, task_id: taskId,
    });
  await line(first, billedTwice);
  await line(second, billedTwice);
  await line(first, billedOnce);

  await migrateTestDatabase(database);

  const tasks = await db.selectFrom('tasks').select(['id', 'invoice_id']).orderBy('id').execute();
  expect(tasks).toEqual([
    { id: billedTwice, invoice_id: second },
    { id: billedOnce, invoice_id: first },
    { id: notBilled, invoice_id: null },
  ]);
  // Deleting the draft frees its task (on delete set null).
  await db.deleteFrom('invoices').where('id', '=', second).execute();
  expect((await db.selectFrom('tasks').select('invoice_id').where('id', '=', billedTwice).executeTakeFirstOrThrow()).invoice_id).toBe(null);

  // The triggers now deduct prepaid_cents from the balance they keep.
  await db.updateTable('invoices').set({ prepaid_cents: 3000 }).where('id', '=', first).execute();
  const stored = await db.selectFrom('document_totals').select(['status', 'balance_cents']).where('owner_id', '=', owner).where('kind', '=', 'invoice').where('count', '<>', 0).execute();
  const [{ balance }] = await db
    .selectFrom('invoices')
    .select(sql<number>`sum(total_cents - paid_cents - credited_cents - prepaid_cents)`.as('balance'))
    .where('owner_id', '=', owner)
    .execute();
  expect(stored.map((r) => [r.status, Number(r.balance_cents)])).toEqual([['sent', 9000]]);
  expect(Number(balance)).toBe(9000);
});
