import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';

/** The tasks "Facturer le temps" reads and claims (time-billing.service.ts). */
export function timeBillingRepository(db: Kysely<Database>, dialect: Dialect) {
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
        .$if(chosen !== undefined && chosen.length > 0, (q) => q.where('id', 'in', chosen!))
        .orderBy('id')
        // A concurrent call waits here, then finds these tasks billed (the condition is checked again).
        .$if(dialect === 'postgres', (q) => q.forUpdate())
        .execute(),
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
