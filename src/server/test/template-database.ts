import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * Test files start from an empty database with every migration run. Running the 37 migrations
 * costs each file about a second of CPU (Kysely's builders in a cold module registry, then SQLite):
 * on SQLite they run once into a template file, which each test app copies. The template is named
 * by a hash of the migrations' sources, so an edited or added migration builds a new one; it is
 * built under a temporary name and renamed, so two jest workers building it at once both end with
 * a whole file. The migrator still runs on the copy (finding nothing to do).
 */
const MIGRATIONS_DIR = path.join(__dirname, '..', 'db', 'migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    if (!name.endsWith('.ts')) continue;
    hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  hash.update(readFileSync(path.join(__dirname, '..', 'db', 'migrate.ts')));
  return hash.digest('hex').slice(0, 16);
}

async function sqliteTemplate(): Promise<string> {
  const template = path.join(tmpdir(), `carnet-test-template-${migrationsHash()}.sqlite3`);
  if (existsSync(template)) return template;
  const building = `${template}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const database = openDatabase(`sqlite:${building}`);
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  // Closing the last connection checkpointed the WAL into the file and removed it.
  for (const suffix of ['-wal', '-shm']) rmSync(building + suffix, { force: true });
  renameSync(building, template);
  return template;
}

/** A migrated, empty SQLite database at `file`, unless a database is there already (left as it is). */
export async function copyMigratedSqlite(file: string): Promise<void> {
  if (existsSync(file)) return;
  copyFileSync(await sqliteTemplate(), file);
}

/**
 * On PostgreSQL (TEST_DATABASE_URL), each test app gets its own database, created from a migrated
 * template database (`CREATE DATABASE … TEMPLATE`, a file copy on the server) rather than a schema
 * migrated afresh: no migration per file, and no lock between files (Kysely's introspection of one
 * database never sees another's tables). The template is built once per set of migrations, under
 * an advisory lock so that two workers don't both build it; templates of older migrations go then.
 */
const PG_TEMPLATE_PREFIX = 'carnet_test_template_';

async function onMaintenanceDatabase<T>(url: string, work: (query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.end();
  }
}

const databaseUrl = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function pgTemplate(url: string): Promise<string> {
  const name = PG_TEMPLATE_PREFIX + migrationsHash();
  return onMaintenanceDatabase(url, async (query) => {
    const exists = async () => (await query(`select 1 from pg_database where datname = '${name}'`)).rows.length > 0;
    if (await exists()) return name;
    await query(`select pg_advisory_lock(hashtext('carnet:test-template'))`);
    try {
      if (await exists()) return name;
      for (const { datname } of (await query(`select datname from pg_database where datname like '${PG_TEMPLATE_PREFIX}%'`)).rows) {
        await query(`drop database if exists "${String(datname)}" with (force)`);
      }
      const building = `${name}_building`;
      await query(`drop database if exists ${building} with (force)`);
      await query(`create database ${building}`);
      const database = openDatabase(databaseUrl(url, building), { poolSize: 1 });
      try {
        await migrateToLatest(database);
      } finally {
        await database.close();
      }
      await query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await query(`select pg_advisory_unlock(hashtext('carnet:test-template'))`);
    }
  });
}

/** A fresh, migrated PostgreSQL database for one test app: its URL, and how to drop it. */
export async function createPgTestDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await pgTemplate(url);
  const name = `carnet_test_${randomBytes(6).toString('hex')}`;
  // FILE_COPY (PostgreSQL 15's default is WAL_LOG, which writes every page of the template to the
  // WAL): ~0.08 s of the server's CPU per database instead of ~0.3, and a test run creates hundreds.
  await onMaintenanceDatabase(url, (query) => query(`create database ${name} template ${template} strategy file_copy`));
  return {
    url: databaseUrl(url, name),
    drop: () => onMaintenanceDatabase(url, (query) => query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
