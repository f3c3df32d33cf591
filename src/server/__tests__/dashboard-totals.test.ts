import fc from 'fast-check';
import { CompiledQuery, sql } from 'kysely';
import { addDays, firstDayOfMonth, parisToday } from '@/shared/dates';
import { OUTSTANDING_INVOICE_STATUSES, QUOTE_STATUSES, WRITABLE_INVOICE_STATUSES } from '@/shared/documents';
import { INVOICE_KIND } from '../modules/documents/document-kinds';
import { documentsRepository } from '../modules/documents/documents.repository';
import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { pay, paymentDeletionStatus, readyToInvoice, viaInject } from '../test/billing-fixtures';

/**
 * `document_totals` (migrations 0008, 0009) is kept by triggers on every write of quotes and
 * invoices, balance due included; the dashboard figures read it (and payments and credit notes
 * for the cash received). After any sequence of API writes — documents, payments, credit notes —
 * it must equal a GROUP BY over the documents themselves, and the figures the sums recomputed
 * from the rows. SQLite and PostgreSQL.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
const clients = new Map<string, number>();
const today = parisToday();
/** Issue date of the invoices issued before the run: payments may be dated from it on, and they fall due during the run. */
const longAgo = addDays(today, -40);

type Who = typeof alice;
const KINDS = ['quotes', 'invoices'] as const;
type Doc = { who: Who; kind: (typeof KINDS)[number]; id: number };
const documents: Doc[] = [];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  for (const who of [alice, bob]) {
    // Issuing needs a complete profile and a client with a full address.
    clients.set(who.email, await readyToInvoice(viaInject(t, who), who.email, { name: `Client de ${who.email}` }));
    // Two invoices issued 40 days ago (first in each series: numbers follow dates), overdue by now.
    for (const unit_price of [150, 42.5]) {
      const res = await t.app.inject({
        method: 'POST', url: '/api/invoices/', headers: who.auth,
        payload: { ...body(clients.get(who.email)!, 'sent', [{ quantity: 2, unit_price }]), issue_date: longAgo },
      });
      expect(res.statusCode).toBe(201);
      documents.push({ who, kind: 'invoices', id: res.json().id });
    }
  }
});
afterAll(() => t.close());

// Statuses a request may write: an invoice's other statuses follow from payments and credit notes.
const STATUSES = { quotes: [...QUOTE_STATUSES] as string[], invoices: [...WRITABLE_INVOICE_STATUSES] as string[] };
const linesArb = fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 20 }), unit_price: fc.integer({ min: 0, max: 200_000 }).map((c) => c / 100) }), { minLength: 1, maxLength: 3 });
/** A share of what is left, in percent. */
const shareArb = fc.integer({ min: 1, max: 100 });

const opArb = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('create' as const), who: fc.constantFrom('alice', 'bob'), kind: fc.constantFrom(...KINDS), status: fc.nat(), lines: linesArb }),
    weight: 2,
  },
  fc.record({ op: fc.constant('update' as const), pick: fc.nat(), status: fc.nat(), lines: fc.option(linesArb, { nil: undefined }), priority: fc.constantFrom('basse', 'normale', 'haute') }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  // Dated 40 days ago (last month), 20 days ago or today; never before the invoice's issue date.
  fc.record({ op: fc.constant('pay' as const), pick: fc.nat(), share: shareArb, daysAgo: fc.constantFrom(40, 20, 0) }),
  fc.record({ op: fc.constant('unpay' as const), pick: fc.nat() }),
  // Without lines, the whole balance; with one line, a share of what remains to be credited.
  fc.record({ op: fc.constant('credit' as const), pick: fc.nat(), full: fc.boolean(), share: shareArb }),
);

/** The same body for quotes and invoices. */
function body(clientId: number, status: string, lines: { quantity: number; unit_price: number }[]) {
  return { title: 'Prestation', client_id: clientId, status, tax_rate: 20, line_items: lines.map((l, i) => ({ title: `Ligne ${i}`, ...l })) };
}

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

const inject = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body && res.headers['content-type']?.toString().includes('json') ? res.json() : null, raw: res.body };
};
const cents = (euros: number) => Math.round(euros * 100);

