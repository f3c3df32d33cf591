import type { DatabaseHandle } from '../db/database';
import { databaseMigratedTo, oldSchemaUser, type MigrationTestDatabase } from '../test/migration-db';
import { migrateTestDatabase } from '../test/test-app';
import { activityService } from '../modules/activity/activity.service';

/**
 * Migration 0037 (issue 29) on a history written before its search text: every entry gets one
 * (label, printed action, changes, normalised), in batches that cover more than one statement,
 * so that the server's search finds the old entries as it finds the new.
 */

let migrated: MigrationTestDatabase;
let database: DatabaseHandle;

beforeAll(async () => {
  migrated = await databaseMigratedTo('2026_11_29_0036_received_reason_codes');
  database = migrated.database;
});

afterAll(() => migrated?.close());

it('gives every entry written before it its search text, and the search finds them', async () => {
  const db = database.db;
  const owner = await oldSchemaUser(database, 'historique@exemple.fr');
  const entry = (i: number, over: Record<string, unknown> = {}) => ({
    owner_id: owner, object_type: 'project', object_id: i, object_label: `Projet ${i}`, action: 'créé', changes: '',
    timestamp: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), client_name: null, project_name: null, ...over,
  });
  // 1,203 entries: three batches of the migration's 500, the last one short.
  const rows = Array.from({ length: 1_200 }, (_, i) => entry(i + 1));
  rows.push(
    entry(2_001, { object_type: 'invoice', object_label: 'Acompte Œuvre', action: 'créé' }),
    entry(2_002, { object_type: 'contact', object_label: 'Hélène Lefèvre', action: 'mis à jour', changes: '(Ville: Paris → Marseille)' }),
    entry(2_003, { object_type: 'task', object_label: 'Photos', action: 'supprimé' }),
  );
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('activities').values(rows.slice(i, i + 200) as never).execute();

  await migrateTestDatabase(database);

  const texts = await db.selectFrom('activities').select(['object_id', 'search_text']).where('owner_id', '=', owner).where('object_id', '>', 2_000).orderBy('object_id').execute();
  expect(texts).toEqual([
    { object_id: 2_001, search_text: 'acompte oeuvre creee' },
    { object_id: 2_002, search_text: 'helene lefevre mis a jour (ville: paris → marseille)' },
    { object_id: 2_003, search_text: 'photos supprimee' },
  ]);
  const empty = await db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).where('search_text', '=', '').executeTakeFirstOrThrow();
  expect(Number(empty.n)).toBe(0);
  expect(await db.selectFrom('activities').select('search_text').where('object_id', '=', 1_200).executeTakeFirstOrThrow()).toEqual({ search_text: 'projet 1200 cree' });

  const page = await activityService(db).page(owner, { page_size: '50', search: 'MARSEILLE' });
  expect(page?.items.map((e) => e.object_label)).toEqual(['Hélène Lefèvre']);
});
