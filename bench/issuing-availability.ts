/**
 * Issuing never stalls anyone (issue 23), against the production build: while three accounts loop
 * on downloads of pathological drafts and a fourth issues ten pathological documents at once, do
 * `/api/health/` and another user's contact list stay fast?
 *
 *   npx tsx bench/issuing-availability.ts [--seconds 10] [--loops 8] [--dist dist] [--port 8321]
 *   DATABASE_URL=postgres://…/carnet_bench npx tsx bench/issuing-availability.ts   # SQLite, then PostgreSQL
 *
 * One server per database (SQLite in a temporary DATA_DIR; then PostgreSQL when DATABASE_URL is
 * set: give an empty database). Accounts:
 *   - the issuer: ten draft invoices, each right at the cost bound of documents
 *     (MAX_RENDER_COST, documents.schemas.ts: stacked combining accents, line breaks, runs of
 *     1,000 letters without a space, random letters so that no word's layout is cached);
 *   - three "starving" accounts, each with one such draft, downloaded by `--loops` loops per
 *     account (`GET /api/invoices/{id}/generate_pdf/`, a live render each), a refused download
 *     (429) retried after 50 ms, not after its Retry-After, as a hostile client would;
 *   - an observer with 200 contacts, whose `GET /api/contacts/` is timed, one request at a time,
 *     as `/api/health/` is.
 * Phases of `--seconds` each: quiet; the three starving accounts looping; the same while the
 * issuer PUTs its ten drafts with `status: "sent"` at once (the issuing call), each 429 retried
 * after its Retry-After, until the ten are issued (the phase lasts at least `--seconds`). Prints,
 * per phase, health and list p50/p99/max, the starving downloads (delivered, 429, 503, other),
 * and for issuing the time to issue the ten, the answers by status and each issue's latency.
 * Targets: health p99 < 50 ms, the other user's list p99 < 200 ms. Works whether issuing renders
 * in its numbering transaction or after it: only the HTTP answers are measured.
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, startServer, type RunningServer } from './lib/server';
import { jsonRequest, rawRequest } from './lib/http';
import { percentile } from './lib/stats';
import { waitForLinkSentTo } from '../src/server/test/outbox';
import { readyToInvoice, type Send } from '../src/server/test/billing-fixtures';
import { MAX_RENDER_COST, RENDER_COST, textRenderCost } from '../src/server/modules/documents/documents.schemas';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    loops: { type: 'string', default: '8' },
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '8321' },
    workers: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const LOOPS = Number(args.loops);
const PASSWORD = 'Carnet-Bench-2026!';
const DRAFTS = 10;
const STARVING = 3;
const TARGETS = { health: 50, list: 200 };

// ---- Pathological drafts, right at the cost bound

let seed = 2026;
const letters = (n: number) =>
  Array.from({ length: n }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 'abcdefghijklmnopqrstuvwxyzéèàçABCDEFGHIJKLMNOPQRSTUVWXYZ'[seed % 56];
  }).join('');

/** Lines whose render cost adds up to exactly MAX_RENDER_COST, each unlike any other. */
function pathologicalLines() {
  const lines = [
    { title: 'Accents', description: `${letters(1)}${'\u0301'.repeat(999)}` },
    { title: 'Retours à la ligne', description: Array.from({ length: 300 }, () => `${letters(1)}\n`).join('').trim() },
  ];
  const cost = () => lines.reduce((sum, l) => sum + RENDER_COST.line + textRenderCost(l.title) + textRenderCost(l.description), 0);
  for (let rest = MAX_RENDER_COST - cost(); rest > 0; rest = MAX_RENDER_COST - cost()) {
    const room = rest - RENDER_COST.line - textRenderCost('Mot');
    // A run of 200+ letters costs 4 a letter; what is left, shorter, 1 a letter.
    const run = room >= 4 * 1000 ? 1000 : room >= 4 * 200 ? Math.floor(room / 4) : Math.max(room, 1);
    lines.push({ title: 'Mot', description: letters(run) });
  }
  if (cost() !== MAX_RENDER_COST) throw new Error(`coût ${cost()} au lieu de ${MAX_RENDER_COST}`);
  return lines.map((l) => ({ ...l, quantity: 1, unit_price: 10 }));
}

