/**
 * PDF rendering against the production build (issue 16): renders run in a pool of worker threads
 * (src/server/pdf/pdf-pool.ts), so that they no longer hold up other requests.
 *
 *   npx tsx bench/pdf.ts [--rounds 3] [--round-seconds 8] [--connections 50] [--workers N] [--dist dist]
 *
 * Two servers, `--workers` threads (default one per core) and PDF_WORKERS=1, measured in alternate
 * rounds (the machine's speed drifts; each gets the same share of it). Each round:
 *   1. /api/health/ latency, one request at a time, alone and then while ten connections download
 *      "pathological" quotes (one line whose description is 5,000 characters without a space);
 *   2. PDF throughput: `--connections` connections downloading ordinary draft quotes (each one a
 *      live render). Only 2xx answers count.
 * Requests rotate over 100 users, as each may have only two renders under way. Targets: health
 * p99 < 50 ms under the ten renders; throughput at 50 connections ≥ 1.6 × the single thread's.
 * `--workers 1 --dist <an older build>` measures a build without the pool.
 * `--generator wrk|autocannon`: wrk (apt-get install wrk) by default when installed: it takes a
 * tenth of autocannon's CPU from the two cores being measured (lib/wrk.ts).
 */
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, startServer, type RunningServer } from './lib/server';
import { jsonRequest, rawRequest } from './lib/http';
import { runLoad, type LoadFigures } from './lib/autocannon';
import { hasWrk, runWrk } from './lib/wrk';
import { percentile } from './lib/stats';
import { waitForLinkSentTo } from '../src/server/test/outbox';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    'round-seconds': { type: 'string', default: '8' },
    connections: { type: 'string', default: '50' },
    dist: { type: 'string', default: 'dist' },
    workers: { type: 'string', default: String(availableParallelism()) },
    users: { type: 'string', default: '100' },
    port: { type: 'string', default: '8311' },
    generator: { type: 'string', default: hasWrk ? 'wrk' : 'autocannon' },
  },
});
/** The load generator (lib/wrk.ts says why wrk when the machine has it). */
const GENERATOR = args.generator === 'wrk' ? 'wrk' : 'autocannon';
const ROUNDS = Number(args.rounds);
const ROUND_SECONDS = Number(args['round-seconds']);
const CONNECTIONS = Number(args.connections);
const PATHOLOGICAL_CONNECTIONS = 10;
const PASSWORD = 'Carnet-Bench-2026!';
const WORD = 'x'.repeat(5000);

interface BenchUser {
  authorization: string;
  quoteId: number;
  pathologicalId: number;
}

async function call(server: RunningServer, method: string, url: string, body?: unknown, authorization?: string) {
  const res = await jsonRequest(server.url, method, url, body, authorization);
  if (res.status >= 400) throw new Error(`${method} ${url} → ${res.status} ${res.text}`);
  return res.body;
}

/** A signed-in user with a client, an ordinary draft quote and a pathological one. */
async function benchUser(server: RunningServer, n: number): Promise<BenchUser> {
  const email = `pdf.${n}@bench.carnet.test`;
  await call(server, 'POST', '/api/register/', { email, password: PASSWORD, password2: PASSWORD });
  // Delivered through the outbox just after the answer.
  await call(server, 'GET', new URL(await waitForLinkSentTo(server.dataDir, email, 'activate')).pathname);
  const { access } = await call(server, 'POST', '/api/token/', { email, password: PASSWORD });
  const authorization = `Bearer ${access}`;
  const client = await call(server, 'POST', '/api/contacts/', { name: `Client ${n}`, email: `client.${n}@exemple.fr` }, authorization);
  const quote = (lines: object[]) => call(server, 'POST', '/api/quotes/', { title: 'Accompagnement', client_id: client.id, line_items: lines }, authorization);
  const ordinary = await quote([
    { title: 'Développement', quantity: 3, unit_price: 450, description: 'Développement des écrans de saisie et des exports.' },
    { title: 'Conception graphique', quantity: 1, unit_price: 1234.56, description: 'Maquettes et charte.' },
    { title: 'Réunion de cadrage', quantity: 2, unit_price: 95 },
  ]);
  const pathological = await quote([{ title: 'Référence', quantity: 1, unit_price: 10, description: WORD }]);
  return { authorization, quoteId: ordinary.id, pathologicalId: pathological.id };
}

