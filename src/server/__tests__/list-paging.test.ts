import { addDays, parisToday } from '@/shared/dates';
import { COUNT_CAP } from '../http/keyset';
import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { bodies, call, createOneOfEach, type Account } from '../test/api-fixtures';

/**
 * Keyset pages of the lists (issue 29, server/http/keyset.ts), on the real app and both databases:
 * walking every page gives the list in its order (each sort, each direction, with a filter);
 * rows inserted or deleted between two pages never make a surviving row repeat or vanish; another
 * user's rows or cursor never show; a bad cursor or page size is a 400 in French.
 */

type Row = { id: number } & Record<string, unknown>;
let t: TestApp;
let alice: Account;
let bob: Account;
let client: number;
const bobIds: Record<string, Set<number>> = {};

const get = async (who: Account, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: who.auth });
  return { status: res.statusCode, body: res.json() as unknown, next: res.headers['x-next-cursor'] as string | undefined, total: res.headers['x-total-count'] };
};
const post = async (who: Account, url: string, body: unknown) => {
  const res = await call(t, who, 'POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${res.raw}`);
  return (res.body as { id: number }).id;
};

/** Every page of `query` at `size` rows a page: the rows in order, checking the headers on the way. */
async function walk(who: Account, url: string, query: string, size: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  let total: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    const res = await get(who, `${url}?${query}&page_size=${size}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    const page = res.body as Row[];
    expect(page.length).toBeLessThanOrEqual(size);
    // The count comes with the first page only (keyset.ts's firstPageTotal): it must match the walk.
    if (pages === 0) {
      expect(res.total).toMatch(/^\d+$/);
      total = res.total as string;
    } else {
      expect(res.total).toBeUndefined();
    }
    rows.push(...page);
    if (!res.next) {
      expect(Number(total)).toBe(rows.length);
      return rows;
    }
    expect(page).toHaveLength(size);
    cursor = res.next;
  }
  throw new Error('no last page');
}

/** Days spread over a year, some repeated, some null: ties and NULLs in every date sort. */
const day = (i: number) => (i % 5 === 0 ? null : addDays('2026-01-01', (i * 37) % 11));
/** Issue days, some repeated, all before the due days. */
const issued = (i: number) => addDays('2025-12-20', (i * 13) % 7);
const NAMES = ['Durand', 'Érard', 'abel', 'Zola', 'Durand', 'Ōno', 'b', 'Durand'];

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  const objects = await createOneOfEach(t, alice, 'Alice');
  client = objects.contact;
  for (let i = 0; i < 17; i++) {
    const name = `${NAMES[i % NAMES.length]}`;
    const contact = await post(alice, '/api/contacts/', {
      name, email: i % 3 ? `${name.toLowerCase()}${i % 4}@exemple.fr` : '', company: i % 2 ? 'Atelier' : '', category: ['client', 'prospect', 'partenaire'][i % 3],
    });
    const project = await post(alice, '/api/projects/', {
      name, status: i % 2 ? 'en_cours' : 'brouillon', due_date: day(i), contact_ids: i % 4 ? [contact] : [],
    });
    await post(alice, '/api/tasks/', { title: name, priority: i % 2 ? 'haute' : 'normale', due_date: day(i), project_id: i % 3 ? project : null });
  }
  for (let i = 0; i < 13; i++) {
    const doc = (status: string) => ({
      ...bodies.document(`Doc ${NAMES[i % NAMES.length]}`, client, null, status),
      line_items: [{ title: 'Ligne', quantity: 1 + (i % 4), unit_price: 100 }],
    });
    await post(alice, '/api/quotes/', { ...doc('draft'), issue_date: issued(i), expiration_date: day(i) });
    const invoice = await post(alice, '/api/invoices/', i % 3 ? { ...doc('draft'), issue_date: issued(i), due_date: day(i) } : doc('sent'));
    if (i % 3 === 0) await post(alice, `/api/invoices/${invoice}/credit_note/`, bodies.creditNote(`Avoir ${i}`));
  }
  // Bob's rows: never in Alice's pages.
  const bobs = await createOneOfEach(t, bob, 'Bob');
  for (const [url, id] of Object.entries({ contacts: bobs.contact, projects: bobs.project, tasks: bobs.task, quotes: bobs.quoteDraft, invoices: bobs.invoiceDraft, 'credit-notes': bobs.creditNote })) {
    bobIds[url] = new Set([id]);
  }
}, 120_000);
afterAll(() => t.close());

interface ListCase {
  url: string;
  sorts: string[];
  /** A filter of the list screen, and what every row it keeps must satisfy. */
  filter: [query: () => string, keeps: (row: Row) => boolean];
  /** The sort value of a row as the API shows it, for the order check (null first ascending). */
  value?: Record<string, (row: Row) => string | number | null>;
}

const LISTS: ListCase[] = [
  { url: 'contacts', sorts: ['name', 'email', 'company'], filter: [() => 'category=client', (r) => r.category === 'client'] },
  { url: 'projects', sorts: ['name', 'due_date', 'created_at'], filter: [() => 'status=en_cours', (r) => r.status === 'en_cours'], value: { due_date: (r) => r.due_date as string | null } },
  { url: 'tasks', sorts: ['title', 'due_date', 'created_at'], filter: [() => 'priority=haute', (r) => r.priority === 'haute'], value: { due_date: (r) => r.due_date as string | null } },
  {
    url: 'quotes', sorts: ['issue_date', 'end_date', 'number', 'total_amount'], filter: [() => 'search=durand', (r) => String(r.title).includes('Durand')],
    value: { issue_date: (r) => r.issue_date as string, end_date: (r) => r.expiration_date as string | null, total_amount: (r) => r.total_amount as number },
  },
  {
    url: 'invoices', sorts: ['issue_date', 'end_date', 'number', 'total_amount'], filter: [() => 'status=draft', (r) => r.status === 'draft'],
    value: { end_date: (r) => r.due_date as string | null, total_amount: (r) => r.total_amount as number },
  },
  { url: 'credit-notes', sorts: ['issue_date', 'number', 'total_amount'], filter: [() => `client=${client}`, (r) => (r.client as { id: number }).id === client], value: { total_amount: (r) => r.total_amount as number } },
  { url: 'recent-activity', sorts: ['timestamp'], filter: [() => 'object_type=contact', (r) => r.object_type === 'contact'], value: { timestamp: (r) => r.timestamp as string } },
];

const compare = (a: string | number | null, b: string | number | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);

describe.each(LISTS)('$url', ({ url, sorts, filter: [filterQuery, keeps], value }) => {
  const path = `/api/${url}/`;
  const orderings = sorts.flatMap((s) => [s, `-${s}`]);

  it.each(orderings)('walks every page of ordering=%s, whole and filtered, in the order of one big page', async (ordering) => {
    const whole = (await get(alice, `${path}?ordering=${ordering}&page_size=100`)).body as Row[];
    expect(whole.length).toBeGreaterThan(3);
    // The same rows as the plain list (the SPEC's answer), none of Bob's.
    const plain = url === 'recent-activity' ? whole : ((await get(alice, path)).body as Row[]);
    expect(whole.map((r) => r.id).sort((a, b) => a - b)).toEqual(plain.map((r) => r.id).sort((a, b) => a - b));
    expect(whole.some((r) => bobIds[url]?.has(r.id))).toBe(false);
    for (const size of [1, 3]) expect((await walk(alice, path, `ordering=${ordering}`, size)).map((r) => r.id)).toEqual(whole.map((r) => r.id));
    // The order itself, where its values read the same on both databases (no collation involved).
    const read = value?.[ordering.replace(/^-/, '')];
    if (read) {
      const desc = ordering.startsWith('-');
      for (let i = 1; i < whole.length; i++) {
        const c = compare(read(whole[i - 1]), read(whole[i])) * (desc ? -1 : 1);
        expect(c < 0 || (c === 0 && (desc ? whole[i - 1].id > whole[i].id : whole[i - 1].id < whole[i].id))).toBe(true);
      }
    }
    const filtered = await walk(alice, path, `ordering=${ordering}&${filterQuery()}`, 2);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every(keeps)).toBe(true);
    expect(filtered.map((r) => r.id)).toEqual(whole.filter((r) => filtered.some((f) => f.id === r.id)).map((r) => r.id));
  });

  it("shows only the owner's rows, whoever's cursor", async () => {
    const first = await get(alice, `${path}?page_size=2`);
    const bobPage = await get(bob, `${path}?page_size=100&cursor=${first.next}`);
    expect(bobPage.status).toBe(200);
    const aliceIds = new Set(((await get(alice, `${path}?page_size=100`)).body as Row[]).map((r) => r.id));
    expect((bobPage.body as Row[]).some((r) => aliceIds.has(r.id))).toBe(false);
    expect(Number((await get(bob, `${path}?page_size=1`)).total)).toBeLessThan(aliceIds.size);
  });
});

describe('bad requests', () => {
  const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');
  const BAD_CURSORS: [string, string][] = [
    ['garbage', 'pas%20un%20curseur!'],
    ['huge', 'A'.repeat(5000)],
    ['not JSON', Buffer.from('{"contacts"').toString('base64url')],
    ['another list', cursorOf(['projects', 'name', 'Durand', 1])],
    ['another ordering', cursorOf(['contacts', '-name', 'Durand', 1])],
    ['a number for a text key', cursorOf(['contacts', 'name', 12, 1])],
    ['a null key that cannot be null', cursorOf(['contacts', 'name', null, 1])],
    ['a zero id', cursorOf(['contacts', 'name', 'Durand', 0])],
    ['a decimal id', cursorOf(['contacts', 'name', 'Durand', 1.5])],
    ['one part too many', cursorOf(['contacts', 'name', 'Durand', 1, 2])],
    ['an object', cursorOf([{ contacts: 1 }])],
  ];
  it.each(BAD_CURSORS)('refuses a cursor: %s', async (_, cursor) => {
    const res = await get(alice, `/api/contacts/?page_size=5&ordering=name&cursor=${cursor}`);
    expect(res).toMatchObject({ status: 400, body: { cursor: ['Curseur de pagination invalide.'] } });
  });

  it('refuses a tampered cursor of every list', async () => {
    for (const url of LISTS.map((l) => l.url)) {
      const { next } = await get(alice, `/api/${url}/?page_size=1`);
      const decoded = JSON.parse(Buffer.from(next!, 'base64url').toString()) as unknown[];
      for (const tampered of [[...decoded.slice(0, 3), -1], [decoded[0], decoded[1], { x: 1 }, decoded[3]], ['x', ...decoded.slice(1)]]) {
        const res = await get(alice, `/api/${url}/?page_size=1&cursor=${cursorOf(tampered)}`);
        expect([url, res.status, res.body]).toEqual([url, 400, { cursor: ['Curseur de pagination invalide.'] }]);
      }
      expect((await get(alice, `/api/${url}/?page_size=1&cursor=${next!.slice(0, -2)}`)).status).toBe(400);
    }
  });

  it.each(['0', '101', '-1', 'abc', '1.5', '1e2'])('refuses page_size=%s', async (size) => {
    for (const url of LISTS.map((l) => l.url)) {
      const res = await get(alice, `/api/${url}/?page_size=${size}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body as object)).toEqual(['page_size']);
    }
  });

  it('refuses an unknown ordering, a cursor without page_size and limit with page_size', async () => {
    expect(await get(alice, '/api/tasks/?page_size=5&ordering=priority')).toMatchObject({ status: 400, body: { ordering: [expect.stringContaining('title, due_date, created_at')] } });
    expect(await get(alice, '/api/tasks/?page_size=5&ordering=dashboard')).toMatchObject({ status: 400 });
    expect(await get(alice, `/api/tasks/?cursor=${cursorOf(['tasks', '-created_at', 'x', 1])}`)).toMatchObject({ status: 400, body: { page_size: [expect.any(String)] } });
    expect(await get(alice, '/api/projects/?page_size=5&limit=5')).toMatchObject({ status: 400, body: { limit: [expect.any(String)] } });
    expect(await get(alice, '/api/invoices/?page_size=5&issue_date__gte=demain')).toMatchObject({ status: 400, body: { issue_date__gte: [expect.any(String)] } });
  });

  it('keeps the whole plain list without page_size (SPEC), without the paging headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tasks/', headers: alice.auth });
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(res.headers['x-total-count']).toBeUndefined();
    expect((res.json() as Row[]).length).toBeGreaterThan(17);
  });
});

