/**
 * One Carnet instance against two behind HAProxy (issue 29), on one PostgreSQL database seeded by
 * bench/seed.ts: the same load (autocannon, 50 connections) through the same balancer, first with
 * one backend, then with two, so that the balancer's own cost is in both figures.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/carnet_bench_two npx tsx bench/two-instances.ts [--scale 1] [--duration 10]
 *
 * DATABASE_URL must name an empty database; needs a production build (npm run build) and Debian's
 * haproxy. The instances share SECRET_KEY and LEDGER_KEY (a token or a journal seal of one is
 * valid on the other), as a hosted Carnet's would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startLoadBalancer, type LoadBalancer } from '../src/server/test/load-balancer';
import { ApiSession } from './lib/client';
import { SEARCH_TERMS } from './lib/french-data';
import { runLoad, type LoadFigures } from './lib/autocannon';
import { startSeededServer } from './lib/seeded-server';
import { startServer, type RunningServer } from './lib/server';
import { scaleOptions } from './seed';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '8481' },
  },
});

interface Row {
  name: string;
  path: (n: number) => string;
}

const ROWS: Row[] = [
  { name: 'GET /api/contacts/?page_size=50', path: () => '/api/contacts/?page_size=50' },
  { name: 'GET /api/invoices/?page_size=50', path: () => '/api/invoices/?page_size=50' },
  { name: 'GET /api/invoices/overdue_sum/', path: () => '/api/invoices/overdue_sum/' },
  { name: 'GET /api/search/global?q=…', path: (n) => `/api/search/global?q=${encodeURIComponent(SEARCH_TERMS[n % SEARCH_TERMS.length])}` },
];

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL (une base PostgreSQL vide) est requis');
  const port = Number(args.port);
  const duration = Number(args.duration);
  const connections = Number(args.connections);
  const { server: first, seeded } = await startSeededServer({ port, pg: true, seed: scaleOptions(args.scale) });
  const servers: RunningServer[] = [first];
  const balancers: LoadBalancer[] = [];
  try {
    servers.push(await startServer({
      port: port + 1,
      // The first instance's journal key, written in its DATA_DIR when the seed sealed the journal.
      env: { DATABASE_URL: process.env.DATABASE_URL, SECRET_KEY: first.env.SECRET_KEY, LEDGER_KEY: readFileSync(path.join(first.dataDir, 'ledger_key'), 'utf8').trim() },
    }));
    const backends = servers.map((s, i) => ({ name: `instance-${'ab'[i]}`, port: Number(new URL(s.url).port) }));
    const one = await startLoadBalancer(backends.slice(0, 1), port + 10);
    balancers.push(one);
    const two = await startLoadBalancer(backends, port + 20);
    balancers.push(two);
    const api = await ApiSession.signIn(one.baseUrl, seeded);
    const headers = { authorization: api.authorization };

    const load = (balancer: LoadBalancer, row: Row): Promise<LoadFigures> =>
      runLoad({ url: balancer.baseUrl, connections, durationSeconds: duration, headers, vary: (n) => ({ path: row.path(n) }) });
    const results = [];
    for (const row of ROWS) {
      // A short warm-up of each, then one after the other.
      await runLoad({ url: one.baseUrl + row.path(0), connections: 5, durationSeconds: 2, headers });
      await runLoad({ url: two.baseUrl + row.path(0), connections: 5, durationSeconds: 2, headers });
      const single = await load(one, row);
      const pair = await load(two, row);
      results.push({ name: row.name, single, pair });
      console.log(`  ${row.name} : 1 instance ${Math.round(single.reqPerSec)} req/s (p99 ${single.p99} ms), 2 instances ${Math.round(pair.reqPerSec)} req/s (p99 ${pair.p99} ms)`);
    }
    console.log(`\n${'endpoint'.padEnd(36)}  ${'1 inst. req/s'.padStart(13)}  ${'p50'.padStart(6)}  ${'p99'.padStart(6)}  ${'2 inst. req/s'.padStart(13)}  ${'p50'.padStart(6)}  ${'p99'.padStart(6)}  ${'×'.padStart(5)}  échecs`);
    for (const { name, single, pair } of results) {
      console.log(
        `${name.padEnd(36)}  ${String(Math.round(single.reqPerSec)).padStart(13)}  ${`${single.p50} ms`.padStart(6)}  ${`${single.p99} ms`.padStart(6)}  ` +
          `${String(Math.round(pair.reqPerSec)).padStart(13)}  ${`${pair.p50} ms`.padStart(6)}  ${`${pair.p99} ms`.padStart(6)}  ` +
          `${(pair.reqPerSec / single.reqPerSec).toFixed(2).padStart(5)}  ${single.failures + pair.failures}`,
      );
    }
    console.log(JSON.stringify({ bench: 'two-instances', date: new Date().toISOString(), connections, duration, results }));
  } finally {
    for (const balancer of balancers) await balancer.stop();
    for (const server of servers) await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
