import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

/**
 * Getting paid (issue 15): tasks billed once, deposit invoices. Written out in full, never
 * importing application code: a migration is frozen.
 *
 * - `tasks.invoice_id`: the invoice that bills the task's time (deleting a draft frees it).
 *   Existing data: a task already linked to invoice lines is billed by the latest of them.
 * - `invoices.is_deposit` (a facture d'acompte, Factur-X type 386) and `deposit_of_quote_id` (its
 *   quote); `invoices.prepaid_cents`: what the quote's deposits already billed, deducted from the
 *   final invoice (EN 16931 BT-113).
 * - The balance still due is `total − paid − credited − prepaid`: the triggers of `document_totals`
 *   and the covering index of open invoices (migration 0009) are rewritten with it.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('tasks_invoice_idx').on('tasks').column('invoice_id').execute();
  await sql`update tasks set invoice_id = (select max(l.document_id) from invoice_lines l where l.task_id = tasks.id)
    where exists (select 1 from invoice_lines l where l.task_id = tasks.id)`.execute(db);

  await db.schema.alterTable('invoices').addColumn('is_deposit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('deposit_of_quote_id', 'integer', (c) => c.references('quotes.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('invoices_deposit_quote_idx').on('invoices').column('deposit_of_quote_id').execute();
  await db.schema.alterTable('invoices').addColumn('prepaid_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  await sql`drop index invoices_open_due_idx`.execute(db);
  await sql`create index invoices_open_due_idx on invoices (owner_id, end_date, id, total_cents, paid_cents, credited_cents, prepaid_cents)
    where status in ('sent', 'partially_paid')`.execute(db);

  if (dialect === 'sqlite') {
    for (const suffix of ['ai', 'ad', 'au']) await sql`drop trigger ${sql.id(`invoices_totals_${suffix}`)}`.execute(db);
    await createSqliteInvoiceTriggers(db);
  } else {
    await replacePostgresApply(db);
  }
  // Every existing invoice has prepaid_cents = 0: the stored balances are unchanged.
}

/** As migration 0009's invoice triggers, the balance less prepaid_cents. */
async function createSqliteInvoiceTriggers(db: Kysely<any>) {
  const balance = (row: 'new' | 'old') =>
    sql.raw(`${row}.total_cents - ${row}.paid_cents - ${row}.credited_cents - ${row}.prepaid_cents`);
  const enter = sql`
    insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents, balance_cents, version)
    values (new.owner_id, 'invoice', new.status, coalesce(substr(new.payment_date, 1, 7), ''), 1, new.subtotal_cents, new.total_cents, ${balance('new')}, 1)
    on conflict (owner_id, kind, status, payment_month) do update set
      version = version + 1,
      count = count + 1,
      subtotal_cents = subtotal_cents + excluded.subtotal_cents,
      total_cents = total_cents + excluded.total_cents,
      balance_cents = balance_cents + excluded.balance_cents;`;
  const leave = sql`
    update document_totals set
      version = version + 1,
      count = count - 1,
      subtotal_cents = subtotal_cents - old.subtotal_cents,
      total_cents = total_cents - old.total_cents,
      balance_cents = balance_cents - (${balance('old')})
    where owner_id = old.owner_id and kind = 'invoice' and status = old.status
      and payment_month = coalesce(substr(old.payment_date, 1, 7), '');`;
  await sql`create trigger invoices_totals_ai after insert on invoices begin ${enter} end`.execute(db);
  await sql`create trigger invoices_totals_ad after delete on invoices begin ${leave} end`.execute(db);
  await sql`create trigger invoices_totals_au
    after update of owner_id, status, payment_date, subtotal_cents, total_cents, paid_cents, credited_cents, prepaid_cents on invoices
    begin ${leave} ${enter} end`.execute(db);
}

/** Migration 0009's trigger function, the invoices' balance less prepaid_cents (the triggers keep calling it by name). */
async function replacePostgresApply(db: Kysely<any>) {
  await sql`
    create or replace function document_totals_apply() returns trigger language plpgsql as $$
    declare
      kind text := tg_argv[0];
      old_month text;
      new_month text;
      old_balance bigint;
      new_balance bigint;
    begin
      if tg_op <> 'DELETE' then
        if kind = 'invoice' then new_balance := new.total_cents - new.paid_cents - new.credited_cents - new.prepaid_cents;
        else new_balance := new.total_cents; end if;
        new_month := coalesce(substr(new.payment_date, 1, 7), '');
      end if;
      if tg_op <> 'INSERT' then
        if kind = 'invoice' then old_balance := old.total_cents - old.paid_cents - old.credited_cents - old.prepaid_cents;
        else old_balance := old.total_cents; end if;
        old_month := coalesce(substr(old.payment_date, 1, 7), '');
      end if;
      if tg_op = 'INSERT' then
        perform document_totals_enter(new.owner_id, kind, new.status, new_month, new.subtotal_cents, new.total_cents, new_balance);
        return null;
      end if;
      if tg_op = 'DELETE' then
        perform document_totals_leave(old.owner_id, kind, old.status, old_month, old.subtotal_cents, old.total_cents, old_balance);
        return null;
      end if;
      if (old.owner_id, old.status, old_month, old.subtotal_cents, old.total_cents, old_balance)
         is not distinct from (new.owner_id, new.status, new_month, new.subtotal_cents, new.total_cents, new_balance) then
        return null;
      end if;
      if (new.owner_id, new.status, new_month) < (old.owner_id, old.status, old_month) then
        perform document_totals_enter(new.owner_id, kind, new.status, new_month, new.subtotal_cents, new.total_cents, new_balance);
        perform document_totals_leave(old.owner_id, kind, old.status, old_month, old.subtotal_cents, old.total_cents, old_balance);
      else
        perform document_totals_leave(old.owner_id, kind, old.status, old_month, old.subtotal_cents, old.total_cents, old_balance);
        perform document_totals_enter(new.owner_id, kind, new.status, new_month, new.subtotal_cents, new.total_cents, new_balance);
      end if;
      return null;
    end $$`.execute(db);
}
