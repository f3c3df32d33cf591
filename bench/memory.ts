/**
 * Server memory: RSS of the production server on a seeded database, then after 1,000 mixed
 * requests (lists, details, aggregates, search, writes, PDFs — bench/lib/traffic.ts).
 *
 *   npx tsx bench/memory.ts [--requests 1000] [--concurrency 10] [--scale 1|100k] [--dist dist]
 *   DATABASE_URL=postgres://… npx tsx bench/memory.ts --pg
 */
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './lib/server';
import { startSeededServer } from './lib/seeded-server';
import { openAccount, pickScenario, VirtualUser, type Sample } from './lib/traffic';
import { scaleOptions } from './seed';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '10' },
    scale: { type: 'string', default: '1' },
    dist: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '8306' },
    pg: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
});

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
/** Peak resident set size (VmHWM) in bytes. */
const peakRss = (pid: number) => Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function main() {
  const target = Number(args.requests);
  const { server, seeded } = await startSeededServer({
    port: Number(args.port), distDir: args.dist, pg: args.pg, seed: scaleOptions(args.scale), dataDir: args['data-dir'],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  try {
    const account = await openAccount(server.url, seeded);
    const afterSeed = server.rss();
    console.log(`RSS après démarrage sur la base remplie : ${mb(afterSeed)} Mo`);

    const samples: Sample[] = [];
    const vus = Array.from({ length: Number(args.concurrency) }, (_, i) => new VirtualUser(account, agent, (s) => samples.push(s), 1000 + i));
    // Each VU plays whole scenarios until the total reaches the target (a scenario may overshoot by a few).
    await Promise.all(vus.map(async (vu) => {
      while (samples.length < target) await pickScenario(vu.rng).run(vu);
    }));
    const afterRequests = server.rss();
    const errors = samples.filter((s) => s.error);
    const byLabel = new Map<string, number>();
    for (const s of samples) byLabel.set(s.label, (byLabel.get(s.label) ?? 0) + 1);

    console.log(`\n${samples.length} requêtes (${errors.length} erreurs) :`);
    for (const [label, n] of [...byLabel].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(5)}  ${label}`);
    console.log(`\nRSS du serveur après remplissage : ${mb(afterSeed)} Mo`);
    console.log(`RSS du serveur après ${samples.length} requêtes : ${mb(afterRequests)} Mo (pic ${mb(peakRss(server.pid))} Mo)`);
    for (const e of errors.slice(0, 5)) console.error(`  erreur ${e.status} ${e.label} ${e.error}`);

    const result = {
      script: 'bench/memory.ts',
      date: new Date().toISOString(),
      database: args.pg ? 'postgres' : 'sqlite',
      seeded: seeded.counts,
      requests: samples.length,
      errors: errors.length,
      rssAfterSeedMB: mb(afterSeed),
      rssAfterRequestsMB: mb(afterRequests),
      peakRssMB: mb(peakRss(server.pid)),
    };
    mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, 'bench/results', `memory-${result.database}-${result.date.replace(/[:.]/g, '-')}.json`), JSON.stringify(result, null, 2));
    console.log(JSON.stringify(result));
    if (errors.length) process.exitCode = 1;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
