import { sql, type Kysely } from 'kysely';
import type { Database, DocumentsTable, PaymentsTable } from '@/server/db/schema';
import type { Selectable } from 'kysely';
import { PRIORITY_LABELS, type Priority } from '@/shared/projects-tasks';
import {
  balanceDueCents, computeTotals, INVOICE_STATUS_LABELS, OUTSTANDING_INVOICE_STATUSES, PAYMENT_METHOD_LABELS, vatBreakdownJson,
  type PaymentMethod,
} from '@/shared/documents';
import { fromHundredths } from '@/shared/money';
import type { OperationCategory, VatExemptionKey } from '@/shared/vat';
import type {
  DocumentClientJson, DocumentJson, DocumentLineJson, DocumentListQuery, DocumentNumberingJson, DocumentRowJson,
} from '@/shared/documents-api';
import { normalizeSearch } from '@/shared/search';
import { applyListFilters } from '@/server/http/list-filters';
import type { Unchecked } from '@/server/http/api-types';
import { preparedQuery } from '@/server/db/prepared-query';
import { parisToday } from '@/shared/dates';
import { outstandingStatus } from './outstanding';
import { taskCostCents } from '../tasks/tasks.repository';
import type { DocumentKindConfig } from './document-kinds';
import type { ResolvedDocument, ResolvedLine } from './documents.schemas';
import { emailDeliveries } from '@/server/mail/outbox';

type DocumentRow = Selectable<DocumentsTable> & {
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
};

export type ClientRef = DocumentClientJson;
export type LineItem = DocumentLineJson;

/** A whole document as the API sends it (src/shared/documents-api.ts). */
export type DocumentView = DocumentJson;

/** The number and end date under the kind's own names (quote_number, due_date…). */
const numbering = (kind: DocumentKindConfig, number: string | null, endDate: string | null): DocumentNumberingJson =>
  ({ [kind.numberField]: number, [kind.endDateField]: endDate }) as DocumentNumberingJson;

/**
 * Totals of lines in stored units (hundredths of a unit, cents, hundredths of a percent), by the
 * one shared calculation: per line, per VAT rate, and the document's.
 */
export const linesTotals = (lines: { quantity: number; unit_price: number; tax_rate: number }[], defaultRate: number) =>
  computeTotals(
    lines.map((l) => ({ quantity: l.quantity / 100, unit_price: l.unit_price / 100, tax_rate: l.tax_rate / 100 })),
    defaultRate / 100,
  );

/** The HT part of `amountCents` of a document worth `subtotalCents` HT and `totalCents` TTC. */
export const htShare = (amountCents: number, subtotalCents: number, totalCents: number) =>
  totalCents === 0 ? 0 : Math.round((amountCents * subtotalCents) / totalCents);

export const paymentView = (p: Selectable<PaymentsTable>) => ({
  id: p.id,
  date: p.date,
  amount: fromHundredths(p.amount_cents),
  method: p.method,
  method_display: PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method,
  reference: p.reference,
  created_at: p.created_at,
});

// Kysely needs literal table names; both tables share these columns, so typing as invoices is safe.
const T = (kind: DocumentKindConfig) => kind.table as 'invoices';
const L = (kind: DocumentKindConfig) => kind.linesTable as 'invoice_lines';

/** The exact filters of the lists (each also as `<name>__in`), by column. */
const LIST_FILTERS = { status: 'd.status', priority: 'd.priority' } satisfies Partial<Record<keyof DocumentListQuery, string>>;

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

type SettlementAmounts = { total_cents?: number; paid_cents?: number; credited_cents?: number; prepaid_cents?: number };

/** An invoice's amounts as balanceDueCents reads them (bigint columns may come back as strings). */
export const settlementAmounts = (row: SettlementAmounts) => ({
  total_cents: Number(row.total_cents ?? 0),
  paid_cents: Number(row.paid_cents ?? 0),
  credited_cents: Number(row.credited_cents ?? 0),
  prepaid_cents: Number(row.prepaid_cents ?? 0),
});

