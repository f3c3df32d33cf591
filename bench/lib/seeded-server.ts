import { seed, type SeedOptions, type SeedResult } from '../seed';
import { startServer, type RunningServer } from './server';

export interface SeededServer {
  server: RunningServer;
  seeded: SeedResult;
}

/**
 * The production server on a fresh database holding one user filled by bench/seed.ts (default
 * scale: 10,000 contacts…). The seed runs before the server opens the database, as in production:
 * SQLite loads its planner statistics on open. With `pg`, DATABASE_URL must name an empty database.
 */
export async function startSeededServer(options: {
  port: number;
  distDir?: string;
  pg?: boolean;
  seed?: Omit<SeedOptions, 'env'>;
}): Promise<SeededServer> {
  if (options.pg && !process.env.DATABASE_URL) throw new Error('--pg demande DATABASE_URL (une base PostgreSQL vide)');
  let seeded: SeedResult | undefined;
  const server = await startServer({
    port: options.port,
    distDir: options.distDir,
    env: { DATABASE_URL: options.pg ? process.env.DATABASE_URL : undefined },
    beforeStart: async (env) => {
      seeded = await seed({ ...options.seed, env });
    },
  });
  if (!seeded) {
    await server.stop();
    throw new Error('seed absent');
  }
  console.log(`Base remplie en ${seeded.seconds} s (${options.pg ? 'PostgreSQL' : 'SQLite'}) : ${JSON.stringify(seeded.counts)}`);
  return { server, seeded };
}
