import { Migrator } from 'kysely';
import type { DatabaseHandle } from './database';
import { migrationsFor } from './migrations';

/** Brings the schema up to date; safe to run concurrently from several processes on PostgreSQL. */
export async function migrateToLatest({ db, dialect, schema }: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
