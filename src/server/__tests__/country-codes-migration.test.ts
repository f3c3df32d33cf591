import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, type MigrationTestDatabase } from '../test/migration-db';
import { migrateTestDatabase } from '../test/test-app';

/**
 * Migration 0021 (issue 25) on a database where countries were free text: names in French,
 * English or their own language, in any case and with or without accents, and codes, become ISO
 * codes; '' (which the app read as France) becomes FR; a name that names no country becomes ''
 * (never France), its text kept in the contact's notes; a delivery address without a country gets
 * the billing address's, written out; issued snapshots are not touched.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_27_0020_payment_terms');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('maps every readable country to its code and keeps the unreadable ones empty, never France', async () => {
  const db = database.db;
  const now = new Date().toISOString();
  const user = async (email: string, country: string) =>
    (await db
      .insertInto('users')
      .values({ email, password_hash: 'x', is_active: 1, created_at: now, last_login: null, password_changed_at: now, country } as never)
      .returning('id')
      .executeTakeFirstOrThrow()).id;
  const owner = await user('pays@exemple.fr', 'France');
  const belgian = await user('belge@exemple.be', ' belgique ');
  const lost = await user('perdu@exemple.fr', 'Pays imaginaire');
  const empty = await user('vide@exemple.fr', '');

  const contact = async (name: string, country: string, delivery: Partial<Record<'delivery_address' | 'delivery_country', string>> = {}, notes = '') =>
    (await db
      .insertInto('contacts')
      .values({
        owner_id: owner, name, email: '', phone: '', company: '', address: '', city: '', postal_code: '', country, notes,
        category: 'client', created_at: now, updated_at: now, ...delivery,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow()).id;
  const cases: [string, string][] = [
    ['Deutschland', 'DE'], ['ALLEMAGNE', 'DE'], ['Germany', 'DE'], ['España', 'ES'], ['espagne', 'ES'], ['Italia', 'IT'],
    ['Belgique', 'BE'], ['België', 'BE'], ['Suisse', 'CH'], ['schweiz', 'CH'], ['Royaume-Uni', 'GB'], ['Angleterre', 'GB'],
    ['USA', 'US'], ['États-Unis', 'US'], ['Etats Unis', 'US'], ['Côte d’Ivoire', 'CI'], ['de', 'DE'], ['FR', 'FR'],
    ['france', 'FR'], ['', 'FR'], ['Réunion', 'RE'], ['Österreich', 'AT'], ['Polska', 'PL'],
  ];
  const ids = [];
  for (const [name] of cases) ids.push(await contact(`c ${name}`, name));
  const atlantis = await contact('Atlantide SA', 'Atlantide', {}, 'Client historique.');
  const europe = await contact('Europe', 'Europe');
  const shippedSame = await contact('Livré même pays', 'Belgique', { delivery_address: 'Rue Neuve 1', delivery_country: '' });
  const shippedAbroad = await contact('Livré ailleurs', 'Deutschland', { delivery_address: 'Bahnhofstrasse 1', delivery_country: 'Suisse' });
  const shippedLost = await contact('Livré on ne sait où', 'France', { delivery_address: 'Quai 3', delivery_country: 'Terre du Milieu' });
  const notShipped = await contact('Sans livraison', 'France', { delivery_country: 'Belgique' });

  const snapshot = JSON.stringify({ document: { client: { country: 'Deutschland' } } });
  await db
    .insertInto('issued_documents')
    .values({
      kind: 'invoice', document_id: 1, owner_id: owner, snapshot, snapshot_sha256: 'a'.repeat(64), pdf: Buffer.from('%PDF'),
      pdf_sha256: 'b'.repeat(64), pdf_seal: 'c'.repeat(64), client_name: 'Kunde', client_siren: '', created_at: now,
    } as never)
    .execute();

  await migrateTestDatabase(database);

  const users = await db.selectFrom('users').select(['id', 'country']).where('id', 'in', [owner, belgian, lost, empty]).orderBy('id').execute();
  expect(users.map((u) => u.country)).toEqual(['FR', 'BE', '', 'FR']);

  const read = (id: number) =>
    db.selectFrom('contacts').select(['country', 'delivery_country', 'notes']).where('id', '=', id).executeTakeFirstOrThrow();
  for (const [n, [name, code]] of cases.entries()) {
    expect({ name, country: (await read(ids[n])).country }).toEqual({ name, country: code });
  }
  expect(await read(atlantis)).toEqual({
    country: '', delivery_country: '', notes: 'Client historique.\nPays saisi avant la liste des pays : « Atlantide »',
  });
  expect(await read(europe)).toEqual({ country: '', delivery_country: '', notes: 'Pays saisi avant la liste des pays : « Europe »' });
  expect(await read(shippedSame)).toMatchObject({ country: 'BE', delivery_country: 'BE' });
  expect(await read(shippedAbroad)).toMatchObject({ country: 'DE', delivery_country: 'CH' });
  expect(await read(shippedLost)).toEqual({
    country: 'FR', delivery_country: '', notes: 'Pays de livraison saisi avant la liste des pays : « Terre du Milieu »',
  });
  expect(await read(notShipped)).toMatchObject({ country: 'FR', delivery_country: '' });

  // What was issued stays as issued.
  const stored = await db.selectFrom('issued_documents').select('snapshot').executeTakeFirstOrThrow();
  expect(stored.snapshot).toBe(snapshot);
});
