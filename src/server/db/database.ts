import path from 'node:path';
import { mkdirSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Pool, types } from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding the tables (the migrator must be told: it looks across schemas). */
  schema?: string;
  close(): Promise<void>;
}

// COUNT/SUM return int8 in PostgreSQL, which pg hands back as strings; our values fit in a double.
types.setTypeParser(types.builtins.INT8, (v) => Number(v));
types.setTypeParser(types.builtins.NUMERIC, (v) => Number(v));

export interface OpenDatabaseOptions {
  /** PostgreSQL schema used as search_path (tests isolate each file in its own schema). */
  searchPath?: string;
  poolSize?: number;
}

/** Opens `sqlite:<file>` (or `sqlite::memory:`) or a postgres:// URL. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // WAL + NORMAL: a commit is written to the WAL (the OS cache) before the answer, so killing the
    // process loses nothing (crash-safety.test.ts); only an OS crash or power cut may lose the last
    // commits, never corrupt the file. FULL would fsync every commit, a large cost on each write.
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema: options.searchPath ?? 'public', close: () => db.destroy() };
}

/** Cheap round trip used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Runs `fn` in a transaction, joining the caller's when `db` already is one. */
export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
