import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Where the bundles go: inside the repository, so that their `require('pdfkit')` finds node_modules. */
const CACHE_DIR = path.resolve(__dirname, '../../../node_modules/.cache/carnet-workers');
const bundles = new Map<string, string>();

/**
 * A worker thread's file when the server runs from its TypeScript sources (jest, tsx): the entry
 * bundled once per process by esbuild into one CommonJS file, packages left external. A thread then
 * starts by loading one file: through tsx's loader, each of a test file's PDF threads spent ~2 s of CPU
 * compiling and hooking before its first render. A build runs its compiled .js instead (never this).
 */
export function workerFromSources(entry: string): string {
  let outfile = bundles.get(entry);
  if (outfile) return outfile;
  mkdirSync(CACHE_DIR, { recursive: true });
  // One file per process: a later run may bundle changed sources while this one still renders.
  outfile = path.join(CACHE_DIR, `${path.basename(entry, '.ts')}-${process.pid}-${Math.round(performance.timeOrigin)}.cjs`);
  // esbuild's command, run once and gone — not its JavaScript API, whose buildSync keeps a worker
  // thread and an esbuild service process for the life of the process: jest loads every module
  // afresh for each test file, so each file that rendered a PDF left one of each behind in its jest
  // worker (75 processes and ~2 GB of worker heap per jest worker by mid-run, then "a worker process
  // has failed to exit gracefully"). esbuild is a development dependency: resolved here, never in a
  // build (bin/esbuild is the native binary, or a Node script with a shebang where npm skipped the
  // install script that swaps it).
  execFileSync(
    require.resolve('esbuild/bin/esbuild'),
    [
      entry,
      '--bundle',
      '--packages=external',
      '--platform=node',
      '--format=cjs',
      '--target=node20',
      `--outfile=${outfile}`,
      // The '@/…' alias (tsconfig.json's paths).
      `--tsconfig=${path.resolve(__dirname, '../../../tsconfig.json')}`,
      '--log-level=error',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  bundles.set(entry, outfile);
  return outfile;
}
