import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { parisToday } from '@/shared/dates';
import { pay, payInFull, readyToInvoice, viaInject } from '../test/billing-fixtures';

/**
 * What the dashboard asks the server (SPEC 7 filters + `ordering=dashboard&limit=5`, and the
 * monthly revenue aggregate): the SPEC 9 orders in SQL, the cut and its count, Paris days and
 * months, money to the cent. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
});
afterAll(() => t.close());

type Who = typeof alice;
async function call(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null, total: res.headers['x-total-count'] };
}
async function create(who: Who, url: string, payload: object): Promise<number> {
  const res = await call(who, 'POST', url, payload);
  if (res.status !== 201) throw new Error(`${url} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
const ids = (body: { id: number }[]) => body.map((row) => row.id);

/** Runs with the clock at `iso` (Date only: timers and I/O stay real). */
async function at<T>(iso: string, run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'], now: new Date(iso) });
  try {
    return await run();
  } finally {
    jest.useRealTimers();
  }
}

describe('GET /api/projects/?status=en_cours&ordering=dashboard&limit=N', () => {
  let p: Record<number, number>;
  beforeAll(async () => {
    const project = (priority: string, due_date: string | null, status = 'en_cours') =>
      create(alice, '/api/projects/', { name: `Projet ${priority} ${due_date}`, status, priority, due_date });
    // Created in an order unrelated to the expected one.
    p = {
      1: await project('basse', '2026-01-01'),
      2: await project('normale', null),
      3: await project('urgent', '2026-05-01'),
      4: await project('normale', '2026-02-01'),
      5: await project('haute', null),
      6: await project('normale', '2026-01-15'),
      7: await project('urgent', '2025-01-01', 'termine'),
    };
    await create(bob, '/api/projects/', { name: 'Projet de Bob', status: 'en_cours', priority: 'urgent' });
  });

  it('sorts by priority urgent → basse, then the earliest due date, no date last (SPEC 9)', async () => {
    const res = await call(alice, 'GET', '/api/projects/?status=en_cours&ordering=dashboard&limit=5');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([p[3], p[5], p[6], p[4], p[2]]);
    // The uncut count of the filtered list (the finished project and Bob's are not in it).
    expect(res.total).toBe('6');
    expect(res.body[0]).toMatchObject({ name: 'Projet urgent 2026-05-01', contacts: [], status: 'en_cours' });
  });

  it('cuts at any limit from 1 to 100 and counts the same', async () => {
    expect(ids((await call(alice, 'GET', '/api/projects/?status=en_cours&ordering=dashboard&limit=2')).body)).toEqual([p[3], p[5]]);
    const all = await call(alice, 'GET', '/api/projects/?status=en_cours&ordering=dashboard&limit=100');
    expect(ids(all.body)).toEqual([p[3], p[5], p[6], p[4], p[2], p[1]]);
    expect(all.total).toBe('6');
    // limit without ordering: the default order (id), cut.
    expect(ids((await call(alice, 'GET', '/api/projects/?limit=3')).body)).toEqual([p[1], p[2], p[3]]);
  });

  it('answers as before without the new parameters: the whole list by id, no count header', async () => {
    const res = await call(alice, 'GET', '/api/projects/?status=en_cours');
    expect(ids(res.body)).toEqual([p[1], p[2], p[3], p[4], p[5], p[6]]);
    expect(res.total).toBeUndefined();
    expect(ids((await call(alice, 'GET', '/api/projects/')).body)).toEqual(Object.values(p));
  });
});

