import type { ExpressionBuilder, Kysely, Nullable } from 'kysely';
import type { Database } from '@/server/db/schema';

/** A payment received, with its invoice and client (amount in cents). */
export interface PaymentReceipt {
  id: number;
  date: string;
  amount_cents: number;
  /** Its HT share (payments.amount_ht_cents). */
  amount_ht_cents: number;
  method: string;
  reference: string;
  invoice_id: number;
  invoice_number: string | null;
  operation_category: string;
  client_id: number;
  client_name: string;
}

/** A credit note that gave money back: `refund_cents` beyond its invoice's balance. */
export interface RefundReceipt {
  id: number;
  number: string;
  issue_date: string;
  refund_cents: number;
  refund_ht_cents: number;
  invoice_id: number;
  invoice_number: string | null;
  operation_category: string;
  client_id: number;
  client_name: string;
}

/** An issued invoice or a credit note of the sales journal, in stored units. */
export interface JournalDocument {
  id: number;
  number: string;
  issue_date: string;
  client_id: number;
  client_name: string;
  client_siren: string;
  /** Hundredths of a percent: the rate of lines that name none. */
  tax_rate: number;
  paid_cents: number;
  credited_cents: number;
  /** A final invoice: its quote's deposits (BT-113). */
  prepaid_cents: number;
  invoice_number: string | null;
  /** Issue 25: the document's discount (hundredths of a percent, or cents), taken off its lines rate by rate. */
  discount_percent: number;
  discount_cents: number;
}

/**
 * The HT of a document's lines at one VAT rate: the sum of their stored totals (each line's total
 * as computeTotals gave it when the document was saved; frozen since it was issued).
 */
export interface JournalRateBase {
  document_id: number;
  /** Hundredths of a percent. */
  tax_rate: number;
  base_cents: number;
}

/**
 * The reads, as query builders (the tests check their plans). Every read is scoped to its owner
 * and bounded by dates, through the owner-and-date indexes: payments_owner_date_idx,
 * credit_notes_owner_date_idx and invoices_owner_issued_idx (partial: `number is not null` must be
 * in the query for the planner to use it); lines through their documents' index.
 */
/**
 * The client's name and SIREN as the document was issued (its archived snapshot, joined as `a`):
 * reports of issued documents never show a contact renamed since; the contact's only for a
 * document archived before the snapshot kept them.
 */
type ArchiveJoin = ExpressionBuilder<{ a: Nullable<Database['issued_documents']>; c: Database['contacts'] }, 'a' | 'c'>;
const issuedName = (eb: ArchiveJoin) => eb.fn.coalesce('a.client_name', 'c.name').as('client_name');
const issuedSiren = (eb: ArchiveJoin) => eb.fn.coalesce('a.client_siren', 'c.siren').as('client_siren');

