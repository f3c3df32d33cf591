/**
 * Initial JavaScript per route (issues 8 and 18): what the browser must download before a route
 * renders. '/' is the static landing page: landing.html's scripts. Every other route is the app:
 * index.html's scripts (runtime, the framework and libs entries, main) + the route's lazy chunk
 * group (`route-<page>`, named in src/client/app/route-pages.tsx), every such group being measured.
 * Sizes raw, gzip -9 and brotli 11 (the server sends the build's brotli copy to browsers that take
 * it, its gzip copy otherwise). Target: ≤ 180 KB gzip for any route.
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

/** The app's entries, in the order index.html loads them (webpack.config.js, dependOn). */
const APP_ENTRIES = ['framework', 'libs', 'main'];
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

/** The scripts an HTML file loads, in order (checks that they are `defer`, not render-blocking). */
function htmlScripts(dir: string, file: string): string[] {
  const html = readFileSync(path.join(dir, file), 'utf8');
  return [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attrs]) => {
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src) throw new Error(`${file} contient un script en ligne (interdit par la CSP)`);
    if (!/\b(defer|async)\b/.test(attrs)) throw new Error(`${file} : ${src} bloque le rendu (ni defer ni async)`);
    return src.replace(/^\//, '');
  });
}

/**
 * route-pages.tsx's tables read as text: chunk group → the paths it serves (route-contacts →
 * /contacts), to name each group by its routes. Every path must have a named group.
 */
function routePaths(): Map<string, string[]> {
  const source = readFileSync(path.join(REPO_ROOT, 'src/client/app/route-pages.tsx'), 'utf8');
  const groupOfPage = new Map<string, string>();
  const pages = [...source.matchAll(/const (\w+) = lazyPage\(/g)];
  pages.forEach((match, i) => {
    const body = source.slice(match.index, pages[i + 1]?.index ?? source.length);
    const group = /webpackChunkName: "(route-[\w-]+)"/.exec(body)?.[1];
    if (!group) throw new Error(`${match[1]} : pas de webpackChunkName "route-…" dans route-pages.tsx`);
    groupOfPage.set(match[1], group);
  });
  const paths = new Map<string, string[]>();
  for (const [, route, page] of source.matchAll(/\['(\/[^']*)', (\w+)\]/g)) {
    const group = groupOfPage.get(page);
    if (!group) throw new Error(`${route} : page ${page} inconnue dans route-pages.tsx`);
    paths.set(group, [...(paths.get(group) ?? []), route]);
  }
  if (!paths.has('route-dashboard')) throw new Error('route-pages.tsx : /dashboard introuvable');
  return paths;
}

function groupScripts(stats: StatsCompilation, group: string): string[] {
  const chunkGroup = stats.namedChunkGroups?.[group];
  if (!chunkGroup) {
    throw new Error(`groupe de chunks « ${group} » absent des stats (webpackChunkName changé dans route-pages.tsx ?)`);
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

    const entry = htmlScripts(dir, 'index.html');
    const entryFromStats = [
      ...new Set(APP_ENTRIES.flatMap((name) => (stats.entrypoints?.[name]?.assets ?? []).map((a) => a.name))),
    ].filter((n) => n.endsWith('.js'));
    if (entry.join() !== entryFromStats.join()) {
      throw new Error(`index.html charge ${entry.join(', ')} mais les entrées webpack sont ${entryFromStats.join(', ')}`);
    }

    const cache = new Map<string, FileSize>();
    const sizeOf = (file: string) => {
      if (!cache.has(file)) cache.set(file, measure(dir, file, chunkNameOf.get(file) ?? '?'));
      return cache.get(file)!;
    };

    // Every route chunk group of the build, named by the paths it serves (route-not-found: any other).
    const paths = routePaths();
    const routeGroups = Object.keys(stats.namedChunkGroups ?? {})
      .filter((name) => name.startsWith('route-'))
      .sort();
    const missing = [...paths.keys()].filter((group) => !routeGroups.includes(group));
    if (missing.length) throw new Error(`groupes absents des stats : ${missing.join(', ')} (build d'une autre version ?)`);
    const routes: { route: string; groups: string[]; scripts: string[] }[] = [
      { route: '/ (landing.html)', groups: [], scripts: htmlScripts(dir, 'landing.html') },
      ...routeGroups.map((group) => ({ route: paths.get(group)?.join(' ') ?? '*', groups: [group], scripts: entry })),
    ];
    const results = routes.map(({ route, groups, scripts }) => {
      // A chunk shared by the entry and a group is downloaded once.
      const files = [...new Set([...scripts, ...groups.flatMap((g) => groupScripts(stats, g))])].map(sizeOf);
      return { route, groups, files, raw: sum(files, 'raw'), gzip: sum(files, 'gzip'), brotli: sum(files, 'brotli'), target: TARGET_GZIP_BYTES };
    });

    const pad = (s: string, n: number) => s.padEnd(n);
    const num = (n: number) => formatKB(n).padStart(10);
    console.log(`JavaScript initial par route (${external ? `stats ${args.stats}` : 'build de production temporaire'})`);
    console.log('KB = 1024 octets ; gzip niveau 9 et brotli qualité 11 (les copies que le build écrit et que le serveur envoie)\n');
    for (const r of results) {
      console.log(r.groups.length ? `${r.route}  (index.html + ${r.groups.join(', ')})` : r.route);
      console.log(`  ${pad('chunk', 22)}${pad('fichier', 44)}${'brut'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
      for (const f of r.files) {
        console.log(`  ${pad(f.chunk, 22)}${pad(f.file, 44)}${num(f.raw)}${num(f.gzip)}${num(f.brotli)}`);
      }
      const verdict = r.gzip <= r.target ? `  ✔ ≤ ${formatKB(r.target)} KB` : `  ✘ > ${formatKB(r.target)} KB`;
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
      pass: results.every((r) => r.gzip <= r.target),
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
