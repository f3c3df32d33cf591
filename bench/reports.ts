/**
 * The reports of issue 15 on the seeded account (10,000 invoices over two years, ~8,900 of them
 * with payments): the receipts book (JSON, CSV, PDF) and the sales journal (JSON, CSV) of last
 * year — a full year — and this year, and the dashboard's URSSAF summary. One connection,
 * requests one after the other (what a user waits for), gzip accepted as a browser does.
 * Target: < 200 ms (p95) for the receipts book and the sales journal; the PDF is reported apart.
 *
 *   npx tsx bench/reports.ts [--runs 30] [--scale 1] [--dist dist]
 *   DATABASE_URL=postgres://… npx tsx bench/reports.ts --pg
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ApiSession } from './lib/client';
import { bodyText, rawRequest } from './lib/http';
import { REPO_ROOT } from './lib/server';
import { startSeededServer } from './lib/seeded-server';
import { median, percentile } from './lib/stats';
import { parisToday } from '../src/shared/dates';
import { scaleOptions } from './seed';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    scale: { type: 'string', default: '1' },
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '8307' },
    pg: { type: 'boolean', default: false },
  },
});

const TARGET_MS = 200;
const year = Number(parisToday().slice(0, 4));

interface Row {
  endpoint: string;
  rows: number | null;
  kB: number;
  p50: number;
  p95: number;
  max: number;
  cpuMs: number;
  target: string;
  result: string;
}

async function main() {
  const runs = Number(args.runs);
  const { server, seeded } = await startSeededServer({
    port: Number(args.port), distDir: args.dist, pg: args.pg, seed: scaleOptions(args.scale),
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const session = await ApiSession.signIn(server.url, seeded);
    const cases: { endpoint: string; url: string; targeted: boolean; runs?: number; count?: (text: string) => number }[] = [];
    for (const y of [year - 1, year]) {
      const journal = `from=${y}-01-01&to=${y}-12-31`;
      cases.push(
        { endpoint: `receipts ${y} JSON`, url: `/api/reports/receipts/?year=${y}`, targeted: true, count: (t) => JSON.parse(t).rows.length },
        { endpoint: `receipts ${y} CSV`, url: `/api/reports/receipts/?year=${y}&format=csv`, targeted: true, count: (t) => t.split('\r\n').length - 21 },
        { endpoint: `sales journal ${y} JSON`, url: `/api/reports/sales-journal/?${journal}`, targeted: true, count: (t) => JSON.parse(t).rows.length },
        { endpoint: `sales journal ${y} CSV`, url: `/api/reports/sales-journal/?${journal}&format=csv`, targeted: true, count: (t) => t.split('\r\n').length - 2 },
      );
    }
    cases.push(
      { endpoint: `receipts ${year - 1} PDF`, url: `/api/reports/receipts/?year=${year - 1}&format=pdf`, targeted: false, runs: Math.min(runs, 5) },
      { endpoint: 'URSSAF summary', url: '/api/reports/urssaf/', targeted: true, count: (t) => JSON.parse(t).periods.length },
    );

    const table: Row[] = [];
    for (const c of cases) {
      await session.renew();
      const get = () => rawRequest(`${server.url}${c.url}`, { agent, headers: { authorization: session.authorization, 'accept-encoding': 'gzip' } });
      const first = await get();
      if (first.status !== 200) throw new Error(`${c.url} → ${first.status} ${bodyText(first).slice(0, 200)}`);
      await get(); // warm-up
      const times: number[] = [];
      const cpuBefore = server.cpuSeconds();
      const n = c.runs ?? runs;
      for (let i = 0; i < n; i++) {
        const started = process.hrtime.bigint();
        const res = await get();
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (res.status !== 200) throw new Error(`${c.url} → ${res.status}`);
      }
      const cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / n;
      const p95 = percentile(times, 95);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      table.push({
        endpoint: c.endpoint,
        rows: c.count ? c.count(bodyText(first)) : null,
        kB: Math.round(first.body.length / 102.4) / 10,
        p50: round(median(times)),
        p95: round(p95),
        max: round(Math.max(...times)),
        cpuMs: round(cpuMs),
        target: c.targeted ? `< ${TARGET_MS} ms` : '—',
        result: c.targeted ? (p95 < TARGET_MS ? 'met' : 'NOT MET') : '—',
      });
      console.log(`${c.endpoint.padEnd(26)} p50 ${table.at(-1)!.p50} ms, p95 ${table.at(-1)!.p95} ms`);
    }

    console.log(`\n| endpoint | rows | gzip | p50 | p95 | max | server CPU/request | target | result |\n|---|---|---|---|---|---|---|---|---|`);
    for (const r of table) {
      console.log(`| ${r.endpoint} | ${r.rows ?? '—'} | ${r.kB} KB | ${r.p50} ms | ${r.p95} ms | ${r.max} ms | ${r.cpuMs} ms | ${r.target} | ${r.result} |`);
    }
    const result = {
      script: 'bench/reports.ts',
      date: new Date().toISOString(),
      database: args.pg ? 'postgres' : 'sqlite',
      seeded: seeded.counts,
      runs,
      table,
    };
    mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'bench/results', `reports-${result.database}-${result.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
    if (table.some((r) => r.result === 'NOT MET')) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
