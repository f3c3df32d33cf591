import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '@/server/db/schema';
import { PRIORITY_LABELS, TASK_STATUS_LABELS, type PaymentStatus, type Priority, type TaskStatus } from '@/shared/projects-tasks';
import type { Task, TaskListParams, TaskListQuery } from '@/shared/contracts/tasks';
import { fromHundredths, timeCostCents } from '@/shared/money';
import { normalizeSearch } from '@/shared/search';
import { parisToday } from '@/shared/dates';
import { dashboardTaskOrder, DASHBOARD_ORDERINGS } from '@/server/http/dashboard-order';
import { applyListFilters, countRows, listWindow, type ListPage } from '@/server/http/list-filters';
import { cutPage, firstPageTotal, keysetRequest, searchTextContains, seekPage, type Sorts } from '@/server/http/keyset';
import { parseId } from '@/server/http/params';
import { linkedContacts, setLinkedContacts } from '@/server/http/owned-refs';
import type { TaskInput } from './tasks.schemas';

/** Billable tasks cost their actual time (else the estimate) at the hourly rate; others cost nothing. */
export function taskCostCents(t: { billable: number | boolean; actual_centihours: number; estimated_centihours: number; hourly_rate_cents: number }) {
  if (!t.billable) return 0;
  return timeCostCents(t.actual_centihours > 0 ? t.actual_centihours : t.estimated_centihours, t.hourly_rate_cents);
}

function baseQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('projects as p', 'p.id', 't.project_id')
    .leftJoin('invoices as i', 'i.id', 't.invoice_id')
    .selectAll('t')
    .select(['p.name as project_name', 'i.number as invoice_number', 'i.status as invoice_status'])
    .where('t.owner_id', '=', ownerId);
}
type TaskRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const toTask = (row: TaskRow, contacts: Task['contacts']): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status as TaskStatus,
  status_display: TASK_STATUS_LABELS[row.status as TaskStatus] ?? row.status,
  priority: row.priority as Priority,
  priority_display: PRIORITY_LABELS[row.priority as Priority] ?? row.priority,
  due_date: row.due_date,
  created_at: row.created_at,
  project: row.project_id !== null && row.project_name !== null ? { id: row.project_id, name: row.project_name } : null,
  contacts,
  estimated_time: fromHundredths(row.estimated_centihours),
  actual_time: fromHundredths(row.actual_centihours),
  start_time: row.start_time,
  end_time: row.end_time,
  billable: !!row.billable,
  hourly_rate: fromHundredths(row.hourly_rate_cents),
  bill_reference: row.bill_reference,
  payment_status: row.payment_status as PaymentStatus,
  cost: fromHundredths(taskCostCents(row)),
  invoice_id: row.invoice_id,
  invoice:
    row.invoice_id !== null && row.invoice_status !== null
      ? { id: row.invoice_id, invoice_number: row.invoice_number, status: row.invoice_status }
      : null,
});

/** The stored search text of a task (also used by bench/seed.ts). */
export const taskSearchText = (t: { title: string }) => normalizeSearch(t.title);

/** TaskInput (API units) → columns. */
function toColumns({ contact_ids: _c, estimated_time, actual_time, hourly_rate, billable, ...rest }: TaskInput) {
  return {
    ...rest,
    estimated_centihours: estimated_time,
    actual_centihours: actual_time,
    hourly_rate_cents: hourly_rate,
    billable: billable ? 1 : 0,
    search_text: taskSearchText(rest),
  };
}

/** A stored task back in API input units (to merge a partial update into). */
export function taskToInput(task: Task): TaskInput {
  return {
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    due_date: task.due_date,
    project_id: task.project?.id ?? null,
    contact_ids: task.contacts.map((c) => c.id),
    estimated_time: Math.round(task.estimated_time * 100),
    actual_time: Math.round(task.actual_time * 100),
    start_time: task.start_time,
    end_time: task.end_time,
    billable: task.billable,
    hourly_rate: Math.round(task.hourly_rate * 100),
    bill_reference: task.bill_reference,
    payment_status: task.payment_status,
  };
}

type TaskScope = { projectId?: number; contactId?: number };

/** The exact filters of the list (each also as `<name>__in`), by column; `project` takes ids. */
const LIST_FILTERS = { status: 't.status', priority: 't.priority', project: 't.project_id' } satisfies Partial<Record<keyof TaskListQuery, string>>;
const ID_FILTERS: (keyof TaskListQuery)[] = ['project'];

/** The sorts of a keyset page (`ordering`, `-` descending), each read through its (owner_id, key, id) index (migration 0033). */
const PAGE_SORTS: Sorts = {
  title: { column: 't.title', type: 'text' },
  due_date: { column: 't.due_date', type: 'text', nullable: true },
  created_at: { column: 't.created_at', type: 'text' },
};

