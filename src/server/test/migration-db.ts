import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { migrationsFor } from '../db/migrations';
import { createTestSchema, dropTestSchema, TEST_DATABASE_URL, underSchemaLock } from './test-app';

export interface MigrationTestDatabase {
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A database of its own (a SQLite file, or a PostgreSQL schema under TEST_DATABASE_URL) migrated
 * up to `migration` and no further: a migration test writes data as it was then, migrates to the
 * latest and checks what became of it.
 */
export async function databaseMigratedTo(migration: string): Promise<MigrationTestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'carnet-migration-'));
  const schema = await createTestSchema();
  const database = openDatabase(TEST_DATABASE_URL ?? `sqlite:${path.join(dataDir, 'carnet.sqlite3')}`, {
    searchPath: TEST_DATABASE_URL ? schema : undefined,
  });
  const close = async () => {
    await database.close();
    await dropTestSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const migrator = new Migrator({
    db: database.db,
    migrationTableSchema: database.schema,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
  });
  const { error } = await underSchemaLock('exclusive', () => migrator.migrateTo(migration));
  if (error) {
    await close();
    throw error;
  }
  return { database, close };
}

/**
 * Rows written straight into a database at an older migration (the app's code expects the latest
 * schema, so migration tests insert rows themselves): a user (with `profile` columns of its time)…
 */
export async function oldSchemaUser(database: DatabaseHandle, email: string, profile: Record<string, unknown> = {}): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await database.db
    .insertInto('users')
    .values({ email, password_hash: 'x', is_active: 1, created_at: now, last_login: null, password_changed_at: now, ...profile } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** …one of its clients, in Paris (a country still written as a name)… */
export async function oldSchemaClient(database: DatabaseHandle, owner: number, name = 'Librairie Colette'): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await database.db
    .insertInto('contacts')
    .values({
      owner_id: owner, name, email: 'c@exemple.fr', phone: '', company: '', address: '3 quai Voltaire', city: 'Paris',
      postal_code: '75007', country: 'France', notes: '', category: 'client', created_at: now, updated_at: now,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** …or both. */
export async function oldSchemaOwnerAndClient(database: DatabaseHandle, email: string): Promise<{ owner: number; client: number }> {
  const owner = await oldSchemaUser(database, email);
  return { owner, client: await oldSchemaClient(database, owner) };
}