// ---- Accounts

interface Account {
  email: string;
  authorization: string;
  send: Send;
}

const request = (server: RunningServer, method: string, url: string, body?: unknown, authorization?: string) =>
  jsonRequest(server.url, method, url, body, authorization);

async function account(server: RunningServer, name: string): Promise<Account> {
  const email = `${name}@bench.carnet.test`;
  await request(server, 'POST', '/api/register/', { email, password: PASSWORD, password2: PASSWORD });
  await request(server, 'GET', new URL(await waitForLinkSentTo(server.dataDir, email, 'activate')).pathname);
  const { body } = await request(server, 'POST', '/api/token/', { email, password: PASSWORD });
  const authorization = `Bearer ${body.access}`;
  const send: Send = (method, url, payload) => request(server, method, url, payload, authorization);
  return { email, authorization, send };
}

async function draft(who: Account, clientId: number) {
  const res = await who.send('POST', '/api/invoices/', { title: 'Refonte', client_id: clientId, line_items: pathologicalLines() });
  if (res.status !== 201) throw new Error(`brouillon refusé : ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body as { id: number } & Record<string, unknown>;
}

// ---- Measures

/** `url` one request at a time until `done()`: every latency, in ms, and the answers other than 200. */
async function timedLoop(server: RunningServer, url: string, done: () => boolean, authorization?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const failures: string[] = [];
  while (!done()) {
    const start = process.hrtime.bigint();
    const res = await rawRequest(`${server.url}${url}`, { agent, headers: authorization ? { authorization } : {} }).catch((err: Error) => err);
    latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res instanceof Error) failures.push(String(res));
    else if (res.status !== 200) failures.push(`${res.status} ${res.body.toString().slice(0, 200)}`);
  }
  agent.destroy();
  return { latencies, failures };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const summary = (latencies: number[], failures: string[] = []) => ({
  requests: latencies.length,
  ...(failures.length ? { failures: failures.length, first_failure: failures[0] } : {}),
  p50: round1(percentile(latencies, 50)),
  p99: round1(percentile(latencies, 99)),
  max: round1(latencies.reduce((a, b) => Math.max(a, b), 0)),
});

interface Downloads {
  delivered: number;
  busy: number;
  timedOut: number;
  other: number;
  /** Connections that failed (ECONNRESET…), by code. */
  errors: Record<string, number>;
}

/** The starving accounts' loops, until `stop()`. */
function starve(server: RunningServer, accounts: { who: Account; id: number }[], downloads: Downloads) {
  let stopped = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: accounts.length * LOOPS });
  const loops = accounts.flatMap(({ who, id }) =>
    Array.from({ length: LOOPS }, async () => {
      while (!stopped) {
        const res = await rawRequest(`${server.url}/api/invoices/${id}/generate_pdf/`, { agent, headers: { authorization: who.authorization } }).catch(
          (err: NodeJS.ErrnoException) => ({ status: err.code ?? 'error' }),
        );
        if (typeof res.status === 'string') {
          downloads.errors[res.status] = (downloads.errors[res.status] ?? 0) + 1;
          await new Promise((r) => setTimeout(r, 50));
        } else if (res.status === 200) downloads.delivered++;
        else if (res.status === 429) {
          downloads.busy++;
          await new Promise((r) => setTimeout(r, 50));
        } else if (res.status === 503) downloads.timedOut++;
        else downloads.other++;
      }
    }),
  );
  return async () => {
    stopped = true;
    await Promise.all(loops);
    agent.destroy();
  };
}

/** Issues the drafts at once; a 429 is retried after its Retry-After. */
async function issueAll(server: RunningServer, issuer: Account, drafts: Record<string, unknown>[]) {
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  await Promise.all(
    drafts.map(async (body) => {
      for (;;) {
        const t = performance.now();
        const res = await request(server, 'PUT', `/api/invoices/${body.id as number}/`, { ...body, status: 'sent' }, issuer.authorization);
        latencies.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 200) return;
        if (res.status !== 429) {
          // Counted, not retried: the figures say how many of the ten failed.
          failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
          return;
        }
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      }
    }),
  );
  return { seconds: round1((performance.now() - started) / 1000), statuses, latencies: summary(latencies), ...(failures.length ? { failures } : {}) };
}

// ---- A run on one database

async function run(database: 'sqlite' | 'postgres', port: number) {
  const server = await startServer({
    port,
    distDir: args.dist,
    env: {
      DATABASE_URL: database === 'postgres' ? process.env.DATABASE_URL : undefined,
      ...(args.workers ? { PDF_WORKERS: args.workers } : {}),
      // The server's own errors (a 500's cause) are shown; nothing else.
      LOG_LEVEL: 'error',
    },
    inheritStdout: true,
  });
  let stopping = false;
  server.process.once('exit', (code, signal) => {
    if (!stopping) console.error(`le serveur s'est arrêté pendant la mesure (code ${code}, signal ${signal})`);
  });
  try {
    const issuer = await account(server, `emetteur.${database}`);
    const issuerClient = await readyToInvoice(issuer.send, issuer.email);
    const drafts: Record<string, unknown>[] = [];
    for (let i = 0; i < DRAFTS; i++) drafts.push({ ...(await draft(issuer, issuerClient)), client_id: issuerClient });
    const starving = [];
    for (let i = 0; i < STARVING; i++) {
      const who = await account(server, `affame.${i}.${database}`);
      starving.push({ who, id: (await draft(who, await readyToInvoice(who.send, who.email))).id });
    }
    const observer = await account(server, `observateur.${database}`);
    for (let i = 0; i < 200; i++) await observer.send('POST', '/api/contacts/', { name: `Contact ${i}`, email: `contact.${i}@exemple.fr` });
    console.log(`${database} : ${server.url} (pid ${server.pid}), ${DRAFTS} brouillons au coût ${MAX_RENDER_COST}, ${STARVING} comptes × ${LOOPS} boucles`);

    const phase = async (name: string, during?: () => Promise<unknown>) => {
      let over = false;
      const done = () => over;
      const health = timedLoop(server, '/api/health/', done);
      const list = timedLoop(server, '/api/contacts/', done, observer.authorization);
      const [extra] = await Promise.all([during?.(), new Promise((r) => setTimeout(r, SECONDS * 1000))]);
      over = true;
      const [h, l] = [await health, await list];
      const figures = { phase: name, health: summary(h.latencies, h.failures), list: summary(l.latencies, l.failures), ...(extra ? { issuing: extra } : {}) };
      console.log(JSON.stringify(figures));
      return figures;
    };

    const quiet = await phase('calme');
    const downloads: Downloads = { delivered: 0, busy: 0, timedOut: 0, other: 0, errors: {} };
    const stopStarving = starve(server, starving, downloads);
    const starved = { ...(await phase('comptes affamés')), downloads: { ...downloads, errors: { ...downloads.errors } } };
    const issuing = { ...(await phase('affamés + émission de 10', () => issueAll(server, issuer, drafts))) };
    await stopStarving();
    const all = { ...issuing, downloads };
    const verdict = (p99: number, target: number) => `${p99} ms (< ${target} ms : ${p99 < target ? 'atteint' : 'NON atteint'})`;
    console.log(`\n${database} — pendant l'émission : /api/health/ p99 ${verdict(all.health.p99, TARGETS.health)}, ` +
      `GET /api/contacts/ d'un autre compte p99 ${verdict(all.list.p99, TARGETS.list)}`);
    console.log(`  téléchargements des affamés sur toute la durée : ${JSON.stringify(downloads)}\n`);
    return { database, quiet, starved, issuing: all };
  } finally {
    stopping = true;
    await server.stop();
  }
}

async function main() {
  const results = [await run('sqlite', Number(args.port))];
  if (process.env.DATABASE_URL) results.push(await run('postgres', Number(args.port) + 1));
  const dir = path.join(REPO_ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `issuing-availability-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ date: new Date().toISOString(), seconds: SECONDS, loops: LOOPS, results }, null, 2));
  console.log(`résultats : ${file}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
