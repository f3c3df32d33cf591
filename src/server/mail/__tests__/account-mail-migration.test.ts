import { migrateTestDatabase } from '@/server/test/test-app';
import { sql } from 'kysely';
import type { DatabaseHandle } from '@/server/db/database';
import { databaseMigratedTo, type MigrationTestDatabase } from '@/server/test/migration-db';

/**
 * Migration 0017 on a database made before it: the outbox keeps its messages (ids, PDFs, states)
 * and the reminders that point at them; a message may now have no document and no attachment only
 * when it is an account message.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_24_0016_recurring_invoices');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('keeps the messages and their reminders, and takes account messages without document or attachment', async () => {
  const db = database.db as any;
  const now = new Date().toISOString();
  const insert = async (table: string, values: Record<string, unknown>) =>
    Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
  const owner = await insert('users', { email: 'a@exemple.fr', password_hash: 'x', is_active: 1, created_at: now, password_changed_at: now });
  const client = await insert('contacts', {
    owner_id: owner, name: 'Client', email: 'c@exemple.fr', phone: '', company: '', address: '', city: '', postal_code: '', country: 'France',
    notes: '', category: 'client', created_at: now, updated_at: now,
  });
  const invoice = await insert('invoices', {
    owner_id: owner, number: 'F-2026-0001', title: 'Facture', description: '', client_id: client, status: 'sent', priority: 'normale',
    issue_date: '2026-01-05', end_date: '2026-02-04', payment_date: null, tax_rate: 2000, legal_notice: '', signature_notice: '',
    subtotal_cents: 10000, tax_cents: 2000, total_cents: 12000, created_at: now, updated_at: now,
  });
  const message = (purpose: string, status: string) =>
    insert('outbox_messages', {
      owner_id: owner, document_kind: 'invoice', document_id: invoice, message: '{"to":"c@exemple.fr"}', attachment_name: 'f.pdf',
      attachment: Buffer.from('%PDF-1.7'), status, next_attempt_at: now, created_at: now, updated_at: now, purpose,
    });
  const sent = await message('document', 'sent');
  const reminder = await message('reminder', 'pending');
  await insert('invoice_reminders', {
    owner_id: owner, invoice_id: invoice, level: 1, recipient: 'c@exemple.fr', amount_due_cents: 12000, days_late: 8,
    outbox_message_id: reminder, sent_at: now,
  });
  const deleted = await message('document', 'sent');
  await db.deleteFrom('outbox_messages').where('id', '=', deleted).execute();
  const before = await db.selectFrom('outbox_messages').selectAll().orderBy('id').execute();

  await migrateTestDatabase(database);

  expect(await db.selectFrom('outbox_messages').selectAll().orderBy('id').execute()).toEqual(before);
  expect(before.map((m: { id: number }) => m.id)).toEqual([sent, reminder]);
  expect(await db.selectFrom('invoice_reminders').select('outbox_message_id').execute()).toEqual([{ outbox_message_id: reminder }]);

  const account = await insert('outbox_messages', {
    owner_id: owner, purpose: 'account', message: '{"to":"a@exemple.fr"}', status: 'pending', next_attempt_at: now, created_at: now, updated_at: now,
  });
  // Ids are not given again, not even a deleted message's.
  expect(account).toBeGreaterThan(deleted);
  // Read from the message: Jest's rejects.toThrow missed better-sqlite3's rejection now and then.
  const withoutDocument = await db.insertInto('outbox_messages').values({
    owner_id: owner, purpose: 'document', message: '{}', status: 'pending', next_attempt_at: now, created_at: now, updated_at: now,
  }).execute().then(() => 'stored', (err: Error) => err.message);
  expect(withoutDocument).toMatch(/outbox_messages_document_parts/);

  // The reminders' reference still works: the message's deletion lets the reminder go on without it.
  await db.deleteFrom('outbox_messages').where('id', '=', reminder).execute();
  expect(await db.selectFrom('invoice_reminders').select('outbox_message_id').execute()).toEqual([{ outbox_message_id: null }]);
  // The due-message and per-document indexes are back on the new table.
  const indexes = database.dialect === 'sqlite'
    ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'outbox_messages'`.execute(db)).rows
    : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'outbox_messages' and schemaname = current_schema()`.execute(db)).rows;
  expect(indexes.map((i) => i.name)).toEqual(expect.arrayContaining(['outbox_messages_due_idx', 'outbox_messages_document_idx']));
});