/** Requests rotate over the users: their own quote, their own token. */
function pdfLoad(server: RunningServer, users: BenchUser[], connections: number, seconds: number, pick: (u: BenchUser) => number) {
  if (GENERATOR === 'wrk') {
    const rotation = users.map((user) => ({ path: `/api/quotes/${pick(user)}/generate_pdf/`, headers: { authorization: user.authorization } }));
    return runWrk({ origin: server.url, connections, durationSeconds: seconds, rotation });
  }
  return runLoad({
    url: `${server.url}/api/quotes/${pick(users[0])}/generate_pdf/`,
    connections,
    durationSeconds: seconds,
    headers: { authorization: users[0].authorization },
    vary: (n) => {
      const user = users[n % users.length];
      return { path: `/api/quotes/${pick(user)}/generate_pdf/`, headers: { authorization: user.authorization } };
    },
  });
}

/** /api/health/ one request at a time for `seconds`: every latency, in ms. */
async function healthLatencies(server: RunningServer, seconds: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const start = process.hrtime.bigint();
    const res = await rawRequest(`${server.url}/api/health/`, { agent });
    if (res.status !== 200) throw new Error(`/api/health/ → ${res.status}`);
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  agent.destroy();
  return latencies;
}

/** PDFs actually delivered per second: answers other than 2xx are quick refusals, not throughput. */
const delivered = (answered: number, refused: number, seconds: number) => Math.round(((answered - refused) / seconds) * 10) / 10;

const summary = (latencies: number[]) => ({
  requests: latencies.length,
  p50: Math.round(percentile(latencies, 50) * 10) / 10,
  p99: Math.round(percentile(latencies, 99) * 10) / 10,
  // A loop, not Math.max(...latencies): a quiet machine answers 100,000+ health checks (stack overflow).
  max: Math.round(latencies.reduce((a, b) => Math.max(a, b), 0) * 10) / 10,
});

interface Setup {
  workers: number;
  server: RunningServer;
  users: BenchUser[];
}

async function setUp(workers: number, port: number): Promise<Setup> {
  const server = await startServer({ port, distDir: args.dist, env: { PDF_WORKERS: String(workers) } });
  const users: BenchUser[] = [];
  for (let n = 0; n < Number(args.users); n++) users.push(await benchUser(server, n));
  // Warm-up: every thread started and its render code optimised. 2 s left the two-thread server's
  // first round ~12 % below its next ones (the JIT of two threads still at work), 5 s does not.
  await pdfLoad(server, users, 4 * workers, 5, (u) => u.quoteId);
  console.log(`PDF_WORKERS=${workers} : ${server.url} (pid ${server.pid}), ${users.length} utilisateurs, charge par ${GENERATOR}`);
  return { workers, server, users };
}

interface Round {
  healthAlone: number[];
  healthUnderRenders: number[];
  pathological: LoadFigures;
  throughput: LoadFigures;
  /** CPU the server used (all its threads) during the throughput run. */
  throughputCpuSeconds: number;
  /** Of which its main thread (requests, reads, hand-over to the render threads). */
  throughputMainThreadCpuSeconds: number;
}

/** One round on one server; the other server stays idle meanwhile. */
async function round({ server, users }: Setup): Promise<Round> {
  const healthAlone = await healthLatencies(server, ROUND_SECONDS / 2);
  const [pathological, healthUnderRenders] = await Promise.all([
    pdfLoad(server, users.slice(0, 20), PATHOLOGICAL_CONNECTIONS, ROUND_SECONDS, (u) => u.pathologicalId),
    // From the second second on: the ten connections are then all under way.
    new Promise((resolve) => setTimeout(resolve, 1000)).then(() => healthLatencies(server, ROUND_SECONDS - 2)),
  ]);
  const cpuBefore = server.cpuSeconds();
  const mainBefore = server.mainThreadCpuSeconds();
  const throughput = await pdfLoad(server, users, CONNECTIONS, ROUND_SECONDS, (u) => u.quoteId);
  return {
    healthAlone, healthUnderRenders, pathological, throughput,
    throughputCpuSeconds: server.cpuSeconds() - cpuBefore,
    throughputMainThreadCpuSeconds: server.mainThreadCpuSeconds() - mainBefore,
  };
}

