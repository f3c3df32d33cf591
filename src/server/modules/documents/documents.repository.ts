import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, DocumentsTable } from '@/server/db/schema';
import { OUTSTANDING_INVOICE_STATUSES } from '@/shared/documents';
import type { DocumentListParams } from '@/shared/contracts/documents';
import { normalizeSearch } from '@/shared/search';
import { isLifecycleStatusCode } from '@/shared/einvoicing-lifecycle';
import { applyListFilters } from '@/server/http/list-filters';
import { cutPage, firstPageTotal, keysetRequest, searchTextContains, seekPage, type Sorts } from '@/server/http/keyset';
import { badRequest } from '@/server/http/errors';
import { preparedQuery } from '@/server/db/prepared-query';
import type { DocumentKindConfig } from './document-kinds';

/** A quote's, invoice's or credit note's row: the columns they share, and each kind's own. */
export type DocumentRow = Selectable<DocumentsTable> & {
  /** Quotes and invoices (issue 25). */
  payment_terms?: string;
  payment_days?: number;
  quote_id?: number | null;
  recurrence_id?: number | null;
  paid_cents?: number;
  credited_cents?: number;
  prepaid_cents?: number;
  is_deposit?: number;
  deposit_of_quote_id?: number | null;
  internal_notes?: string;
  invoice_id?: number;
  reason?: string;
  refund_cents?: number;
  refund_ht_cents?: number;
};

/** What every list and record query selects (LIST_COLUMNS), and what some add. */
export type ListRow = Pick<DocumentRow, 'id' | 'number' | 'title' | 'status' | 'priority' | 'issue_date' | 'end_date' | 'created_at'> &
  Partial<DocumentRow> & {
  client_name: string | null;
  client_email?: string | null;
  invoice_number?: string | null;
  invoice_issue_date?: string | null;
  einvoicing_status_code?: number | null;
};

/** A document's columns as a write stores them (totals computed by the core, never taken from the client). */
export type DocumentColumns = Partial<Omit<DocumentRow, 'id' | 'owner_id' | 'created_at'>>;

/** A line as stored, with its total HT (cents) and position. */
export interface LineColumns {
  id: number | null;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  /** UN/ECE Rec. 20 code (BT-130). */
  unit: string;
  /** Hundredths of a percent, or cents (0: none). */
  discount_percent?: number;
  discount_cents?: number;
  /** A 0 % line's own exemption reason; '' or absent: the document's. */
  vat_exemption?: string;
  task_id: number | null;
  /** Net of its discount. */
  total_cents: number;
}

// Kysely needs literal table names; both tables share these columns, so typing as invoices is safe.
const T = (kind: DocumentKindConfig) => kind.table as 'invoices';
const L = (kind: DocumentKindConfig) => kind.linesTable as 'invoice_lines';

/** The exact filters of the lists (each also as `<name>__in`), by column. */
const LIST_FILTERS = { status: 'd.status', priority: 'd.priority', client: 'd.client_id' } satisfies Partial<Record<keyof DocumentListParams, string>>;
const ID_FILTERS = ['client'];

/**
 * The sorts of a keyset page (`ordering`, `-` descending), each read through its (owner_id, key, id)
 * index (migration 0033; invoices' end date: invoices_owner_due_idx on SQLite). Credit notes have no
 * due date. The client's name and the status, shown as labels, have no index and no keyset sort.
 */
const PAGE_SORTS: Sorts = {
  issue_date: { column: 'd.issue_date', type: 'text' },
  end_date: { column: 'd.end_date', type: 'text', nullable: true },
  number: { column: 'd.number', type: 'text', nullable: true },
  total_amount: { column: 'd.total_cents', type: 'integer' },
};
const CREDIT_NOTE_SORTS: Sorts = { issue_date: PAGE_SORTS.issue_date, number: { ...PAGE_SORTS.number, nullable: false }, total_amount: PAGE_SORTS.total_amount };
/** SPEC 9's default sorts: quotes newest first, invoices by due date; credit notes newest first. */
const DEFAULT_ORDERING = { quote: '-issue_date', invoice: 'end_date', credit_note: '-issue_date' } as const;

/** `issue_date__gte` / `__lte`: a day, 'YYYY-MM-DD' (a 400 otherwise). */
function dayParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest({ [name]: ['Date invalide : attendu AAAA-MM-JJ.'] });
  return value;
}

