import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, oldSchemaOwnerAndClient, type MigrationTestDatabase } from '../test/migration-db';
import { migrateTestDatabase } from '../test/test-app';
import { searchService } from '../modules/search/search.service';

/**
 * Migration 0041 (issue 29): on SQLite a document's trigram index holds its client's text too. The
 * documents written before it are indexed with their client's text as it stands, and the triggers
 * keep it when the client's text changes. PostgreSQL, where the migration does nothing, answers the same.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_30_0040_documents_owner_newest_index');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('finds the documents written before it by their client, and follows a rename after it', async () => {
  const db = database.db;
  const { owner, client } = await oldSchemaOwnerAndClient(database, 'avant@exemple.fr');
  await db.updateTable('contacts').set({ search_text: 'librairie colette c@exemple.fr' }).where('id', '=', client).execute();
  const now = new Date().toISOString();
  const document = (table: 'quotes' | 'invoices', title: string) =>
    db.insertInto(table).values({ owner_id: owner, client_id: client, title, status: 'draft', issue_date: '2026-11-02', end_date: '2026-12-02', tax_rate: 2000, subtotal_cents: 0, tax_cents: 0, total_cents: 0, search_text: title.toLowerCase(), created_at: now, updated_at: now } as never)
      .returning('id').executeTakeFirstOrThrow();
  const quote = await document('quotes', 'Vitrine de Noël');
  const invoice = await document('invoices', 'Catalogue');

  await migrateTestDatabase(database);

  const search = (q: string) => searchService(db, database.dialect).global(owner, q);
  const found = await search('colette');
  expect(found.quotes.map((d) => d.id)).toEqual([quote.id]);
  expect(found.invoices.map((d) => d.id)).toEqual([invoice.id]);
  // Their own text still matches, and only theirs.
  expect((await search('vitrine')).quotes.map((d) => d.id)).toEqual([quote.id]);
  expect((await search('vitrine')).invoices).toEqual([]);

  await db.updateTable('contacts').set({ search_text: 'librairie fontaine c@exemple.fr' }).where('id', '=', client).execute();
  expect((await search('colette')).invoices).toEqual([]);
  expect((await search('fontaine')).invoices.map((d) => d.id)).toEqual([invoice.id]);
});
