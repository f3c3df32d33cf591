/** Shared pieces of the front-end bench scripts (bundle, lighthouse, keystroke). */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startServer, type RunningServer } from './server';

export { REPO_ROOT };

/** Debian's Chromium; override with CHROME_PATH. */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Flags this machine needs (no sandbox as root, no GPU, no background traffic skewing the figures). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `--key value` / `--flag` → { key: 'value', flag: true }. */
export function parseArgs(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`argument inattendu : ${argv[i]}`);
    if (m[2] !== undefined) out[m[1]] = m[2];
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[m[1]] = argv[++i];
    else out[m[1]] = true;
  }
  return out;
}

export const formatKB = (bytes: number) => (bytes / 1024).toFixed(1);

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Median (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Prints the JSON summary line and appends it to bench/results/<name>.jsonl (gitignored). */
export function saveResult(name: string, summary: object): void {
  const line = JSON.stringify(summary);
  console.log(line);
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `${name}.jsonl`), `${line}\n`);
}

export interface SeededServer {
  server: RunningServer;
  credentials: { email: string; password: string };
  counts: Record<string, number>;
}

/**
 * The production server on a fresh temporary database, with one activated user filled by
 * bench/seed.ts (default scale: 10,000 contacts…). `distDir` defaults to dist/.
 */
export async function startSeededServer(options: { port: number; distDir?: string; scale?: number }): Promise<SeededServer> {
  const server = await startServer({ port: options.port, distDir: options.distDir });
  try {
    // Loaded here so that bench/bundle.ts does not pull the server code in.
    const { seed } = await import('../seed');
    const result = await seed({ env: server.env, scale: options.scale });
    console.log(`base remplie en ${result.seconds} s : ${JSON.stringify(result.counts)}`);
    return { server, credentials: { email: result.email, password: result.password }, counts: result.counts };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/**
 * Runs IN THE PAGE (pass it to waitForFunction): true once redux-persist has written the signed-in
 * session to localStorage — its writes are asynchronous, so a reload right after signing in could
 * otherwise land on /login.
 */
export function isSessionPersisted(): boolean {
  const stored = localStorage.getItem('persist:carnet');
  if (!stored) return false;
  const session = JSON.parse(JSON.parse(stored).session ?? 'null') as { access_token?: string } | null;
  return Boolean(session?.access_token);
}