/** Issued, something left to pay, due before today (Europe/Paris): derived, never stored. */
export function isOverdue(row: SettlementAmounts & { status?: string; end_date?: string | null }, today: string) {
  return (
    (OUTSTANDING_INVOICE_STATUSES as readonly string[]).includes(row.status ?? '') &&
    !!row.end_date &&
    row.end_date < today &&
    balanceDueCents(settlementAmounts(row)) > 0
  );
}

/** What an invoice's balance expression is in SQL (the triggers and the covering index of migration 0013 use it too). */
export const BALANCE_SQL = sql`total_cents - paid_cents - credited_cents - prepaid_cents`;

/**
 * The issued deposit invoices (factures d'acompte) of a quote, oldest first, each for what it still
 * bills (its total less its credit notes): what the quote's final invoice deducts (EN 16931 BT-113).
 */
export async function quoteDeposits(db: Kysely<Database>, ownerId: number, quoteId: number) {
  const rows = await db
    .selectFrom('invoices')
    .select(['id', 'number', 'issue_date', 'total_cents', 'credited_cents'])
    .where('owner_id', '=', ownerId)
    .where('deposit_of_quote_id', '=', quoteId)
    .where('number', 'is not', null)
    .orderBy('issue_date')
    .orderBy('id')
    .execute();
  return rows
    .map((r) => ({ id: r.id, number: r.number!, issueDate: r.issue_date, amountCents: Number(r.total_cents) - Number(r.credited_cents) }))
    .filter((d) => d.amountCents > 0);
}

/**
 * Tasks named by an invoice's lines are billed by it (`tasks.invoice_id`), unless another invoice
 * already bills them: the update is conditional, so two invoices never take one task. A task whose
 * line is gone is freed.
 */
export async function syncBilledTasks(db: Kysely<Database>, ownerId: number, invoiceId: number, taskIds: number[]) {
  await db
    .updateTable('tasks')
    .set({ invoice_id: null })
    .where('invoice_id', '=', invoiceId)
    .$if(taskIds.length > 0, (q) => q.where('id', 'not in', taskIds))
    .execute();
  if (!taskIds.length) return;
  await db
    .updateTable('tasks')
    .set({ invoice_id: invoiceId })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', taskIds)
    .where('invoice_id', 'is', null)
    .execute();
}

/** The stored search text of a quote or invoice (also used by bench/seed.ts); the client's name is matched at query time. */
export const documentSearchText = (d: { title: string; number?: string | null }) => normalizeSearch(`${d.title} ${d.number ?? ''}`);

/** What every list and record query selects (LIST_COLUMNS), and what some add. */
type ShapeRow = Pick<DocumentRow, 'id' | 'number' | 'title' | 'status' | 'priority' | 'issue_date' | 'end_date' | 'created_at'> &
  Partial<DocumentRow> & {
  client_name: string | null;
  client_email?: string | null;
  invoice_number?: string | null;
  invoice_issue_date?: string | null;
};

