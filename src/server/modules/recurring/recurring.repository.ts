import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, RecurringInvoicesTable } from '@/server/db/schema';
import { fromHundredths, fromTenThousandths } from '@/shared/money';
import { lineUnitOf } from '@/shared/units';
import { exemptionKeyOf } from '@/shared/vat';
import {
  RECURRENCE_FINISHED_LABEL, RECURRENCE_FREQUENCY_LABELS, RECURRENCE_MODE_LABELS, RECURRENCE_STATUS_LABELS,
  type RecurrenceFrequency, type RecurrenceMode, type RecurrenceStatus,
} from '@/shared/recurring';
import type { RecurringInvoice, RecurringListParams, RecurringListQuery } from '@/shared/contracts/recurring';
import { applyListFilters, countRows, type ListPage } from '@/server/http/list-filters';
import { parseId, queryInteger } from '@/server/http/params';

/** A template line in stored units: ten-thousandths of a unit and of a euro (migration 0022), hundredths of a percent. */
export interface TemplateLine {
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  /** UN/ECE Rec. 20 code (BT-130); absent from series made before issue 25: C62. */
  unit?: string;
  /** Hundredths of a percent, or cents; absent from series made before discounts (migration 0023): none. */
  discount_percent?: number;
  discount_cents?: number;
  /** At 0 %: its own exemption reason; absent from series made before migration 0024, or '': the invoice's. */
  vat_exemption?: string;
}

export type RecurrenceRow = Selectable<RecurringInvoicesTable>;

type ViewRow = RecurrenceRow & {
  client_name: string;
  last_invoice_number: string | null;
  invoices_count: number | string;
};

