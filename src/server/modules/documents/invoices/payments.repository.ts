import type { Insertable, Kysely } from 'kysely';
import type { Database, PaymentsTable } from '@/server/db/schema';

/** An invoice's payments (issue 13): rows only; the settlement rules are the core's. */
export function paymentsRepository(db: Kysely<Database>) {
  return {
    ofInvoice: (invoiceId: number) =>
      db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('date').orderBy('id').execute(),

    find: (invoiceId: number, paymentId: number) =>
      db.selectFrom('payments').selectAll().where('id', '=', paymentId).where('invoice_id', '=', invoiceId).executeTakeFirst(),

    /** The date of the invoice's last payment, if any. */
    async lastDate(invoiceId: number): Promise<string | null> {
      const last = await db.selectFrom('payments').select('date').where('invoice_id', '=', invoiceId).orderBy('date', 'desc').limit(1).executeTakeFirst();
      return last?.date ?? null;
    },

    insert: (values: Insertable<PaymentsTable>) => db.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow(),

    delete: (paymentId: number) => db.deleteFrom('payments').where('id', '=', paymentId).execute(),
  };
}