export function documentsRepository(db: Kysely<Database>, kind: DocumentKindConfig) {
  const settlement = (row: ShapeRow, today: string) => {
    const amounts = settlementAmounts(row);
    return {
      amount_paid: fromHundredths(amounts.paid_cents),
      credited_amount: fromHundredths(amounts.credited_cents),
      // A draft owes its total, less its quote's deposits (a final invoice).
      balance_due: fromHundredths(row.number ? balanceDueCents(amounts) : amounts.total_cents - amounts.prepaid_cents),
      /** The quote's deposits, deducted (a final invoice; 0 otherwise). */
      prepaid_amount: fromHundredths(amounts.prepaid_cents),
      /** A facture d'acompte. */
      is_deposit: Boolean(row.is_deposit),
      is_overdue: isOverdue(row, today),
      is_issued: row.number !== null && row.number !== undefined,
    };
  };
  const kindFields = (row: ShapeRow, today: string) => {
    if (kind.kind === 'invoice') return { payment_date: row.payment_date ?? null, ...settlement(row, today) };
    if (kind.kind === 'credit_note') {
      return { invoice: { id: row.invoice_id!, invoice_number: row.invoice_number ?? null, issue_date: row.invoice_issue_date ?? null } };
    }
    return {};
  };
  const shape = (row: ShapeRow, today = parisToday()): DocumentRowJson => ({
    id: row.id!,
    ...numbering(kind, row.number ?? null, row.end_date ?? null),
    title: row.title!,
    client: row.client_id ? { id: row.client_id, name: row.client_name ?? '', email: row.client_email ?? '' } : null,
    status: row.status!,
    status_display: kind.statusLabels[row.status!] ?? row.status,
    // Written only through the schema's enum.
    priority: row.priority as Priority,
    priority_display: PRIORITY_LABELS[row.priority as Priority] ?? row.priority,
    issue_date: row.issue_date,
    ...kindFields(row, today),
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
        'l.id', 'l.document_id', 'l.title', 'l.description', 'l.quantity', 'l.unit_price_cents', 'l.tax_rate', 'l.total_cents', 'l.task_id',
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
        tax_rate: fromHundredths(r.tax_rate),
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
      .$if(kind.kind === 'credit_note', (q) => q.leftJoin('invoices as ci', 'ci.id', (sql.ref('d.invoice_id') as never)))
      // An issued document names its client as issued (its archive), not as the contact reads now.
      .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'd.id').on('a.kind', '=', kind.kind))
      .select([...LIST_COLUMNS, ...(KIND_LIST_COLUMNS[kind.kind] as unknown as typeof LIST_COLUMNS)])
      .select((eb) => eb.fn.coalesce('a.client_name', 'c.name').as('client_name'))
      .where('d.owner_id', '=', ownerId);
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

  /** An invoice's payments and credit notes, and the credit note that cancelled it. */
  async function invoiceDetail(row: DocumentRow) {
    const [payments, creditNotes] = await Promise.all([
      db.selectFrom('payments').selectAll().where('invoice_id', '=', row.id).orderBy('date').orderBy('id').execute(),
      db
        .selectFrom('credit_notes')
        .select(['id', 'number', 'issue_date', 'total_cents', 'reason'])
        .where('invoice_id', '=', row.id)
        .orderBy('id')
        .execute(),
    ]);
    const depositOf = row.deposit_of_quote_id
      ? await db.selectFrom('quotes').select(['id', 'number']).where('id', '=', row.deposit_of_quote_id).executeTakeFirst()
      : undefined;
    // A final invoice lists the deposits it deducts.
    const deposits = row.quote_id ? await quoteDeposits(db, row.owner_id, row.quote_id) : [];
    return {
      quote_id: row.quote_id ?? null,
      recurrence_id: row.recurrence_id ?? null,
      deposit_of_quote: depositOf ? { id: depositOf.id, quote_number: depositOf.number } : null,
      deposits: deposits.map((d) => ({ id: d.id, invoice_number: d.number, issue_date: d.issueDate, amount: fromHundredths(d.amountCents) })),
      internal_notes: row.internal_notes ?? '',
      payments: payments.map(paymentView),
      credit_notes: creditNotes.map((c) => ({
        id: c.id, credit_note_number: c.number, issue_date: c.issue_date, total_amount: fromHundredths(c.total_cents), reason: c.reason,
      })),
      cancelled_by: row.status === 'cancelled' ? (creditNotes.at(-1)?.number ?? null) : null,
    };
  }

  /** A quote's deposit invoices, drafts included (the quote page lists them). */
  async function quoteDetail(row: DocumentRow) {
    const invoices = await db
      .selectFrom('invoices')
      .select(['id', 'number', 'status', 'issue_date', 'total_cents', 'credited_cents'])
      .where('owner_id', '=', row.owner_id)
      .where('deposit_of_quote_id', '=', row.id)
      .orderBy('id')
      .execute();
    return {
      deposit_invoices: invoices.map((i) => ({
        id: i.id,
        invoice_number: i.number,
        status: i.status,
        status_display: (INVOICE_STATUS_LABELS as Record<string, string>)[i.status] ?? i.status,
        issue_date: i.issue_date,
        total_amount: fromHundredths(Number(i.total_cents)),
        credited_amount: fromHundredths(Number(i.credited_cents)),
      })),
    };
  }

  return {
    listQuery,
    shape,

    async list(ownerId: number, params: Unchecked<DocumentListQuery>, today: string) {
      // 'overdue' is derived: open invoices due before today (the balance is checked per row).
      const overdue = kind.kind === 'invoice' && (params.status === 'overdue' || params.overdue === 'true');
      const filters = overdue ? { ...params, status: undefined } : params;
      let query = applyListFilters(listQuery(ownerId), filters, LIST_FILTERS);
      if (overdue) query = query.where(outstandingStatus('d.status')).where('d.end_date', '<', today);
      if (typeof params.payment_date__gte === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.payment_date__gte)) {
        query = query.where('d.payment_date', '>=', params.payment_date__gte);
      }
      if (params.due_soon === 'true') {
        const inAWeek = new Date(Date.parse(today) + 7 * 86400000).toISOString().slice(0, 10);
        query = query
          .where('d.end_date', '>=', today)
          .where('d.end_date', '<=', inAWeek)
          .where(outstandingStatus('d.status'));
      }
      const rows = await query.orderBy('d.id').execute();
      const views = rows.map((row) => shape(row as ShapeRow, today));
      return overdue ? views.filter((v) => v.is_overdue) : views;
    },

    async forClient(ownerId: number, clientId: number) {
      const today = parisToday();
      const rows = await listQuery(ownerId).where('d.client_id', '=', clientId).orderBy('d.id').execute();
      return rows.map((row) => shape(row as ShapeRow, today));
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
      const row = (await db
        .selectFrom(`${T(kind)} as d`)
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .$if(kind.kind === 'credit_note', (q) => q.leftJoin('invoices as ci', 'ci.id', (sql.ref('d.invoice_id') as never)))
        .selectAll('d')
        .select(['c.name as client_name', 'c.email as client_email'])
        .$if(kind.kind === 'credit_note', (q) => q.select(['ci.number as invoice_number', 'ci.issue_date as invoice_issue_date'] as never))
        .where('d.owner_id', '=', ownerId)
        .where('d.id', '=', id)
        .executeTakeFirst()) as (DocumentRow & ShapeRow) | undefined;
      if (!row) return undefined;
      const lineItems = (await lines([id])).get(id) ?? [];
      // In euros and percent, from the stored lines: the same figures as the stored totals.
      const { breakdown } = computeTotals(lineItems, fromHundredths(row.tax_rate));
      const archived = kind.ledger || kind.kind === 'quote'
        ? await db.selectFrom('issued_documents').select(['pdf_sha256', 'client_name']).where('kind', '=', kind.kind).where('document_id', '=', id).executeTakeFirst()
        : undefined;
      const view = shape(row);
      return {
        ...view,
        // An issued document names its client as it was issued (the contact may have been renamed since).
        client: view.client && archived?.client_name ? { ...view.client, name: archived.client_name } : view.client,
        description: row.description,
        tax_rate: fromHundredths(row.tax_rate),
        // Written only through the schema's enums.
        operation_category: row.operation_category as OperationCategory,
        service_date: row.service_date ?? null,
        service_end_date: row.service_end_date ?? null,
        vat_exemption: row.vat_exemption as VatExemptionKey | '',
        legal_notice: row.legal_notice,
        signature_notice: row.signature_notice,
        tax_amount: fromHundredths(row.tax_cents),
        vat_breakdown: vatBreakdownJson(breakdown),
        pdf_sha256: archived?.pdf_sha256 ?? null,
        // The latest e-mail's delivery (issue 16: the outbox), null if never sent by e-mail.
        email_delivery: (await emailDeliveries(db, kind.kind, [id])).get(id) ?? null,
        ...(kind.kind === 'invoice' ? await invoiceDetail(row) : {}),
        ...(kind.kind === 'quote' ? await quoteDetail(row) : {}),
        ...(kind.kind === 'credit_note' ? { reason: row.reason ?? '' } : {}),
        line_items: lineItems,
      };
    },

    invoiceDetail,

    async lineRows(documentId: number) {
      return db.selectFrom(L(kind)).selectAll().where('document_id', '=', documentId).orderBy('position').execute();
    },

    /** Writes the document's columns and totals (computed here, never taken from the client). */
    async save(
      ownerId: number,
      id: number | null,
      input: ResolvedDocument & {
        issue_date: string;
        number?: string | null;
        quote_id?: number | null;
        /** Invoices: a deposit invoice's quote, a final invoice's deducted deposits (cents). */
        is_deposit?: number;
        deposit_of_quote_id?: number | null;
        prepaid_cents?: number;
        /** Credit notes only. */
        credit?: { invoice_id: number; reason: string; refund_cents: number };
      },
    ): Promise<number> {
      const totals = linesTotals(input.line_items, input.tax_rate);
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
        operation_category: input.operation_category,
        service_date: input.service_date,
        service_end_date: input.service_end_date,
        vat_exemption: input.vat_exemption,
        legal_notice: input.legal_notice,
        signature_notice: input.signature_notice,
        subtotal_cents: totals.subtotal,
        tax_cents: totals.tax,
        total_cents: totals.total,
        updated_at: now,
        ...(input.number !== undefined ? { number: input.number } : {}),
        search_text: documentSearchText(input),
        ...(input.quote_id !== undefined ? { quote_id: input.quote_id } : {}),
        ...(input.is_deposit !== undefined ? { is_deposit: input.is_deposit } : {}),
        ...(input.deposit_of_quote_id !== undefined ? { deposit_of_quote_id: input.deposit_of_quote_id } : {}),
        ...(input.prepaid_cents !== undefined ? { prepaid_cents: input.prepaid_cents } : {}),
        ...(kind.kind === 'invoice' ? { internal_notes: input.internal_notes } : {}),
        ...(input.credit ?? {}),
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
      if (kind.kind === 'invoice') {
        const taskIds = [...new Set(input.line_items.map((l) => l.task_id).filter((t): t is number => t !== null))];
        await syncBilledTasks(db, ownerId, documentId, taskIds);
      }
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
        return {
          sum: fromHundredths(Number(row?.total ?? 0)),
          balance: fromHundredths(Number(row?.balance ?? 0)),
          count: Number(row?.count ?? 0),
        };
      };
    },

    /**
     * Count and balance (TTC still due) of the open invoices due before `today`, read from the
     * partial covering index `invoices_open_due_idx` (migration 0009). A prepared query.
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
        return { sum: fromHundredths(Number(row?.balance ?? 0)), count: Number(row?.count ?? 0) };
      };
    },

    /**
     * Cash received per month ('YYYY-MM') from `fromMonth` on (cash basis: payments on their dates,
     * less what credit notes owe back, on theirs), HT and TTC, read from `cash_totals` (kept by
     * triggers, migration 0009).
     */
    async cashByMonth(ownerId: number, fromMonth: string) {
      const rows = await db
        .selectFrom('cash_totals')
        .select(['month', 'count', 'amount_cents', 'amount_ht_cents'])
        .where('owner_id', '=', ownerId)
        .where('month', '>=', fromMonth)
        .orderBy('month')
        .execute();
      return rows.map((r) => ({
        month: r.month, subtotal: fromHundredths(Number(r.amount_ht_cents)), total_amount: fromHundredths(Number(r.amount_cents)), count: Number(r.count),
      }));
    },

    /** Cash (TTC, refunds deducted) and payment count from month `fromMonth` ('YYYY-MM') on. A prepared query. */
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
        return { sum: fromHundredths(Number(row?.amount ?? 0)), count: Number(row?.count ?? 0) };
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
    nextOutstandingQuery,

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

  /**
   * Lines absent from the payload are removed; a line keeps its id when it names one of this
   * document's lines, otherwise it is new.
   */
  async function replaceLines(documentId: number, items: ResolvedLine[], totals: number[]) {
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
        tax_rate: line.tax_rate,
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