async function apply(op: Op) {
  if (op.op === 'create') {
    const who = op.who === 'alice' ? alice : bob;
    const status = STATUSES[op.kind][op.status % STATUSES[op.kind].length];
    const res = await inject(who, 'POST', `/api/${op.kind}/`, body(clients.get(who.email)!, status, op.lines));
    if (res.status !== 201) throw new Error(`${op.kind} ${status} → ${res.status} ${res.raw}`);
    documents.push({ who, kind: op.kind, id: res.body.id });
    return;
  }
  const pool = ['pay', 'unpay', 'credit'].includes(op.op) ? documents.filter((d) => d.kind === 'invoices') : documents;
  if (!pool.length) return;
  const doc = pool[op.pick % pool.length];
  const url = `/api/${doc.kind}/${doc.id}/`;
  if (op.op === 'delete') {
    const res = await inject(doc.who, 'DELETE', url);
    // An issued invoice cannot be deleted (400); it stays counted.
    expect([204, 400, 404]).toContain(res.status);
    return;
  }
  const current = await inject(doc.who, 'GET', url);
  if (current.status === 404) return;
  const existing = current.body;
  const issued = doc.kind === 'invoices' ? existing.is_issued : existing.status !== 'draft';

  if (op.op === 'update') {
    const statuses = doc.kind === 'quotes' && issued ? STATUSES.quotes.filter((s) => s !== 'draft') : STATUSES[doc.kind];
    // An issued invoice keeps its status (derived); a sent quote may only move between its sent statuses.
    const status = doc.kind === 'invoices' && issued ? existing.status : statuses[op.status % statuses.length];
    const payload = {
      ...existing,
      client_id: existing.client.id,
      status,
      priority: op.priority,
      internal_notes: doc.kind === 'invoices' ? `Note ${op.priority}` : undefined,
      // Issued documents keep their printed content.
      ...(op.lines && !issued ? { line_items: body(0, status, op.lines).line_items } : {}),
    };
    const res = await inject(doc.who, 'PUT', url, payload);
    if (res.status !== 200) throw new Error(`PUT ${url} (${existing.status} → ${status}) → ${res.status} ${res.raw}`);
    return;
  }
  if (op.op === 'pay') {
    const balance = cents(existing.balance_due);
    if (!issued || existing.status === 'cancelled' || balance === 0) {
      expect((await inject(doc.who, 'POST', `${url}payments/`, { amount: 1, method: 'virement' })).status).toBe(400);
      return;
    }
    const amount = Math.max(1, Math.round((balance * op.share) / 100)) / 100;
    const date = [addDays(today, -op.daysAgo), existing.issue_date].sort()[1];
    await pay(viaInject(t, doc.who), doc.id, date, amount);
    return;
  }
  if (op.op === 'unpay') {
    if (!existing.payments?.length) return;
    const payment = existing.payments[op.pick % existing.payments.length];
    expect((await inject(doc.who, 'DELETE', `${url}payments/${payment.id}/`)).status).toBe(await paymentDeletionStatus(t, doc.id));
    return;
  }
  // Credit note.
  const creditable = cents(existing.total_amount) - cents(existing.credited_amount);
  if (op.full) {
    const res = await inject(doc.who, 'POST', `${url}credit_note/`, {});
    // The balance due; a paid invoice, whole (issue 28): refused only when nothing remains to credit.
    const expected = issued && (cents(existing.balance_due) > 0 || creditable > 0) ? 201 : 400;
    if (res.status !== expected) throw new Error(`credit note on ${existing.status} → ${res.status} ${res.raw}`);
    return;
  }
  // HT at 20 %: its TTC, rounded to the cent, never exceeds the share.
  const ht = Math.floor((creditable * op.share) / 100 / 1.2);
  const res = await inject(doc.who, 'POST', `${url}credit_note/`, {
    reason: 'Geste commercial', line_items: [{ title: 'Remise', quantity: 1, unit_price: ht / 100 }],
  });
  const expected = issued && ht > 0 ? 201 : 400;
  if (res.status !== expected) throw new Error(`credit note of ${ht} HT on ${existing.status} → ${res.status} ${res.raw}`);
}

