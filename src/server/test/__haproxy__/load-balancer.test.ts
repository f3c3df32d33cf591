import path from 'node:path';
import { addDays, parisToday } from '@/shared/dates';
import { SESSION_RECHECK_MS } from '@/server/modules/auth/session-guard';
import { pay, readyToInvoice, type Send } from '@/server/test/billing-fixtures';
import { LoadBalancer, startLoadBalancer } from '@/server/test/load-balancer';
import {
  makeDataDir, newSecretKey, removeDir, signUpOverHttp, sleep, startServer, stopAllServers, suitePort, throwawayPgDatabase,
  type HttpResult, type ServerProcess,
} from '@/server/test/server-process';
import { TEST_DATABASE_URL, uniqueEmail } from '@/server/test/test-app';

/**
 * Two Carnet instances on one database behind a real load balancer (HAProxy, issue 29), as a hosted
 * Carnet would add a second server: every request may reach either instance, so whatever one
 * process holds must be shared or harmless. Each test checks that both instances answered the
 * requests it counts, then that the promise holds: one rate-limit budget per address, a session ended
 * on one is refused by both within SESSION_RECHECK_MS, the dashboard's overdue figure (cached per
 * process) never stale on either. On PostgreSQL with TEST_DATABASE_URL (CI), else on one SQLite file.
 * Needs Debian's haproxy: `npm run test:haproxy` (CI), never `npm test`.
 */

jest.setTimeout(120_000);

const dataDirs: string[] = [];
let pgDatabase: Awaited<ReturnType<typeof throwawayPgDatabase>> | null = null;
const servers: ServerProcess[] = [];
let balancer: LoadBalancer;

beforeAll(async () => {
  const secretKey = newSecretKey();
  const dirs = [makeDataDir('lb-a'), makeDataDir('lb-b')];
  dataDirs.push(...dirs);
  if (TEST_DATABASE_URL) pgDatabase = await throwawayPgDatabase(TEST_DATABASE_URL, 'lb');
  const databaseUrl = pgDatabase?.url ?? `sqlite:${path.join(dirs[0], 'carnet.sqlite3')}`;
  // The real limits (scale 1), and the client's address from the balancer's X-Forwarded-For.
  const env = { TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' };
  servers.push(await startServer({ dataDir: dirs[0], secretKey, databaseUrl, firstPort: 8501, env }));
  servers.push(await startServer({ dataDir: dirs[1], secretKey, databaseUrl, firstPort: 8503, env }));
  balancer = await startLoadBalancer(
    servers.map((server, i) => ({ name: `instance-${'ab'[i]}`, port: server.port })),
    suitePort(8540),
  );
});

afterAll(async () => {
  await balancer?.stop();
  await stopAllServers();
  await pgDatabase?.drop();
  dataDirs.forEach(removeDir);
});

/** The instances that answered `results`: both, for a test to mean anything. */
const instances = (results: HttpResult[]) => new Set(results.map((r) => LoadBalancer.instanceOf(r)));
const BOTH = new Set(['instance-a', 'instance-b']);

const asUser = (access: string): Send => async (method, url, body) => {
  const res = await balancer.request(method, url, { body, token: access });
  return { status: res.status, body: res.body };
};

it('spreads the requests over both instances, each on the same database', async () => {
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await balancer.request('GET', '/api/health/'));
  expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
  expect(instances(answers)).toEqual(BOTH);
});

it('ends a session on both instances within a second of a logout through either', async () => {
  const user = await signUpOverHttp(balancer);
  const signIn = async () => (await balancer.request('POST', '/api/token/', { body: { email: user.email, password: user.password } })).body;
  const ended = await signIn();
  const kept = await signIn();
  const reads = async (access: string) => {
    const out = [];
    for (let i = 0; i < 4; i++) out.push(await balancer.request('GET', '/api/profile/', { token: access }));
    return out;
  };
  const before = await reads(ended.access);
  expect(before.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  expect(instances(before)).toEqual(BOTH);

  expect((await balancer.request('POST', '/api/token/logout/', { body: { refresh: ended.refresh } })).status).toBe(204);
  await sleep(SESSION_RECHECK_MS + 100);
  const after = await reads(ended.access);
  expect(after.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  expect(instances(after)).toEqual(BOTH);
  expect((await reads(kept.access)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
});

it('answers the same overdue figure from both instances, fresh after a payment through either', async () => {
  const user = await signUpOverHttp(balancer, uniqueEmail('relances'));
  const send = asUser(user.access);
  const client = await readyToInvoice(send, user.email);
  const today = parisToday();
  const issued = await send('POST', '/api/invoices/', {
    title: 'Retard', client_id: client, status: 'sent', tax_rate: 20, issue_date: addDays(today, -40), due_date: addDays(today, -5),
    line_items: [{ title: 'Forfait', quantity: 1, unit_price: 100 }],
  });
  expect(issued.status).toBe(201);
  const figures = async () => {
    const out = [];
    for (let i = 0; i < 4; i++) out.push(await balancer.request('GET', '/api/invoices/overdue_sum/', { token: user.access }));
    expect(instances(out)).toEqual(BOTH);
    return out.map((r) => r.body);
  };
  expect(await figures()).toEqual(Array(4).fill({ overdue_invoices_sum: 120, overdue_invoices_count: 1 }));
  // Each instance has cached its figure; a payment through one changes both at once.
  await pay(send, issued.body.id, today, 20);
  expect(await figures()).toEqual(Array(4).fill({ overdue_invoices_sum: 100, overdue_invoices_count: 1 }));
});

it('gives an address one budget across both instances, not one per instance (20 reset confirmations an hour)', async () => {
  // The limit is a fixed one-hour window: attempts straddling its end would count afresh.
  const intoWindow = Date.now() % 3_600_000;
  if (intoWindow > 3_570_000) await sleep(3_600_000 - intoWindow + 1_000);
  const answers = [];
  // A forged link: refused (400), and counted.
  const body = { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' };
  for (let i = 0; i < 21; i++) answers.push(await balancer.request('POST', '/api/reset-password-confirm/MQ/abc-def/', { body }));
  expect(instances(answers.slice(0, 20))).toEqual(BOTH);
  expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(400));
  expect(answers[20].status).toBe(429);
  expect(answers[20].body.detail).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ secondes\.$/);
});