/** The list's filters (query string, and the project or contact a nested route names) on a query over `tasks as t`. */
function filterTasks<DB, TB extends keyof DB, O>(
  db: Kysely<Database>,
  ownerId: number,
  query: SelectQueryBuilder<DB, TB, O>,
  params: TaskListParams,
  scope: TaskScope,
): SelectQueryBuilder<DB, TB, O> {
  // Generic over the query (with or without the project join), hence the casts, as in applyListFilters.
  let q = applyListFilters(query, params, LIST_FILTERS, ID_FILTERS);
  if (scope.projectId) q = q.where('t.project_id' as never, '=', scope.projectId as never);
  const contact = scope.contactId ?? parseId(params.contact);
  if (contact) {
    q = q.where('t.id' as never, 'in', db.selectFrom('task_contacts').select('task_id').where('contact_id', '=', contact) as never);
  }
  const search = typeof params.search === 'string' ? normalizeSearch(params.search) : '';
  if (search) {
    // SPEC 2: the title, the project's name or a contact's (name, e-mail, company: its search text), each on the owner's rows.
    const projects = db.selectFrom('projects').select('id').where('owner_id', '=', ownerId).where(searchTextContains('search_text', search));
    const contacts = db
      .selectFrom('task_contacts as tc')
      .innerJoin('contacts as c', 'c.id', 'tc.contact_id')
      .select('tc.task_id')
      .where('c.owner_id', '=', ownerId)
      .where(searchTextContains('c.search_text', search));
    q = q.where(sql<boolean>`(${searchTextContains('t.search_text', search)} or t.project_id in (${projects}) or t.id in (${contacts}))` as never);
  }
  return q;
}

export function tasksRepository(db: Kysely<Database>) {
  async function withContacts(ownerId: number, rows: TaskRow[], all = false): Promise<Task[]> {
    const contacts = await linkedContacts(db, 'task_contacts', all ? 'all' : rows.map((r) => r.id), ownerId);
    return rows.map((row) => toTask(row, contacts.get(row.id) ?? []));
  }

  return {
    async list(ownerId: number, params: TaskListParams, scope: TaskScope = {}): Promise<ListPage<Task>> {
      const page = keysetRequest(params, 'tasks', PAGE_SORTS, '-created_at');
      if (page) {
        // The page's ids and keys from the tasks alone (their (owner_id, key, id) index, read in
        // order), counted with the same filters; then those rows with their project and invoice.
        const tasksOnly = filterTasks(db, ownerId, db.selectFrom('tasks as t').where('t.owner_id', '=', ownerId), params, scope);
        const counted = await firstPageTotal(db, page, tasksOnly);
        const keys = await seekPage(tasksOnly.select(['t.id', sql.ref(page.key.column).as(page.key.column.slice(2))]), page, 't.id').execute();
        const { rows: kept, nextCursor } = cutPage(page, keys as { id: number }[]);
        const rows = kept.length ? await baseQuery(db, ownerId).where('t.id', 'in', kept.map((r) => r.id)).execute() : [];
        const byId = new Map(rows.map((row) => [row.id, row]));
        return { items: await withContacts(ownerId, kept.map((r) => byId.get(r.id)!).filter(Boolean)), ...counted, nextCursor };
      }
      const { limit, ordering } = listWindow(params, DASHBOARD_ORDERINGS);
      const order = ordering === 'dashboard' ? dashboardTaskOrder('t', parisToday()) : [];
      let query = baseQuery(db, ownerId);
      let total: number | undefined;
      if (limit === undefined) {
        query = filterTasks(db, ownerId, query, params, scope);
      } else {
        // Counted and cut on the tasks alone, without the project join: at 20,000 tasks both
        // read only the (owner, status, priority, due date) index; then the page's rows are read.
        const tasksOnly = filterTasks(db, ownerId, db.selectFrom('tasks as t').where('t.owner_id', '=', ownerId), params, scope);
        total = await countRows(tasksOnly);
        const page = order.reduce((q, key) => q.orderBy(key), tasksOnly.select('t.id')).orderBy('t.id').limit(limit);
        query = query.where('t.id', 'in', page);
      }
      for (const key of order) query = query.orderBy(key);
      const rows = await query.orderBy('t.id').execute();
      const unfiltered = Object.keys(params).length === 0 && !scope.projectId && !scope.contactId;
      return { items: await withContacts(ownerId, rows, unfiltered), total } satisfies ListPage<Task>;
    },
    async find(ownerId: number, id: number): Promise<Task | undefined> {
      const row = await baseQuery(db, ownerId).where('t.id', '=', id).executeTakeFirst();
      return row ? (await withContacts(ownerId, [row]))[0] : undefined;
    },
    async insert(ownerId: number, input: TaskInput): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto('tasks')
        .values({ ...toColumns(input), owner_id: ownerId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setLinkedContacts(db, 'task_contacts', id, input.contact_ids);
      return id;
    },
    async update(ownerId: number, id: number, input: TaskInput): Promise<void> {
      await db
        .updateTable('tasks')
        .set({ ...toColumns(input), updated_at: new Date().toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .execute();
      await setLinkedContacts(db, 'task_contacts', id, input.contact_ids);
    },
    delete: (ownerId: number, id: number) => db.deleteFrom('tasks').where('owner_id', '=', ownerId).where('id', '=', id).execute(),
  };
}
