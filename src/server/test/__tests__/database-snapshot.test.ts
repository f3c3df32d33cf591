import { changedTables, createOneOfEach, snapshotDatabase } from '../api-fixtures';
import { createTestApp, signUp, type TestApp } from '../test-app';

/**
 * The fuzz suite's "a refusal changes nothing" rests on snapshotDatabase: it must see any change
 * of any row on both databases (PostgreSQL hashes in the database, SQLite in process), and only
 * the changes that matter.
 */
let t: TestApp;
let auth: { authorization: string };
let issuedInvoice: number;
beforeAll(async () => {
  t = await createTestApp();
  const who = await signUp(t);
  auth = who.auth;
  ({ invoiceIssued: issuedInvoice } = await createOneOfEach(t, who, 'Instantané'));
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

it('sees one byte changed in an archived PDF (blobs are hashed, not compared by length)', async () => {
  const archive = t.database.db.selectFrom('issued_documents').where('kind', '=', 'invoice').where('document_id', '=', issuedInvoice);
  const { pdf } = await archive.select('pdf').executeTakeFirstOrThrow();
  const before = await snapshotDatabase(t);
  const altered = Buffer.from(pdf!);
  altered[altered.length - 10] ^= 1;
  await t.database.db.updateTable('issued_documents').set({ pdf: altered })
    .where('kind', '=', 'invoice').where('document_id', '=', issuedInvoice).execute();
  expect(changedTables(before, await snapshotDatabase(t))).toEqual(['issued_documents']);
});

it('ignores the rate-limit counters, which any request may bump', async () => {
  const before = await snapshotDatabase(t);
  await t.database.db.insertInto('rate_limit_hits').values({ key: 'snapshot:test', window_start: 1, hits: 1 }).execute();
  expect(changedTables(before, await snapshotDatabase(t))).toEqual([]);
});
