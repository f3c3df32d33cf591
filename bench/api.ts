/**
 * API throughput and latency against the production build, each endpoint next to a bare Fastify
 * route (own process, same machine, same run) answering the same bytes and headers from memory.
 *
 *   npx tsx bench/api.ts [--duration 20] [--rounds 4] [--connections 50] [--dist dist] [--scale 1|100k] [--only search,pdf]
 *   DATABASE_URL=postgres://… npx tsx bench/api.ts --pg      # the same on PostgreSQL (empty database)
 *   npx tsx bench/api.ts --scale 100k --lazy-pdfs --data-dir /tmp/carnet-100k   # seeded once (PDFs rendered at first read), kept
 *   npx tsx bench/api.ts --only invoice-create --cpu-prof /tmp/prof   # the server's CPU profile, written when it stops
 *
 * The latency targets (list p50, search p99, PDF) are checked on runs with one connection: at 50
 * connections a saturated server answers in ≈ connections ÷ throughput (Little's law), which
 * measures throughput again rather than the time one request takes. Both runs are printed.
 *
 * Each endpoint: 2 s of warm-up on both servers, then `--rounds` alternate runs of
 * duration ÷ rounds seconds each (app, bare, app, bare…), summed: the speed of a shared machine
 * drifts by tens of per cent within a minute, which a single run of each would put in the ratio.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiSession } from './lib/client';
import { REPO_ROOT } from './lib/server';
import { startSeededServer } from './lib/seeded-server';
import { startBareServer, type BareRoute } from './lib/bare-server';
import { rawRequest, replayableHeaders } from './lib/http';
import { runLoad, type LoadFigures } from './lib/autocannon';
import { SEARCH_TERMS } from './lib/french-data';
import { scaleOptions } from './seed';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '50' },
    dist: { type: 'string', default: 'dist' },
    scale: { type: 'string', default: '1' },
    port: { type: 'string', default: '8301' },
    'bare-port': { type: 'string', default: '8302' },
    only: { type: 'string' },
    pg: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'cpu-prof': { type: 'string' },
    'lazy-pdfs': { type: 'boolean', default: false },
  },
});
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Math.max(1, Number(args.rounds));
const WARM_UP_SECONDS = 2;

type Target = { label: string; check: (app: LoadFigures, bare: LoadFigures) => boolean };
const ratioAtLeast = (min: number): Target => ({ label: `ratio ≥ ${min * 100} %`, check: (a, b) => a.reqPerSec / b.reqPerSec >= min });
const p50Below = (ms: number): Target => ({ label: `p50 < ${ms} ms`, check: (a) => a.p50 < ms });
const p99Below = (ms: number): Target => ({ label: `p99 < ${ms} ms`, check: (a) => a.p99 < ms });

interface Endpoint {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  /** Route pattern of the bare server. */
  route: string;
  /** Path of request n (varies ids and search terms). */
  path: (n: number) => string;
  body?: (n: number) => unknown;
  connections?: number;
  target?: Target;
}

type Figures = LoadFigures & { cpuMicrosPerRequest: number };
type Row = { endpoint: Endpoint; app: Figures; bare: Figures };