/** `einvoicing_status`: a lifecycle status code (XP Z12-012, 200–213), a 400 otherwise. */
function lifecycleParam(params: Record<string, unknown>): number | undefined {
  const value = params.einvoicing_status;
  if (value === undefined || value === '') return undefined;
  const code = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : NaN;
  if (!isLifecycleStatusCode(code)) throw badRequest({ einvoicing_status: ['Statut de facturation électronique inconnu : attendu un code de 200 à 213.'] });
  return code;
}

const LIST_COLUMNS = [
  'd.id', 'd.number', 'd.title', 'd.status', 'd.priority', 'd.issue_date', 'd.end_date', 'd.payment_date',
  'd.subtotal_cents', 'd.total_cents', 'd.created_at', 'd.client_id',
] as const;
/** What each kind's list adds: an invoice's settlement, a credit note's invoice. */
const KIND_LIST_COLUMNS = {
  quote: [] as const,
  invoice: ['d.paid_cents', 'd.credited_cents', 'd.prepaid_cents', 'd.is_deposit'] as const,
  credit_note: ['d.invoice_id', 'ci.number as invoice_number', 'ci.issue_date as invoice_issue_date'] as const,
};

/**
 * `<column> in ('unpaid', …)` with the statuses written out, not bound: a query may use the
 * partial index `invoices_open_due_idx` (migration 0009) only when its condition is this
 * one (dashboard-totals.test.ts checks the plan). Should the statuses change, that index needs a
 * new migration.
 */
export const outstandingStatus = (column: 'status' | 'd.status') =>
  sql<boolean>`${sql.ref(column)} in (${sql.join(OUTSTANDING_INVOICE_STATUSES.map((s) => sql.lit(s)))})`;

/** What an invoice's balance expression is in SQL (the triggers and the covering index of migration 0013 use it too). */
export const BALANCE_SQL = sql`total_cents - paid_cents - credited_cents - prepaid_cents`;

/** The stored search text of a quote or invoice (also used by bench/seed.ts); the client's name is matched at query time. */
export const documentSearchText = (d: { title: string; number?: string | null }) => normalizeSearch(`${d.title} ${d.number ?? ''}`);

/** How a list is narrowed beyond its exact filters (the service decides from the query and today). */
export interface ListNarrowing {
  /** Open invoices due before this day. */
  dueBefore?: string;
  /** Open invoices due within these days. */
  dueWithin?: { from: string; to: string };
  paidFrom?: string;
}