describe('GET /api/tasks/?status__in=en_cours,en_attente&ordering=dashboard&limit=N', () => {
  // 23:30 UTC on 9 March is 00:30 on 10 March in Paris: "today" is the 10th, so a task due on
  // the 9th is overdue (it would not be with the UTC date).
  const NOW = '2026-03-09T23:30:00Z';
  const TODAY = '2026-03-10';
  let k: Record<number, number>;
  beforeAll(async () => {
    const task = (priority: string, due_date: string | null, status = 'en_cours') =>
      create(alice, '/api/tasks/', { title: `Tâche ${priority} ${due_date} ${status}`, status, priority, due_date });
    k = {
      1: await task('urgent', '2026-04-01'),
      2: await task('basse', '2026-03-01', 'en_attente'), // overdue
      3: await task('urgent', '2026-03-20'),
      4: await task('haute', '2026-03-09'), // overdue in Paris only
      5: await task('urgent', '2026-01-01', 'termine'), // closed: never overdue
      6: await task('urgent', null),
      7: await task('normale', '2026-03-11', 'annule'),
      8: await task('normale', TODAY), // due today: not overdue
      9: await task('urgent', '2026-02-01', 'brouillon'), // overdue, but not asked for by the dashboard
    };
    await create(bob, '/api/tasks/', { title: 'Tâche de Bob', status: 'en_cours', priority: 'urgent', due_date: '2020-01-01' });
  });

  it('puts overdue first (Paris day), then priority, then due date, none last; termine and annule filtered out', async () => {
    const res = await at(NOW, () => call(alice, 'GET', '/api/tasks/?status__in=en_cours,en_attente&ordering=dashboard&limit=5'));
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([k[4], k[2], k[3], k[1], k[6]]);
    expect(res.total).toBe('6');
    // Rows are the list's usual rows.
    expect(res.body[0]).toMatchObject({ title: 'Tâche haute 2026-03-09 en_cours', project: null, contacts: [], cost: 0 });
    const rest = await at(NOW, () => call(alice, 'GET', '/api/tasks/?status__in=en_cours,en_attente&ordering=dashboard&limit=100'));
    expect(ids(rest.body)).toEqual([k[4], k[2], k[3], k[1], k[6], k[8]]);
  });

  it('never ranks a closed task as overdue, whatever the filter', async () => {
    const res = await at(NOW, () => call(alice, 'GET', '/api/tasks/?ordering=dashboard&limit=100'));
    // Overdue: the open tasks due before the 10th (9 urgent, 4 haute, 2 basse). Then by priority
    // and due date: 5 is finished, so its past due date only makes it the first urgent one.
    expect(ids(res.body)).toEqual([k[9], k[4], k[2], k[5], k[3], k[1], k[6], k[8], k[7]]);
  });

  it('answers as before without the new parameters (the task list screen)', async () => {
    const res = await call(alice, 'GET', '/api/tasks/?status__in=en_cours,en_attente');
    expect(ids(res.body)).toEqual([k[1], k[2], k[3], k[4], k[6], k[8]]);
    expect(res.total).toBeUndefined();
  });

  it('sorts the tasks of a project and of a contact the same way', async () => {
    const projectId = await create(alice, '/api/projects/', { name: 'Projet des tâches' });
    const contactId = await create(alice, '/api/contacts/', { name: 'Contact des tâches' });
    const late = await create(alice, '/api/tasks/', {
      title: 'En retard', status: 'en_cours', priority: 'basse', due_date: '2026-01-05', project_id: projectId, contact_ids: [contactId],
    });
    const urgent = await create(alice, '/api/tasks/', {
      title: 'Urgente', status: 'en_cours', priority: 'urgent', due_date: '2026-12-01', project_id: projectId, contact_ids: [contactId],
    });
    for (const url of [`/api/projects/${projectId}/tasks/`, `/api/contacts/${contactId}/tasks/`]) {
      expect(ids((await at(NOW, () => call(alice, 'GET', `${url}?ordering=dashboard`))).body)).toEqual([late, urgent]);
      const cut = await at(NOW, () => call(alice, 'GET', `${url}?limit=1`));
      expect([ids(cut.body), cut.total]).toEqual([[late], '2']);
    }
  });

});

