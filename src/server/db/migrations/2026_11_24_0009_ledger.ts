import { sql, type Kysely } from 'kysely';
import { type MigrationDialect, idColumn } from './helpers';
import { createTrigramTable, trigramSchema } from './2026_11_22_0006_search_dashboard_indexes';

/**
 * The invoice ledger (issue 13): payments, credit notes, frozen issued documents and a hash-chained
 * journal. Written out in full, never importing application code: a migration is frozen.
 *
 * Existing data:
 * - a `paid` invoice gets one payment of its total (method `autre`, dated its payment date, else its
 *   issue date); `unpaid`, `overdue` and `partially_paid` (no amounts were recorded) become `sent`;
 *   overdue is derived from now on;
 * - a `cancelled` invoice (cancelled by hand, before credit notes existed) is counted as fully
 *   credited, so that it owes nothing; no credit note document is made up for it;
 * - issued documents get their snapshot and PDF from their current data when the server starts
 *   (ledger/backfill.ts), since rendering is application code.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const blob = dialect === 'postgres' ? sql`bytea` : sql`blob`;

  await db.schema.alterTable('invoices').addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoices').addColumn('credited_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoices').addColumn('internal_notes', 'text', (c) => c.notNull().defaultTo('')).execute();

  await idColumn(db.schema.createTable('payments'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    /** The HT share of the amount (amount × subtotal / total), for the HT revenue chart. */
    .addColumn('amount_ht_cents', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_invoice_idx').on('payments').columns(['invoice_id', 'date']).execute();
  // Revenue by month reads only index entries.
  await db.schema
    .createIndex('payments_owner_date_idx')
    .on('payments')
    .columns(['owner_id', 'date', 'amount_cents', 'amount_ht_cents'])
    .execute();

  await idColumn(db.schema.createTable('credit_notes'), dialect)
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('restrict'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('contacts.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normale'))
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('payment_date', 'text')
    .addColumn('tax_rate', 'integer', (c) => c.notNull())
    .addColumn('legal_notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signature_notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('tax_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    /** The part of the credit that exceeded the invoice's balance: money owed back (cash revenue −). */
    .addColumn('refund_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refund_ht_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_notes_owner_number_uq', ['owner_id', 'number'])
    .execute();
  await db.schema.createIndex('credit_notes_invoice_idx').on('credit_notes').column('invoice_id').execute();
  await db.schema.createIndex('credit_notes_client_idx').on('credit_notes').column('client_id').execute();
  // The global search finds credit notes like the other documents (as in migration 0006).
  if (dialect === 'sqlite') {
    await createTrigramTable(db, 'credit_notes');
  } else {
    const schema = await trigramSchema(db);
    if (schema !== null) {
      await sql`create index credit_notes_search_trgm_idx on credit_notes using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
    }
  }
  await db.schema.createIndex('credit_notes_owner_date_idx').on('credit_notes').columns(['owner_id', 'issue_date', 'refund_cents']).execute();

  await idColumn(db.schema.createTable('credit_note_lines'), dialect)
    .addColumn('document_id', 'integer', (c) => c.notNull().references('credit_notes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('credit_note_lines_document_idx').on('credit_note_lines').columns(['document_id', 'position']).execute();

  // What was printed and sent, kept as it was: the snapshot (JSON) and the PDF bytes.
  await db.schema
    .createTable('issued_documents')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('pdf', blob, (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('issued_documents_pk', ['kind', 'document_id'])
    .execute();

  // The journal: one entry per issued invoice or credit note, each hashing the one before.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('tax_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('pdf_sha256', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_entries_pk', ['owner_id', 'seq'])
    .execute();
  // Per owner: the last entry's number and hash; locked by each append (serialises the chain).
  await db.schema
    .createTable('ledger_heads')
    .addColumn('owner_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();

  // Cash received per owner and month ('YYYY-MM'): payments on their dates, less refunds (the part of
  // a credit note beyond the invoice's balance) on theirs. Kept by triggers like document_totals; what
  // the revenue figures read. Payments and credit notes are append-only: inserts and deletes only.
  await db.schema
    .createTable('cash_totals')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('amount_ht_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cash_totals_pk', ['owner_id', 'month'])
    .execute();
  await createCashTriggers(db, dialect);

  // ---- Existing invoices.
  const now = new Date().toISOString();
  await sql`insert into payments (owner_id, invoice_id, date, amount_cents, amount_ht_cents, method, reference, created_at)
    select owner_id, id, coalesce(payment_date, issue_date), total_cents, subtotal_cents, 'autre', '', ${now}
    from invoices where status = 'paid' and total_cents > 0`.execute(db);
  await sql`update invoices set paid_cents = total_cents where status = 'paid'`.execute(db);
  await sql`update invoices set credited_cents = total_cents where status = 'cancelled'`.execute(db);
  await sql`update invoices set status = 'sent' where status in ('unpaid', 'overdue', 'partially_paid')`.execute(db);

  // convert_to_invoice at most once per quote: older duplicates lose their link, then a unique index.
  await sql`update invoices set quote_id = null where quote_id is not null
    and id <> (select min(i2.id) from invoices i2 where i2.quote_id = invoices.quote_id)`.execute(db);
  await sql`create unique index invoices_quote_uq on invoices (quote_id) where quote_id is not null`.execute(db);

  // The last issued invoice's date, checked at every issue (chronology), without a scan and sort.
  await sql`create index invoices_owner_issued_idx on invoices (owner_id, issue_date) where number is not null`.execute(db);

  // Open invoices by due date, with what overdue and outstanding sums need (index-only).
  await sql`drop index invoices_outstanding_due_idx`.execute(db);
  await sql`create index invoices_open_due_idx on invoices (owner_id, end_date, id, total_cents, paid_cents, credited_cents)
    where status in ('sent', 'partially_paid')`.execute(db);

  // ---- document_totals gains the balance (TTC still due) and a version (bumped by every change
  // of a bucket: what a figure computed from the documents themselves can be cached against);
  // triggers rewritten to keep them.
  await db.schema.alterTable('document_totals').addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('document_totals').addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  if (dialect === 'sqlite') {
    for (const [table, kind, balance] of [
      ['quotes', 'quote', 'total_cents'],
      ['invoices', 'invoice', 'total_cents - paid_cents - credited_cents'],
    ] as const) {
      for (const suffix of ['ai', 'ad', 'au']) await sql`drop trigger ${sql.id(`${table}_totals_${suffix}`)}`.execute(db);
      await createSqliteTriggers(db, table, kind, balance);
    }
  } else {
    for (const table of ['quotes', 'invoices']) await sql`drop trigger ${sql.id(`${table}_totals`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function document_totals_apply()`.execute(db);
    await sql`drop function document_totals_enter(integer, text, text, text, bigint, bigint)`.execute(db);
    await sql`drop function document_totals_leave(integer, text, text, text, bigint, bigint)`.execute(db);
    await createPostgresTriggers(db);
  }
  await sql`delete from document_totals`.execute(db);
  for (const [table, kind, balance] of [
    ['quotes', 'quote', sql`total_cents`],
    ['invoices', 'invoice', sql`total_cents - paid_cents - credited_cents`],
  ] as const) {
    await sql`
      insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents, balance_cents)
      select owner_id, ${sql.lit(kind)}, status, coalesce(substr(payment_date, 1, 7), ''), count(*), sum(subtotal_cents), sum(total_cents),
        sum(${balance})
      from ${sql.table(table)}
      group by owner_id, status, coalesce(substr(payment_date, 1, 7), '')`.execute(db);
  }
}

async function createCashTriggers(db: Kysely<any>, dialect: MigrationDialect) {
  // A row enters its month with an upsert and leaves it with an update (never an insert: when an
  // account is deleted its totals may be gone, by cascade, before its payments).
  const enter = (owner: string, month: string, count: string, amount: string, ht: string) => sql`
    insert into cash_totals (owner_id, month, count, amount_cents, amount_ht_cents)
    values (${sql.raw(owner)}, substr(${sql.raw(month)}, 1, 7), ${sql.raw(count)}, ${sql.raw(amount)}, ${sql.raw(ht)})
    on conflict (owner_id, month) do update set
      count = cash_totals.count + excluded.count,
      amount_cents = cash_totals.amount_cents + excluded.amount_cents,
      amount_ht_cents = cash_totals.amount_ht_cents + excluded.amount_ht_cents;`;
  const leavePayment = sql`
    update cash_totals set count = count - 1, amount_cents = amount_cents - old.amount_cents,
      amount_ht_cents = amount_ht_cents - old.amount_ht_cents
    where owner_id = old.owner_id and month = substr(old.date, 1, 7);`;
  const enterPayment = enter('new.owner_id', 'new.date', '1', 'new.amount_cents', 'new.amount_ht_cents');
  const enterRefund = enter('new.owner_id', 'new.issue_date', '0', '-new.refund_cents', '-new.refund_ht_cents');
  if (dialect === 'sqlite') {
    await sql`create trigger payments_cash_ai after insert on payments begin ${enterPayment} end`.execute(db);
    await sql`create trigger payments_cash_ad after delete on payments begin ${leavePayment} end`.execute(db);
    await sql`create trigger credit_notes_cash_ai after insert on credit_notes when new.refund_cents > 0 begin ${enterRefund} end`.execute(db);
    return;
  }
  await sql`create function payments_cash_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${enterPayment} else ${leavePayment} end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger payments_cash after insert or delete on payments for each row execute function payments_cash_apply()`.execute(db);
  await sql`create function credit_notes_cash_apply() returns trigger language plpgsql as $$
    begin
      if new.refund_cents > 0 then ${enterRefund} end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger credit_notes_cash after insert on credit_notes for each row execute function credit_notes_cash_apply()`.execute(db);
}

/** As migration 0008, plus the balance (`balance` is the row's expression, `total_cents` for quotes). */
async function createSqliteTriggers(db: Kysely<any>, table: string, kind: string, balance: string) {
  const t = sql.table(table);
  const k = sql.lit(kind);
  const newBalance = sql.raw(balance.replace(/(\w+_cents)/g, 'new.$1'));
  const oldBalance = sql.raw(balance.replace(/(\w+_cents)/g, 'old.$1'));
  const enter = sql`
    insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents, balance_cents, version)
    values (new.owner_id, ${k}, new.status, coalesce(substr(new.payment_date, 1, 7), ''), 1, new.subtotal_cents, new.total_cents, ${newBalance}, 1)
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
      balance_cents = balance_cents - (${oldBalance})
    where owner_id = old.owner_id and kind = ${k} and status = old.status
      and payment_month = coalesce(substr(old.payment_date, 1, 7), '');`;
  const balanceColumns = kind === 'invoice' ? sql`, paid_cents, credited_cents` : sql``;
  await sql`create trigger ${sql.id(`${table}_totals_ai`)} after insert on ${t} begin ${enter} end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_totals_ad`)} after delete on ${t} begin ${leave} end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_totals_au`)}
    after update of owner_id, status, payment_date, subtotal_cents, total_cents${balanceColumns} on ${t}
    begin ${leave} ${enter} end`.execute(db);
}

/** As migration 0008 (fixed bucket order against deadlocks), plus the balance. */
async function createPostgresTriggers(db: Kysely<any>) {
  await sql`
    create function document_totals_enter(o integer, k text, s text, m text, sub bigint, tot bigint, bal bigint) returns void
    language sql as $$
      insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents, balance_cents, version)
      values (o, k, s, m, 1, sub, tot, bal, 1)
      on conflict (owner_id, kind, status, payment_month) do update set
        version = document_totals.version + 1,
        count = document_totals.count + 1,
        subtotal_cents = document_totals.subtotal_cents + excluded.subtotal_cents,
        total_cents = document_totals.total_cents + excluded.total_cents,
        balance_cents = document_totals.balance_cents + excluded.balance_cents
    $$`.execute(db);
  await sql`
    create function document_totals_leave(o integer, k text, s text, m text, sub bigint, tot bigint, bal bigint) returns void
    language sql as $$
      update document_totals set version = version + 1, count = count - 1, subtotal_cents = subtotal_cents - sub,
        total_cents = total_cents - tot, balance_cents = balance_cents - bal
      where owner_id = o and kind = k and status = s and payment_month = m
    $$`.execute(db);
  // Quotes have no paid/credited columns: the balance expression is only evaluated for invoices.
  await sql`
    create function document_totals_apply() returns trigger language plpgsql as $$
    declare
      kind text := tg_argv[0];
      old_month text;
      new_month text;
      old_balance bigint;
      new_balance bigint;
    begin
      if tg_op <> 'DELETE' then
        if kind = 'invoice' then new_balance := new.total_cents - new.paid_cents - new.credited_cents;
        else new_balance := new.total_cents; end if;
        new_month := coalesce(substr(new.payment_date, 1, 7), '');
      end if;
      if tg_op <> 'INSERT' then
        if kind = 'invoice' then old_balance := old.total_cents - old.paid_cents - old.credited_cents;
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
  for (const [table, kind] of [['quotes', 'quote'], ['invoices', 'invoice']]) {
    await sql`create trigger ${sql.id(`${table}_totals`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function document_totals_apply(${sql.lit(kind)})`.execute(db);
  }
}