function report(setup: Setup, rounds: Round[]) {
  const seconds = ROUND_SECONDS * rounds.length;
  const total = (loads: LoadFigures[], pick: (l: LoadFigures) => number) => loads.reduce((n, l) => n + pick(l), 0);
  const combine = (loads: LoadFigures[]) => {
    const answered = total(loads, (l) => l.requests);
    const refused = total(loads, (l) => l.failureCauses.non2xx);
    return {
      pdfPerSecond: delivered(answered, refused, seconds),
      refused,
      timeouts: total(loads, (l) => l.failureCauses.timeouts),
      errors: total(loads, (l) => l.failureCauses.errors),
      p50: Math.max(...loads.map((l) => l.p50)),
      p99: Math.max(...loads.map((l) => l.p99)),
    };
  };
  const throughputs = rounds.map((r) => r.throughput);
  const cpu = rounds.reduce((n, r) => n + r.throughputCpuSeconds, 0);
  const mainThreadCpu = rounds.reduce((n, r) => n + r.throughputMainThreadCpuSeconds, 0);
  const pdfs = delivered(total(throughputs, (l) => l.requests), total(throughputs, (l) => l.failureCauses.non2xx), 1);
  return {
    workers: setup.workers,
    healthAlone: summary(rounds.flatMap((r) => r.healthAlone)),
    healthUnderRenders: summary(rounds.flatMap((r) => r.healthUnderRenders)),
    pathological: combine(rounds.map((r) => r.pathological)),
    throughput: combine(throughputs),
    // How much of the machine the server got (2 = two cores' worth) and what a PDF cost it.
    throughputCores: Math.round((cpu / seconds) * 100) / 100,
    cpuMsPerPdf: Math.round((cpu * 1000) / Math.max(1, pdfs) * 100) / 100,
    mainThreadCpuMsPerPdf: Math.round((mainThreadCpu * 1000) / Math.max(1, pdfs) * 100) / 100,
  };
}

async function main() {
  const workers = Number(args.workers);
  const setups = [await setUp(workers, Number(args.port))];
  if (workers !== 1) setups.push(await setUp(1, Number(args.port) + 1));
  try {
    // Alternate rounds: this machine's speed drifts within a minute; each server gets the same share of it.
    const rounds = setups.map(() => [] as Round[]);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, setup] of setups.entries()) {
        rounds[i].push(await round(setup));
        process.stdout.write(`  manche ${r + 1}/${ROUNDS}, ${setup.workers} thread(s) : ${(rounds[i].at(-1)!.throughput.requests / ROUND_SECONDS).toFixed(0)} req/s\n`);
      }
    }
    const runs = setups.map((setup, i) => report(setup, rounds[i]));
    const [pool, single] = [runs[0], runs.at(-1)!];
    const ratio = pool.throughput.pdfPerSecond / single.throughput.pdfPerSecond;
    for (const run of runs) {
      console.log(`\nPDF_WORKERS=${run.workers}`);
      console.log(`  /api/health/ seul : ${JSON.stringify(run.healthAlone)}`);
      console.log(`  /api/health/ pendant ${PATHOLOGICAL_CONNECTIONS} rendus pathologiques : ${JSON.stringify(run.healthUnderRenders)}`);
      console.log(`  rendus pathologiques (${PATHOLOGICAL_CONNECTIONS} connexions) : ${JSON.stringify(run.pathological)}`);
      console.log(`  devis ordinaires (${CONNECTIONS} connexions) : ${JSON.stringify(run.throughput)}`);
      console.log(`  CPU du serveur pendant ce débit : ${run.throughputCores} cœur(s), ${run.cpuMsPerPdf} ms par PDF dont ${run.mainThreadCpuMsPerPdf} ms sur le thread principal`);
    }
    const result = {
      script: 'bench/pdf.ts',
      date: new Date().toISOString(),
      cores: availableParallelism(),
      roundSeconds: ROUND_SECONDS,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      generator: GENERATOR,
      runs,
      throughputRatio: ratio,
      targets: { healthP99Below50ms: pool.healthUnderRenders.p99 < 50, throughputAtLeast1_6x: ratio >= 1.6 },
    };
    console.log(`\n/api/health/ p99 pendant ${PATHOLOGICAL_CONNECTIONS} rendus pathologiques (${pool.workers} threads) : ${pool.healthUnderRenders.p99} ms (objectif < 50 ms : ${result.targets.healthP99Below50ms ? 'atteint' : 'MANQUÉ'})`);
    console.log(`Débit à ${CONNECTIONS} connexions : ${pool.throughput.pdfPerSecond} PDF/s avec ${pool.workers} threads, ${single.throughput.pdfPerSecond} avec 1 : ×${ratio.toFixed(2)} (objectif ≥ 1,6 : ${result.targets.throughputAtLeast1_6x ? 'atteint' : 'MANQUÉ'})`);
    mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    const file = path.join(REPO_ROOT, 'bench/results', `pdf-${result.date.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(result, null, 2));
    console.log(`Résultats : ${path.relative(REPO_ROOT, file)}`);
  } finally {
    for (const { server } of setups) await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
