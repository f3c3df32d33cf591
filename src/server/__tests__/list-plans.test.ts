import { CompiledQuery, createQueryId, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { createTestApp, signUp, type TestApp } from '../test/test-app';
import { call, type Account } from '../test/api-fixtures';
import { activityRepository } from '../modules/activity/activity.repository';
import { contactsRepository } from '../modules/contacts/contacts.repository';
import { documentsRepository } from '../modules/documents/documents.repository';
import { INVOICE_KIND, QUOTE_KIND } from '../modules/documents/document-kinds';
import { projectsRepository } from '../modules/projects/projects.repository';
import { reportQueries } from '../modules/reports/reports.repository';
import { tasksRepository } from '../modules/tasks/tasks.repository';

/**
 * The plans of each paged list's first page at 10,000 rows (issue 29): the page's window (its
 * LIMIT) walks an index in the page's order — no sort of the list's rows (SQLite's `USE TEMP
 * B-TREE FOR ORDER BY`, PostgreSQL's Sort node) — so a page costs its 50 rows, not the list's
 * length; on SQLite, no read of the page scans a list's whole table either. The SQL is the
 * repositories' own, captured as they run; the tables hold ROWS rows of one owner, written
 * straight to the database (copies of one row made through the API) and analysed, as the server's
 * PRAGMA optimize or autovacuum would. PostgreSQL may rightly read all of the one owner's rows in a
 * sequential scan for the capped count: there, only the window is checked.
 */

const ROWS = 10_000;
let t: TestApp;
let owner: Account;
let ownerId: number;

const withoutId = <R extends { id: number }>(row: R): Omit<R, 'id'> => {
  const copy: Partial<R> = { ...row };
  delete copy.id;
  return copy as Omit<R, 'id'>;
};

async function copies(table: 'contacts' | 'projects' | 'tasks' | 'quotes' | 'invoices' | 'activities', vary: (i: number) => Record<string, unknown>) {
  const { db } = t.database;
  const template = withoutId(await db.selectFrom(table).selectAll().where('owner_id', '=', ownerId).executeTakeFirstOrThrow());
  const rows = Array.from({ length: ROWS }, (_, i) => ({ ...template, ...vary(i) }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto(table).values(rows.slice(i, i + 500) as never).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  ownerId = (await t.database.db.selectFrom('users').select('id').where('email', '=', owner.email).executeTakeFirstOrThrow()).id;
  const post = async (url: string, body: unknown) => (await call(t, owner, 'POST', url, body)).body as { id: number };
  const client = await post('/api/contacts/', { name: 'Modèle', email: 'modele@exemple.fr' });
  await post('/api/projects/', { name: 'Projet modèle', status: 'en_cours' });
  await post('/api/tasks/', { title: 'Tâche modèle' });
  const line_items = [{ title: 'Conseil', quantity: 1, unit_price: 100 }];
  await post('/api/quotes/', { title: 'Devis modèle', client_id: client.id, line_items });
  await post('/api/invoices/', { title: 'Facture modèle', client_id: client.id, line_items });
  const day = (i: number) => `202${i % 6}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
  await copies('contacts', (i) => ({ name: `Contact ${i}`, email: `c${i}@exemple.fr`, search_text: `contact ${i}` }));
  await copies('projects', (i) => ({ name: `Projet ${i}`, due_date: day(i), created_at: `${day(i)}T10:00:00.000Z`, search_text: `projet ${i}` }));
  await copies('tasks', (i) => ({ title: `Tâche ${i}`, due_date: day(i), created_at: `${day(i)}T10:00:00.000Z`, search_text: `tache ${i}` }));
  await copies('quotes', (i) => ({ title: `Devis ${i}`, number: `DEV-T-${i}`, issue_date: day(i), end_date: day(i + 30), total_cents: i, search_text: `devis ${i}` }));
  // Every other one issued (numbered), as the reports read them.
  await copies('invoices', (i) => ({ title: `Facture ${i}`, number: i % 2 ? null : `F-T-${i}`, issue_date: day(i), end_date: day(i + 30), total_cents: i, search_text: `facture ${i}` }));
  await copies('activities', (i) => ({ object_label: `Objet ${i}`, timestamp: `${day(i)}T10:00:00.000Z`, search_text: `objet ${i}` }));
  await sql`analyze`.execute(t.database.db);
});

afterAll(() => t?.close());

/** Runs `read` on repositories over a database that records every query, and returns each query's plan. */
async function plansOf(read: (db: TestApp['database']['db']) => Promise<unknown>) {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const { db } = t.database;
  await read(db.withPlugin(recorder));
  return Promise.all(
    nodes.map(async (node) => {
      const query = db.getExecutor().compileQuery(node, createQueryId());
      if (onPostgres()) {
        const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
        return { sql: query.sql, plan: rows.map((r) => r['QUERY PLAN'].trim()) };
      }
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
      return { sql: query.sql, plan: rows.map((r) => r.detail) };
    }),
  );
}

const onPostgres = () => t.database.dialect === 'postgres';

/** SQLite: a step that reads a whole table (an unindexed scan of a named table, not of a subquery or FTS). */
const fullScans = (plan: string[]) => (onPostgres() ? [] : plan.filter((step) => /^SCAN (?!.*VIRTUAL TABLE)(?!newest\b|capped\b)/.test(step)));

/** A step that sorts rows (SQLite's temporary B-tree, PostgreSQL's Sort or Incremental Sort node). */
const sortSteps = (plan: string[]) =>
  plan.filter((step) => (onPostgres() ? /^(->\s+)?(Incremental )?Sort\b/.test(step) : step.includes('TEMP B-TREE FOR ORDER BY')));

const page = { page_size: '50' };
const LISTS: [string, (db: TestApp['database']['db'], ordering: string) => Promise<unknown>, string[]][] = [
  ['contacts', (db, ordering) => contactsRepository(db).listPage(ownerId, { ...page, ordering }), ['name', '-name', 'email', 'company']],
  ['projects', (db, ordering) => projectsRepository(db).list(ownerId, { ...page, ordering } as never), ['-created_at', 'name', 'due_date']],
  ['tasks', (db, ordering) => tasksRepository(db).list(ownerId, { ...page, ordering } as never), ['-created_at', 'title', 'due_date']],
  ['quotes', (db, ordering) => documentsRepository(db, QUOTE_KIND).pageRows(ownerId, { ...page, ordering } as never), ['-issue_date', 'end_date', 'number', '-total_amount']],
  // Not by amount: migration 0033 gives invoices no (owner_id, total_cents, id) index (on PostgreSQL
  // it took the reports' plans): that rarer sort reads the owner's invoices and keeps the top 50.
  // By due date (the list's default) on PostgreSQL: migration 0039's NULLS FIRST index. By number
  // on PostgreSQL neither: the (owner_id, number) unique index puts drafts (no number) last, the
  // list first; that rarer sort keeps the top 50 of the owner's invoices, as by amount.
  [
    'invoices',
    (db, ordering) => documentsRepository(db, INVOICE_KIND).pageRows(ownerId, { ...page, ordering } as never),
    process.env.TEST_DATABASE_URL ? ['end_date', '-end_date', '-issue_date'] : ['end_date', '-end_date', '-issue_date', 'number'],
  ],
  ['history', (db, ordering) => activityRepository(db).page(ownerId, { ...page, ordering }), ['-timestamp']],
];

describe.each(LISTS)('%s, first page at 10,000 rows', (_name, read, orderings) => {
  it.each(orderings)('ordering=%s reads its page from an index in order: no sort (and on SQLite no full scan)', async (ordering) => {
    const plans = await plansOf((db) => read(db, ordering));
    expect(plans.length).toBeGreaterThanOrEqual(2); // the count and the page, at least
    for (const { sql: text, plan } of plans) {
      expect({ sql: text, scans: fullScans(plan) }).toEqual({ sql: text, scans: [] });
      // The page's window (its LIMIT) is read in order; the reads after it sort 50 rows at most.
      const sorts = / limit /.test(text) ? sortSteps(plan) : [];
      expect({ sql: text, sorts }).toEqual({ sql: text, sorts: [] });
    }
  });
});

it('the reports read a year of issued invoices through an owner-and-issue-date index, not the list\'s due-date one', async () => {
  // reports.test.ts checks the reports' plans on tiny tables, where PostgreSQL's choice between
  // indexes of equal cost is arbitrary; here the planner has statistics of 10,000 invoices over six
  // years (migration 0039's due-date index must not take the reports' reads).
  const [{ plan }] = await plansOf((db) => reportQueries(db).invoices(ownerId, '2024-01-01', '2024-12-31').execute());
  expect(plan.join('\n')).toMatch(/invoices_owner_(?:issued_idx|issue_date_page_idx)/);
});

it('the check sees a sort and a full scan where there is one', async () => {
  // The same recorder and checks on a read that sorts by an unindexed expression over every row.
  const plans = await plansOf((db) => db.selectFrom('tasks').select('id').where('owner_id', '=', ownerId).orderBy(sql`length(title)`).limit(50).execute());
  expect(sortSteps(plans[0].plan)).not.toEqual([]);
  if (onPostgres()) return;
  const scan = await plansOf((db) => db.selectFrom('tasks').select('id').where(sql<boolean>`lower(title) = 'x'`).execute());
  expect(fullScans(scan[0].plan)).not.toEqual([]);
});