type TotalsRow = { owner_id: number; kind: string; status: string; payment_month: string; count: number; subtotal_cents: number; total_cents: number; balance_cents: number };

/** The totals recomputed from the documents, as rows of document_totals (empty buckets left out). */
async function recomputed() {
  const rows = [];
  for (const [table, kind, balance] of [['quotes', 'quote', sql`total_cents`], ['invoices', 'invoice', sql`total_cents - paid_cents - credited_cents`]] as const) {
    const { rows: sums } = await sql<Omit<TotalsRow, 'kind'>>`
      select owner_id, status, coalesce(substr(payment_date, 1, 7), '') as payment_month,
        count(*) as count, sum(subtotal_cents) as subtotal_cents, sum(total_cents) as total_cents, sum(${balance}) as balance_cents
      from ${sql.table(table)} group by owner_id, status, coalesce(substr(payment_date, 1, 7), '')`.execute(t.database.db);
    rows.push(...sums.map((r) => ({ ...r, kind })));
  }
  return normalise(rows);
}
async function stored() {
  return normalise(await t.database.db.selectFrom('document_totals').selectAll().where('count', '<>', 0).execute());
}
function normalise(rows: (TotalsRow & { version?: number })[]) {
  return rows
    // The version only has to change with each bucket (the overdue cache's key), not match a sum.
    .map(({ version: _version, ...r }) => ({
      ...r, owner_id: Number(r.owner_id), count: Number(r.count), subtotal_cents: Number(r.subtotal_cents), total_cents: Number(r.total_cents),
      balance_cents: Number(r.balance_cents),
    }))
    .sort((a, b) => `${a.owner_id}|${a.kind}|${a.status}|${a.payment_month}`.localeCompare(`${b.owner_id}|${b.kind}|${b.status}|${b.payment_month}`));
}

/** cash_totals recomputed from the payments and the refunds of credit notes, per owner and month. */
async function cashRecomputed() {
  const { rows } = await sql<{ owner_id: number; month: string; count: number; amount_cents: number; amount_ht_cents: number }>`
    select owner_id, month, sum(count) as count, sum(amount_cents) as amount_cents, sum(amount_ht_cents) as amount_ht_cents from (
      select owner_id, substr(date, 1, 7) as month, 1 as count, amount_cents, amount_ht_cents from payments
      union all
      select owner_id, substr(issue_date, 1, 7), 0, -refund_cents, -refund_ht_cents from credit_notes where refund_cents > 0
    ) cash group by owner_id, month`.execute(t.database.db);
  return normaliseCash(rows);
}
async function cashStored() {
  const rows = await t.database.db.selectFrom('cash_totals').selectAll().execute();
  return normaliseCash(rows.filter((r) => Number(r.count) !== 0 || Number(r.amount_cents) !== 0 || Number(r.amount_ht_cents) !== 0));
}
function normaliseCash(rows: { owner_id: number; month: string; count: number; amount_cents: number; amount_ht_cents: number }[]) {
  return rows
    .map((r) => ({ owner_id: Number(r.owner_id), month: r.month, count: Number(r.count), amount_cents: Number(r.amount_cents), amount_ht_cents: Number(r.amount_ht_cents) }))
    .filter((r) => r.count !== 0 || r.amount_cents !== 0 || r.amount_ht_cents !== 0)
    .sort((a, b) => `${a.owner_id}|${a.month}`.localeCompare(`${b.owner_id}|${b.month}`));
}

