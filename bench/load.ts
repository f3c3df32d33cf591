/**
 * Load: 200 concurrent virtual users replaying realistic sittings (dashboard, contacts, search,
 * tasks, invoicing with issue of legal numbers, PDFs — bench/lib/traffic.ts) against the
 * production build for 60 s. Any non-2xx/3xx answer or socket error counts as an error; the
 * script exits non-zero if there is one, or if an invoice series has a gap afterwards.
 *
 *   npx tsx bench/load.ts [--duration 60] [--vus 200] [--users 10] [--scale 0.05] [--think 5000] [--dist dist]
 *   DATABASE_URL=postgres://… npx tsx bench/load.ts --pg          # an empty PostgreSQL database
 *
 * --users accounts are seeded at --scale each (default: 10 × 500 contacts, 1,000 invoices…) and
 * the VUs share them. Between two sittings a VU pauses like a person reading the screen: between
 * --think/5 and --think ms (default 1–5 s); VUs arrive spread over the first --think ms.
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seed, type SeedResult } from './seed';
import { REPO_ROOT, startServer } from './lib/server';
import { checkInvoiceSeries, openAccount, pickScenario, VirtualUser, type Sample } from './lib/traffic';
import { percentile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    vus: { type: 'string', default: '200' },
    users: { type: 'string', default: '10' },
    scale: { type: 'string', default: '0.05' },
    think: { type: 'string', default: '5000' },
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '8307' },
    pg: { type: 'boolean', default: false },
  },
});

async function main() {
  if (args.pg && !process.env.DATABASE_URL) throw new Error('--pg demande DATABASE_URL (une base PostgreSQL vide)');
  const durationMs = Number(args.duration) * 1000;
  const seeded: SeedResult[] = [];
  const server = await startServer({
    port: Number(args.port),
    distDir: args.dist,
    env: { DATABASE_URL: args.pg ? process.env.DATABASE_URL : undefined },
    beforeStart: async (env) => {
      for (let i = 1; i <= Number(args.users); i++) {
        seeded.push(await seed({ env, scale: Number(args.scale), email: `charge${i}@carnet.test`, seed: i }));
      }
    },
  });
  // Six connections per VU, as a browser opens per origin.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(args.vus) * 6 });
  try {
    console.log(`${seeded.length} comptes remplis (${JSON.stringify(seeded[0].counts)} chacun), serveur ${server.url} (${args.pg ? 'PostgreSQL' : 'SQLite'})`);
    const accounts = await Promise.all(seeded.map((s) => openAccount(server.url, s)));
    const samples: Sample[] = [];
    const vus = Array.from({ length: Number(args.vus) }, (_, i) => new VirtualUser(accounts[i % accounts.length], agent, (s) => samples.push(s), 7000 + i));

    console.log(`${vus.length} utilisateurs virtuels pendant ${args.duration} s…`);
    const started = performance.now();
    const cpuBefore = server.cpuSeconds();
    const deadline = started + durationMs;
    const think = Number(args.think);
    await Promise.all(vus.map(async (vu) => {
      await new Promise((r) => setTimeout(r, vu.rng.int(0, think)));
      while (performance.now() < deadline) {
        await pickScenario(vu.rng).run(vu);
        await new Promise((r) => setTimeout(r, vu.rng.int(Math.round(think / 5), think)));
      }
    }));
    const elapsed = (performance.now() - started) / 1000;
    // Share of one core the server used: near 100 % means it was saturated and latencies are queueing.
    const serverCpuPercent = Math.round(((server.cpuSeconds() - cpuBefore) / elapsed) * 100);

    const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
    const errors = samples.filter((s) => s.error);
    const seriesProblems = (await Promise.all(accounts.map((a) => checkInvoiceSeries(a.session)))).filter(Boolean);
    const byLabel = new Map<string, number[]>();
    for (const s of samples) byLabel.set(s.label, [...(byLabel.get(s.label) ?? []), s.ms]);

    console.log(`\n${'requête'.padEnd(44)} ${'n'.padStart(6)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}`);
    for (const [label, values] of [...byLabel].sort((a, b) => b[1].length - a[1].length)) {
      values.sort((a, b) => a - b);
      const f = (p: number) => `${percentile(values, p).toFixed(0)} ms`.padStart(8);
      console.log(`${label.padEnd(44)} ${String(values.length).padStart(6)} ${f(50)} ${f(95)} ${f(99)}`);
    }
    const result = {
      script: 'bench/load.ts',
      date: new Date().toISOString(),
      database: args.pg ? 'postgres' : 'sqlite',
      vus: vus.length,
      accounts: accounts.length,
      seededPerAccount: seeded[0].counts,
      durationSeconds: Math.round(elapsed),
      requests: samples.length,
      errors: errors.length,
      reqPerSec: Math.round(samples.length / elapsed),
      p50: Math.round(percentile(latencies, 50)),
      p95: Math.round(percentile(latencies, 95)),
      p99: Math.round(percentile(latencies, 99)),
      invoiceSeriesGapFree: seriesProblems.length === 0,
      serverCpuPercent,
      serverRssMB: Math.round(server.rss() / 1048576),
    };
    console.log(
      `\nTotal : ${result.requests} requêtes en ${result.durationSeconds} s (${result.reqPerSec} req/s), ${result.errors} erreurs, ` +
        `p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms ; CPU du serveur ${serverCpuPercent} % d’un cœur ; ` +
        `séries de factures sans trou : ${result.invoiceSeriesGapFree ? 'oui' : 'NON'}`,
    );
    for (const e of errors.slice(0, 10)) console.error(`  erreur ${e.status} ${e.label} ${e.error}`);
    for (const p of seriesProblems) console.error(`  ${p}`);
    mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'bench/results', `load-${result.database}-${result.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
    console.log(JSON.stringify(result));
    if (errors.length || seriesProblems.length) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
