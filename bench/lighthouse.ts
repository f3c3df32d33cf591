/**
 * Lighthouse performance (Debian Chromium) of the production build: the landing page (/) and the
 * sign-in page signed out, a quote's client portal page (/p/{token}, issue 27), /dashboard and two lists (/contacts, /invoices) signed in as the seeded
 * user (10,000 contacts…), and the other two lists of 10,000 rows (/quotes, /tasks; issue 29). Each page N runs (default 3)
 * → median score and metrics. Target: score ≥ 95, and with the mobile preset (Lighthouse's default:
 * a mid-range phone, 4× CPU slowdown, slow 4G) also TBT < 200 ms and LCP < 2.5 s (issue 18).
 *
 *   npx tsx bench/lighthouse.ts [--preset mobile|desktop] [--pages landing,login,portal,dashboard,contacts,invoices,quotes,tasks]
 *                               [--dist .bench-dist-front] [--port 8401] [--runs 3] [--scale 1] [--reports] [--lhr] [--lantern]
 *
 * --preset defaults to mobile. --reports writes the HTML report of each page's median run into
 * bench/results/ (lighthouse-<preset>-<page>.html). --lhr writes every run's Lighthouse JSON there
 * (lighthouse-<preset>-<page>-<run>.json and its trace, .trace.json: the LCP element, its phases, the layout shifts and their
 * culprits), and prints the LCP element and the shifted nodes of each run. --lantern prints each
 * run's simulated LCP (Lantern's optimistic graph on the phone: requests and tasks with their
 * simulated start and end): the last to end is what holds the LCP.
 * The dashboard runs keep the session (redux-persist, localStorage `persist:carnet`, obtained by
 * signing in through the UI) with `disableStorageReset`, but the HTTP cache is cleared before each
 * run so that every run downloads the assets like a first visit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  CHROME_PATH, CHROMIUM_FLAGS, REPO_ROOT, isSessionPersisted, parseArgs, saveResult,
} from './lib/front';
import { median } from './lib/stats';
import { startSeededServer } from './lib/seeded-server';

const TARGET_SCORE = 95;
/** Mobile only: the metrics a phone user feels, beyond the score (issue 18). */
const MOBILE_LIMITS = { TBT: 200, LCP: 2500 } as const;
const PRESETS = ['mobile', 'desktop'] as const;
type Preset = (typeof PRESETS)[number];
/** Lighthouse's simulated CPU slowdown per preset (mobile: a mid-range phone; desktop: none). */
const CPU_SLOWDOWN: Record<Preset, number> = { mobile: 4, desktop: 1 };
/** What --pages chooses from (default: all): signed out, then signed in as the seeded user. */
const PAGES: readonly { name: string; path: string; signedIn: boolean }[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  // Issue 27: a sent quote opened from the client's personal link (its path is minted at start).
  { name: 'portal', path: '/p/:token', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'contacts', path: '/contacts', signedIn: true },
  { name: 'invoices', path: '/invoices', signedIn: true },
  // Issue 29: every paged list of 10,000 rows.
  { name: 'quotes', path: '/quotes', signedIn: true },
  { name: 'tasks', path: '/tasks', signedIn: true },
];

const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { id: 'speed-index', label: 'SI', unit: 'ms' },
] as const;
type MetricLabel = (typeof METRICS)[number]['label'];

interface RunFigures {
  score: number;
  metrics: Record<MetricLabel, number>;
  finalUrl: string;
  /**
   * Lighthouse's measure of this machine's CPU speed during the run (higher is faster): the
   * simulated phone's timings are the measured ones scaled, so a busy machine shows here.
   */
  benchmarkIndex: number;
  /** The page's main thread during the run, from its trace (see mainThread()). */
  mainThread: MainThread;
  /** Performance audits that lost points, for the reader to know what to fix. */
  weak: string[];
  /** The scripts that cost the main thread most (Lighthouse's bootup-time): where to look first. */
  costliest: string[];
  html?: string;
  /** With --lhr: the run's whole Lighthouse result. */
  lhr?: unknown;
  trace?: unknown;
}

interface MainThread {
  /** Tasks' wall time (what Lighthouse scales by 4 for the phone), ms. */
  wallMs: number;
  /** The CPU time the thread actually got during those tasks, ms. */
  cpuMs: number;
  /** Σ max(0, slowdown × duration − 50 ms) over the tasks, from wall time and from CPU time: a rough TBT. */
  blockingWallMs: number;
  blockingCpuMs: number;
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } };

/**
 * The renderer main thread's top-level tasks in a run's trace: their wall duration (`dur`) against
 * the CPU time the thread got during them (`tdur`). On a quiet machine both are close; when the
 * thread waits for a core, wall time grows and Lighthouse, which simulates the phone from the
 * measured wall times (× 4 on the mobile preset), counts the wait as blocking time. The thread with the most task time
 * is the page's.
 */
function mainThread(events: TraceEvent[], slowdown: number): MainThread {
  const renderers = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || !renderers.has(`${e.pid}:${e.tid}`)) continue;
    const key = `${e.pid}:${e.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const total = (tasks: TraceEvent[]) => tasks.reduce((sum, t) => sum + (t.dur ?? 0), 0);
  const tasks = [...byThread.values()].sort((a, b) => total(b) - total(a))[0] ?? [];
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const blocking = (d: number) => Math.max(0, slowdown * d - 50);
  return {
    wallMs: tasks.reduce((sum, t) => sum + ms(t.dur), 0),
    cpuMs: tasks.reduce((sum, t) => sum + ms(t.tdur ?? t.dur), 0),
    blockingWallMs: tasks.reduce((sum, t) => sum + blocking(ms(t.dur)), 0),
    blockingCpuMs: tasks.reduce((sum, t) => sum + blocking(ms(t.tdur ?? t.dur)), 0),
  };
}

/** A personal link to one of the seeded user's sent quotes (issue 27), minted through the API: its path. */
async function portalPath(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const json = async (res: Response) => {
    if (!res.ok) throw new Error(`${res.url} : ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { access } = await json(await fetch(`${baseUrl}/api/token/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  }));
  const headers = { authorization: `Bearer ${access}` };
  const [quote] = await json(await fetch(`${baseUrl}/api/quotes/?status=sent&limit=1`, { headers }));
  if (!quote) throw new Error('aucun devis envoyé dans la base remplie');
  const { url } = await json(await fetch(`${baseUrl}/api/quotes/${quote.id}/share/`, { method: 'POST', headers }));
  return new URL(url).pathname;
}

type Item = Record<string, unknown>;
type Node = { type?: string; selector?: string; nodeLabel?: string };
const nodeText = (n: unknown) => {
  const node = n as Node | undefined;
  return node?.type === 'node' ? `${node.selector ?? ''} « ${(node.nodeLabel ?? '').split('\n')[0].slice(0, 60)} »` : '?';
};

/** The LCP element with its subparts, and every layout shift with its score and node (a run's Lighthouse 13 result). */
function lcpAndShifts(lhr: unknown): string[] {
  const audits = (lhr as { audits: Record<string, { details?: { items?: Item[] } }> }).audits;
  const breakdown = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const element = breakdown.find((item) => item.type === 'node');
  const subparts = ((breakdown.find((item) => item.type === 'table')?.items ?? []) as { label: string; duration: number }[])
    .map((part) => `${part.label} ${Math.round(part.duration)} ms`)
    .join(', ');
  const lines = [`élément LCP : ${nodeText(element)}${subparts ? ` (observé : ${subparts})` : ''}`];
  for (const shift of audits['layout-shifts']?.details?.items ?? []) {
    lines.push(`décalage ${Number(shift.score ?? 0).toFixed(4)} : ${nodeText(shift.node)}`);
  }
  return lines;
}

/**
 * The nodes of the run's simulated LCP (Lantern's optimistic graph, the phone's timings, ms): what
 * ends last is what holds the LCP. Lighthouse keeps the last simulations in a static map.
 */
async function lanternLcp(): Promise<string[]> {
  type SimNode = {
    type: string; startTime: number; endTime: number; request?: { url: string };
    childEvents?: { name: string; args?: { data?: { url?: string } } }[];
  };
  const Lantern = (await import('lighthouse/core/lib/lantern/lantern.js')) as unknown as {
    Simulation: { Simulator: { allNodeTimings: Map<string, Map<SimNode, { startTime: number; endTime: number }>> } };
  };
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('optimisticLargestContentfulPaint');
  if (!timings) return ['(pas de simulation du LCP)'];
  const local = (url: string | undefined) => String(url).replace(/^https?:\/\/[^/]+/, '');
  return [...timings.entries()]
    .sort((a, b) => a[1].endTime - b[1].endTime)
    .map(([node, t]) => {
      const what = node.type === 'network'
        ? local(node.request?.url)
        : `tâche ${Math.round((node.endTime - node.startTime) / 1000)} ms observée ${(node.childEvents ?? [])
          .filter((e) => /^(EvaluateScript|TimerFire|Paint|ResourceSendRequest)$/.test(e.name))
          .map((e) => (e.name === 'ResourceSendRequest' ? `→ ${local(e.args?.data?.url).slice(0, 40)}` : e.name))
          .join(' ')}`;
      return `LCP simulé ${String(Math.round(t.startTime)).padStart(5)} → ${String(Math.round(t.endTime)).padStart(5)}  ${what}`;
    });
}

const fmt = (label: MetricLabel, v: number) => (label === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const port = Number(args.port ?? 8401);
  const runs = Number(args.runs ?? 3);
  const distDir = typeof args.dist === 'string' ? args.dist : undefined;
  const scale = args.scale === undefined ? undefined : Number(args.scale);
  const preset = (args.preset ?? 'mobile') as Preset;
  if (!PRESETS.includes(preset)) throw new Error(`--preset ${String(preset)} : mobile ou desktop`);

  // ESM-only packages: a dynamic import keeps them native ESM under tsx.
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  // No config = Lighthouse's default, the mobile preset.
  const config = preset === 'desktop' ? desktopConfig : undefined;
  const chromeLauncher = await import('chrome-launcher');
  const { default: puppeteer } = await import('puppeteer-core');

  const { server, seeded: credentials } = await startSeededServer({ port, distDir, seed: { scale } });
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  let browser: Awaited<ReturnType<typeof puppeteer.connect>> | undefined;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_FLAGS });
    const chromePort = chrome.port;
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}`, defaultViewport: null });
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();

    const audit = async (url: string, keepStorage: boolean, withHtml: boolean): Promise<RunFigures> => {
      if (keepStorage) await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(
        url,
        {
          port: chromePort,
          logLevel: 'error',
          output: withHtml ? 'html' : 'json',
          onlyCategories: ['performance'],
          disableStorageReset: keepStorage,
        },
        config,
      );
      if (!result) throw new Error(`Lighthouse n'a rien rendu pour ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${url} : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const perf = lhr.categories.performance;
      const weak = perf.auditRefs
        .filter((ref) => {
          const a = lhr.audits[ref.id];
          return a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable';
        })
        .map((ref) => `${ref.id}${lhr.audits[ref.id].displayValue ? ` (${lhr.audits[ref.id].displayValue})` : ''}`);
      return {
        score: Math.round((perf.score ?? 0) * 100),
        metrics: Object.fromEntries(METRICS.map((m) => [m.label, lhr.audits[m.id]?.numericValue ?? NaN])) as Record<
          MetricLabel,
          number
        >,
        finalUrl: lhr.finalDisplayedUrl,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        mainThread: mainThread(result.artifacts.Trace.traceEvents as TraceEvent[], CPU_SLOWDOWN[preset]),
        weak,
        costliest: ((lhr.audits['bootup-time']?.details as { items?: { url: string; total: number; scripting: number }[] } | undefined)?.items ?? [])
          .slice(0, 3)
          .map((item) => `${item.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(item.total)} ms (script ${Math.round(item.scripting)} ms)`),
        html: withHtml ? String(result.report) : undefined,
        lhr: args.lhr ? lhr : undefined,
        trace: args.lhr ? result.artifacts.Trace : undefined,
      };
    };

    const wanted = typeof args.pages === 'string' ? args.pages.split(',') : PAGES.map((p) => p.name);
    const unknown = wanted.filter((name) => !PAGES.some((p) => p.name === name));
    if (unknown.length) throw new Error(`--pages : ${unknown.join(', ')} inconnu (${PAGES.map((p) => p.name).join(', ')})`);
    // Signed-out pages first: their runs reset the storage, the session with it.
    const pages = PAGES.filter((p) => wanted.includes(p.name));
    const summary: Record<string, unknown> = {};
    let pass = true;
    let hasSession = false;
    for (const p of pages) {
      // Signed-in runs keep the storage: the session of the first signed-in page serves the next ones.
      if (p.signedIn && !hasSession) {
        hasSession = true;
        // The app's own sign-in: the session lands in localStorage like for a real user.
        await page.goto(`${server.url}/login`, { waitUntil: 'load' });
        await page.locator('input[name="email"]').fill(credentials.email);
        await page.locator('input[name="password"]').fill(credentials.password);
        await Promise.all([page.waitForFunction(() => location.pathname === '/dashboard'), page.click('form button[type="submit"]')]);
        await page.waitForFunction(isSessionPersisted);
        await page.goto('about:blank');
      }
      const pagePath = p.name === 'portal' ? await portalPath(server.url, credentials) : p.path;
      const url = `${server.url}${pagePath}`;
      console.log(`\n${url} (${p.signedIn ? 'connecté' : 'déconnecté'}), ${runs} passes, preset ${preset}`);
      const figures: RunFigures[] = [];
      for (let i = 0; i < runs; i++) {
        // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART…): one more try.
        const f = await audit(url, p.signedIn, Boolean(args.reports)).catch((err) => {
          console.log(`  passe ${i + 1} à refaire : ${(err as Error).message}`);
          return audit(url, p.signedIn, Boolean(args.reports));
        });
        if (new URL(f.finalUrl).pathname !== pagePath) throw new Error(`${url} a fini sur ${f.finalUrl}`);
        figures.push(f);
        console.log(
          `  passe ${i + 1} : score ${f.score}  ${METRICS.map((m) => `${m.label} ${fmt(m.label, f.metrics[m.label])}`).join('  ')}  (benchmarkIndex ${Math.round(f.benchmarkIndex)})`,
        );
        if (args.lantern) for (const line of await lanternLcp()) console.log(`           ${line}`);
        if (f.lhr) {
          const file = path.join(REPO_ROOT, `bench/results/lighthouse-${preset}-${p.name}-${i + 1}.json`);
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, JSON.stringify(f.lhr));
          writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(f.trace));
          for (const line of lcpAndShifts(f.lhr)) console.log(`           ${line}`);
        }
        const t = f.mainThread;
        console.log(
          `           fil principal : ${Math.round(t.wallMs)} ms de tâches, ${Math.round(t.cpuMs)} ms de CPU ; ` +
            `blocage estimé ×${CPU_SLOWDOWN[preset]} ${Math.round(t.blockingWallMs)} ms (temps mur), ${Math.round(t.blockingCpuMs)} ms (temps CPU)`,
        );
      }
      const med = {
        score: median(figures.map((f) => f.score)),
        ...Object.fromEntries(METRICS.map((m) => [m.label, median(figures.map((f) => f.metrics[m.label]))])),
      } as { score: number } & Record<MetricLabel, number>;
      const limits = preset === 'mobile' ? Object.entries(MOBILE_LIMITS) as [MetricLabel, number][] : [];
      const ok = med.score >= TARGET_SCORE && limits.every(([label, max]) => med[label] < max);
      pass &&= ok;
      const targets = [`score ≥ ${TARGET_SCORE}`, ...limits.map(([label, max]) => `${label} < ${max} ms`)].join(', ');
      console.log(
        `  MÉDIANE : score ${med.score} ${ok ? '✔' : '✘'} (cible ${targets})  ${METRICS.map((m) => `${m.label} ${fmt(m.label, med[m.label])}`).join('  ')}`,
      );
      // The run whose score is the median: its weak audits and report stand for the page.
      const representative = [...figures].sort((a, b) => a.score - b.score)[figures.length >> 1];
      if (representative.weak.length) console.log(`  audits à améliorer : ${representative.weak.join(', ')}`);
      if (representative.costliest.length) console.log(`  scripts les plus coûteux : ${representative.costliest.join(' · ')}`);
      if (representative.html) {
        const file = path.join(REPO_ROOT, `bench/results/lighthouse-${preset}-${p.name}.html`);
        writeFileSync(file, representative.html);
        console.log(`  rapport : ${path.relative(REPO_ROOT, file)}`);
      }
      // Lighthouse simulates the phone from the measured trace: a busy machine lowers the figures.
      const load = loadavg()[0];
      console.log(`  charge de la machine (moyenne 1 min) : ${load.toFixed(2)}`);
      const benchmarkIndex = median(figures.map((f) => f.benchmarkIndex));
      console.log(`  benchmarkIndex de Lighthouse (médiane) : ${Math.round(benchmarkIndex)}`);
      const thread = Object.fromEntries(
        (['wallMs', 'cpuMs', 'blockingWallMs', 'blockingCpuMs'] as const).map((k) => [k, Math.round(median(figures.map((f) => f.mainThread[k])))]),
      );
      console.log(
        `  fil principal (médianes) : ${thread.wallMs} ms de tâches pour ${thread.cpuMs} ms de CPU ; blocage estimé ${thread.blockingWallMs} ms (mur) / ${thread.blockingCpuMs} ms (CPU)`,
      );
      summary[p.name === 'portal' ? '/p/{token}' : p.path] = { ...med, runs: figures.map((f) => f.score), load, benchmarkIndex, mainThread: thread };
    }
    saveResult('lighthouse', { bench: 'lighthouse', date: new Date().toISOString(), preset, targetScore: TARGET_SCORE, limits: preset === 'mobile' ? MOBILE_LIMITS : null, pages: summary, pass });
    if (!pass) process.exitCode = 1;
  } finally {
    await browser?.disconnect();
    chrome?.kill();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
