import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  PRIORITY_LABELS, TASK_STATUS_LABELS, type PaymentStatus, type Priority, type Task, type TaskStatus,
} from '../../../shared/workflow';
import { fromHundredths, timeCostCents } from '../../../shared/money';
import { normalizeSearch } from '../../../shared/search';
import { applyListFilters } from '../../http/list-filters';
import { linkedContacts, setLinkedContacts } from '../../http/owned-refs';
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
    .selectAll('t')
    .select('p.name as project_name')
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
});

/** TaskInput (API units) → columns. */
function toColumns({ contact_ids: _c, estimated_time, actual_time, hourly_rate, billable, ...rest }: TaskInput) {
  return {
    ...rest,
    estimated_centihours: estimated_time,
    actual_centihours: actual_time,
    hourly_rate_cents: hourly_rate,
    billable: billable ? 1 : 0,
    search_text: normalizeSearch(rest.title),
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

export function tasksRepository(db: Kysely<Database>) {
  async function withContacts(ownerId: number, rows: TaskRow[], all = false): Promise<Task[]> {
    const contacts = await linkedContacts(db, 'task_contacts', all ? 'all' : rows.map((r) => r.id), ownerId);
    return rows.map((row) => toTask(row, contacts.get(row.id) ?? []));
  }

  return {
    async list(ownerId: number, params: Record<string, unknown>, scope: { projectId?: number; contactId?: number } = {}) {
      let query = applyListFilters(baseQuery(db, ownerId), params, {
        status: 't.status',
        priority: 't.priority',
        project: 't.project_id',
      });
      if (scope.projectId) query = query.where('t.project_id', '=', scope.projectId);
      const contact = scope.contactId ?? Number(params.contact);
      if (Number.isInteger(contact) && contact > 0) {
        query = query.where('t.id', 'in', db.selectFrom('task_contacts').select('task_id').where('contact_id', '=', contact));
      }
      const rows = await query.orderBy('t.id').execute();
      const unfiltered = Object.keys(params).length === 0 && !scope.projectId && !scope.contactId;
      return withContacts(ownerId, rows, unfiltered);
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
