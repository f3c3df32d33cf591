import { sql, type Kysely } from 'kysely';
import type { Database, DocumentsTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import { PRIORITY_LABELS, type Priority } from '../../../shared/workflow';
import { computeTotals } from '../../../shared/documents';
import { fromHundredths } from '../../../shared/money';
import { normalizeSearch } from '../../../shared/search';
import { applyListFilters } from '../../http/list-filters';
import { preparedQuery } from '../../db/prepared-query';
import { outstandingStatus } from './outstanding';
import { taskCostCents } from '../tasks/tasks.repository';
import type { DocumentKindConfig } from './document-kinds';
import type { DocumentInput, LineInput } from './documents.schemas';

type DocumentRow = Selectable<DocumentsTable> & { quote_id?: number | null };

export interface ClientRef {
  id: number;
  name: string;
  email: string;
}

export interface LineItem {
  id: number;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  total: number;
  task_id: number | null;
  task: { id: number; title: string; hourly_rate: number; cost: number } | null;
}

export type DocumentView = Record<string, unknown> & {
  id: number;
  title: string;
  status: string;
  client: ClientRef | null;
  total_amount: number;
  line_items?: LineItem[];
};

// Kysely needs literal table names; both tables share these columns, so typing as invoices is safe.
const T = (kind: DocumentKindConfig) => kind.table as 'invoices';
const L = (kind: DocumentKindConfig) => kind.linesTable as 'invoice_lines';

const LIST_COLUMNS = [
  'd.id', 'd.number', 'd.title', 'd.status', 'd.priority', 'd.issue_date', 'd.end_date', 'd.payment_date',
  'd.subtotal_cents', 'd.total_cents', 'd.created_at', 'd.client_id',
] as const;

/** The stored search text of a quote or invoice (also used by bench/seed.ts); the client's name is matched at query time. */
export const documentSearchText = (d: { title: string; number?: string | null }) => normalizeSearch(`${d.title} ${d.number ?? ''}`);

export function documentsRepository(db: Kysely<Database>, kind: DocumentKindConfig) {
  const shape = (row: Partial<DocumentRow> & { client_name: string | null; client_email?: string | null }): DocumentView => ({
    id: row.id!,
    [kind.numberField]: row.number ?? null,
    title: row.title!,
    client: row.client_id ? { id: row.client_id, name: row.client_name ?? '', email: row.client_email ?? '' } : null,
    status: row.status!,
    status_display: kind.statusLabels[row.status!] ?? row.status,
    priority: row.priority,
    priority_display: PRIORITY_LABELS[row.priority as Priority] ?? row.priority,
    issue_date: row.issue_date,
    [kind.endDateField]: row.end_date ?? null,
    ...(kind.kind === 'invoice' ? { payment_date: row.payment_date ?? null } : {}),
    /** HT, for the revenue chart. */
    subtotal: fromHundredths(row.subtotal_cents ?? 0),
    total_amount: fromHundredths(row.total_cents ?? 0),
    created_at: row.created_at,
  });

  async function lines(documentIds: number[]): Promise<Map<number, LineItem[]>> {
    const byDocument = new Map<number, LineItem[]>();
    if (!documentIds.length) return byDocument;
    const rows = await db
      .selectFrom(`${L(kind)} as l`)
      .leftJoin('tasks as t', 't.id', 'l.task_id')
      .select([
        'l.id', 'l.document_id', 'l.title', 'l.description', 'l.quantity', 'l.unit_price_cents', 'l.total_cents', 'l.task_id',
        't.title as task_title', 't.billable', 't.actual_centihours', 't.estimated_centihours', 't.hourly_rate_cents',
      ])
      .where('l.document_id', 'in', documentIds)
      .orderBy('l.document_id')
      .orderBy('l.position')
      .execute();
    for (const r of rows) {
      const list = byDocument.get(r.document_id) ?? [];
      list.push({
        id: r.id,
        title: r.title,
        description: r.description,
        quantity: fromHundredths(r.quantity),
        unit_price: fromHundredths(r.unit_price_cents),
        total: fromHundredths(r.total_cents),
        task_id: r.task_id,
        task:
          r.task_id !== null && r.task_title !== null
            ? {
                id: r.task_id,
                title: r.task_title,
                hourly_rate: fromHundredths(r.hourly_rate_cents ?? 0),
                cost: fromHundredths(taskCostCents({
                  billable: r.billable ?? 0,
                  actual_centihours: r.actual_centihours ?? 0,
                  estimated_centihours: r.estimated_centihours ?? 0,
                  hourly_rate_cents: r.hourly_rate_cents ?? 0,
                })),
              }
            : null,
      });
      byDocument.set(r.document_id, list);
    }
    return byDocument;
  }

  function listQuery(ownerId: number) {
    return db
      .selectFrom(`${T(kind)} as d`)
      .innerJoin('contacts as c', 'c.id', 'd.client_id')
      .select([...LIST_COLUMNS, 'c.name as client_name'])
      .where('d.owner_id', '=', ownerId);
  }

  function nextOutstandingQuery(ownerId: number, today: string) {
    return db
      .selectFrom(`${T(kind)} as d`)
      .innerJoin('contacts as c', 'c.id', 'd.client_id')
      .select(['d.id', 'd.title', 'd.end_date', 'd.total_cents', 'd.client_id', 'c.name as client_name'])
      .where('d.owner_id', '=', ownerId)
      .where(outstandingStatus('d.status'))
      .where('d.end_date', '>=', today)
      .orderBy('d.end_date')
      .orderBy('d.id')
      // Written out: SQLite prepares a statement with a bound LIMIT again on every run (+15 µs).
      .limit(sql.lit(1));
  }

  return {
    listQuery,
    shape,

    async list(ownerId: number, params: Record<string, unknown>, today: string) {
      let query = applyListFilters(listQuery(ownerId), params, { status: 'd.status', priority: 'd.priority' });
      if (typeof params.payment_date__gte === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.payment_date__gte)) {
        query = query.where('d.payment_date', '>=', params.payment_date__gte);
      }
      if (params.due_soon === 'true') {
        const inAWeek = new Date(Date.parse(today) + 7 * 86400000).toISOString().slice(0, 10);
        query = query
          .where('d.end_date', '>=', today)
          .where('d.end_date', '<=', inAWeek)
          .where('d.status', 'not in', ['paid', 'cancelled']);
      }
      const rows = await query.orderBy('d.id').execute();
      return rows.map(shape);
    },

    async forClient(ownerId: number, clientId: number) {
      const rows = await listQuery(ownerId).where('d.client_id', '=', clientId).orderBy('d.id').execute();
      return rows.map(shape);
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

    async find(ownerId: number, id: number): Promise<DocumentView | undefined> {
      const row = await db
        .selectFrom(`${T(kind)} as d`)
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .selectAll('d')
        .select(['c.name as client_name', 'c.email as client_email'])
        .where('d.owner_id', '=', ownerId)
        .where('d.id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        ...shape(row),
        description: row.description,
        tax_rate: fromHundredths(row.tax_rate),
        legal_notice: row.legal_notice,
        signature_notice: row.signature_notice,
        tax_amount: fromHundredths(row.tax_cents),
        ...(kind.kind === 'invoice' ? { quote_id: (row as DocumentRow).quote_id ?? null } : {}),
        line_items: (await lines([id])).get(id) ?? [],
      };
    },

    async lineRows(documentId: number) {
      return db.selectFrom(L(kind)).selectAll().where('document_id', '=', documentId).orderBy('position').execute();
    },

    /** Writes the document's columns and totals (computed here, never taken from the client). */
    async save(
      ownerId: number,
      id: number | null,
      input: DocumentInput & { issue_date: string; number?: string | null; quote_id?: number | null },
    ): Promise<number> {
      const totals = computeTotals(
        input.line_items.map((l) => ({ quantity: l.quantity / 100, unit_price: l.unit_price / 100 })),
        input.tax_rate / 100,
      );
      const now = new Date().toISOString();
      const columns = {
        title: input.title,
        description: input.description,
        client_id: input.client_id,
        status: input.status,
        priority: input.priority,
        issue_date: input.issue_date,
        end_date: input.end_date,
        payment_date: input.payment_date,
        tax_rate: input.tax_rate,
        legal_notice: input.legal_notice,
        signature_notice: input.signature_notice,
        subtotal_cents: totals.subtotal,
        tax_cents: totals.tax,
        total_cents: totals.total,
        updated_at: now,
        ...(input.number !== undefined ? { number: input.number } : {}),
        search_text: documentSearchText(input),
        ...(input.quote_id !== undefined ? { quote_id: input.quote_id } : {}),
      };
      let documentId = id;
      if (documentId === null) {
        ({ id: documentId } = await db
          .insertInto(T(kind))
          .values({ ...columns, owner_id: ownerId, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        await db.updateTable(T(kind)).set(columns).where('owner_id', '=', ownerId).where('id', '=', documentId).execute();
      }
      await replaceLines(documentId, input.line_items, totals.lines);
      return documentId;
    },

    delete: (ownerId: number, id: number) =>
      db.deleteFrom(T(kind)).where('owner_id', '=', ownerId).where('id', '=', id).execute(),

    /**
     * Count and TTC sum of the documents in `statuses`, those paid from month `fromMonth`
     * ('YYYY-MM') on when one is given, read from `document_totals` (migration 0008). Returns a
     * prepared query: make it once, call it per request.
     */
    totals(statuses: readonly string[]) {
      const query = preparedQuery(db, (db, ownerId: number, fromMonth: string) =>
        db
          .selectFrom('document_totals')
          .select((eb) => [eb.fn.sum<number>('total_cents').as('total'), eb.fn.sum<number>('count').as('count')])
          .where('owner_id', '=', ownerId)
          .where('kind', '=', kind.kind)
          .where('status', 'in', statuses)
          // '' (no payment date) sorts before every month: with fromMonth '' every row counts.
          .where('payment_month', '>=', fromMonth),
      );
      return async (ownerId: number, fromMonth = '') => {
        const [row] = await query(ownerId, fromMonth);
        return { sum: fromHundredths(Number(row?.total ?? 0)), count: Number(row?.count ?? 0) };
      };
    },

    /**
     * The outstanding invoice due first from `today` on (ties: the oldest), with its client's
     * name, through the partial index of migration 0008. A prepared query: make it once.
     */
    nextOutstanding() {
      const query = preparedQuery(db, (_db, ownerId: number, today: string) => nextOutstandingQuery(ownerId, today));
      return async (ownerId: number, today: string) => (await query(ownerId, today))[0];
    },
    nextOutstandingQuery,

    /** Paid documents per payment month ('YYYY-MM') from `fromMonth` on, with HT and TTC sums. */
    async paidByMonth(ownerId: number, fromMonth: string) {
      const rows = await db
        .selectFrom('document_totals')
        .select((eb) => [
          'payment_month as month',
          eb.fn.sum<number>('subtotal_cents').as('subtotal'),
          eb.fn.sum<number>('total_cents').as('total'),
          eb.fn.sum<number>('count').as('count'),
        ])
        .where('owner_id', '=', ownerId)
        .where('kind', '=', kind.kind)
        .where('status', '=', 'paid')
        .where('payment_month', '>=', fromMonth)
        .groupBy('payment_month')
        .execute();
      return rows.map((row) => ({
        month: row.month,
        subtotal: fromHundredths(Number(row.subtotal ?? 0)),
        total_amount: fromHundredths(Number(row.total ?? 0)),
        count: Number(row.count),
      }));
    },
  };

  /**
   * Lines absent from the payload are removed; a line keeps its id when it names one of this
   * document's lines, otherwise it is new.
   */
  async function replaceLines(documentId: number, items: LineInput[], totals: number[]) {
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
        unit_price_cents: line.unit_price,
        total_cents: totals[position],
        task_id: line.task_id,
      };
      await db
        .insertInto(L(kind))
        .values(line.id !== null && existing.has(line.id) ? { ...values, id: line.id } : values)
        .execute();
    }
  }
}
