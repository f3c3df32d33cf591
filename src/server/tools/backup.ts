/**
 * `npm run backup [-- <fichier ou dossier>]`: a consistent copy of the database the server is
 * configured with (same environment: DATA_DIR, DATABASE_URL), safe while the server runs.
 * SQLite: SQLite's online backup API, by default into DATA_DIR/backups/carnet-<UTC time>.sqlite3.
 * PostgreSQL: explains pg_dump / pg_restore, which already do this job.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config';

export interface BackupResult {
  file: string;
  bytes: number;
}

// Copying every page in one step holds one read snapshot for the whole copy (WAL lets the server
// keep writing meanwhile). With small steps, each write of the server between two steps would
// restart the copy, which might then never finish under a steady load.
const ALL_PAGES = 0x7fffffff;

/** `sqlite:<file>` → the file; null for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string | null {
  return databaseUrl.startsWith('sqlite:') ? path.resolve(databaseUrl.slice('sqlite:'.length)) : null;
}

/** carnet-2026-11-21T09-30-00-123Z.sqlite3: UTC, without ':' so that any file system takes it. */
export function backupFileName(now = new Date()): string {
  return `carnet-${now.toISOString().replace(/[:.]/g, '-')}.sqlite3`;
}

/** Runs `fn` on a connection to `file`, closing it whatever happens. */
async function withSqlite<T>(file: string, fn: (db: SQLite.Database) => T | Promise<T>): Promise<T> {
  const db = new SQLite(file);
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

/**
 * A copy holds everything the data dir does (password hashes, clients, invoices): like the data
 * dir, only the server's user may read it (issue 23: it was 0644 in a 0755 folder).
 */
export const BACKUP_DIR_MODE = 0o700;
export const BACKUP_FILE_MODE = 0o600;

/** Creates `dir` and its missing parents as 0700 (whatever the umask); existing folders are left as they are. */
export function makePrivateDir(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: BACKUP_DIR_MODE });
  if (first === undefined) return;
  for (let created = path.resolve(dir); ; created = path.dirname(created)) {
    chmodSync(created, BACKUP_DIR_MODE);
    if (created === path.resolve(first)) break;
  }
}

/**
 * Copies the SQLite database into `target` (which must not exist) and checks the copy.
 * The copy is written under a temporary name and renamed at the end, so a failed backup never
 * leaves a file that looks complete. It is 0600 from the start (SQLite gives its journal the
 * database file's mode), in folders created 0700.
 */
export async function backupSqlite(databaseFile: string, target: string): Promise<BackupResult> {
  if (!existsSync(databaseFile)) throw new Error(`Base SQLite introuvable : ${databaseFile}`);
  if (existsSync(target)) throw new Error(`Le fichier de sauvegarde existe déjà : ${target}`);
  makePrivateDir(path.dirname(target));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    // Created empty (an empty file is an empty database) with its mode, before any page lands in it.
    closeSync(openSync(partial, 'wx', BACKUP_FILE_MODE));
    chmodSync(partial, BACKUP_FILE_MODE);
    await withSqlite(databaseFile, async (source) => {
      source.pragma('busy_timeout = 5000');
      await source.backup(partial, { progress: () => ALL_PAGES });
    });
    await withSqlite(partial, (copy) => {
      // One self-contained file (the server turns WAL back on when it opens a restored copy).
      copy.pragma('journal_mode = DELETE');
      const integrity = copy.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`La copie ne passe pas integrity_check : ${String(integrity)}`);
    });
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  renameSync(partial, target);
  return { file: target, bytes: statSync(target).size };
}

/** The URL without its password, fit to be printed. */
export function redactedUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  url.searchParams.delete('password');
  return url.toString();
}

export function pgDumpInstructions(databaseUrl: string, now = new Date()): string {
  const url = redactedUrl(databaseUrl);
  const dump = `carnet-${now.toISOString().slice(0, 10)}.dump`;
  return [
    'Base PostgreSQL : la sauvegarde se fait avec les outils de PostgreSQL (même version majeure que le serveur).',
    'pg_dump lit un instantané cohérent : inutile d’arrêter Carnet.',
    '',
    'Sauvegarde :',
    `  pg_dump --format=custom --file=${dump} "${url}"`,
    'Restauration (Carnet arrêté, dans une base vide ou en remplaçant les tables) :',
    `  pg_restore --clean --if-exists --no-owner --dbname="${url}" ${dump}`,
    '',
    'Le mot de passe n’est pas affiché : fournissez-le par la variable PGPASSWORD ou le fichier ~/.pgpass.',
  ].join('\n');
}

const USAGE = `Usage : npm run backup [-- <fichier.sqlite3 | dossier>]
Copie la base SQLite configurée (DATA_DIR, DATABASE_URL) dans DATA_DIR/backups/ par défaut,
sans arrêter le serveur. Avec PostgreSQL, indique comment utiliser pg_dump et pg_restore.`;

function formatSize(bytes: number): string {
  const units = ['octets', 'Kio', 'Mio', 'Gio'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} octets` : `${value.toFixed(1).replace('.', ',')} ${units[unit]}`;
}

async function main(args: string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return;
  }
  // The backup needs no secret: placeholders keep loadConfig from creating DATA_DIR/secret_key and ledger_key.
  const placeholder = 'x'.repeat(32);
  const config = loadConfig({ ...process.env, SECRET_KEY: process.env.SECRET_KEY || placeholder, LEDGER_KEY: process.env.LEDGER_KEY || placeholder });
  const databaseFile = sqliteFileOf(config.databaseUrl);
  if (databaseFile === null) {
    console.log(pgDumpInstructions(config.databaseUrl));
    return;
  }
  if (databaseFile.endsWith(':memory:')) throw new Error('Base SQLite en mémoire : rien à sauvegarder.');
  const [given] = args;
  const isDirectory = given !== undefined && (given.endsWith('/') || (existsSync(given) && statSync(given).isDirectory()));
  const backupsDir = path.join(config.dataDir, 'backups');
  // Ours: made private, with the copies in it, even when an older version left them 0755 and 0644.
  if (given === undefined && existsSync(backupsDir)) {
    chmodSync(backupsDir, BACKUP_DIR_MODE);
    for (const name of readdirSync(backupsDir)) {
      if (/^carnet-.*\.sqlite3$/.test(name)) chmodSync(path.join(backupsDir, name), BACKUP_FILE_MODE);
    }
  }
  const target = given === undefined
    ? path.join(backupsDir, backupFileName())
    : isDirectory ? path.join(path.resolve(given), backupFileName()) : path.resolve(given);
  const { file, bytes } = await backupSqlite(databaseFile, target);
  console.log(`Sauvegarde écrite : ${file} (${formatSize(bytes)}), intégrité vérifiée.`);
  console.log(
    `Restauration : arrêtez Carnet, supprimez ${path.basename(databaseFile)}-wal et -shm s’ils existent, ` +
      `copiez la sauvegarde en ${databaseFile}, puis redémarrez.`,
  );
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
