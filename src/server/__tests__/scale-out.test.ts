import { PDF_PLACES_PER_ACCOUNT } from '../pdf/pdf-pool';
import { parisToday } from '@/shared/dates';
import { TEST_DATABASE_URL } from '../test/test-app';
import { readyToInvoice, viaHttp } from '../test/billing-fixtures';
import {
  inParallel, makeDataDir, newSecretKey, removeDir, signUpOverHttp, startServer, stopAllServers, throwawayPgDatabase,
  type ServerProcess,
} from '../test/server-process';

/**
 * Legal invoice numbers under concurrency, through real server processes. The back end follows
 * the environment like the rest of the suite: SQLite with one process, or — when CI sets
 * TEST_DATABASE_URL — two processes sharing one PostgreSQL database (what scaling out means).
 */

// What the property needs is overlap — IN_FLIGHT drafts, and the PDF lanes' worth of issues, in
// flight at once on each process — not volume: 150 is three waves of drafts and dozens of issue
// waves, a third of the CPU (each issue renders its PDF) the 500 of before took in every CI run.
const INVOICES = 150;
const IN_FLIGHT = 50;

// Each issue renders and archives its PDF (and validates its XML): minutes beside CI's CPU burners.
jest.setTimeout(240_000);

const dataDirs: string[] = [];
let pgDatabase: Awaited<ReturnType<typeof throwawayPgDatabase>> | null = null;

async function startServers(): Promise<ServerProcess[]> {
  const secretKey = newSecretKey();
  const start = (firstPort: number, databaseUrl?: string) => {
    const dataDir = makeDataDir('scale');
    dataDirs.push(dataDir);
    return startServer({ dataDir, secretKey, databaseUrl, firstPort });
  };
  if (!TEST_DATABASE_URL) return [await start(8501)];
  pgDatabase = await throwawayPgDatabase(TEST_DATABASE_URL, 'scaleout');
  // Started together: both run the migrations on the empty database at the same time.
  return Promise.all([start(8501, pgDatabase.url), start(8503, pgDatabase.url)]);
}

afterAll(async () => {
  await stopAllServers();
  await pgDatabase?.drop();
  dataDirs.forEach(removeDir);
});

const label = TEST_DATABASE_URL ? 'PostgreSQL, two server processes' : 'SQLite, one server process';

it(`${label}: ${INVOICES} invoices issued concurrently get distinct, gap-free numbers`, async () => {
  const servers = await startServers();
  // Requests alternate between the processes; a token from one is valid on the other (same SECRET_KEY).
  const serverFor = (i: number) => servers[i % servers.length];
  const user = await signUpOverHttp(servers[0]);
  const token = user.access;
  // Issuing needs a complete profile and a client with a full address.
  const clientId = await readyToInvoice(viaHttp(serverFor(1), token), user.email, { name: 'Atelier Dumas' });
  const client = { body: { id: clientId } };

  const drafts = await inParallel(Array.from({ length: INVOICES }, (_, i) => i), IN_FLIGHT, (i) =>
    serverFor(i).request('POST', '/api/invoices/', {
      token,
      body: { title: `Prestation ${i + 1}`, client_id: client.body.id, line_items: [{ title: 'Conseil', quantity: 1, unit_price: 100 + i }] },
    }),
  );
  expect(drafts.map((r) => r.status)).toEqual(drafts.map(() => 201));
  expect(drafts.every((r) => r.body.invoice_number === null)).toBe(true);

  // Issuing (draft → sent) is the state change that takes the next number of the series. It takes a
  // place in the account's PDF lane first (issue 23: PDF_PLACES_PER_ACCOUNT per process), so a script
  // keeps about that many issues in flight per process; a 429 (given before any number) is tried again.
  const issued = await inParallel(drafts, PDF_PLACES_PER_ACCOUNT * servers.length, async (draft, i) => {
    for (;;) {
      const res = await serverFor(i + 1).request('PUT', `/api/invoices/${draft.body.id}/`, {
        token,
        body: { ...draft.body, client_id: client.body.id, status: 'sent' },
      });
      if (res.status !== 429) return res;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  const failures = issued.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.body)}`);
  expect(failures).toEqual([]);

  const year = parisToday().slice(0, 4);
  const expected = Array.from({ length: INVOICES }, (_, i) => `FAC-${year}-${String(i + 1).padStart(4, '0')}`);
  expect(issued.map((r) => r.body.invoice_number as string).sort()).toEqual(expected);

  // What the database holds, read back through the other process.
  const stored = await serverFor(1).request('GET', '/api/invoices/', { token });
  expect(stored.status).toBe(200);
  expect((stored.body as { invoice_number: string }[]).map((d) => d.invoice_number).sort()).toEqual(expected);
  for (const server of servers) expect(server.hasExited).toBe(false);
});