export function reportQueries(db: Kysely<Database>) {
  return {
    /** Payments dated from `from` to `to` (inclusive), oldest first. */
    payments: (ownerId: number, from: string, to: string) =>
      db
        .selectFrom('payments as p')
        .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
        .innerJoin('contacts as c', 'c.id', 'i.client_id')
        .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'i.id').on('a.kind', '=', 'invoice'))
        .select((eb) => [
          'p.id', 'p.date', 'p.amount_cents', 'p.amount_ht_cents', 'p.method', 'p.reference', 'p.invoice_id', 'i.number as invoice_number',
          'i.operation_category', 'i.client_id', issuedName(eb),
        ])
        .where('p.owner_id', '=', ownerId)
        .where('p.date', '>=', from)
        .where('p.date', '<=', to)
        .orderBy('p.date')
        .orderBy('p.id'),

    /** Credit notes dated from `from` to `to` that refunded something. */
    refunds: (ownerId: number, from: string, to: string) =>
      db
        .selectFrom('credit_notes as cn')
        .innerJoin('invoices as i', 'i.id', 'cn.invoice_id')
        .innerJoin('contacts as c', 'c.id', 'cn.client_id')
        .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'cn.id').on('a.kind', '=', 'credit_note'))
        .select((eb) => [
          'cn.id', 'cn.number', 'cn.issue_date', 'cn.refund_cents', 'cn.refund_ht_cents', 'cn.invoice_id', 'i.number as invoice_number',
          'cn.operation_category', 'cn.client_id', issuedName(eb),
        ])
        .where('cn.owner_id', '=', ownerId)
        .where('cn.issue_date', '>=', from)
        .where('cn.issue_date', '<=', to)
        .where('cn.refund_cents', '>', 0)
        .orderBy('cn.issue_date')
        .orderBy('cn.id'),

    /** Issued invoices dated from `from` to `to`. */
    invoices: (ownerId: number, from: string, to: string) =>
      db
        .selectFrom('invoices as d')
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'd.id').on('a.kind', '=', 'invoice'))
        .select((eb) => [
          'd.id', 'd.number', 'd.issue_date', 'd.client_id', issuedName(eb), issuedSiren(eb), 'd.tax_rate',
          'd.paid_cents', 'd.credited_cents', 'd.prepaid_cents', 'd.discount_percent', 'd.discount_cents',
        ])
        .where('d.owner_id', '=', ownerId)
        .where('d.number', 'is not', null)
        .where('d.issue_date', '>=', from)
        .where('d.issue_date', '<=', to),

    /** Their lines' HT per document and rate (one row per rate used, instead of one per line). */
    invoiceLines: (ownerId: number, from: string, to: string) =>
      db
        .selectFrom('invoice_lines as l')
        .innerJoin('invoices as d', 'd.id', 'l.document_id')
        .select((eb) => ['l.document_id', 'l.tax_rate', eb.fn.sum<number>('l.total_cents').as('base_cents')])
        .where('d.owner_id', '=', ownerId)
        .where('d.number', 'is not', null)
        .where('d.issue_date', '>=', from)
        .where('d.issue_date', '<=', to)
        .groupBy(['l.document_id', 'l.tax_rate']),

    /** Credit notes dated from `from` to `to`, with the number of the invoice each credits. */
    creditNotes: (ownerId: number, from: string, to: string) =>
      db
        .selectFrom('credit_notes as d')
        .innerJoin('contacts as c', 'c.id', 'd.client_id')
        .innerJoin('invoices as i', 'i.id', 'd.invoice_id')
        .leftJoin('issued_documents as a', (join) => join.onRef('a.document_id', '=', 'd.id').on('a.kind', '=', 'credit_note'))
        .select((eb) => [
          'd.id', 'd.number', 'd.issue_date', 'd.client_id', issuedName(eb), issuedSiren(eb), 'd.tax_rate',
          'i.number as invoice_number', 'd.discount_percent', 'd.discount_cents',
        ])
        .where('d.owner_id', '=', ownerId)
        .where('d.issue_date', '>=', from)
        .where('d.issue_date', '<=', to),

    creditNoteLines: (ownerId: number, from: string, to: string) =>
      db
        .selectFrom('credit_note_lines as l')
        .innerJoin('credit_notes as d', 'd.id', 'l.document_id')
        .select((eb) => ['l.document_id', 'l.tax_rate', eb.fn.sum<number>('l.total_cents').as('base_cents')])
        .where('d.owner_id', '=', ownerId)
        .where('d.issue_date', '>=', from)
        .where('d.issue_date', '<=', to)
        .groupBy(['l.document_id', 'l.tax_rate']),
  };
}

export function reportsRepository(db: Kysely<Database>) {
  const q = reportQueries(db);
  return {
    payments: (ownerId: number, from: string, to: string) => q.payments(ownerId, from, to).execute() as Promise<PaymentReceipt[]>,

    refunds: (ownerId: number, from: string, to: string) => q.refunds(ownerId, from, to).execute() as Promise<RefundReceipt[]>,

    /** Issued invoices dated from `from` to `to`, and their lines. */
    async invoices(ownerId: number, from: string, to: string) {
      const documents = await q.invoices(ownerId, from, to).execute();
      const lines = await q.invoiceLines(ownerId, from, to).execute();
      return {
        documents: documents.map((d) => ({ ...d, invoice_number: null })) as JournalDocument[],
        lines: lines as JournalRateBase[],
      };
    },

    /** Credit notes dated from `from` to `to`, and their lines. */
    async creditNotes(ownerId: number, from: string, to: string) {
      const documents = await q.creditNotes(ownerId, from, to).execute();
      const lines = await q.creditNoteLines(ownerId, from, to).execute();
      return {
        documents: documents.map((d) => ({ ...d, paid_cents: 0, credited_cents: 0, prepaid_cents: 0 })) as JournalDocument[],
        lines: lines as JournalRateBase[],
      };
    },

    /** The profile's legal form ('' when not stated): who declares a cashed turnover. */
    legalForm: async (ownerId: number) =>
      (await db.selectFrom('users').select('legal_form').where('id', '=', ownerId).executeTakeFirst())?.legal_form ?? '',

    /** The issuer printed on the receipts book. */
    issuer: (ownerId: number) =>
      db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'company_name', 'siret', 'address', 'postal_code', 'city'])
        .where('id', '=', ownerId)
        .executeTakeFirstOrThrow(),
  };
}