describe('cursor stability', () => {
  /** Page one, then rows inserted before and after the cursor and the cursor's own row deleted, then the rest. */
  const CASES = [
    {
      url: 'contacts', ordering: 'name',
      insert: async () => [await post(alice, '/api/contacts/', { name: '0 Avant' }), await post(alice, '/api/contacts/', { name: 'zz Après' })],
    },
    {
      // Descending due date: a far date sorts first, no date last.
      url: 'projects', ordering: '-due_date',
      insert: async () => [await post(alice, '/api/projects/', { name: 'Avant', due_date: '2999-01-01' }), await post(alice, '/api/projects/', { name: 'Après', due_date: null })],
    },
    {
      // Newest first: a new task sorts first.
      url: 'tasks', ordering: '-created_at',
      insert: async () => [await post(alice, '/api/tasks/', { title: 'Avant', due_date: parisToday() })],
    },
  ];
  it.each(CASES)('$url ordering=$ordering', async ({ url, ordering, insert }) => {
    const path = `/api/${url}/`;
    const first = await get(alice, `${path}?ordering=${ordering}&page_size=4`);
    const seen = (first.body as Row[]).map((r) => r.id);
    const [before, after] = await insert();
    const cursorRow = seen[seen.length - 1];
    expect((await call(t, alice, 'DELETE', `${path}${cursorRow}/`)).status).toBe(204);
    const rest: Row[] = [];
    let cursor = first.next;
    while (cursor) {
      const page = await get(alice, `${path}?ordering=${ordering}&page_size=4&cursor=${cursor}`);
      expect(page.status).toBe(200);
      rest.push(...(page.body as Row[]));
      cursor = page.next;
    }
    const now = ((await get(alice, `${path}?ordering=${ordering}&page_size=100`)).body as Row[]).map((r) => r.id);
    // Exactly the surviving rows after the cursor, in order: none of page one again, the row
    // inserted before the cursor not shown, the one inserted after it shown.
    expect(rest.map((r) => r.id)).toEqual(now.filter((id) => !seen.includes(id) && id !== before));
    if (after !== undefined) expect(rest.map((r) => r.id)).toContain(after);
  });
});

