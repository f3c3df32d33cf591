import { Migrator } from 'kysely';
import type { DatabaseHandle } from './database';
import { migrationsFor } from './migrations';

/** Brings the schema up to date; safe to run concurrently from several processes on PostgreSQL. */
export async function migrateToLatest({ db, dialect, schema }: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db,
    migrationTableSchema: schema,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    // Migrations written side by side may land out of order (0012 after 0014): none depends on another
    // of the same day, and a database that already ran a later one must still get the earlier.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Échec de la migration ${failed?.migrationName ?? ''}: ${String(error)}`);
  }
}
