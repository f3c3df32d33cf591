import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';

/**
 * The tasks "Facturer le temps" reads and claims (time-billing.service.ts). `lock`: billing, in its
 * transaction, locks the rows it reads on PostgreSQL; the preview (a read) waits on no one's locks.
 */
export function timeBillingRepository(db: Kysely<Database>, dialect: Dialect, { lock }: { lock: boolean }) {
  const locking = lock && dialect === 'postgres';
  return {
    /** The project's billable tasks not yet billed, with time spent or estimated (only `chosen` when given), in id order. */
    billableTasks: (ownerId: number, projectId: number, chosen: number[] | undefined) =>
      db
        .selectFrom('tasks')
        .select(['id', 'title', 'actual_centihours', 'estimated_centihours', 'hourly_rate_cents'])
        .where('owner_id', '=', ownerId)
        .where('project_id', '=', projectId)
        .where('billable', '=', 1)
        .where('invoice_id', 'is', null)
        .where((eb) => eb.or([eb('actual_centihours', '>', 0), eb('estimated_centihours', '>', 0)]))
        // A task with time entries bills its entries (billableEntries), not its total (issue 28).
        .where((eb) => eb.not(eb.exists(eb.selectFrom('time_entries as e').select('e.id').whereRef('e.task_id', '=', 'tasks.id'))))
        .$if(chosen !== undefined && chosen.length > 0, (q) => q.where('id', 'in', chosen!))
        .orderBy('id')
        // A concurrent call waits here, then finds these tasks billed (the condition is checked again).
        .$if(locking, (q) => q.forUpdate())
        .execute(),
    /**
     * The project's time entries to bill (issue 28): ended, billable, not billed yet, of the
     * project's tasks (only `chosen` when given), with the rates each may inherit, oldest first.
     */
    billableEntries: (ownerId: number, projectId: number, chosen: number[] | undefined) =>
      db
        .selectFrom('time_entries as e')
        .innerJoin('tasks as t', 't.id', 'e.task_id')
        .innerJoin('projects as p', 'p.id', 't.project_id')
        .select(['e.id', 'e.task_id', 'e.started_at', 'e.duration_seconds', 'e.note', 't.title', 't.hourly_rate_cents', 't.invoice_id as task_invoice_id', 'p.hourly_rate_cents as project_rate_cents'])
        .where('e.owner_id', '=', ownerId)
        .where('t.project_id', '=', projectId)
        .where('e.billable', '=', 1)
        .where('e.invoice_id', 'is', null)
        .where('e.ended_at', 'is not', null)
        .where('e.duration_seconds', '>', 0)
        .$if(chosen !== undefined && chosen.length > 0, (q) => q.where('e.task_id', 'in', chosen!))
        .orderBy('e.task_id')
        .orderBy('e.started_at')
        .orderBy('e.id')
        // A concurrent call waits here, then finds these entries billed (the condition is checked again).
        .$if(locking, (q) => q.forUpdate(['e']))
        .execute(),
    /**
     * Claims entries for an invoice, each by the line that bills it, where no invoice bills them
     * yet: the count claimed (fewer: a concurrent call won some).
     */
    async claimEntries(invoiceId: number, billed: { entryId: number; lineId: number }[]) {
      let claimed = 0;
      for (const { entryId, lineId } of billed) {
        const result = await db
          .updateTable('time_entries')
          .set({ invoice_id: invoiceId, invoice_line_id: lineId })
          .where('id', '=', entryId)
          .where('invoice_id', 'is', null)
          .executeTakeFirst();
        claimed += Number(result.numUpdatedRows);
      }
      return claimed;
    },
    /** The project's and the client's hourly rates (tasks inherit them; no client yet: 0), and the user's rounding step. */
    rates: async (ownerId: number, projectId: number, clientId: number | null) => ({
      project: Number((await db.selectFrom('projects').select('hourly_rate_cents').where('id', '=', projectId).executeTakeFirstOrThrow()).hourly_rate_cents),
      client:
        clientId === null ? 0 : Number((await db.selectFrom('contacts').select('hourly_rate_cents').where('id', '=', clientId).executeTakeFirstOrThrow()).hourly_rate_cents),
      rounding: Number((await db.selectFrom('users').select('time_rounding_minutes').where('id', '=', ownerId).executeTakeFirstOrThrow()).time_rounding_minutes),
    }),
    /** The tasks an invoice bills. */
    invoiceTasks: (invoiceId: number) => db.selectFrom('tasks').select('id').where('invoice_id', '=', invoiceId).execute(),
    /** What tells why each of these tasks cannot be billed. */
    billingStates: (ids: number[]) =>
      db
        .selectFrom('tasks as t')
        .leftJoin('invoices as i', 'i.id', 't.invoice_id')
        .select(['t.id', 't.title', 't.billable', 't.project_id', 't.invoice_id', 'i.number as invoice_number'])
        .where('t.id', 'in', ids)
        .orderBy('t.id')
        .execute(),
  };
}
