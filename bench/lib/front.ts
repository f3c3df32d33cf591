/** Shared pieces of the front-end bench scripts (bundle, lighthouse, keystroke). */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server';

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

/** Prints the JSON summary line and appends it to bench/results/<name>.jsonl (gitignored). */
export function saveResult(name: string, summary: object): void {
  const line = JSON.stringify(summary);
  console.log(line);
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `${name}.jsonl`), `${line}\n`);
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
