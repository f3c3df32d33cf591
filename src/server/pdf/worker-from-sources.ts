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
  // Required here, not imported: esbuild is a development dependency, absent from a production install.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // The '@/…' alias (tsconfig.json's paths).
    tsconfig: path.resolve(__dirname, '../../../tsconfig.json'),
    logLevel: 'error',
  });
  bundles.set(entry, outfile);
  return outfile;
}
