import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';

/**
 * What links invoices to quotes, credit notes and tasks: a quote's deposit and final invoices, an
 * invoice's credit notes, the tasks an invoice bills (issue 15). Rows only.
 */
export function invoiceLinksRepository(db: Kysely<Database>) {
  return {
    /** A quote's deposit invoices, oldest first (`issued`: numbered only; `exceptId`: all but that one). */
    depositInvoices: (ownerId: number, quoteId: number, options: { issued?: boolean; exceptId?: number | null } = {}) =>
      db
        .selectFrom('invoices')
        .select(['id', 'number', 'status', 'issue_date', 'total_cents', 'credited_cents', 'paid_cents'])
        .where('owner_id', '=', ownerId)
        .where('deposit_of_quote_id', '=', quoteId)
        .$if(!!options.issued, (q) => q.where('number', 'is not', null).orderBy('issue_date'))
        .$if(options.exceptId !== undefined && options.exceptId !== null, (q) => q.where('id', '!=', options.exceptId!))
        .orderBy('id')
        .execute(),

    /** A quote's final invoice (converted from it), if it has one. */
    finalInvoice: (ownerId: number, quoteId: number) =>
      db.selectFrom('invoices').select(['id', 'number']).where('owner_id', '=', ownerId).where('quote_id', '=', quoteId).executeTakeFirst(),

    quoteNumber: (quoteId: number) => db.selectFrom('quotes').select(['id', 'number', 'issue_date']).where('id', '=', quoteId).executeTakeFirst(),

    /** An invoice's credit notes, oldest first. */
    creditNotes: (invoiceId: number) =>
      db.selectFrom('credit_notes').select(['id', 'number', 'issue_date', 'total_cents', 'reason', 'refund_cents']).where('invoice_id', '=', invoiceId).orderBy('id').execute(),

    /** The tasks among `taskIds` that an invoice other than `invoiceId` (null: any invoice) bills, with that invoice. */
    tasksBilledElsewhere: (ownerId: number, invoiceId: number | null, taskIds: number[]) =>
      db
        .selectFrom('tasks as t')
        .innerJoin('invoices as i', 'i.id', 't.invoice_id')
        .select(['t.id', 't.title', 'i.number as invoice_number', 'i.title as invoice_title'])
        .where('t.owner_id', '=', ownerId)
        .where('t.id', 'in', taskIds)
        .$if(invoiceId !== null, (q) => q.where('t.invoice_id', '!=', invoiceId!))
        .orderBy('t.id')
        .execute(),

    /**
     * Tasks named by an invoice's lines are billed by it (`tasks.invoice_id`), unless another invoice
     * already bills them: the update is conditional, so two invoices never take one task. A task whose
     * line is gone is freed.
     */
    async syncBilledTasks(ownerId: number, invoiceId: number, taskIds: number[], { fresh = false } = {}) {
      if (!fresh) {
        await db
          .updateTable('tasks')
          .set({ invoice_id: null })
          .where('invoice_id', '=', invoiceId)
          .$if(taskIds.length > 0, (q) => q.where('id', 'not in', taskIds))
          .execute();
      }
      if (!taskIds.length) return;
      await db
        .updateTable('tasks')
        .set({ invoice_id: invoiceId })
        .where('owner_id', '=', ownerId)
        .where('id', 'in', taskIds)
        .where('invoice_id', 'is', null)
        .execute();
    },

    /** Frees the time entries whose line is no longer among the invoice's lines (issue 28: the line was removed from the draft). */
    async freeEntriesOfRemovedLines(invoiceId: number) {
      await db
        .updateTable('time_entries')
        .set({ invoice_id: null, invoice_line_id: null })
        .where('invoice_id', '=', invoiceId)
        .where('invoice_line_id', 'is not', null)
        .where('invoice_line_id', 'not in', (eb) => eb.selectFrom('invoice_lines').select('id').where('document_id', '=', invoiceId))
        .execute();
    },

    /** Frees every task and time entry the invoice bills. */
    async releaseTasks(invoiceId: number) {
      await db.updateTable('tasks').set({ invoice_id: null }).where('invoice_id', '=', invoiceId).execute();
      await db.updateTable('time_entries').set({ invoice_id: null, invoice_line_id: null }).where('invoice_id', '=', invoiceId).execute();
    },
  };
}
