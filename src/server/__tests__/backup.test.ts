import { execFile } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { backupSqlite, pgDumpInstructions, redactedUrl } from '../tools/backup';
import { STRONG_PASSWORD, TEST_DATABASE_URL } from '../test/test-app';
import { readyToInvoice, viaHttp } from '../test/billing-fixtures';
import {
  crmWrites, expectWritesStored, inspectSqliteFile, makeDataDir, newSecretKey, noWrites, removeDir, signUpOverHttp, until,
  snapshotOf, startServer, stopAllServers, writeStream, type AckedWrites,
} from '../test/server-process';

/**
 * `npm run backup`: a copy taken while the server writes is consistent, and a server started on
 * it (a restore) serves the data back. The back end follows the environment like the rest of the
 * suite; on PostgreSQL the tool explains pg_dump instead.
 */

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = makeDataDir('backup');
  dataDirs.push(dir);
  return dir;
};

afterAll(async () => {
  await stopAllServers();
  dataDirs.forEach(removeDir);
});

/** `npm run backup` as an operator would type it, with the server's environment. */
async function runBackupScript(env: Record<string, string>, args: string[] = []) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'backup', '--', ...args], { cwd: ROOT, env: childEnv });
  return stdout;
}

it('gives pg_dump and pg_restore the configured URL without its password', () => {
  const url = 'postgres://carnet:s3cr%C3%A8t-Pass@db.exemple.fr:5432/carnet?sslmode=require';
  const text = pgDumpInstructions(url);
  expect(redactedUrl(url)).toBe('postgres://carnet@db.exemple.fr:5432/carnet?sslmode=require');
  expect(text).toContain('pg_dump --format=custom');
  expect(text).toContain('pg_restore');
  expect(text).toContain('"postgres://carnet@db.exemple.fr:5432/carnet?sslmode=require"');
  expect(text).not.toMatch(/s3cr|Pass/);
});

