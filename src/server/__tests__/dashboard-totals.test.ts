import fc from 'fast-check';
import { CompiledQuery, sql } from 'kysely';
import { addDays, parisToday } from '../../shared/dates';
import { INVOICE_STATUSES, OUTSTANDING_INVOICE_STATUSES, QUOTE_STATUS_LABELS } from '../../shared/documents';
import { INVOICE_KIND } from '../modules/documents/document-kinds';
import { documentsRepository } from '../modules/documents/documents.repository';
import { createTestApp, signUp, type TestApp } from '../test/test-app';

/**
 * `document_totals` (migration 0008) is kept by triggers on every write of quotes and invoices;
 * the dashboard figures read it. After any sequence of API writes it must equal the sums
 * recomputed from the documents themselves, and so must the figures. SQLite and PostgreSQL.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
const clients = new Map<string, number>();
const today = parisToday();

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  for (const who of [alice, bob]) {
    const res = await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: who.auth, payload: { name: `Client de ${who.email}` } });
    clients.set(who.email, res.json().id);
  }
});
afterAll(() => t.close());

type Who = typeof alice;
const KINDS = ['quotes', 'invoices'] as const;
const STATUSES = { quotes: Object.keys(QUOTE_STATUS_LABELS), invoices: [...INVOICE_STATUSES] };
// Last month, this month, next month (typed ahead), none.
const paymentDateArb = fc.constantFrom(null, addDays(today, -40), today, addDays(today, 40));
const linesArb = fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), unit_price: fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100) }), { minLength: 1, maxLength: 3 });

const opArb = fc.oneof(
  fc.record({
    op: fc.constant('create' as const),
    who: fc.constantFrom('alice', 'bob'),
    kind: fc.constantFrom(...KINDS),
    status: fc.nat(),
    payment_date: paymentDateArb,
    lines: linesArb,
  }),
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), status: fc.nat(), payment_date: paymentDateArb, lines: fc.option(linesArb, { nil: undefined }) }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
);

type Doc = { who: Who; kind: (typeof KINDS)[number]; id: number };
const documents: Doc[] = [];

function body(kind: Doc['kind'], clientId: number, status: string, payment_date: string | null, lines: { quantity: number; unit_price: number }[]) {
  return {
    title: 'Prestation',
    client_id: clientId,
    status,
    tax_rate: 20,
    ...(kind === 'invoices' ? { payment_date } : {}),
    line_items: lines.map((l, i) => ({ title: `Ligne ${i}`, ...l })),
  };
}

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

async function apply(op: Op) {
  if (op.op === 'create') {
    const who = op.who === 'alice' ? alice : bob;
    const status = STATUSES[op.kind][op.status % STATUSES[op.kind].length];
    const res = await t.app.inject({ method: 'POST', url: `/api/${op.kind}/`, headers: who.auth, payload: body(op.kind, clients.get(who.email)!, status, op.payment_date, op.lines) });
    if (res.statusCode !== 201) throw new Error(`${op.kind} ${status} → ${res.statusCode} ${res.body}`);
    documents.push({ who, kind: op.kind, id: res.json().id });
    return;
  }
  if (!documents.length) return;
  const doc = documents[op.pick % documents.length];
  const url = `/api/${doc.kind}/${doc.id}/`;
  if (op.op === 'delete') {
    const res = await t.app.inject({ method: 'DELETE', url, headers: doc.who.auth });
    // An issued invoice cannot be deleted (400); it stays counted.
    expect([204, 400, 404]).toContain(res.statusCode);
    return;
  }
  const current = await t.app.inject({ method: 'GET', url, headers: doc.who.auth });
  if (current.statusCode === 404) return;
  const existing = current.json();
  const status = STATUSES[doc.kind][op.status % STATUSES[doc.kind].length];
  // An issued invoice keeps its lines; only its status and payment date may change.
  const changeLines = op.lines && !existing.invoice_number;
  const payload = {
    ...body(doc.kind, existing.client.id, status, op.payment_date, changeLines ? op.lines! : []),
    issue_date: existing.issue_date,
    ...(changeLines ? {} : { line_items: existing.line_items }),
  };
  const res = await t.app.inject({ method: 'PUT', url, headers: doc.who.auth, payload });
  // 400: an issued invoice cannot go back to draft.
  expect([200, 400]).toContain(res.statusCode);
}

/** The totals recomputed from the documents, as rows of document_totals (empty buckets left out). */
async function recomputed() {
  const rows = [];
  for (const [table, kind] of [['quotes', 'quote'], ['invoices', 'invoice']] as const) {
    const { rows: sums } = await sql<{ owner_id: number; status: string; payment_month: string; count: number; subtotal_cents: number; total_cents: number }>`
      select owner_id, status, coalesce(substr(payment_date, 1, 7), '') as payment_month,
        count(*) as count, sum(subtotal_cents) as subtotal_cents, sum(total_cents) as total_cents
      from ${sql.table(table)} group by owner_id, status, coalesce(substr(payment_date, 1, 7), '')`.execute(t.database.db);
    rows.push(...sums.map((r) => ({ ...r, kind })));
  }
  return normalise(rows);
}
async function stored() {
  return normalise(await t.database.db.selectFrom('document_totals').selectAll().where('count', '<>', 0).execute());
}
function normalise(rows: { owner_id: number; kind: string; status: string; payment_month: string; count: number; subtotal_cents: number; total_cents: number }[]) {
  return rows
    .map((r) => ({ ...r, owner_id: Number(r.owner_id), count: Number(r.count), subtotal_cents: Number(r.subtotal_cents), total_cents: Number(r.total_cents) }))
    .sort((a, b) => `${a.owner_id}|${a.kind}|${a.status}|${a.payment_month}`.localeCompare(`${b.owner_id}|${b.kind}|${b.status}|${b.payment_month}`));
}

