import { sql, type Kysely } from 'kysely';
import type { MigrationDialect } from './helpers';

const KINDS = [
  { table: 'quotes', kind: 'quote' },
  { table: 'invoices', kind: 'invoice' },
] as const;

/**
 * What the dashboard reads, without scanning a user's documents:
 *
 * `document_totals`: count and sums of each owner's quotes and invoices per status and payment
 * month ('YYYY-MM', '' without a payment date), kept by triggers in the transaction of every
 * insert, update and delete. The dashboard figures read a few of these rows instead of summing
 * thousands of documents: at 10,000 invoices an index-only sum still cost several times a
 * single-row read (bench/api.ts, issue 8). Triggers rather than application code, so that no
 * write path (cascades included) can leave them behind.
 *
 * `invoices_outstanding_due_idx`: outstanding invoices only, by due date, so that the next
 * expected payment is the first entry from today on. The (owner, due date) index walked past
 * every draft and paid invoice due later first (57 µs at 10,000 invoices, now a few).
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable('document_totals')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_month', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_totals_pk', ['owner_id', 'kind', 'status', 'payment_month'])
    .execute();

  if (dialect === 'sqlite') {
    for (const { table, kind } of KINDS) await createSqliteTriggers(db, table, kind);
  } else {
    await createPostgresTriggers(db);
  }

  // The statuses as they stood then, written out: a migration never reads live application code.
  await sql`create index invoices_outstanding_due_idx on invoices (owner_id, end_date, id)
    where status in ('unpaid', 'partially_paid', 'sent', 'overdue')`.execute(db);

  for (const { table, kind } of KINDS) {
    await sql`
      insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents)
      select owner_id, ${sql.lit(kind)}, status, coalesce(substr(payment_date, 1, 7), ''), count(*), sum(subtotal_cents), sum(total_cents)
      from ${sql.table(table)}
      group by owner_id, status, coalesce(substr(payment_date, 1, 7), '')`.execute(db);
  }
}

/**
 * A row enters its bucket with an upsert and leaves it with an update. Leaving never inserts:
 * when an account is deleted its totals may be gone (cascade) before its documents.
 */
async function createSqliteTriggers(db: Kysely<any>, table: string, kind: string) {
  const t = sql.table(table);
  const k = sql.lit(kind);
  const enter = sql`
    insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents)
    values (new.owner_id, ${k}, new.status, coalesce(substr(new.payment_date, 1, 7), ''), 1, new.subtotal_cents, new.total_cents)
    on conflict (owner_id, kind, status, payment_month) do update set
      count = count + 1,
      subtotal_cents = subtotal_cents + excluded.subtotal_cents,
      total_cents = total_cents + excluded.total_cents;`;
  const leave = sql`
    update document_totals set
      count = count - 1,
      subtotal_cents = subtotal_cents - old.subtotal_cents,
      total_cents = total_cents - old.total_cents
    where owner_id = old.owner_id and kind = ${k} and status = old.status
      and payment_month = coalesce(substr(old.payment_date, 1, 7), '');`;
  await sql`create trigger ${sql.id(`${table}_totals_ai`)} after insert on ${t} begin ${enter} end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_totals_ad`)} after delete on ${t} begin ${leave} end`.execute(db);
  await sql`create trigger ${sql.id(`${table}_totals_au`)}
    after update of owner_id, status, payment_date, subtotal_cents, total_cents on ${t}
    begin ${leave} ${enter} end`.execute(db);
}

/**
 * One function for both tables (the kind is the trigger's argument). An update that moves a
 * document between buckets touches the two rows in a fixed order (by status, then month), so
 * that two transactions moving documents in opposite directions cannot deadlock.
 */
async function createPostgresTriggers(db: Kysely<any>) {
  await sql`
    create function document_totals_enter(o integer, k text, s text, m text, sub bigint, tot bigint) returns void
    language sql as $$
      insert into document_totals (owner_id, kind, status, payment_month, count, subtotal_cents, total_cents)
      values (o, k, s, m, 1, sub, tot)
      on conflict (owner_id, kind, status, payment_month) do update set
        count = document_totals.count + 1,
        subtotal_cents = document_totals.subtotal_cents + excluded.subtotal_cents,
        total_cents = document_totals.total_cents + excluded.total_cents
    $$`.execute(db);
  await sql`
    create function document_totals_leave(o integer, k text, s text, m text, sub bigint, tot bigint) returns void
    language sql as $$
      update document_totals set count = count - 1, subtotal_cents = subtotal_cents - sub, total_cents = total_cents - tot
      where owner_id = o and kind = k and status = s and payment_month = m
    $$`.execute(db);
  await sql`
    create function document_totals_apply() returns trigger language plpgsql as $$
    declare
      kind text := tg_argv[0];
      old_month text;
      new_month text;
    begin
      if tg_op = 'INSERT' then
        perform document_totals_enter(new.owner_id, kind, new.status, coalesce(substr(new.payment_date, 1, 7), ''), new.subtotal_cents, new.total_cents);
        return null;
      end if;
      old_month := coalesce(substr(old.payment_date, 1, 7), '');
      if tg_op = 'DELETE' then
        perform document_totals_leave(old.owner_id, kind, old.status, old_month, old.subtotal_cents, old.total_cents);
        return null;
      end if;
      new_month := coalesce(substr(new.payment_date, 1, 7), '');
      if (old.owner_id, old.status, old_month, old.subtotal_cents, old.total_cents)
         is not distinct from (new.owner_id, new.status, new_month, new.subtotal_cents, new.total_cents) then
        return null;
      end if;
      if (new.owner_id, new.status, new_month) < (old.owner_id, old.status, old_month) then
        perform document_totals_enter(new.owner_id, kind, new.status, new_month, new.subtotal_cents, new.total_cents);
        perform document_totals_leave(old.owner_id, kind, old.status, old_month, old.subtotal_cents, old.total_cents);
      else
        perform document_totals_leave(old.owner_id, kind, old.status, old_month, old.subtotal_cents, old.total_cents);
        perform document_totals_enter(new.owner_id, kind, new.status, new_month, new.subtotal_cents, new.total_cents);
      end if;
      return null;
    end $$`.execute(db);
  for (const { table, kind } of KINDS) {
    await sql`create trigger ${sql.id(`${table}_totals`)} after insert or update or delete on ${sql.table(table)}
      for each row execute function document_totals_apply(${sql.lit(kind)})`.execute(db);
  }
}
