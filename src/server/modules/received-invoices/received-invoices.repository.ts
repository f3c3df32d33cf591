import { sql, type Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { normalizeSearch } from '@/shared/search';

const ROW_COLUMNS = [
  'id', 'source', 'format', 'number', 'type_code', 'issue_date', 'due_date', 'currency', 'supplier_name', 'supplier_siren',
  'net_cents', 'vat_cents', 'gross_cents', 'due_cents', 'status_code', 'data', 'original_name', 'received_at',
] as const;

export type ReceivedInvoiceRecord = {
  id: number; source: string; format: string; number: string; type_code: string; issue_date: string; due_date: string | null; currency: string;
  supplier_name: string; supplier_siren: string | null; net_cents: number; vat_cents: number; gross_cents: number; due_cents: number;
  status_code: number | null; data: string; original_name: string; received_at: string;
};

export type NewReceivedInvoice = Omit<ReceivedInvoiceRecord, 'id' | 'status_code'> & {
  supplier_key: string; original: Buffer; original_sha256: string; search_text: string; platform_flow_id?: string | null;
};

/** Suppliers' e-invoices; every query scoped to its owner (another user's id reads as missing). */
export function receivedInvoicesRepository(db: Kysely<Database>) {
  const numbers = (row: ReceivedInvoiceRecord): ReceivedInvoiceRecord => ({
    ...row,
    net_cents: Number(row.net_cents), vat_cents: Number(row.vat_cents), gross_cents: Number(row.gross_cents), due_cents: Number(row.due_cents),
  });
  return {
    /** Newest first; `status` a code (null: not answered yet), `term` a normalised search. */
    async list(ownerId: number, filter: { statusCode?: number | null; term?: string }): Promise<ReceivedInvoiceRecord[]> {
      let query = db.selectFrom('received_invoices').select(ROW_COLUMNS).where('owner_id', '=', ownerId);
      if (filter.statusCode === null) query = query.where('status_code', 'is', null);
      else if (filter.statusCode !== undefined) query = query.where('status_code', '=', filter.statusCode);
      const term = normalizeSearch(filter.term ?? '');
      if (term) query = query.where(sql<boolean>`search_text like ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
      return (await query.orderBy('issue_date', 'desc').orderBy('id', 'desc').execute()).map(numbers);
    },
    async find(ownerId: number, id: number): Promise<ReceivedInvoiceRecord | undefined> {
      const row = await db.selectFrom('received_invoices').select(ROW_COLUMNS).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst();
      return row && numbers(row);
    },
    original: (ownerId: number, id: number) =>
      db.selectFrom('received_invoices').select(['original', 'original_name', 'format']).where('owner_id', '=', ownerId).where('id', '=', id).executeTakeFirst(),
    /** The invoice already filed for this supplier and number, if any. */
    findDuplicate: (ownerId: number, supplierKey: string, number: string) =>
      db.selectFrom('received_invoices').select('id').where('owner_id', '=', ownerId).where('supplier_key', '=', supplierKey).where('number', '=', number).executeTakeFirst(),
    /** Inserts, or undefined when the same supplier and number is already there (a concurrent upload). */
    async insert(ownerId: number, invoice: NewReceivedInvoice): Promise<number | undefined> {
      const row = await db
        .insertInto('received_invoices')
        .values({ ...invoice, owner_id: ownerId, status_code: null })
        .onConflict((oc) => oc.columns(['owner_id', 'supplier_key', 'number']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    /** Sets the answer when the invoice is still at `from` (null: none yet): of two concurrent answers, one wins. */
    async answer(ownerId: number, id: number, from: number | null, to: number): Promise<boolean> {
      const result = await db
        .updateTable('received_invoices')
        .set({ status_code: to })
        .where('owner_id', '=', ownerId)
        .where('id', '=', id)
        .where('status_code', from === null ? 'is' : '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /**
     * An answer, with its reason code (null: none) and the user's details; `toSend`: the invoice came
     * through the platform, so the answer goes back to the supplier through it.
     */
    addStatus: (ownerId: number, invoiceId: number, answer: { code: number; reasonCode: string | null; reason: string }, at: string, toSend: boolean) =>
      db
        .insertInto('received_invoice_statuses')
        .values({
          owner_id: ownerId, received_invoice_id: invoiceId, code: answer.code, reason_code: answer.reasonCode, reason: answer.reason, at,
          platform_state: toSend ? 'pending' : null,
        })
        .execute(),
    statuses: (invoiceId: number) =>
      db
        .selectFrom('received_invoice_statuses')
        .select(['code', 'reason_code', 'reason', 'at', 'platform_state', 'platform_message'])
        .where('received_invoice_id', '=', invoiceId)
        .orderBy('id')
        .execute(),
    /** The account's answers still to send to their suppliers (the partial index of migration 0035), oldest first. */
    answersToSend: (ownerId: number, limit: number, only?: number) =>
      db
        .selectFrom('received_invoice_statuses as s')
        .innerJoin('received_invoices as r', 'r.id', 's.received_invoice_id')
        .select(['s.id', 's.code', 's.reason_code', 's.reason', 's.at', 'r.number', 'r.type_code', 'r.issue_date', 'r.received_at', 'r.supplier_name', 'r.supplier_siren', 'r.data'])
        .where('s.owner_id', '=', ownerId)
        .where('s.platform_state', '=', 'pending')
        .where('r.owner_id', '=', ownerId)
        .$if(only !== undefined, (q) => q.where('s.id', '=', only!))
        .orderBy('s.id')
        .limit(limit)
        .execute(),
    markAnswer: (statusId: number, state: 'sent' | 'error', message: string | null) =>
      db.updateTable('received_invoice_statuses').set({ platform_state: state, platform_message: message }).where('id', '=', statusId).execute(),
    /** The register's rows: issued in [from, to], not refused, oldest first. */
    async register(ownerId: number, from: string, to: string, refusedCode: number): Promise<ReceivedInvoiceRecord[]> {
      const rows = await db.selectFrom('received_invoices').select(ROW_COLUMNS)
        .where('owner_id', '=', ownerId).where('issue_date', '>=', from).where('issue_date', '<=', to)
        .where((eb) => eb.or([eb('status_code', 'is', null), eb('status_code', '!=', refusedCode)]))
        .orderBy('issue_date').orderBy('id').execute();
      return rows.map(numbers);
    },
  };
}

export type ReceivedInvoicesRepository = ReturnType<typeof receivedInvoicesRepository>;
