import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { seed, type SeedOptions, type SeedResult } from '../seed';
import { startServer, type RunningServer } from './server';

export interface SeededServer {
  server: RunningServer;
  seeded: SeedResult;
}

/** What a kept data directory was seeded with (`--data-dir`), beside its database and ledger key. */
const SEED_RECORD = 'bench-seed.json';
type SeedRecord = { database: string; options: Omit<SeedOptions, 'env'>; result: SeedResult };

/**
 * The production server on a fresh database holding one user filled by bench/seed.ts (default
 * scale: 10,000 contacts…). The seed runs before the server opens the database, as in production:
 * SQLite loads its planner statistics on open. With `pg`, DATABASE_URL must name an empty database.
 *
 * With `dataDir`, the data directory (SQLite's file, the ledger key) is kept after the run, and a
 * later run given the same directory, database and seed options starts on it without seeding again:
 * the 100k account takes minutes to seed, its benches seconds.
 */
export async function startSeededServer(options: {
  port: number;
  distDir?: string;
  pg?: boolean;
  seed?: Omit<SeedOptions, 'env'>;
  dataDir?: string;
  /** Extra node flags for the server, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
}): Promise<SeededServer> {
  if (options.pg && !process.env.DATABASE_URL) throw new Error('--pg demande DATABASE_URL (une base PostgreSQL vide)');
  const database = options.pg ? process.env.DATABASE_URL! : 'sqlite';
  const recordFile = options.dataDir ? path.join(path.resolve(options.dataDir), SEED_RECORD) : undefined;
  const record = recordFile && existsSync(recordFile) ? (JSON.parse(readFileSync(recordFile, 'utf8')) as SeedRecord) : undefined;
  if (record && (record.database !== database || JSON.stringify(record.options) !== JSON.stringify(options.seed ?? {}))) {
    throw new Error(`${options.dataDir} a été rempli pour ${record.database} avec ${JSON.stringify(record.options)} : choisissez un autre --data-dir`);
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  let seeded: SeedResult | undefined = record?.result;
  const server = await startServer({
    port: options.port,
    distDir: options.distDir,
    dataDir: options.dataDir && path.resolve(options.dataDir),
    env: { DATABASE_URL: options.pg ? process.env.DATABASE_URL : undefined },
    nodeArgs: options.nodeArgs,
    beforeStart: async (env) => {
      if (seeded) return;
      seeded = await seed({ ...options.seed, env });
      if (recordFile) writeFileSync(recordFile, JSON.stringify({ database, options: options.seed ?? {}, result: seeded } satisfies SeedRecord));
    },
  });
  if (!seeded) {
    await server.stop();
    throw new Error('seed absent');
  }
  console.log(
    record
      ? `Base déjà remplie (${options.dataDir}, ${options.pg ? 'PostgreSQL' : 'SQLite'}) : ${JSON.stringify(seeded.counts)}`
      : `Base remplie en ${seeded.seconds} s (${options.pg ? 'PostgreSQL' : 'SQLite'}) : ${JSON.stringify(seeded.counts)}`,
  );
  return { server, seeded };
}
