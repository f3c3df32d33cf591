import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import type { TimeEntry } from '@/shared/contracts/time-entries';

/** Rows of `time_entries` (issue 28), with the task, project and invoice each names. */
function baseQuery(db: Kysely<Database>, ownerId: number) {
  return db
    .selectFrom('time_entries as e')
    .innerJoin('tasks as t', 't.id', 'e.task_id')
    .leftJoin('projects as p', 'p.id', 't.project_id')
    .leftJoin('invoices as i', 'i.id', 'e.invoice_id')
    .selectAll('e')
    .select(['t.title as task_title', 't.project_id', 'p.name as project_name', 'i.number as invoice_number', 'i.status as invoice_status'])
    .where('e.owner_id', '=', ownerId);
}
export type EntryRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

export const toEntry = (row: EntryRow): TimeEntry => ({
  id: row.id,
  task: { id: row.task_id, title: row.task_title },
  project: row.project_id !== null && row.project_name !== null ? { id: row.project_id, name: row.project_name } : null,
  started_at: row.started_at,
  ended_at: row.ended_at,
  duration_seconds: Number(row.duration_seconds),
  note: row.note,
  billable: !!row.billable,
  invoice: row.invoice_id !== null && row.invoice_status !== null ? { id: row.invoice_id, invoice_number: row.invoice_number, status: row.invoice_status } : null,
  locked: row.invoice_id !== null && row.invoice_number !== null,
});

export type EntryColumns = {
  task_id: number;
  started_at: string;
  ended_at: string | null;
  duration_seconds: number;
  note: string;
  billable: number;
};

/** `dialect` null: a caller that takes no lock (lockOwner then does nothing). */
export function timeEntriesRepository(db: Kysely<Database>, dialect: Dialect | null) {
  return {
    /** A task's entries, or those started between two instants, oldest first. */
    list: (ownerId: number, scope: { taskId?: number; from?: string; to?: string }) =>
      baseQuery(db, ownerId)
        .$if(scope.taskId !== undefined, (q) => q.where('e.task_id', '=', scope.taskId!))
        .$if(scope.from !== undefined, (q) => q.where('e.started_at', '>=', scope.from!))
        .$if(scope.to !== undefined, (q) => q.where('e.started_at', '<', scope.to!))
        .orderBy('e.started_at')
        .orderBy('e.id')
        .execute(),
    find: (ownerId: number, id: number) => baseQuery(db, ownerId).where('e.id', '=', id).executeTakeFirst(),
    running: (ownerId: number) => baseQuery(db, ownerId).where('e.ended_at', 'is', null).executeTakeFirst(),
    /**
     * Serialises a user's timer writes: on PostgreSQL the user's row is locked until the
     * transaction ends (SQLite has one writer). Two concurrent starts then run one after the other.
     */
    async lockOwner(ownerId: number) {
      if (dialect === 'postgres') await db.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    },
    async insert(ownerId: number, columns: EntryColumns): Promise<number> {
      const now = new Date().toISOString();
      const { id } = await db
        .insertInto('time_entries')
        .values({ ...columns, owner_id: ownerId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    update: (ownerId: number, id: number, columns: Partial<EntryColumns>) =>
      db
        .updateTable('time_entries')
        .set({ ...columns, updated_at: new Date().toISOString() })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .execute(),
    delete: (ownerId: number, id: number) => db.deleteFrom('time_entries').where('owner_id', '=', ownerId).where('id', '=', id).execute(),
    /** The task's actual time (hundredths of an hour) becomes the sum of its entries. */
    async syncTaskActual(taskId: number) {
      const { total } = await db
        .selectFrom('time_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('duration_seconds'), eb.lit(0)).as('total'))
        .where('task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      await db.updateTable('tasks').set({ actual_centihours: Math.round(Number(total) / 36) }).where('id', '=', taskId).execute();
    },
    /** The project (with its single client's rate, if it has one client) and its ended entries with their task's rate and billing. */
    async projectTime(ownerId: number, projectId: number) {
      const project = await db.selectFrom('projects').select(['id', 'budget_cents', 'hourly_rate_cents']).where('owner_id', '=', ownerId).where('id', '=', projectId).executeTakeFirst();
      if (!project) return undefined;
      const clients = await db
        .selectFrom('project_contacts as pc')
        .innerJoin('contacts as c', 'c.id', 'pc.contact_id')
        .select('c.hourly_rate_cents')
        .where('pc.project_id', '=', projectId)
        .execute();
      const entries = await db
        .selectFrom('time_entries as e')
        .innerJoin('tasks as t', 't.id', 'e.task_id')
        .select(['e.duration_seconds', 'e.invoice_id', 't.hourly_rate_cents'])
        .where('e.owner_id', '=', ownerId)
        .where('t.project_id', '=', projectId)
        .where('e.ended_at', 'is not', null)
        .execute();
      // Issued invoices (not cancelled) billing the project's entries or tasks.
      const invoices = await db
        .selectFrom('invoices as i')
        .select(['i.subtotal_cents', 'i.paid_cents'])
        .where('i.owner_id', '=', ownerId)
        .where('i.number', 'is not', null)
        .where('i.status', '!=', 'cancelled')
        .where((eb) =>
          eb.or([
            eb('i.id', 'in', eb.selectFrom('time_entries as e').innerJoin('tasks as t', 't.id', 'e.task_id').select('e.invoice_id').where('t.project_id', '=', projectId).where('e.invoice_id', 'is not', null)),
            eb('i.id', 'in', eb.selectFrom('tasks as t').select('t.invoice_id').where('t.project_id', '=', projectId).where('t.invoice_id', 'is not', null)),
          ]),
        )
        .execute();
      return { project, clientRate: clients.length === 1 ? Number(clients[0].hourly_rate_cents) : 0, entries, invoices };
    },
    task: (ownerId: number, taskId: number) =>
      db.selectFrom('tasks').select(['id', 'title', 'billable']).where('owner_id', '=', ownerId).where('id', '=', taskId).executeTakeFirst(),
    rounding: async (ownerId: number) =>
      Number((await db.selectFrom('users').select('time_rounding_minutes').where('id', '=', ownerId).executeTakeFirstOrThrow()).time_rounding_minutes),
    setRounding: (ownerId: number, minutes: number) =>
      db.updateTable('users').set({ time_rounding_minutes: minutes }).where('id', '=', ownerId).execute(),
  };
}
export type TimeEntriesRepository = ReturnType<typeof timeEntriesRepository>;