/** The rows of quotes, invoices and credit notes (and their lines): reads and writes, nothing computed. */
export function documentsRepository(db: Kysely<Database>, kind: DocumentKindConfig) {
  function listQuery(ownerId: number) {
    return db
      .selectFrom(`${T(kind)} as d`)
      .innerJoin('contacts as c', 'c.id', 'd.client_id')
      .$if(kind.kind === 'credit_note', (q) => q.leftJoin('invoices as ci', 'ci.id', (sql.ref('d.invoice_id') as never)))
      // An issued document names its client as issued (its archive), not as the contact reads now.
      .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'd.id').on('a.kind', '=', kind.kind))
      // Issue 26: the latest e-invoicing lifecycle status (invoices and credit notes sent through the platform).
      .leftJoin('einvoicing_documents as e', (join) => join.onRef('e.document_id', '=', 'd.id').on('e.document_kind', '=', kind.kind as 'invoice'))
      .select([...LIST_COLUMNS, ...(KIND_LIST_COLUMNS[kind.kind] as unknown as typeof LIST_COLUMNS)])
      .select((eb) => eb.fn.coalesce('a.client_name', 'c.name').as('client_name'))
      .select('e.status_code as einvoicing_status_code')
      .where('d.owner_id', '=', ownerId);
  }

  /** The list's filters on a query over `<table> as d`: exact values, search text, issue days and the service's narrowing. */
  function narrowList<DB, TB extends keyof DB, O>(ownerId: number, query: SelectQueryBuilder<DB, TB, O>, params: DocumentListParams, narrow: ListNarrowing) {
    // Generic over the query (with or without the joins), hence the casts, as in applyListFilters.
    let q = applyListFilters(query, params, LIST_FILTERS, ID_FILTERS);
    const where = (expression: unknown) => (q = q.where(expression as never));
    if (narrow.dueBefore) where(sql`${outstandingStatus('d.status')} and d.end_date < ${narrow.dueBefore}`);
    if (narrow.paidFrom) where(sql`d.payment_date >= ${narrow.paidFrom}`);
    if (narrow.dueWithin) {
      where(sql`d.end_date >= ${narrow.dueWithin.from} and d.end_date <= ${narrow.dueWithin.to} and ${outstandingStatus('d.status')}`);
    }
    const lifecycle = lifecycleParam(params);
    if (lifecycle !== undefined) {
      const sent = db
        .selectFrom('einvoicing_documents')
        .select('document_id')
        .where('owner_id', '=', ownerId)
        .where('document_kind', '=', kind.kind as 'invoice')
        .where('status_code', '=', lifecycle);
      where(sql`d.id in (${sent})`);
    }
    const from = dayParam(params, 'issue_date__gte');
    const to = dayParam(params, 'issue_date__lte');
    if (from) where(sql`d.issue_date >= ${from}`);
    if (to) where(sql`d.issue_date <= ${to}`);
    const search = typeof params.search === 'string' ? normalizeSearch(params.search) : '';
    if (search) {
      // The document's title and number, or its client's name, e-mail or company (their search texts).
      const clients = db.selectFrom('contacts').select('id').where('owner_id', '=', ownerId).where(searchTextContains('search_text', search));
      where(sql`(${searchTextContains('d.search_text', search)} or d.client_id in (${clients}))`);
    }
    return q;
  }

  function nextOutstandingQuery(ownerId: number, today: string) {
    return db
      .selectFrom(`${T(kind)} as d`)
      .innerJoin('contacts as c', 'c.id', 'd.client_id')
      .select([
        'd.id', 'd.title', 'd.end_date', 'd.total_cents', 'd.paid_cents', 'd.credited_cents', 'd.prepaid_cents', 'd.client_id', 'c.name as client_name',
      ])
      .where('d.owner_id', '=', ownerId)
      .where(outstandingStatus('d.status'))
      .where('d.end_date', '>=', today)
      .orderBy('d.end_date')
      .orderBy('d.id')
      // Written out: SQLite prepares a statement with a bound LIMIT again on every run (+15 µs).
      .limit(sql.lit(1));
  }

  /**
   * Lines absent from the payload are removed; a line keeps its id when it names one of this
   * document's lines, otherwise it is new.
   */
  async function replaceLines(documentId: number, items: LineColumns[]) {
    const existing = new Set(
      (await db.selectFrom(L(kind)).select('id').where('document_id', '=', documentId).execute()).map((r) => r.id),
    );
    await db.deleteFrom(L(kind)).where('document_id', '=', documentId).execute();
    for (const [position, line] of items.entries()) {
      const values = {
        document_id: documentId,
        position,
        title: line.title,
        description: line.description,
        quantity: line.quantity,
        unit_price_centicents: line.unit_price,
        tax_rate: line.tax_rate,
        unit: line.unit,
        discount_percent: line.discount_percent ?? 0,
        discount_cents: line.discount_cents ?? 0,
        vat_exemption: line.vat_exemption ?? '',
        total_cents: line.total_cents,
        task_id: line.task_id,
      };
      await db
        .insertInto(L(kind))
        .values(line.id !== null && existing.has(line.id) ? { ...values, id: line.id } : values)
        .execute();
    }
  }

  return {
    listQuery,
    nextOutstandingQuery,

    async listRows(ownerId: number, params: DocumentListParams, narrow: ListNarrowing = {}): Promise<ListRow[]> {
      return (await narrowList(ownerId, listQuery(ownerId), params, narrow).orderBy('d.id').execute()) as ListRow[];
    },

    /**
     * One keyset page of the list (undefined without `page_size`): the page's ids and keys read on
     * the documents alone through their (owner_id, key, id) index, counted with the same filters
     * (the owner's index; a search or an overdue filter reads the owner's rows), then those rows
     * with their client. `overdue` narrows to a balance left in SQL, as the whole list does per row.
     */
    async pageRows(ownerId: number, params: DocumentListParams, narrow: ListNarrowing = {}) {
      const sorts = kind.kind === 'credit_note' ? CREDIT_NOTE_SORTS : PAGE_SORTS;
      const page = keysetRequest(params, kind.path, sorts, DEFAULT_ORDERING[kind.kind]);
      if (!page) return undefined;
      let own = narrowList(ownerId, db.selectFrom(`${T(kind)} as d`).where('d.owner_id', '=', ownerId), params, narrow);
      if (narrow.dueBefore) own = own.where(sql<boolean>`d.total_cents - d.paid_cents - d.credited_cents - d.prepaid_cents > 0`);
      const counted = await firstPageTotal(db, page, own);
      const keys = await seekPage(own.select(['d.id', sql.ref(page.key.column).as(page.key.column.slice(2))]), page, 'd.id').execute();
      const { rows: kept, nextCursor } = cutPage(page, keys as { id: number }[]);
      const rows = kept.length ? ((await listQuery(ownerId).where('d.id', 'in', kept.map((r) => r.id)).execute()) as ListRow[]) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      return { rows: kept.map((r) => byId.get(r.id)).filter((row) => row !== undefined), ...counted, nextCursor };
    },

    async clientRows(ownerId: number, clientId: number): Promise<ListRow[]> {
      return (await listQuery(ownerId).where('d.client_id', '=', clientId).orderBy('d.id').execute()) as ListRow[];
    },

    async findRow(ownerId: number, id: number, forUpdate = false): Promise<DocumentRow | undefined> {
      return db
        .selectFrom(T(kind))
        .selectAll()
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .$if(forUpdate, (q) => q.forUpdate())
        .executeTakeFirst();
    },

    /** The row with its client's name and e-mail (and a credit note's invoice number and date). */
    async findDetailRow(ownerId: number, id: number) {
      return (await db
        .selectFrom(`${T(kind)} as d`)
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .$if(kind.kind === 'credit_note', (q) => q.leftJoin('invoices as ci', 'ci.id', (sql.ref('d.invoice_id') as never)))
        .selectAll('d')
        .select(['c.name as client_name', 'c.email as client_email'])
        .$if(kind.kind === 'credit_note', (q) => q.select(['ci.number as invoice_number', 'ci.issue_date as invoice_issue_date'] as never))
        .where('d.owner_id', '=', ownerId)
        .where('d.id', '=', id)
        .executeTakeFirst()) as (DocumentRow & ListRow) | undefined;
    },

    /** The lines of these documents, in order, with the task each names. */
    async linesWithTasks(documentIds: number[]) {
      if (!documentIds.length) return [];
      return db
        .selectFrom(`${L(kind)} as l`)
        .leftJoin('tasks as t', 't.id', 'l.task_id')
        .select([
          'l.id', 'l.document_id', 'l.title', 'l.description', 'l.quantity', 'l.unit_price_centicents', 'l.tax_rate', 'l.unit',
          'l.discount_percent', 'l.discount_cents', 'l.vat_exemption', 'l.total_cents', 'l.task_id',
          't.title as task_title', 't.billable', 't.actual_centihours', 't.estimated_centihours', 't.hourly_rate_cents',
        ])
        .where('l.document_id', 'in', documentIds)
        .orderBy('l.document_id')
        .orderBy('l.position')
        .execute();
    },

    async lineRows(documentId: number) {
      return db.selectFrom(L(kind)).selectAll().where('document_id', '=', documentId).orderBy('position').execute();
    },

    /** The last issued document of the owner's series (`excludeId` left out): what a new issue date may not precede. */
    async lastIssued(ownerId: number, excludeId?: number) {
      return db
        .selectFrom(T(kind))
        .select(['number', 'issue_date'])
        .where('owner_id', '=', ownerId)
        .where('number', 'is not', null)
        .$if(excludeId !== undefined, (q) => q.where('id', '<>', excludeId!))
        .orderBy('issue_date', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async insert(ownerId: number, columns: DocumentColumns, lines: LineColumns[]): Promise<number> {
      const { id } = await db
        .insertInto(T(kind))
        .values({ ...(columns as Required<DocumentColumns>), owner_id: ownerId, created_at: columns.updated_at ?? new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceLines(id, lines);
      return id;
    },

    /** Writes these columns (and the lines, when given) of the owner's document. */
    async update(ownerId: number, id: number, columns: DocumentColumns, lines?: LineColumns[]) {
      await db.updateTable(T(kind)).set(columns).where('owner_id', '=', ownerId).where('id', '=', id).execute();
      if (lines) await replaceLines(id, lines);
    },

    delete: (ownerId: number, id: number) =>
      db.deleteFrom(T(kind)).where('owner_id', '=', ownerId).where('id', '=', id).execute(),

    /**
     * Count, TTC sum and balance (cents) of the documents in `statuses`, those paid from month
     * `fromMonth` ('YYYY-MM') on when one is given, read from `document_totals` (migration 0008).
     * Returns a prepared query: make it once, call it per request.
     */
    totals(statuses: readonly string[]) {
      const query = preparedQuery(db, (db, ownerId: number, fromMonth: string) =>
        db
          .selectFrom('document_totals')
          .select((eb) => [
            eb.fn.sum<number>('total_cents').as('total'),
            eb.fn.sum<number>('balance_cents').as('balance'),
            eb.fn.sum<number>('count').as('count'),
          ])
          .where('owner_id', '=', ownerId)
          .where('kind', '=', kind.kind as 'invoice')
          .where('status', 'in', statuses)
          // '' (no payment date) sorts before every month: with fromMonth '' every row counts.
          .where('payment_month', '>=', fromMonth),
      );
      return async (ownerId: number, fromMonth = '') => {
        const [row] = await query(ownerId, fromMonth);
        return { totalCents: Number(row?.total ?? 0), balanceCents: Number(row?.balance ?? 0), count: Number(row?.count ?? 0) };
      };
    },

    /**
     * Count and balance (cents TTC still due) of the open invoices due before `today`, read from
     * the partial covering index `invoices_open_due_idx` (migration 0009). A prepared query.
     */
    overdueTotals() {
      const query = preparedQuery(db, (db, ownerId: number, today: string) =>
        db
          .selectFrom('invoices')
          .select((eb) => [
            eb.fn.sum<number>(BALANCE_SQL).as('balance'),
            eb.fn.countAll<number>().as('count'),
          ])
          .where('owner_id', '=', ownerId)
          .where(outstandingStatus('status'))
          .where('end_date', '<', today)
          .where(sql<boolean>`total_cents > paid_cents + credited_cents + prepaid_cents`),
      );
      return async (ownerId: number, today: string) => {
        const [row] = await query(ownerId, today);
        return { balanceCents: Number(row?.balance ?? 0), count: Number(row?.count ?? 0) };
      };
    },

    /**
     * Cash received per month ('YYYY-MM') from `fromMonth` on (cash basis: payments on their dates,
     * less what credit notes owe back, on theirs), HT and TTC, read from `cash_totals` (kept by
     * triggers, migration 0009).
     */
    async cashByMonth(ownerId: number, fromMonth: string) {
      return db
        .selectFrom('cash_totals')
        .select(['month', 'count', 'amount_cents', 'amount_ht_cents'])
        .where('owner_id', '=', ownerId)
        .where('month', '>=', fromMonth)
        .orderBy('month')
        .execute();
    },

    /**
     * The invoices with a payment dated `fromDate` or later (through payments_owner_date_idx), told
     * apart (issue 28): `paid`, nothing left to pay; `partly`, a balance still due. A prepared query.
     */
    invoicesPaidSince() {
      const query = preparedQuery(db, (db, ownerId: number, fromDate: string) =>
        db
          .selectFrom('invoices')
          .select([
            sql<number>`count(*)`.as('invoices'),
            sql<number>`sum(case when total_cents > paid_cents + credited_cents + prepaid_cents then 1 else 0 end)`.as('partly'),
          ])
          .where('owner_id', '=', ownerId)
          .where('id', 'in', (eb) =>
            eb.selectFrom('payments').select('payments.invoice_id').where('payments.owner_id', '=', ownerId).where('payments.date', '>=', fromDate),
          ),
      );
      return async (ownerId: number, fromDate: string) => {
        const [row] = await query(ownerId, fromDate);
        const partly = Number(row?.partly ?? 0);
        return { paid: Number(row?.invoices ?? 0) - partly, partly };
      };
    },

    /** Cash (cents TTC, refunds deducted) and payment count from month `fromMonth` ('YYYY-MM') on. A prepared query. */
    cashSince() {
      const query = preparedQuery(db, (db, ownerId: number, fromMonth: string) =>
        db
          .selectFrom('cash_totals')
          .select((eb) => [eb.fn.sum<number>('amount_cents').as('amount'), eb.fn.sum<number>('count').as('count')])
          .where('owner_id', '=', ownerId)
          .where('month', '>=', fromMonth),
      );
      return async (ownerId: number, fromMonth: string) => {
        const [row] = await query(ownerId, fromMonth);
        return { amountCents: Number(row?.amount ?? 0), count: Number(row?.count ?? 0) };
      };
    },

    /**
     * The outstanding invoice due first from `today` on (ties: the oldest), with its client's
     * name, through the partial index of migration 0009. A prepared query: make it once.
     */
    nextOutstanding() {
      const query = preparedQuery(db, (_db, ownerId: number, today: string) => nextOutstandingQuery(ownerId, today));
      return async (ownerId: number, today: string) => (await query(ownerId, today))[0];
    },

    /**
     * Σ version of the owner's invoice buckets in document_totals: it changes with every change of
     * an invoice's status, amounts or balance (triggers), so a figure computed from the invoices
     * themselves stays valid for as long as it does (and the day). A prepared query.
     */
    invoicesVersion() {
      const query = preparedQuery(db, (db, ownerId: number) =>
        db
          .selectFrom('document_totals')
          .select((eb) => eb.fn.sum<number>('version').as('version'))
          .where('owner_id', '=', ownerId)
          .where('kind', '=', 'invoice'),
      );
      return async (ownerId: number) => Number((await query(ownerId))[0]?.version ?? 0);
    },
  };
}