/** Rounds of equal length as one run: totals, request-weighted p50 and CPU, the worst p99. */
function combineRounds(rounds: Figures[]): Figures {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  const weighted = (pick: (r: Figures) => number) => rounds.reduce((sum, r) => sum + pick(r) * r.requests, 0) / Math.max(1, requests);
  return {
    requests,
    reqPerSec: rounds.reduce((sum, r) => sum + r.reqPerSec, 0) / rounds.length,
    p50: Math.round(weighted((r) => r.p50) * 10) / 10,
    p99: Math.max(...rounds.map((r) => r.p99)),
    failures: rounds.reduce((sum, r) => sum + r.failures, 0),
    failureCauses: {
      non2xx: rounds.reduce((sum, r) => sum + r.failureCauses.non2xx, 0),
      errors: rounds.reduce((sum, r) => sum + r.failureCauses.errors, 0),
      timeouts: rounds.reduce((sum, r) => sum + r.failureCauses.timeouts, 0),
    },
    cpuMicrosPerRequest: weighted((r) => r.cpuMicrosPerRequest),
  };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'carnet-bench-api-'));
  const { server, seeded } = await startSeededServer({
    port: Number(args.port), distDir: args.dist, pg: args.pg, seed: { ...scaleOptions(args.scale), ...(args['lazy-pdfs'] ? { lazyPdfs: true } : {}) }, dataDir: args['data-dir'],
    nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : undefined,
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
  try {
    console.log(`Serveur de production ${server.url} (pid ${server.pid})`);
    const api = await ApiSession.signIn(server.url, seeded);

    // Ids from a first page: the whole lists (100,000 invoices at --scale 100k) would leave the
    // server a heap of garbage to collect during the first rows, and its RSS at their peak.
    const contacts = await api.json<{ id: number }[]>('GET', '/api/contacts/?page_size=100');
    const invoices = await api.json<{ id: number; invoice_number: string | null }[]>('GET', '/api/invoices/?page_size=100');
    const contactIds = contacts.map((c) => c.id);
    const issuedIds = invoices.filter((i) => i.invoice_number).slice(-50).map((i) => i.id);
    // Drafts (the insert) and invoices issued at once (numbering, the Factur-X check, the archived
    // PDF's render and seal: issuing's legal work, measured on its own row).
    const invoiceBody = (status: 'draft' | 'sent') => (n: number) => ({
      title: `Prestation de conseil n° ${n}`,
      client_id: contactIds[(n * 7919) % contactIds.length],
      status,
      tax_rate: 20,
      line_items: Array.from({ length: 1 + (n % 3) }, (_, i) => ({
        title: ['Développement', 'Conception graphique', 'Réunion de cadrage'][i],
        quantity: 1 + ((n + i) % 8),
        unit_price: 65 + i * 10,
      })),
    });

    // Keyset pages (issue 29): the first page, and the page after it (its cursor read once).
    const pageOf = (list: string) => `/api/${list}/?page_size=50`;
    // Every list the seed fills (it writes no credit note and no received invoice); the history is recent-activity.
    const pagedLists = ['contacts', 'projects', 'tasks', 'quotes', 'invoices', 'recent-activity'];
    const nextCursors: Record<string, string> = {};
    for (const list of pagedLists) {
      const first = await rawRequest(server.url + pageOf(list), { headers: { authorization: api.authorization } });
      nextCursors[list] = String(first.headers['x-next-cursor'] ?? '');
    }
    const pageEndpoints = pagedLists.flatMap((list): Endpoint[] => [
      { key: `${list}-page-1`, name: `GET ${pageOf(list)} (1re page, 1 connexion)`, method: 'GET', route: `/api/${list}/`, path: () => pageOf(list), connections: 1, target: p50Below(30) },
      { key: `${list}-page-next-1`, name: `GET ${pageOf(list)}&cursor=… (page suivante, 1 connexion)`, method: 'GET', route: `/api/${list}/`, path: () => `${pageOf(list)}&cursor=${nextCursors[list]}`, connections: 1, target: p50Below(30) },
      { key: `${list}-page`, name: `GET ${pageOf(list)} (1re page)`, method: 'GET', route: `/api/${list}/`, path: () => pageOf(list), target: p99Below(300) },
    ]);
    const searchPath = (n: number) => `/api/search/global?q=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length])}`;
    const endpoints: Endpoint[] = [
      { key: 'contacts-list', name: 'GET /api/contacts/ (10 000, gzip)', method: 'GET', route: '/api/contacts/', path: () => '/api/contacts/' },
      { key: 'contacts-list-1', name: 'GET /api/contacts/ (gzip, 1 connexion)', method: 'GET', route: '/api/contacts/', path: () => '/api/contacts/', connections: 1, target: p50Below(60) },
      ...pageEndpoints,
      { key: 'contact', name: 'GET /api/contacts/{id}/', method: 'GET', route: '/api/contacts/:id/', path: (n) => `/api/contacts/${contactIds[(n * 31) % contactIds.length]}/`, target: ratioAtLeast(0.5) },
      ...[
        '/api/quotes/pending_sum/', '/api/invoices/outstanding_sum/', '/api/invoices/overdue_sum/',
        '/api/invoices/current_month_revenue/', '/api/invoices/next_expected_payment/',
      ].map((p): Endpoint => ({ key: p.split('/').slice(-2, -1)[0], name: `GET ${p}`, method: 'GET', route: p, path: () => p, target: ratioAtLeast(0.5) })),
      { key: 'search', name: 'GET /api/search/global?q=…', method: 'GET', route: '/api/search/global', path: searchPath },
      { key: 'search-1', name: 'GET /api/search/global?q=… (1 connexion)', method: 'GET', route: '/api/search/global', path: searchPath, connections: 1, target: p99Below(50) },
      { key: 'invoice-create', name: 'POST /api/invoices/ (brouillon)', method: 'POST', route: '/api/invoices/', path: () => '/api/invoices/', body: invoiceBody('draft'), target: ratioAtLeast(0.3) },
      { key: 'invoice-issue', name: 'POST /api/invoices/ (émise, 1 connexion)', method: 'POST', route: '/api/invoices/', path: () => '/api/invoices/', body: invoiceBody('sent'), connections: 1 },
      { key: 'pdf', name: 'GET /api/invoices/{id}/generate_pdf/', method: 'GET', route: '/api/invoices/:id/generate_pdf/', path: (n) => `/api/invoices/${issuedIds[n % issuedIds.length]}/generate_pdf/` },
      { key: 'pdf-1', name: 'PDF de facture (1 connexion)', method: 'GET', route: '/api/invoices/:id/generate_pdf/', path: (n) => `/api/invoices/${issuedIds[n % issuedIds.length]}/generate_pdf/`, connections: 1, target: p50Below(100) },
    ];
    const only = args.only?.split(',');
    const selected = only ? endpoints.filter((e) => only.some((o) => e.key.startsWith(o))) : endpoints;

    // What the app answers for each route, replayed byte for byte by the bare server.
    const headersFor = (e: Endpoint) => ({
      authorization: api.authorization,
      'accept-encoding': 'gzip, deflate',
      ...(e.body ? { 'content-type': 'application/json' } : {}),
    });
    const bareRoutes = new Map<string, BareRoute>();
    for (const e of selected) {
      const sample = await rawRequest(server.url + e.path(0), { method: e.method, headers: headersFor(e), body: e.body ? JSON.stringify(e.body(0)) : undefined });
      if (sample.status >= 300) throw new Error(`${e.name} → ${sample.status} ${sample.body.toString()}`);
      bareRoutes.set(`${e.method} ${e.route}`, { method: e.method, url: e.route, status: sample.status, headers: replayableHeaders(sample.headers), body: sample.body });
      console.log(`  ${e.name}: ${sample.status}, ${sample.body.length} octets${sample.headers['content-encoding'] ? ` (${sample.headers['content-encoding']})` : ''}`);
    }
    bare = await startBareServer(Number(args['bare-port']), [...bareRoutes.values()], work);

    const rows: Row[] = [];
    for (const e of selected) {
      await api.renew(); // access tokens live 10 minutes
      const run = (base: string, seconds: number) =>
        runLoad({
          url: base + e.path(0),
          connections: e.connections ?? CONNECTIONS,
          durationSeconds: seconds,
          method: e.method,
          headers: headersFor(e),
          vary: (n) => ({ path: e.path(n), ...(e.body ? { body: JSON.stringify(e.body(n)) } : {}) }),
        });
      process.stdout.write(`  ${e.name}… `);
      // CPU per request of each server process: steadier than req/s while other jobs share the machine.
      const measure = async (base: string, cpuSeconds: () => number): Promise<Figures> => {
        const cpuBefore = cpuSeconds();
        const figures = await run(base, DURATION / ROUNDS);
        return { ...figures, cpuMicrosPerRequest: ((cpuSeconds() - cpuBefore) * 1e6) / Math.max(1, figures.requests) };
      };
      // Both warmed up (JIT, caches), then measured in alternate rounds: a shared machine's speed
      // drifts by tens of per cent over a minute, and the ratio must not depend on which ran first.
      await run(server.url, WARM_UP_SECONDS);
      await run(bare.url, WARM_UP_SECONDS);
      const appRounds: Figures[] = [];
      const bareRounds: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        appRounds.push(await measure(server.url, server.cpuSeconds));
        bareRounds.push(await measure(bare.url, bare.cpuSeconds));
      }
      const appFigures = combineRounds(appRounds);
      const bareFigures = combineRounds(bareRounds);
      rows.push({ endpoint: e, app: appFigures, bare: bareFigures });
      console.log(`${appFigures.reqPerSec.toFixed(0)} req/s (nu : ${bareFigures.reqPerSec.toFixed(0)})`);
    }

    printTable(rows);
    const failures = rows.reduce((s, r) => s + r.app.failures, 0);
    const result = {
      script: 'bench/api.ts',
      date: new Date().toISOString(),
      database: args.pg ? 'postgres' : 'sqlite',
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      seeded: seeded.counts,
      serverRssMB: Math.round(server.rss() / 1048576),
      rows: rows.map(({ endpoint: e, app, bare }) => ({
        key: e.key, endpoint: e.name, connections: e.connections ?? CONNECTIONS, app, bare,
        ratio: app.reqPerSec / bare.reqPerSec, cpuRatio: bare.cpuMicrosPerRequest / app.cpuMicrosPerRequest, target: e.target?.label ?? null, pass: e.target ? e.target.check(app, bare) : null,
      })),
      appFailures: failures,
    };
    mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    const file = path.join(REPO_ROOT, 'bench/results', `api-${result.database}-${result.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(`\nRésultats : ${path.relative(REPO_ROOT, file)}`);
    console.log(JSON.stringify(result));
    if (failures) {
      console.error(`${failures} réponses en erreur côté application`);
      for (const { endpoint, app } of rows) {
        if (app.failures) console.error(`  ${endpoint.name} : ${JSON.stringify(app.failureCauses)}`);
      }
      process.exitCode = 1;
    }
  } finally {
    await bare?.stop();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]) {
  const header = ['endpoint', 'conn', 'req/s', 'p50', 'p99', 'CPU/req', 'nu req/s', 'nu p50', 'nu p99', 'nu CPU/req', 'ratio', 'ratio CPU', 'objectif', 'résultat'];
  const lines = rows.map(({ endpoint: e, app, bare }) => [
    e.name,
    String(e.connections ?? CONNECTIONS),
    app.reqPerSec.toFixed(0),
    `${app.p50} ms`,
    `${app.p99} ms`,
    `${app.cpuMicrosPerRequest.toFixed(0)} µs`,
    bare.reqPerSec.toFixed(0),
    `${bare.p50} ms`,
    `${bare.p99} ms`,
    `${bare.cpuMicrosPerRequest.toFixed(0)} µs`,
    `${((app.reqPerSec / bare.reqPerSec) * 100).toFixed(1)} %`,
    `${((bare.cpuMicrosPerRequest / app.cpuMicrosPerRequest) * 100).toFixed(1)} %`,
    e.target?.label ?? '—',
    app.failures ? `ERREURS (${app.failures})` : e.target ? (e.target.check(app, bare) ? 'OK' : 'ÉCHEC') : '—',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${fmt(header)}\n${widths.map((w) => '─'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(fmt(l));
  console.log('(chiffres indicatifs : même machine, même exécution ; « ratio » = req/s appli ÷ req/s route nue, la figure qui compte ;');
  console.log(' « ratio CPU » = CPU/requête de la route nue ÷ celui de l’appli, plus stable quand la machine est partagée)');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
