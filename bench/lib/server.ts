/**
 * Starts the PRODUCTION build (`node <distDir>/app/server/main.js`) as a child process for the
 * bench and fault scripts: its own port, a temporary DATA_DIR (SQLite unless DATABASE_URL is
 * given), quiet logs and rate limits raised so that benchmarks measure the app, not the limiter.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');

export interface StartServerOptions {
  /** Build directory holding app/server/main.js and public/ (default `dist`, relative to the repo). */
  distDir?: string;
  port: number;
  /** Extra or overriding environment (e.g. DATABASE_URL for PostgreSQL). */
  env?: Record<string, string | undefined>;
  /** Reuse this data directory instead of a fresh temporary one (it is then never deleted). */
  dataDir?: string;
  /** Keep the temporary data directory after stop(). */
  keepData?: boolean;
  /** Milliseconds to wait for /api/health/ (default 30 s). */
  startTimeoutMs?: number;
  /** Forward the server's stdout/stderr to ours (default: only stderr). */
  inheritStdout?: boolean;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] to profile the server. */
  nodeArgs?: string[];
  /**
   * Runs with the server's environment before it starts, e.g. to seed its database: the server
   * then opens a filled database, as in production (SQLite loads planner statistics on open).
   */
  beforeStart?: (env: Record<string, string>) => Promise<void>;
}

export interface RunningServer {
  url: string;
  pid: number;
  dataDir: string;
  /** The environment the server was started with (seeders open the same database with it). */
  env: Record<string, string>;
  process: ChildProcess;
  /** SIGTERM (graceful), then SIGKILL after 5 s; removes the temporary data unless kept. */
  stop(): Promise<void>;
  /** Resident set size in bytes, from /proc/<pid>/status (VmRSS). */
  rss(): number;
  /** CPU seconds used so far (user + system). */
  cpuSeconds(): number;
  /** The same, of its main thread (the event loop) alone. */
  mainThreadCpuSeconds(): number;
}

/** VmRSS of a process in bytes (Linux). */
export function processRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!kb) throw new Error(`VmRSS introuvable pour le processus ${pid}`);
  return Number(kb[1]) * 1024;
}

/**
 * CPU time (user + system) a process has used so far, in seconds, from /proc/<pid>/stat (Linux);
 * with `thread`, that thread's alone (/proc/<pid>/task/<tid>/stat; the main thread's tid is the pid).
 */
export function processCpuSeconds(pid: number, thread?: number): number {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ: 100 on every Linux the scripts target (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

export async function waitForHealth(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode}) au démarrage`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) return;
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = String((err as Error).cause ?? err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}/api/health/ ne répond pas après ${timeoutMs} ms (${lastError})`);
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const distDir = path.resolve(REPO_ROOT, options.distDir ?? 'dist');
  const main = path.join(distDir, 'app/server/main.js');
  if (!existsSync(main)) throw new Error(`${main} absent : construisez d'abord (npm run build)`);
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'carnet-bench-'));
  const url = `http://127.0.0.1:${options.port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    SECRET_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    // Benchmarks sign in often from one address; a huge scale keeps the limiter's cost but not its refusals.
    RATE_LIMIT_SCALE: '100000',
  };
  for (const [k, v] of Object.entries(options.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  if (options.beforeStart) {
    try {
      await options.beforeStart(env);
    } catch (err) {
      if (ownDataDir && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
      throw err;
    }
  }
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), main], {
    env,
    stdio: ['ignore', options.inheritStdout ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanup = () => {
    if (ownDataDir && !options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    cleanup();
  };
  try {
    await waitForHealth(url, options.startTimeoutMs ?? 30_000, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, dataDir, env, process: child, stop, rss: () => processRss(child.pid!), cpuSeconds: () => processCpuSeconds(child.pid!),
    mainThreadCpuSeconds: () => processCpuSeconds(child.pid!, child.pid!) };
}