describe('modes (issue 23): a copy is private like the data dir', () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;
  let umask: number;
  // The usual umask, which let the copies be 0644 in 0755 folders.
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => process.umask(umask));

  /** A small SQLite database in a new folder. */
  function smallDatabase() {
    const dir = newDataDir();
    const file = path.join(dir, 'carnet.sqlite3');
    const db = new SQLite(file);
    db.exec("create table t (x text); insert into t values ('secret')");
    db.close();
    return { dir, file };
  }

  it('writes 0600 files, creating missing folders 0700 and leaving existing ones alone', async () => {
    const { file } = smallDatabase();
    const outside = newDataDir();
    chmodSync(outside, 0o755);
    const target = path.join(outside, 'nouveau', 'sous-dossier', 'copie.sqlite3');
    const copy = await backupSqlite(file, target);
    expect(copy.file).toBe(target);
    expect(modeOf(target)).toBe(0o600);
    expect(modeOf(path.join(outside, 'nouveau', 'sous-dossier'))).toBe(0o700);
    expect(modeOf(path.join(outside, 'nouveau'))).toBe(0o700);
    expect(modeOf(outside)).toBe(0o755);
    const db = new SQLite(target, { readonly: true });
    expect(db.prepare('select x from t').pluck().get()).toBe('secret');
    db.close();
  });

  it('npm run backup: DATA_DIR/backups is 0700 and its copies 0600, those an older version left included', async () => {
    const { dir } = smallDatabase();
    const backups = path.join(dir, 'backups');
    mkdirSync(backups, { mode: 0o755 });
    chmodSync(backups, 0o755);
    const old = path.join(backups, 'carnet-2026-01-01T00-00-00-000Z.sqlite3');
    writeFileSync(old, '', { mode: 0o644 });
    chmodSync(old, 0o644);
    const stdout = await runBackupScript({ DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'carnet.sqlite3')}` });
    const written = /Sauvegarde écrite : (\S+) \(/.exec(stdout)?.[1];
    expect(path.dirname(written!)).toBe(backups);
    expect(modeOf(written!)).toBe(0o600);
    expect(modeOf(backups)).toBe(0o700);
    expect(modeOf(old)).toBe(0o600);
  });
});

if (TEST_DATABASE_URL) {
  const databaseUrl = TEST_DATABASE_URL;
  it('PostgreSQL: npm run backup explains pg_dump for the configured database and exits 0', async () => {
    const stdout = await runBackupScript({ DATABASE_URL: databaseUrl, DATA_DIR: newDataDir() });
    expect(stdout).toContain('pg_dump --format=custom');
    expect(stdout).toContain(redactedUrl(databaseUrl));
    const password = new URL(databaseUrl).password;
    if (password) expect(stdout).not.toContain(password);
  });
} else {
  /**
   * Starts a server on a fresh DATA_DIR holding `backupFile` as its database, signs in with the
   * password (another SECRET_KEY: nothing but the file carries over) and reads the data back.
   */
  async function restore(backupFile: string, email: string, expected: AckedWrites, firstPort: number) {
    // Before anything opens it: the copy alone (no -wal beside it) is a sound database.
    expect(inspectSqliteFile(backupFile)).toEqual({ integrity: 'ok', journalMode: 'delete' });
    // A consistent snapshot across tables: the invoice counter matches the invoices it numbered.
    const db = new SQLite(backupFile, { readonly: true });
    const counter = db.prepare("select last_number from document_counters where kind = 'invoice'").pluck().get();
    const numbered = db.prepare('select count(*) from invoices where number is not null').pluck().get();
    db.close();
    expect(counter).toBe(numbered);

    const dataDir = newDataDir();
    copyFileSync(backupFile, path.join(dataDir, 'carnet.sqlite3'));
    const server = await startServer({ dataDir, secretKey: newSecretKey(), firstPort });
    const signIn = await server.request('POST', '/api/token/', { body: { email, password: STRONG_PASSWORD } });
    expect(signIn.status).toBe(200);
    const stored = await expectWritesStored(server, signIn.body.access, expected);
    await server.stop();
    return stored;
  }

  it('SQLite: copies the database while the server writes; a server started on the copy serves the data', async () => {
    const dataDir = newDataDir();
    const server = await startServer({ dataDir, secretKey: newSecretKey(), firstPort: 8513 });
    const user = await signUpOverHttp(server);
    // Issuing needs a complete profile and a client with a full address.
    const client = { body: { id: await readyToInvoice(viaHttp(server, user.access), user.email, { name: 'Fromagerie Roux' }) } };

    const acked = noWrites();
    const { createContact, issueInvoice } = crmWrites(server, user.access, client.body.id, acked, 'b');
    const stream = writeStream([createContact, issueInvoice, createContact, issueInvoice]);
    await until(() => acked.invoices.size > 0, 'a first invoice issued');

    // Through the function, into a path of our choosing…
    const beforeFunction = snapshotOf(acked);
    const fromFunction = await backupSqlite(path.join(dataDir, 'carnet.sqlite3'), path.join(newDataDir(), 'copy.sqlite3'));
    expect(fromFunction.bytes).toBeGreaterThan(0);
    await until(() => acked.invoices.size > beforeFunction.invoices.size, 'an invoice issued after the first copy');
    // …and through the npm script, into DATA_DIR/backups/ by default.
    const beforeScript = snapshotOf(acked);
    const stdout = await runBackupScript({ DATA_DIR: dataDir });
    const written = /Sauvegarde écrite : (\S+) \(/.exec(stdout)?.[1];
    expect(written).toMatch(new RegExp(`^${dataDir}/backups/carnet-\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.sqlite3$`));
    expect(existsSync(written!)).toBe(true);

    await until(() => acked.invoices.size > beforeScript.invoices.size, 'an invoice issued after the second copy');
    await stream.stop();
    expect(acked.rejected).toEqual([]);
    // The copies were taken mid-stream: writes went on after each one started.
    expect(acked.invoices.size).toBeGreaterThan(beforeScript.invoices.size);
    expect(beforeFunction.invoices.size).toBeGreaterThan(0);

    const [restoredFunction, restoredScript] = await Promise.all([
      restore(fromFunction.file, user.email, beforeFunction, 8515),
      restore(written!, user.email, beforeScript, 8517),
    ]);
    expect(restoredScript.invoices).toBeGreaterThanOrEqual(restoredFunction.invoices);
    await server.stop();
  });
}
