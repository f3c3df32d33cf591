import { migrateTestDatabase } from '@/server/test/test-app';
import type { DatabaseHandle } from '@/server/db/database';
import { databaseMigratedTo, oldSchemaOwnerAndClient, type MigrationTestDatabase } from '@/server/test/migration-db';

/**
 * Migration 0026 (issue 28) on a database made before it: each task's recorded time becomes one
 * time entry, nothing lost, billed by the invoice that billed the task; existing accounts keep the
 * quarter-hour rounding billing applied before (15 min), projects and contacts get no rate.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_28_0025_reminder_spacing');
  database = migrated.database;
});
afterAll(() => migrated?.close());

it('turns each task’s recorded time into one entry, its billed state carried over', async () => {
  const db = database.db;
  const now = '2026-11-20T10:00:00.000Z';
  const { owner, client } = await oldSchemaOwnerAndClient(database, 'temps@exemple.fr');
  const insert = async (table: string, values: Record<string, unknown>) =>
    (await db.insertInto(table as 'users').values(values as never).returning('id').executeTakeFirstOrThrow()).id;
  const invoice = await insert('invoices', {
    owner_id: owner, number: null, title: 'Facture', description: '', client_id: client, status: 'draft', priority: 'normale', issue_date: '2026-11-20',
    end_date: '2026-12-20', payment_date: null, tax_rate: 2000, legal_notice: '', signature_notice: '', subtotal_cents: 0, tax_cents: 0,
    total_cents: 0, created_at: now, updated_at: now,
  });
  const task = (title: string, actual: number, extra: object = {}) =>
    insert('tasks', {
      owner_id: owner, title, description: '', status: 'en_cours', priority: 'normale', due_date: null, project_id: null, estimated_centihours: 300,
      actual_centihours: actual, start_time: null, end_time: null, billable: 1, hourly_rate_cents: 5000, bill_reference: '', payment_status: 'unpaid',
      created_at: now, updated_at: now, ...extra,
    });
  const timed = await task('Chronométrée', 475, { start_time: '2026-11-18T09:00:00.000Z', end_time: '2026-11-18T13:45:00.000Z' });
  const billed = await task('Facturée', 150, { invoice_id: invoice });
  await task('Estimée seulement', 0);

  await migrateTestDatabase(database);

  const entries = await db.selectFrom('time_entries').selectAll().orderBy('task_id').execute();
  expect(entries.map((e) => [e.task_id, e.started_at, e.ended_at, Number(e.duration_seconds), Number(e.billable), e.invoice_id])).toEqual([
    [timed, '2026-11-18T09:00:00.000Z', '2026-11-18T13:45:00.000Z', 17100, 1, null],
    [billed, now, now, 5400, 1, invoice],
  ]);
  const user = await db.selectFrom('users').select('time_rounding_minutes').where('id', '=', owner).executeTakeFirstOrThrow();
  expect(Number(user.time_rounding_minutes)).toBe(15);
  const contact = await db.selectFrom('contacts').select('hourly_rate_cents').where('id', '=', client).executeTakeFirstOrThrow();
  expect(Number(contact.hourly_rate_cents)).toBe(0);
});
