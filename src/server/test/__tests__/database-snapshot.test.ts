import { changedTables, snapshotDatabase } from '../api-fixtures';
import { createTestApp, signUp, type TestApp } from '../test-app';

/**
 * The fuzz suite's "a refusal changes nothing" rests on snapshotDatabase: it must see any change
 * of any row on both databases (PostgreSQL hashes in the database, SQLite in process), and only
 * the changes that matter.
 */
let t: TestApp;
let auth: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ auth } = await signUp(t));
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth, payload });

it('sees nothing when nothing changed, and every table in its snapshot', async () => {
  const before = await snapshotDatabase(t);
  expect(Object.keys(before)).toEqual(expect.arrayContaining(['users', 'contacts', 'invoices', 'outbox_messages']));
  expect(changedTables(before, await snapshotDatabase(t))).toEqual([]);
});

it('sees a new row, and one value changed in place', async () => {
  const before = await snapshotDatabase(t);
  const created = await post('/api/contacts/', { name: 'Atelier Dupont' });
  expect(created.statusCode).toBe(201);
  const afterInsert = await snapshotDatabase(t);
  expect(changedTables(before, afterInsert)).toEqual(expect.arrayContaining(['contacts']));

  await t.database.db.updateTable('contacts').set({ city: 'Lyon' }).where('id', '=', created.json().id).execute();
  expect(changedTables(afterInsert, await snapshotDatabase(t))).toEqual(['contacts']);
});

it('ignores the rate-limit counters, which any request may bump', async () => {
  const before = await snapshotDatabase(t);
  await t.database.db.insertInto('rate_limit_hits').values({ key: 'snapshot:test', window_start: 1, hits: 1 }).execute();
  expect(changedTables(before, await snapshotDatabase(t))).toEqual([]);
});