/** Each invoice's paid and credited amounts are the sums of its payments and credit notes, its status and payment date follow. */
async function settlementsMismatching() {
  const { rows } = await sql<{ id: number; status: string; payment_date: string | null; total_cents: number; paid_cents: number; credited_cents: number; paid: number | null; credited: number | null; last_payment: string | null }>`
    select i.id, i.status, i.payment_date, i.total_cents, i.paid_cents, i.credited_cents,
      (select sum(p.amount_cents) from payments p where p.invoice_id = i.id) as paid,
      (select max(p.date) from payments p where p.invoice_id = i.id) as last_payment,
      (select sum(c.total_cents) from credit_notes c where c.invoice_id = i.id) as credited
    from invoices i`.execute(t.database.db);
  return rows.filter((r) => {
    const [total, paid, credited] = [Number(r.total_cents), Number(r.paid ?? 0), Number(r.credited ?? 0)];
    const status = r.status === 'draft' ? 'draft'
      : paid === 0 && credited === 0 ? 'sent'
      : credited >= total ? 'cancelled'
      : paid + credited >= total ? 'paid'
      : paid > 0 ? 'partially_paid' : 'sent';
    return Number(r.paid_cents) !== paid || Number(r.credited_cents) !== credited || r.status !== status ||
      r.payment_date !== (status === 'paid' ? r.last_payment : null);
  });
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

/** The same figures, summed from the documents, payments and credit notes. */
async function expectedFigures(who: Who) {
  const { db } = t.database;
  const user = await db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
  const invoices = await db.selectFrom('invoices').selectAll().where('owner_id', '=', user.id).execute();
  const quotes = await db.selectFrom('quotes').selectAll().where('owner_id', '=', user.id).where('status', '=', 'sent').execute();
  const balance = (i: (typeof invoices)[number]) => Number(i.total_cents) - Number(i.paid_cents) - Number(i.credited_cents);
  const open = invoices.filter((i) => (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(i.status));
  const overdue = open.filter((i) => i.end_date! < today && balance(i) > 0);
  const monthStart = firstDayOfMonth(today);
  const payments = await db.selectFrom('payments').selectAll().where('owner_id', '=', user.id).where('date', '>=', monthStart).execute();
  const refunds = await db.selectFrom('credit_notes').selectAll().where('owner_id', '=', user.id).where('issue_date', '>=', monthStart).execute();
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0) / 100;
  return {
    pending_quotes_sum: sum(quotes.map((q) => Number(q.total_cents))), pending_quotes_count: quotes.length,
    outstanding_invoices_sum: sum(open.map(balance)), outstanding_invoices_count: open.length,
    overdue_invoices_sum: sum(overdue.map(balance)), overdue_invoices_count: overdue.length,
    current_month_revenue: sum([...payments.map((p) => Number(p.amount_cents)), ...refunds.map((c) => -Number(c.refund_cents))]),
    current_month_revenue_count: payments.length,
    // The invoices this month's payments went to: with nothing left to pay, or a balance still due (issue 28).
    ...(() => {
      const paidIds = new Set(payments.map((p) => p.invoice_id));
      const paidInvoices = invoices.filter((i) => paidIds.has(i.id));
      const partly = paidInvoices.filter((i) => balance(i) - Number(i.prepaid_cents) > 0).length;
      return { current_month_paid_invoices_count: paidInvoices.length - partly, current_month_partly_paid_invoices_count: partly };
    })(),
  };
}

describe('document_totals', () => {
  it('equals the sums of the documents after any sequence of writes, payments and credit notes', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) {
          await apply(op);
          seen.add(op.op);
        }
        expect(await stored()).toEqual(await recomputed());
        expect(await cashStored()).toEqual(await cashRecomputed());
        expect(await settlementsMismatching()).toEqual([]);
        for (const who of [alice, bob]) expect(await figures(who)).toEqual(await expectedFigures(who));
      }),
      // endOnFailure: a failing sequence is reported at once with its error, not shrunk for minutes
      // through API writes until the timeout hides it (PostgreSQL in CI once: a bare timeout at 120 s,
      // while 80-run searches on both databases found no failing sequence).
      { numRuns: 20, endOnFailure: true },
    );
    // The runs wrote enough to mean something (fast-check starts with short sequences).
    expect(documents.length).toBeGreaterThan(15);
    expect((await stored()).length).toBeGreaterThan(4);
    expect([...seen].sort()).toEqual(['create', 'credit', 'delete', 'pay', 'unpay', 'update']);
    const { db } = t.database;
    const statuses = await db.selectFrom('invoices').select('status').distinct().execute();
    // Derived statuses were reached, not only written ones.
    expect(statuses.map((r) => r.status).filter((s) => !['draft', 'sent'].includes(s)).length).toBeGreaterThan(0);
  }, 120_000); // 20 random sequences of API writes, each checked: real work on a loaded machine (PostgreSQL)

  it('follows a quote converted to an invoice', async () => {
    const quote = await t.app.inject({
      method: 'POST', url: '/api/quotes/', headers: alice.auth,
      payload: body(clients.get(alice.email)!, 'sent', [{ quantity: 3, unit_price: 450 }]),
    });
    const converted = await t.app.inject({ method: 'POST', url: `/api/quotes/${quote.json().id}/convert_to_invoice/`, headers: alice.auth });
    expect(converted.statusCode).toBe(201);
    expect(await stored()).toEqual(await recomputed());
  });

  it('lets an account with documents, payments and credit notes be deleted (its totals go with it)', async () => {
    const carol = await signUp(t);
    const send = viaInject(t, carol);
    const client = await readyToInvoice(send, carol.email, { name: 'Client de Carol' });
    const ids: number[] = [];
    for (const kind of KINDS) {
      const res = await t.app.inject({ method: 'POST', url: `/api/${kind}/`, headers: carol.auth, payload: body(client, 'sent', [{ quantity: 1, unit_price: 100 }]) });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    await pay(send, ids[1], today, 20);
    expect((await send('POST', `/api/invoices/${ids[1]}/credit_note/`, {})).status).toBe(201);
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', carol.email).executeTakeFirstOrThrow();
    // The sent quote, and the invoice (paid in part, the rest credited: settled, so paid).
    const buckets = () => t.database.db.selectFrom('document_totals').select('status').where('owner_id', '=', user.id).where('count', '<>', 0).execute();
    expect((await buckets()).map((r) => r.status).sort()).toEqual(['paid', 'sent']);
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.database.db.selectFrom('document_totals').select('owner_id').where('owner_id', '=', user.id).execute()).toEqual([]);
    expect(await stored()).toEqual(await recomputed());
  });
});

