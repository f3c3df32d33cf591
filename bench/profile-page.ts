/**
 * Where a page's main-thread script time goes: the production build, a seeded account, Chromium
 * with Lighthouse's mobile CPU slowdown (4×), a CPU profile of the page's load mapped back to the
 * sources (dist/sourcemaps): self time per source file and per function, heaviest first.
 *
 *   npx tsx bench/profile-page.ts [--page /dashboard] [--ready 'Activité récente'] [--scale 0.1] [--port 8451] [--top 25]
 *
 * The profile stops once the page shows its content (`--ready`: a heading of the rendered page) and
 * the network is idle again: stopping at the first idle network missed a page still waiting for its
 * persisted session, which then looked fast.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { SourceMapConsumer } from 'source-map-js';
import { startSeededServer } from './lib/seeded-server';
import { CHROME_PATH, REPO_ROOT } from './lib/front';

const { values } = parseArgs({
  options: {
    page: { type: 'string', default: '/dashboard' },
    ready: { type: 'string', default: 'Activité récente' },
    scale: { type: 'string', default: '0.1' },
    port: { type: 'string', default: '8451' },
    top: { type: 'string', default: '25' },
  },
});

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
function consumerFor(url: string): SourceMapConsumer | null {
  const file = url.split('/').pop() ?? '';
  if (!maps.has(file)) {
    const mapFile = path.join(REPO_ROOT, 'dist/sourcemaps/assets', `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file) ?? null;
}

async function main() {
  const port = Number(values.port);
  const { server, seeded } = await startSeededServer({ port, seed: { scale: Number(values.scale) } });
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const base = `http://localhost:${port}`;
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(seeded.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(seeded.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto('about:blank');

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(`${base}${values.page}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: values.ready }).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const selfMs = new Map<number, number>();
    profile.samples.forEach((id, i) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
    const perFile = new Map<string, number>();
    const perFunction = new Map<string, number>();
    let total = 0;
    for (const [id, ms] of selfMs) {
      const frame = byId.get(id)!.callFrame;
      if (!frame.url) {
        perFile.set(`(${frame.functionName || 'native'})`, (perFile.get(`(${frame.functionName || 'native'})`) ?? 0) + ms);
        continue;
      }
      total += ms;
      const consumer = consumerFor(frame.url);
      const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
      const source = (original?.source ?? frame.url).replace(/^webpack:\/\/[^/]*\//, '');
      const name = `${original?.name ?? frame.functionName ?? '?'} (${source}:${original?.line ?? '?'})`;
      perFile.set(source, (perFile.get(source) ?? 0) + ms);
      perFunction.set(name, (perFunction.get(name) ?? 0) + ms);
    }
    const top = Number(values.top);
    const show = (title: string, entries: Map<string, number>) => {
      console.log(`\n${title}`);
      for (const [name, ms] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
    };
    console.log(`${values.page}: ${total.toFixed(0)} ms of script self time (4× slowdown)`);
    show('Per source file', perFile);
    show('Per function', perFunction);
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main();
