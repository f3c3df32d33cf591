import { addDays, parisToday } from '@/shared/dates';
import { occurrenceDate } from '@/shared/recurring';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/database';
import { readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, TEST_DATABASE_URL, type TestApp } from '@/server/test/test-app';

/**
 * Recurring invoices run by the job runner (jobs/runner.ts) on a fake clock: advancing it
 * generates exactly the occurrences due by then, each once, and an issued one is e-mailed once.
 * On PostgreSQL two app instances share the database (two processes' worth of connections and
 * runners). On SQLite one: better-sqlite3 waits for the file's write lock synchronously, so a
 * second instance in the same process would block the thread that must commit the first one's
 * transaction. Real server processes: recurring-processes.test.ts.
 */

jest.setTimeout(120_000);

const today = parisToday();
/** One clock for both instances, moved by the test: 10:00 UTC is the same Paris day. */
const clock = { at: new Date(`${today}T10:00:00Z`) };
const now = () => new Date(clock.at);
const moveTo = (isoDate: string) => (clock.at = new Date(`${isoDate}T10:00:00Z`));

let a: TestApp;
let b: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> } | null = null;
let send: Send;
let clientId: number;

beforeAll(async () => {
  const jobs = { autoStart: false, now, leaseMs: 60_000, pollMs: 10 };
  a = await createTestApp({}, { jobs });
  if (TEST_DATABASE_URL) {
    const database = openDatabase(a.config.databaseUrl, { searchPath: a.database.schema, poolSize: 4 });
    const app = await buildApp({ config: a.config, database, logger: false, jobs });
    await app.ready();
    b = { app, close: async () => (await app.close(), await database.close()) };
  }
  const alice = await signUp(a);
  send = viaInject(a, alice);
  clientId = await readyToInvoice(send, alice.email);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

async function recurring(body: object) {
  const invoice = await send('POST', '/api/invoices/', {
    title: 'Abonnement', client_id: clientId, due_date: addDays(today, 30),
    line_items: [{ title: 'Licence', quantity: 1, unit_price: 120, tax_rate: 20 }],
  });
  const res = await send('POST', `/api/invoices/${invoice.body.id}/make_recurring/`, { frequency: 'monthly', ...body });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const generated = (recurrenceId: number) =>
  a.database.db
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'occurrence_date'])
    .where('recurrence_id', '=', recurrenceId)
    .orderBy('occurrence_date')
    .execute();
const runBoth = () => Promise.all([a.app.jobs.runDue(), b?.app.jobs.runDue()]);

const label = TEST_DATABASE_URL ? 'two instances on one PostgreSQL database' : 'one instance on SQLite';
it(`generates exactly the occurrences due as the clock advances, each once (${label})`, async () => {
  const start = addDays(today, 1);
  // Issue 28: the draft made recurring is the first occurrence, waiting for its date.
  const monthly = await recurring({ start_date: start, mode: 'draft' });
  // Starting today: the draft is issued and e-mailed at once, and the series (ending today) is over.
  const issued = await recurring({ start_date: today, end_date: today, mode: 'issue_and_send' });

  await runBoth();
  expect((await generated(monthly.id)).map((i) => [i.occurrence_date, i.status])).toEqual([[start, 'draft']]);
  const [invoice, ...more] = await generated(issued.id);
  expect(more).toEqual([]);
  expect(invoice).toMatchObject({ status: 'sent', occurrence_date: today });
  expect(invoice.number).toMatch(/^FAC-/);
  const messages = await a.database.db.selectFrom('outbox_messages').select('id').where('document_id', '=', invoice.id)
    .where('document_kind', '=', 'invoice').execute();
  expect(messages).toHaveLength(1);

  // The next day: the monthly series' first occurrence is that draft, no copy beside it.
  moveTo(start);
  await runBoth();
  expect((await generated(monthly.id)).map((i) => i.occurrence_date)).toEqual([start]);
  expect((await send('GET', `/api/recurring-invoices/${monthly.id}/`)).body).toMatchObject({
    next_occurrence_date: occurrenceDate(start, 'monthly', 1), last_invoice: { id: monthly.source_invoice_id },
  });

  // Two months and a day later: the two occurrences due since, no more.
  moveTo(addDays(occurrenceDate(start, 'monthly', 2), 1));
  await runBoth();
  await runBoth();
  expect((await generated(monthly.id)).map((i) => i.occurrence_date)).toEqual([0, 1, 2].map((n) => occurrenceDate(start, 'monthly', n)));
  expect(await generated(issued.id)).toHaveLength(1);
  expect((await send('GET', `/api/recurring-invoices/${issued.id}/`)).body).toMatchObject({ status: 'stopped', status_display: 'Terminée' });
  // The scans ran and none failed (the runner may prune old periodic ones).
  const scans = await a.database.db.selectFrom('jobs').select(['status', 'last_error']).where('kind', '=', 'recurring:scan').execute();
  expect(scans.length).toBeGreaterThan(0);
  expect(scans.filter((j) => j.status !== 'done')).toEqual([]);
});