describe('next expected payment', () => {
  it('is read through the partial index of open invoices', async () => {
    const query = documentsRepository(t.database.db, INVOICE_KIND).nextOutstandingQuery(1, today).compile();
    // With planner statistics, as the server keeps them (database.ts: PRAGMA optimize on open, then hourly). Without
    // any, SQLite takes the narrower invoices_owner_due_idx, a tie on its cost model.
    if (t.database.dialect === 'sqlite') await sql`analyze`.execute(t.database.db);
    const plan = await t.database.db.transaction().execute(async (trx) => {
      // PostgreSQL would scan a table this small; the question is which index it can use.
      if (t.database.dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const explain = t.database.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
      const { rows } = await trx.executeQuery(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
      return JSON.stringify(rows);
    });
    expect(plan).toContain('invoices_open_due_idx');
  });

  it('is the open invoice due first from today on, for its balance due', async () => {
    const dave = await signUp(t);
    const send = viaInject(t, dave);
    const client = await readyToInvoice(send, dave.email, { name: 'Client de Dave' });
    const invoice = async (status: string, due_date: string, extra: object = {}) => {
      const res = await t.app.inject({
        method: 'POST', url: '/api/invoices/', headers: dave.auth,
        payload: { ...body(client, status, [{ quantity: 1, unit_price: 10 }]), due_date, ...extra },
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    await invoice('sent', addDays(today, -1), { issue_date: addDays(today, -30) }); // past due: not expected any more
    const paid = await invoice('sent', addDays(today, 1));
    await pay(send, paid, today, 12);
    await invoice('draft', addDays(today, 2));
    const expected = await invoice('sent', addDays(today, 3));
    await pay(send, expected, today, 2); // partially paid: 10 still due
    await invoice('sent', addDays(today, 4));
    const next = (await t.app.inject({ method: 'GET', url: '/api/invoices/next_expected_payment/', headers: dave.auth })).json();
    expect(next).toMatchObject({ id: expected, due_date: addDays(today, 3), amount: 10, client_id: client, client_name: 'Client de Dave' });
  });
});