describe('limit and ordering validation', () => {
  const lists = async () => {
    const projectId = await create(alice, '/api/projects/', { name: 'Validation' });
    const contactId = await create(alice, '/api/contacts/', { name: 'Validation' });
    return ['/api/projects/', '/api/tasks/', `/api/projects/${projectId}/tasks/`, `/api/contacts/${contactId}/tasks/`];
  };

  it.each([
    ['limit=0', { limit: ['Assurez-vous que cette valeur est supérieure ou égale à 1.'] }],
    ['limit=-3', { limit: ['Assurez-vous que cette valeur est supérieure ou égale à 1.'] }],
    ['limit=101', { limit: ['Assurez-vous que cette valeur est inférieure ou égale à 100.'] }],
    ['limit=99999999999', { limit: ['Un nombre entier valide est requis.'] }],
    ['limit=abc', { limit: ['Un nombre entier valide est requis.'] }],
    ['limit=1.5', { limit: ['Un nombre entier valide est requis.'] }],
    ['limit=2&limit=3', { limit: ['Un nombre entier valide est requis.'] }],
    ['ordering=priority', { ordering: ["« priority » n'est pas un choix valide."] }],
    ['ordering=dashboard&ordering=dashboard', { ordering: ["« […] » n'est pas un choix valide."] }],
  ])('refuses %s with a field message', async (query, errors) => {
    for (const url of await lists()) {
      const res = await call(alice, 'GET', `${url}?${query}`);
      expect([url, res.status, res.body]).toEqual([url, 400, errors]);
    }
  });

  it('takes an empty limit or ordering as absent, like the filters', async () => {
    for (const url of await lists()) {
      const res = await call(alice, 'GET', `${url}?limit=&ordering=`);
      expect([url, res.status, res.total]).toEqual([url, 200, undefined]);
    }
  });
});

