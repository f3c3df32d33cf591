import path from 'node:path';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import type SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type SqliteDatabase } from 'kysely';
import { FairSqliteDialect } from './fair-sqlite-dialect';
import type * as Pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding the tables (the migrator must be told: it looks across schemas). */
  schema?: string;
  close(): Promise<void>;
}

/**
 * Each driver is loaded when a database of its kind is opened: a server (or a test file) on SQLite
 * never loads pg, one on PostgreSQL never loads better-sqlite3. openDatabase stays synchronous.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- a synchronous, deferred load (see above) */
const loadSqlite = (): typeof SQLite => require('better-sqlite3');
let pgDriver: typeof Pg | undefined;
function loadPg(): typeof Pg {
  if (!pgDriver) {
    pgDriver = require('pg') as typeof Pg;
    // COUNT/SUM return int8 in PostgreSQL, which pg hands back as strings; our values fit in a double.
    pgDriver.types.setTypeParser(pgDriver.types.builtins.INT8, (v) => Number(v));
    pgDriver.types.setTypeParser(pgDriver.types.builtins.NUMERIC, (v) => Number(v));
  }
  return pgDriver;
}
/* eslint-enable @typescript-eslint/no-require-imports */

export interface OpenDatabaseOptions {
  /** PostgreSQL schema used as search_path (tests isolate each file in its own schema). */
  searchPath?: string;
  poolSize?: number;
}

/** Opens `sqlite:<file>` (or `sqlite::memory:`) or a postgres:// URL. */
export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') {
      mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
      // For the server's user only (was 0644); SQLite gives its -wal and -shm files the same mode.
      closeSync(openSync(file, 'a', 0o600));
      chmodSync(file, 0o600);
    }
    const Sqlite = loadSqlite();
    const sqlite = new Sqlite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // WAL + NORMAL: a commit is written to the WAL (the OS cache) before the answer, so killing the
    // process loses nothing (crash-safety.test.ts); only an OS crash or power cut may lose the last
    // commits, never corrupt the file. FULL would fsync every commit, a large cost on each write.
    sqlite.pragma('synchronous = NORMAL');
    // A 32 MiB page cache (SQLite's default is 2 MiB): at 100,000 invoices the global search's reads
    // went back to the OS cache for their index pages on every term (4.3 → 3.3 ms per search, its
    // system time 0.64 → 0.07 ms; 64 MiB gained nothing more). One connection: the server's RSS grows by at most this.
    sqlite.pragma('cache_size = -32768');
    // Planner statistics, as SQLite advises for long-lived connections: on open, then hourly.
    // Without them a user's rows are scanned where the search's few matches would be fetched by id.
    updatePlannerStatistics(sqlite, 'optimize = 0x10002');
    const statements = withStatementCache(sqlite);
    const dialect = new FairSqliteDialect({ database: statements });
    // Hourly, between queries: run while a transaction held the connection, the statistics
    // update (it writes) would join that transaction.
    const optimizer = setInterval(() => {
      void dialect.lock.acquire().then(() => {
        try {
          updatePlannerStatistics(sqlite, 'optimize');
        } finally {
          dialect.lock.release();
        }
      }).catch((err) => console.error('Statistiques du planificateur SQLite non mises à jour :', err)); // retried in an hour
    }, 3600_000).unref();
    const db = new Kysely<Database>({ dialect });
    idleReaders.set(db, (source, parameters) => {
      if (dialect.lock.held) return undefined;
      const statement = statements.prepare(source);
      return statement.reader ? (statement.all(parameters) as unknown[]) : undefined;
    });
    return {
      db,
      dialect: 'sqlite',
      close: () => {
        clearInterval(optimizer);
        return db.destroy();
      },
    };
  }
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // An idle connection that the server ends (a restart, pg_terminate_backend, DROP DATABASE … WITH
  // (FORCE)) is reported by the pool as an 'error' event: unheard, it would crash the process. The
  // pool has already dropped that connection and opens a new one when next needed.
  pool.on('error', (err) => console.error('Connexion PostgreSQL inactive perdue (une autre sera ouverte) :', err.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema: options.searchPath ?? 'public', close: () => db.destroy() };
}

type IdleReader = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;
const idleReaders = new WeakMap<object, IdleReader>();

/**
 * Rows of a read run at once on SQLite's connection when nothing holds it, or undefined: then go
 * through Kysely (which waits for the connection). A free connection has no transaction open (a
 * transaction holds it from BEGIN to COMMIT), so the read sees committed data only, as through
 * Kysely; better-sqlite3 being synchronous, nothing can start in between. Skips Kysely's query
 * pipeline, its two locks and their promises: ~6 µs of a ~15 µs hot read (prepared-query.ts).
 * Always undefined for PostgreSQL and for transactions.
 */
export function readIfIdle(db: object, sql: string, parameters: readonly unknown[]): unknown[] | undefined {
  return idleReaders.get(db)?.(sql, parameters);
}

/**
 * Kysely prepares every query anew; compiling the SQL was ~7 % of the CPU of a single-row read
 * (bench/api.ts). Statements are kept by SQL text, most recently used last, up to `max`. A
 * statement still being iterated (a streamed query) is busy: a fresh one serves the new caller.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(source: string) {
      let statement = statements.get(source);
      if (statement?.busy) return sqlite.prepare(source);
      if (statement) {
        statements.delete(source);
      } else {
        statement = sqlite.prepare(source);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(source, statement);
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/**
 * `PRAGMA optimize` (ANALYZE where needed), keeping the row counts per index (sqlite_stat1, which
 * choose the indexes) but not the STAT4 samples. better-sqlite3's SQLite is built with STAT4,
 * and a statement whose plan may depend on the samples is prepared again each time it runs with
 * new bound values: ~14 µs added to every query of a user's rows, more than the query itself on
 * a single-row read (bench/api.ts).
 */
export function updatePlannerStatistics(sqlite: SQLite.Database, optimize: string) {
  sqlite.pragma(optimize);
  const hasSamples = sqlite.prepare("select 1 from sqlite_schema where name = 'sqlite_stat4'").get();
  if (!hasSamples) return;
  sqlite.exec('delete from sqlite_stat4');
  // Reloads the statistics from the tables (the deleted samples are still in memory until then).
  sqlite.exec('analyze sqlite_schema');
}

/** Cheap round trip used by the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Runs `fn` in a transaction, joining the caller's when `db` already is one. */
export function inTransaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/**
 * Runs a request's several reads on one connection, held until they are done (within a caller's
 * transaction, on it): each request then waits once for a connection — on SQLite, once at its
 * connection lock — instead of once per read behind every other request's reads. Under 50
 * concurrent requests a read-many request otherwise queues as many times as it reads (the global
 * search: p99 419 → 134 ms on SQLite, bench/README.md).
 */
export function onOneConnection<T>(db: Kysely<Database>, fn: (connection: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.connection().execute(fn);
}
