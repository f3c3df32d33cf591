import { type CreateTableBuilder, sql } from 'kysely';

export type MigrationDialect = 'sqlite' | 'postgres';

/** Auto-increment integer primary key `id` in either dialect. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: MigrationDialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', sql`integer`, (c) => c.primaryKey().autoIncrement());
}