async function figures(who: Who) {
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: who.auth })).json();
  return {
    ...(await get('/api/quotes/pending_sum/')),
    ...(await get('/api/invoices/outstanding_sum/')),
    ...(await get('/api/invoices/overdue_sum/')),
    ...(await get('/api/invoices/current_month_revenue/')),
  };
}

/** The same figures, summed from the documents. */
async function expectedFigures(who: Who) {
  const user = await t.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
  const sum = async (table: 'quotes' | 'invoices', where: (q: ReturnType<typeof base>) => ReturnType<typeof base>) => {
    const row = await where(base(table)).executeTakeFirstOrThrow();
    return { sum: Number(row.total ?? 0) / 100, count: Number(row.count) };
  };
  const base = (table: 'quotes' | 'invoices') =>
    t.database.db
      .selectFrom(table as 'invoices')
      .select((eb) => [eb.fn.sum<number>('total_cents').as('total'), eb.fn.countAll<number>().as('count')])
      .where('owner_id', '=', user.id);
  const pending = await sum('quotes', (q) => q.where('status', '=', 'sent'));
  const outstanding = await sum('invoices', (q) => q.where('status', 'in', [...OUTSTANDING_INVOICE_STATUSES]));
  const overdue = await sum('invoices', (q) => q.where('status', '=', 'overdue'));
  const revenue = await sum('invoices', (q) => q.where('status', '=', 'paid').where('payment_date', '>=', `${today.slice(0, 7)}-01`));
  return {
    pending_quotes_sum: pending.sum, pending_quotes_count: pending.count,
    outstanding_invoices_sum: outstanding.sum, outstanding_invoices_count: outstanding.count,
    overdue_invoices_sum: overdue.sum, overdue_invoices_count: overdue.count,
    current_month_revenue: revenue.sum, current_month_revenue_count: revenue.count,
  };
}

describe('document_totals', () => {
  it('equals the sums of the documents after any sequence of creates, updates and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) await apply(op);
        expect(await stored()).toEqual(await recomputed());
        for (const who of [alice, bob]) expect(await figures(who)).toEqual(await expectedFigures(who));
      }),
      { numRuns: 20 },
    );
    // The runs wrote enough to mean something (fast-check starts with short sequences).
    expect(documents.length).toBeGreaterThan(15);
    expect((await stored()).length).toBeGreaterThan(4);
  });

  it('follows a quote converted to an invoice', async () => {
    const quote = await t.app.inject({
      method: 'POST', url: '/api/quotes/', headers: alice.auth,
      payload: body('quotes', clients.get(alice.email)!, 'sent', null, [{ quantity: 3, unit_price: 450 }]),
    });
    const converted = await t.app.inject({ method: 'POST', url: `/api/quotes/${quote.json().id}/convert_to_invoice/`, headers: alice.auth });
    expect(converted.statusCode).toBe(201);
    expect(await stored()).toEqual(await recomputed());
  });

  it('lets an account with documents be deleted (its totals go with it)', async () => {
    const carol = await signUp(t);
    const client = await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: carol.auth, payload: { name: 'Client de Carol' } });
    for (const kind of KINDS) {
      const res = await t.app.inject({ method: 'POST', url: `/api/${kind}/`, headers: carol.auth, payload: body(kind, client.json().id, 'sent', null, [{ quantity: 1, unit_price: 100 }]) });
      expect(res.statusCode).toBe(201);
    }
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', carol.email).executeTakeFirstOrThrow();
    expect((await t.database.db.selectFrom('document_totals').select('owner_id').where('owner_id', '=', user.id).execute()).length).toBe(2);
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.database.db.selectFrom('document_totals').select('owner_id').where('owner_id', '=', user.id).execute()).toEqual([]);
    expect(await stored()).toEqual(await recomputed());
  });
});

describe('next expected payment', () => {
  it('is read through the partial index of outstanding invoices', async () => {
    const query = documentsRepository(t.database.db, INVOICE_KIND).nextOutstandingQuery(1, today).compile();
    const plan = await t.database.db.transaction().execute(async (trx) => {
      // PostgreSQL would scan a table this small; the question is which index it can use.
      if (t.database.dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const explain = t.database.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
      const { rows } = await trx.executeQuery(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
      return JSON.stringify(rows);
    });
    expect(plan).toContain('invoices_outstanding_due_idx');
  });

  it('is the outstanding invoice due first from today on', async () => {
    const dave = await signUp(t);
    const client = (await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: dave.auth, payload: { name: 'Client de Dave' } })).json().id;
    const invoice = async (status: string, due_date: string) => {
      const res = await t.app.inject({
        method: 'POST', url: '/api/invoices/', headers: dave.auth,
        payload: { ...body('invoices', client, status, status === 'paid' ? today : null, [{ quantity: 1, unit_price: 10 }]), issue_date: addDays(today, -60), due_date },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    await invoice('paid', addDays(today, 1));
    await invoice('draft', addDays(today, 2));
    await invoice('sent', addDays(today, -1)); // past due: not expected any more
    const expected = await invoice('partially_paid', addDays(today, 3));
    await invoice('sent', addDays(today, 4));
    const next = (await t.app.inject({ method: 'GET', url: '/api/invoices/next_expected_payment/', headers: dave.auth })).json();
    expect(next).toMatchObject({ id: expected, due_date: addDays(today, 3), amount: 12, client_id: client, client_name: 'Client de Dave' });
  });
});