describe('counts past COUNT_CAP', () => {
  it('says « at least 10,000 » past the cap instead of counting on, counts exactly under it, and always for contacts', async () => {
    const carol = await signUp(t);
    const { db } = t.database;
    const { id: ownerId } = await db.selectFrom('users').select('id').where('email', '=', carol.email).executeTakeFirstOrThrow();
    await post(carol, '/api/tasks/', { title: 'Modèle' });
    await post(carol, '/api/contacts/', { name: 'Modèle', email: 'modele@exemple.fr' });
    // COUNT_CAP more rows of each, written straight to the database (the API would take minutes).
    const task = await db.selectFrom('tasks').selectAll().where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
    const contact = await db.selectFrom('contacts').selectAll().where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
    const withoutId = <R extends { id: number }>(row: R): Omit<R, 'id'> => {
      const copy: Partial<R> = { ...row };
      delete copy.id;
      return copy as Omit<R, 'id'>;
    };
    const [taskTemplate, contactTemplate] = [withoutId(task), withoutId(contact)];
    const tasks = Array.from({ length: COUNT_CAP }, (_, i) => ({ ...taskTemplate, title: `Tâche ${i}`, search_text: `tache ${i}` }));
    const contacts = Array.from({ length: COUNT_CAP }, (_, i) => ({ ...contactTemplate, name: `Contact ${i}`, email: `c${i}@exemple.fr`, search_text: `contact ${i} c${i}@exemple.fr` }));
    for (let i = 0; i < COUNT_CAP; i += 500) {
      await db.insertInto('tasks').values(tasks.slice(i, i + 500)).execute();
      await db.insertInto('contacts').values(contacts.slice(i, i + 500)).execute();
    }
    const headers = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: carol.auth })).headers;

    const many = await headers('/api/tasks/?page_size=10');
    expect(many['x-total-count']).toBeUndefined();
    expect(many['x-total-count-at-least']).toBe(String(COUNT_CAP));
    const few = await headers('/api/tasks/?page_size=10&search=modele');
    expect([few['x-total-count'], few['x-total-count-at-least']]).toEqual(['1', undefined]);
    // The contacts screen numbers its pages: its count is exact, however long the list.
    const everyContact = await headers('/api/contacts/?page_size=10');
    expect([everyContact['x-total-count'], everyContact['x-total-count-at-least']]).toEqual([String(COUNT_CAP + 1), undefined]);
  });
});