export function recurrenceView(row: ViewRow): RecurringInvoice {
  const frequency = row.frequency as RecurrenceFrequency;
  const mode = row.mode as RecurrenceMode;
  const status = row.status as RecurrenceStatus;
  // Stopped without anyone stopping it: it ran to its end date.
  const finished = status === 'stopped' && row.stopped_at === null;
  const lines = JSON.parse(row.lines) as TemplateLine[];
  return {
    id: row.id,
    source_invoice_id: row.source_invoice_id,
    client: { id: row.client_id, name: row.client_name },
    title: row.title,
    subtotal: fromHundredths(Number(row.subtotal_cents)),
    total_amount: fromHundredths(Number(row.total_cents)),
    frequency,
    frequency_display: RECURRENCE_FREQUENCY_LABELS[frequency] ?? frequency,
    start_date: row.start_date,
    end_date: row.end_date,
    mode,
    mode_display: RECURRENCE_MODE_LABELS[mode] ?? mode,
    status,
    status_display: finished ? RECURRENCE_FINISHED_LABEL : (RECURRENCE_STATUS_LABELS[status] ?? status),
    next_occurrence_date: row.next_occurrence_date,
    payment_term_days: row.payment_term_days,
    service_period: Boolean(row.service_period),
    last_invoice: row.last_invoice_id
      ? { id: row.last_invoice_id, invoice_number: row.last_invoice_number, occurrence_date: row.last_occurrence_date }
      : null,
    last_error: row.last_error,
    invoices_count: Number(row.invoices_count),
    line_items: lines.map((l) => ({
      title: l.title,
      description: l.description,
      quantity: fromTenThousandths(l.quantity),
      unit_price: fromTenThousandths(l.unit_price),
      tax_rate: fromHundredths(l.tax_rate),
      unit: lineUnitOf(l.unit),
      discount_percent: fromHundredths(l.discount_percent ?? 0),
      discount_amount: fromHundredths(l.discount_cents ?? 0),
      vat_exemption: exemptionKeyOf(l.vat_exemption),
    })),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The exact filters of the list (each also as `<name>__in`), by column. */
const LIST_FILTERS = {
  status: 'r.status',
  frequency: 'r.frequency',
  mode: 'r.mode',
  client: 'r.client_id',
} satisfies Partial<Record<keyof RecurringListQuery, string>>;

export function recurringRepository(db: Kysely<Database>) {
  const viewQuery = (ownerId: number) =>
    db
      .selectFrom('recurring_invoices as r')
      .innerJoin('contacts as c', 'c.id', 'r.client_id')
      .leftJoin('invoices as li', 'li.id', 'r.last_invoice_id')
      .selectAll('r')
      .select([
        'c.name as client_name',
        'li.number as last_invoice_number',
        (eb) =>
          eb
            .selectFrom('invoices as gi')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('gi.recurrence_id', '=', 'r.id')
            .as('invoices_count'),
      ])
      .where('r.owner_id', '=', ownerId);

  return {
    /** The owner's recurrences, newest first; `status` filters, `limit` (1–100) and `offset` page. */
    async list(ownerId: number, params: RecurringListParams): Promise<ListPage<RecurringInvoice>> {
      // `client`: a contact's series (the contact page says they go with it); `invoice`: the series
      // that generated an invoice (its page names it). Not an id: nothing.
      let query = applyListFilters(
        viewQuery(ownerId),
        params,
        LIST_FILTERS,
        ['client'] satisfies (keyof RecurringListQuery)[],
      );
      if (typeof params.invoice === 'string' && params.invoice !== '') {
        const invoiceId = parseId(params.invoice);
        query = invoiceId === null
          ? query.where(sql<boolean>`1 = 0`)
          : query.where('r.id', 'in', (eb) =>
            eb.selectFrom('invoices as o').select('o.recurrence_id').where('o.id', '=', invoiceId).where('o.owner_id', '=', ownerId));
      }
      const limit = queryInteger(params, 'limit', 1, 100);
      const offset = queryInteger(params, 'offset', 0, 1_000_000_000) ?? 0;
      const total = limit === undefined ? undefined : await countRows(query);
      const rows = await query
        .orderBy('r.id', 'desc')
        .$if(limit !== undefined, (q) => q.limit(limit!).offset(offset))
        .execute();
      return { items: rows.map((r) => recurrenceView(r as ViewRow)), total };
    },

    async find(ownerId: number, id: number): Promise<RecurringInvoice | undefined> {
      const row = await viewQuery(ownerId).where('r.id', '=', id).executeTakeFirst();
      return row ? recurrenceView(row as ViewRow) : undefined;
    },

    findRow: (ownerId: number, id: number) =>
      db.selectFrom('recurring_invoices').selectAll().where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst(),

    /** The row of any owner (the generator works across accounts). */
    rowById: (id: number) => db.selectFrom('recurring_invoices').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(values: Insertable<RecurringInvoicesTable>): Promise<number> {
      const { id } = await db.insertInto('recurring_invoices').values(values).returning('id').executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Writes `changes` only if the row is still as it was read (`updated_at`): of two writers
     * (two processes generating, or a generation and a pause), one wins, the other changes
     * nothing. True when this one won.
     */
    async updateIfUnchanged(row: RecurrenceRow, changes: Updateable<RecurringInvoicesTable>): Promise<boolean> {
      const result = await db
        .updateTable('recurring_invoices')
        .set(changes)
        .where('id', '=', row.id)
        .where('updated_at', '=', row.updated_at)
        .where('next_index', '=', row.next_index)
        .where('status', '=', row.status)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Takes the owner's invoice row for the transaction (PostgreSQL: FOR UPDATE; SQLite's one write
     * lock already serialises), before the series that names it is inserted: that insert's foreign key
     * check would otherwise hold a share lock on the row which a concurrent issue (FOR UPDATE) waits
     * for while this transaction waits for it — a deadlock.
     */
    lockInvoice: (ownerId: number, invoiceId: number, forUpdate: boolean) =>
      db
        .selectFrom('invoices')
        .select('id')
        .where('id', '=', invoiceId)
        .where('owner_id', '=', ownerId)
        .$if(forUpdate, (q) => q.forUpdate())
        .executeTakeFirst(),

    /**
     * Makes the owner's invoice `invoiceId` the series' occurrence of `occurrenceDate` (the first),
     * only if it belongs to no series yet and is still a draft (`issued` false) or issued (true): a
     * conditional update, so that of two requests making one invoice recurring (or one making it
     * recurring while another issues it) one wins. True when this one did.
     */
    async linkSource(ownerId: number, invoiceId: number, recurrenceId: number, occurrenceDate: string, issued: boolean): Promise<boolean> {
      const result = await db
        .updateTable('invoices')
        .set({ recurrence_id: recurrenceId, occurrence_date: occurrenceDate })
        .where('id', '=', invoiceId)
        .where('owner_id', '=', ownerId)
        .where('recurrence_id', 'is', null)
        .where('number', issued ? 'is not' : 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The invoice already standing for the series' occurrence of `occurrenceDate` (its first: the invoice made recurring), if any. */
    occurrenceInvoice: (recurrenceId: number, occurrenceDate: string) =>
      db
        .selectFrom('invoices')
        .select(['id', 'number'])
        .where('recurrence_id', '=', recurrenceId)
        .where('occurrence_date', '=', occurrenceDate)
        .executeTakeFirst(),

    /** The name of the owner's contact `clientId` (the history of a series' change of client). */
    async clientName(ownerId: number, clientId: number): Promise<string | undefined> {
      const row = await db.selectFrom('contacts').select('name').where('owner_id', '=', ownerId).where('id', '=', clientId).executeTakeFirst();
      return row?.name;
    },

    /** Moves the series' draft occurrence of `from` (the draft made recurring, not yet due) to `to`. */
    moveDraftOccurrence: (recurrenceId: number, from: string, to: string) =>
      db
        .updateTable('invoices')
        .set({ occurrence_date: to })
        .where('recurrence_id', '=', recurrenceId)
        .where('occurrence_date', '=', from)
        .where('number', 'is', null)
        .execute(),

    /** Marks an invoice as the series' occurrence of `occurrenceDate`. */
    linkOccurrence: (invoiceId: number, recurrenceId: number, occurrenceDate: string) =>
      db.updateTable('invoices').set({ recurrence_id: recurrenceId, occurrence_date: occurrenceDate }).where('id', '=', invoiceId).execute(),

    update: (id: number, changes: Updateable<RecurringInvoicesTable>) =>
      db.updateTable('recurring_invoices').set(changes).where('id', '=', id).execute(),

    /** Ids of the active recurrences with an occurrence due on `today` or before, earliest first. */
    async dueIds(today: string, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('recurring_invoices')
        .select('id')
        .where('status', '=', 'active')
        .where('next_occurrence_date', 'is not', null)
        .where('next_occurrence_date', '<=', today)
        .orderBy('next_occurrence_date')
        .orderBy('id')
        .limit(sql.lit(limit))
        .execute();
      return rows.map((r) => r.id);
    },
  };
}
