import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, InvoiceRemindersTable } from '@/server/db/schema';
import { OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';
import type { ReminderSettings } from '@/shared/contracts/reminders';

/**
 * What the reminders read and write: the invoice reminded, its reminders (invoice_reminders, once
 * per invoice and level), the invoices due for an automatic reminder, and the account's automatic
 * reminder settings (columns of users).
 */
export function remindersRepository(db: Kysely<Database>) {
  return {
    /** The owner's invoice with its settlement and its client's name and e-mail; undefined for anyone else's. */
    invoice: (ownerId: number, invoiceId: number) =>
      db
        .selectFrom('invoices as i')
        .innerJoin('contacts as c', 'c.id', 'i.client_id')
        .select([
          'i.id', 'i.title', 'i.number', 'i.status', 'i.end_date', 'i.total_cents', 'i.paid_cents', 'i.credited_cents', 'i.prepaid_cents',
          'i.client_id', 'c.name as client_name', 'c.email as client_email',
        ])
        .where('i.owner_id', '=', ownerId)
        .where('i.id', '=', invoiceId)
        .executeTakeFirst(),

    /** The levels already sent for the invoice and when, lowest first. */
    sentLevels: (invoiceId: number) =>
      db.selectFrom('invoice_reminders').select(['level', 'sent_at']).where('invoice_id', '=', invoiceId).orderBy('level').execute(),

    /** The owner's reminders of the invoice, lowest level first. */
    ofInvoice: (ownerId: number, invoiceId: number) =>
      db
        .selectFrom('invoice_reminders')
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('invoice_id', '=', invoiceId)
        .orderBy('level')
        .execute(),

    /** Records a reminder, its id; undefined when its invoice already has one of that level (whoever sent it). */
    async insertOnce(reminder: Insertable<InvoiceRemindersTable>): Promise<number | undefined> {
      const inserted = await db
        .insertInto('invoice_reminders')
        .values(reminder)
        .onConflict((oc) => oc.columns(['invoice_id', 'level']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? Number(inserted.id) : undefined;
    },

    /** The outbox message that carries the reminder. */
    setOutboxMessage: (id: number, messageId: number) =>
      db.updateTable('invoice_reminders').set({ outbox_message_id: messageId }).where('id', '=', id).execute(),

    /**
     * Of the accounts that turned automatic reminders on, the issued open invoices due before
     * `today` (YYYY-MM-DD): their settlement, the last level sent and when (null: none) and the account's delays and spacing.
     * Not those whose client has no e-mail address: their reminder waits for one (the invoice page
     * says so), rather than spend its once-only job on a refusal.
     */
    automaticCandidates: (today: string) =>
      db
        .selectFrom('invoices as i')
        .innerJoin('users as u', 'u.id', 'i.owner_id')
        .innerJoin('contacts as c', 'c.id', 'i.client_id')
        .where(sql`trim(c.email)`, '<>', '')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('invoice_reminders')
              .select((e) => ['invoice_id', e.fn.max('level').as('last_level'), e.fn.max('sent_at').as('last_sent_at')])
              .groupBy('invoice_id')
              .as('r'),
          (join) => join.onRef('r.invoice_id', '=', 'i.id'),
        )
        .select([
          'i.id', 'i.owner_id', 'i.end_date', 'i.total_cents', 'i.paid_cents', 'i.credited_cents', 'i.prepaid_cents', 'r.last_level', 'r.last_sent_at',
          'u.reminder_1_days', 'u.reminder_2_days', 'u.reminder_3_days', 'u.reminder_spacing_days',
        ])
        .where('u.auto_reminders', '=', 1)
        .where('i.status', 'in', [...OUTSTANDING_INVOICE_STATUSES])
        .where('i.number', 'is not', null)
        .where('i.end_date', '<', today)
        .execute(),

    /** The account's automatic reminder settings as stored; undefined when the account is gone. */
    settings: (userId: number) =>
      db
        .selectFrom('users')
        .select(['auto_reminders', 'reminder_1_days', 'reminder_2_days', 'reminder_3_days', 'reminder_spacing_days'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    saveSettings: (userId: number, { auto_reminders, ...days }: ReminderSettings) =>
      db
        .updateTable('users')
        .set({ auto_reminders: auto_reminders ? 1 : 0, ...days })
        .where('id', '=', userId)
        .execute(),
  };
}
