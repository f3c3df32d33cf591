/**
 * Initial JavaScript per route (issue 8, front end): what the browser must download before a route
 * renders = the scripts of index.html (runtime + vendor + main entry) + the lazy chunk group of the
 * route (`route-<page>`, named in src/client/app/router.tsx), in raw, gzip -9 (what @fastify/compress
 * sends) and brotli bytes. Target: ≤ 180 KB gzip for /login and /dashboard.
 *
 *   npx tsx bench/bundle.ts                         # builds the client (production) into a temp dir
 *   npx tsx bench/bundle.ts --stats s.json --dir dist/public
 *                                                   # an existing build: webpack --mode production --json > s.json
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import webpack, { type Configuration, type StatsCompilation } from 'webpack';
import { REPO_ROOT, formatKB, parseArgs, saveResult } from './lib/front';

/** Route → the lazy chunk groups it needs before it renders (router.tsx's webpackChunkName). */
const ROUTES: Record<string, string[]> = {
  '/': ['route-landing'],
  '/login': ['route-login'],
  '/dashboard': ['route-dashboard'],
  '/contacts': ['route-contacts'],
};
/** The routes the target applies to (issue 8). */
const TARGET_ROUTES = ['/login', '/dashboard'];
const TARGET_GZIP_BYTES = 180 * 1024;

interface FileSize {
  file: string;
  chunk: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Production build of the project's own webpack config, written to a temp dir (dist/ is left alone). */
async function buildStats(): Promise<{ stats: StatsCompilation; dir: string; cleanup: () => void }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const configFactory = require(path.join(REPO_ROOT, 'webpack.config.js')) as (
    env: Record<string, unknown>,
    argv: { mode: string },
  ) => Configuration;
  delete process.env.ANALYZE; // the analyzer would write into the shared dist/
  const config = configFactory({}, { mode: 'production' });
  const dir = mkdtempSync(path.join(tmpdir(), 'carnet-bundle-'));
  config.output = { ...config.output, path: dir };
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(config, (err, result) => {
      if (err) reject(err);
      else if (!result || result.hasErrors()) reject(new Error(result?.toString({ all: false, errors: true })));
      else resolve(result);
    });
  });
  const json = stats.toJson({ all: false, assets: true, chunks: true, chunkGroups: true, entrypoints: true, ids: true });
  return { stats: json, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The scripts index.html actually loads, in order (checks that they are `defer`, not render-blocking). */
function htmlScripts(dir: string): string[] {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  return [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attrs]) => {
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src) throw new Error('index.html contient un script en ligne (interdit par la CSP)');
    if (!/\b(defer|async)\b/.test(attrs)) throw new Error(`${src} bloque le rendu (ni defer ni async)`);
    return src.replace(/^\//, '');
  });
}

function groupScripts(stats: StatsCompilation, group: string): string[] {
  const chunkGroup = stats.namedChunkGroups?.[group];
  if (!chunkGroup) {
    throw new Error(`groupe de chunks « ${group} » absent des stats (webpackChunkName changé dans router.tsx ?)`);
  }
  return (chunkGroup.assets ?? []).map((a) => a.name).filter((name) => name.endsWith('.js'));
}

function measure(dir: string, file: string, chunk: string): FileSize {
  const bytes = readFileSync(path.join(dir, file));
  return {
    file,
    chunk,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sum = (files: FileSize[], key: 'raw' | 'gzip' | 'brotli') => files.reduce((s, f) => s + f[key], 0);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const external = typeof args.stats === 'string';
  const { stats, dir, cleanup } = external
    ? {
        stats: JSON.parse(readFileSync(String(args.stats), 'utf8')) as StatsCompilation,
        dir: path.resolve(String(args.dir ?? path.join(REPO_ROOT, 'dist/public'))),
        cleanup: () => {},
      }
    : await buildStats();

  try {
    const chunkNameOf = new Map<string, string>();
    for (const chunk of stats.chunks ?? []) {
      for (const file of chunk.files ?? []) chunkNameOf.set(file, chunk.names?.join('+') || `#${chunk.id}`);
    }

    const entry = htmlScripts(dir);
    const entryFromStats = (stats.entrypoints?.main?.assets ?? []).map((a) => a.name).filter((n) => n.endsWith('.js'));
    if (entry.join() !== entryFromStats.join()) {
      throw new Error(`index.html charge ${entry.join(', ')} mais l'entrée webpack est ${entryFromStats.join(', ')}`);
    }

    const cache = new Map<string, FileSize>();
    const sizeOf = (file: string) => {
      if (!cache.has(file)) cache.set(file, measure(dir, file, chunkNameOf.get(file) ?? '?'));
      return cache.get(file)!;
    };

    const results = Object.entries(ROUTES).map(([route, groups]) => {
      // A chunk shared by the entry and a group is downloaded once.
      const files = [...new Set([...entry, ...groups.flatMap((g) => groupScripts(stats, g))])].map(sizeOf);
      return {
        route,
        groups,
        files,
        raw: sum(files, 'raw'),
        gzip: sum(files, 'gzip'),
        brotli: sum(files, 'brotli'),
        target: TARGET_ROUTES.includes(route) ? TARGET_GZIP_BYTES : null,
      };
    });

    const pad = (s: string, n: number) => s.padEnd(n);
    const num = (n: number) => formatKB(n).padStart(10);
    console.log(`JavaScript initial par route (${external ? `stats ${args.stats}` : 'build de production temporaire'})`);
    console.log('KB = 1024 octets ; gzip niveau 9 (@fastify/compress), brotli qualité 11\n');
    for (const r of results) {
      console.log(`${r.route}  (entrée + ${r.groups.join(', ')})`);
      console.log(`  ${pad('chunk', 22)}${pad('fichier', 44)}${'brut'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
      for (const f of r.files) {
        console.log(`  ${pad(f.chunk, 22)}${pad(f.file, 44)}${num(f.raw)}${num(f.gzip)}${num(f.brotli)}`);
      }
      const verdict = r.target === null ? '' : r.gzip <= r.target ? `  ✔ ≤ ${formatKB(r.target)} KB` : `  ✘ > ${formatKB(r.target)} KB`;
      console.log(`  ${pad('TOTAL', 66)}${num(r.raw)}${num(r.gzip)}${num(r.brotli)}${verdict}\n`);
    }

    const summary = {
      bench: 'bundle',
      date: new Date().toISOString(),
      targetGzipBytes: TARGET_GZIP_BYTES,
      routes: Object.fromEntries(
        results.map((r) => [
          r.route,
          { raw: r.raw, gzip: r.gzip, brotli: r.brotli, chunks: r.files.map((f) => ({ chunk: f.chunk, gzip: f.gzip })) },
        ]),
      ),
      pass: results.every((r) => r.target === null || r.gzip <= r.target),
    };
    saveResult('bundle', summary);
    if (!summary.pass) process.exitCode = 1;
  } finally {
    cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