describe('GET /api/invoices/monthly_revenue/', () => {
  let client: number;
  const line = (unit_price: number) => ({ title: 'Prestation', quantity: 1, unit_price });
  /**
   * An invoice (HT = unit_price, TVA 20 %) issued on `date` and paid in full that day (unless
   * `settled` is false); without a date the server issues it and dates the payment today (Paris).
   * Invoices are issued in date order: a series follows the calendar.
   */
  const paid = async (who: Who, clientId: number, unit_price: number, date?: string, settled = true, extra: object = {}) => {
    const id = await create(who, '/api/invoices/', {
      title: `Facture ${unit_price}`, client_id: clientId, status: 'sent', tax_rate: 20, line_items: [line(unit_price)],
      ...(date ? { issue_date: date } : {}), ...extra,
    });
    if (settled) await payInFull(viaInject(t, who), id, date ?? null);
    return id;
  };
  const revenue = (who: Who, query = '') => call(who, 'GET', `/api/invoices/monthly_revenue/${query}`);
  /** The months of the answer that are not zero. */
  const nonZero = (body: { monthly_revenue: { count: number }[] }) => body.monthly_revenue.filter((m) => m.count > 0);

  // 23:30 UTC on 31 January is 00:30 on 1 February in Paris: the current month is February.
  const NOW = '2026-01-31T23:30:00Z';

  beforeAll(async () => {
    // Issuing needs a complete profile and a client with a full address.
    client = await readyToInvoice(viaInject(t, alice), alice.email, { name: 'Librairie Colette' });
    const bobClient = await readyToInvoice(viaInject(t, bob), bob.email, { name: 'Client de Bob' });
    await at(NOW, async () => {
      await paid(alice, client, 7, '2025-02-28'); // the day before the window
      await paid(alice, client, 5, '2025-03-01'); // first day of the window
      await paid(alice, client, 19.99, '2025-12-31');
      await paid(alice, client, 33.33, '2026-01-01'); // New Year's Day
      await paid(alice, client, 11, '2026-01-15', false); // not paid
      await paid(alice, client, 13, '2026-01-15', false, { due_date: '2026-01-20' }); // not paid, overdue
      await paid(alice, client, 1000.01, '2026-01-31');
      await paid(alice, client, 0.2, '2026-02-01');
      // Issued and paid "now": dated 1 February (Paris), not 31 January (UTC).
      const lateEvening = await paid(alice, client, 0.1);
      expect((await call(alice, 'GET', `/api/invoices/${lateEvening}/`)).body).toMatchObject({ issue_date: '2026-02-01', payment_date: '2026-02-01' });
      await paid(bob, bobClient, 17, '2026-01-15'); // Bob's
    });
  });

  it('sums the paid invoices per Paris month over the 12 months ending with the current one, to the cent', async () => {
    const res = await at(NOW, () => revenue(alice));
    expect(res.status).toBe(200);
    const months = res.body.monthly_revenue;
    expect(months.map((m: { month: string }) => m.month)).toEqual([
      '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02',
    ]);
    expect(nonZero(res.body)).toEqual([
      { month: '2025-03', subtotal: 5, total_amount: 6, count: 1 },
      { month: '2025-12', subtotal: 19.99, total_amount: 23.99, count: 1 },
      // 1000.01 + 33.33 HT; TTC 1200.01 + 40 (each invoice's total rounded to the cent first).
      { month: '2026-01', subtotal: 1033.34, total_amount: 1240.01, count: 2 },
      // 0.1 + 0.2 is 0.30, not 0.30000000000000004; TTC 0.12 + 0.24.
      { month: '2026-02', subtotal: 0.3, total_amount: 0.36, count: 2 },
    ]);
    expect(months[1]).toEqual({ month: '2025-04', subtotal: 0, total_amount: 0, count: 0 });
  });

  it('agrees with current_month_revenue for the current month (TTC)', async () => {
    const [months, current] = await at(NOW, () =>
      Promise.all([revenue(alice), call(alice, 'GET', '/api/invoices/current_month_revenue/')]),
    );
    const last = months.body.monthly_revenue.at(-1);
    expect([last.total_amount, last.count]).toEqual([current.body.current_month_revenue, current.body.current_month_revenue_count]);
  });

  it('covers as many months as asked, across a year change', async () => {
    const res = await at(NOW, () => revenue(alice, '?months=2'));
    expect(res.body.monthly_revenue.map((m: { month: string }) => m.month)).toEqual(['2026-01', '2026-02']);
    const long = await at(NOW, () => revenue(alice, '?months=24'));
    expect(long.body.monthly_revenue).toHaveLength(24);
    expect(nonZero(long.body)[0]).toEqual({ month: '2025-02', subtotal: 7, total_amount: 8.4, count: 1 });
  });

  it('follows the clock: a month later, February is the last month and January still holds its sums', async () => {
    const res = await at('2026-03-01T12:00:00Z', () => revenue(alice, '?months=3'));
    expect(res.body.monthly_revenue.map((m: { month: string; count: number }) => [m.month, m.count])).toEqual([
      ['2026-01', 2], ['2026-02', 2], ['2026-03', 0],
    ]);
  });

  it('counts cash on its dates: each part payment in its month, a refund (credit note on a paid invoice) deducted', async () => {
    const dave = await signUp(t);
    const send = viaInject(t, dave);
    const daveClient = await readyToInvoice(send, dave.email);
    const months = await at(NOW, async () => {
      const id = await paid(dave, daveClient, 100, '2026-01-10', false); // 120 TTC
      await pay(send, id, '2026-01-10', 50);
      await pay(send, id, '2026-02-01', 70);
      // 10 HT (12 TTC) credited on a paid invoice: owed back, on the credit note's date (today, 1 February).
      const refund = await call(dave, 'POST', `/api/invoices/${id}/credit_note/`, { line_items: [{ title: 'Geste commercial', quantity: 1, unit_price: 10 }] });
      expect(refund.status).toBe(201);
      return revenue(dave, '?months=2');
    });
    expect(months.body.monthly_revenue).toEqual([
      // 50 TTC is 41.67 HT (100 × 50 / 120); 70 TTC is 58.33 HT, less the 10 HT refunded.
      { month: '2026-01', subtotal: 41.67, total_amount: 50, count: 1 },
      { month: '2026-02', subtotal: 48.33, total_amount: 58, count: 1 },
    ]);
  });

  it("shows a user only their own invoices, and nothing to a user who has none", async () => {
    const bobs = await at(NOW, () => revenue(bob));
    expect(nonZero(bobs.body)).toEqual([{ month: '2026-01', subtotal: 17, total_amount: 20.4, count: 1 }]);
    const carol = await signUp(t);
    const empty = await revenue(carol);
    expect(empty.body.monthly_revenue).toHaveLength(12);
    expect(nonZero(empty.body)).toEqual([]);
    expect(empty.body.monthly_revenue.at(-1).month).toBe(parisToday().slice(0, 7));
  });

  it.each([
    ['months=0', 'Assurez-vous que cette valeur est supérieure ou égale à 1.'],
    ['months=121', 'Assurez-vous que cette valeur est inférieure ou égale à 120.'],
    ['months=douze', 'Un nombre entier valide est requis.'],
    ['months=1&months=2', 'Un nombre entier valide est requis.'],
  ])('refuses %s with a field message', async (query, message) => {
    const res = await revenue(alice, `?${query}`);
    expect([res.status, res.body]).toEqual([400, { months: [message] }]);
  });

  it('is refused without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invoices/monthly_revenue/' });
    expect(res.statusCode).toBe(401);
  });
});
