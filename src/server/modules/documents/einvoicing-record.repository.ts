import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, EInvoicingDocumentsTable, EInvoicingPaymentReportsTable } from '@/server/db/schema';

export type EInvoicedKind = EInvoicingDocumentsTable['document_kind'];
export type EInvoicingDocumentRow = Selectable<EInvoicingDocumentsTable>;

/**
 * Rows of the documents' e-invoicing record (issue 26, migration 0035): the submission of each
 * issued invoice or credit note as a platform flow, the lifecycle statuses reported for it, and the
 * 212 « Encaissée » message of each payment. Rows only: the rules are in einvoicing-record.ts.
 */
export function einvoicingRecordRepository(db: Kysely<Database>) {
  return {
    /** An account's invoices and credit notes issued since `since` to a client with a SIREN, not yet considered for sending. */
    unconsidered: (ownerId: number, since: string, limit: number) =>
      db
        .selectFrom('issued_documents as d')
        .select(['d.kind', 'd.document_id', 'd.snapshot'])
        .where('d.owner_id', '=', ownerId)
        .where('d.created_at', '>=', since)
        .where('d.kind', 'in', ['invoice', 'credit_note'])
        .where('d.client_siren', '<>', '')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('einvoicing_documents as e').select('e.document_id').whereRef('e.document_kind', '=', 'd.kind').whereRef('e.document_id', '=', 'd.document_id'),
            ),
          ),
        )
        .orderBy('d.created_at')
        .limit(limit)
        .execute() as Promise<{ kind: EInvoicedKind; document_id: number; snapshot: string }[]>,

    /** Stores the document's record once; false when it has one already (another sync got there first). */
    claim: async (row: Omit<EInvoicingDocumentsTable, 'attempts' | 'status_code' | 'status_at'>): Promise<boolean> => {
      const result = await db.insertInto('einvoicing_documents').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    find: (kind: EInvoicedKind, documentId: number) =>
      db.selectFrom('einvoicing_documents').selectAll().where('document_kind', '=', kind).where('document_id', '=', documentId).executeTakeFirst(),

    update: (kind: EInvoicedKind, documentId: number, values: Updateable<EInvoicingDocumentsTable>) =>
      db.updateTable('einvoicing_documents').set(values).where('document_kind', '=', kind).where('document_id', '=', documentId).execute(),

    /** The account's sent document with that number (a lifecycle message names the invoice by its number). */
    byNumber: (ownerId: number, kind: EInvoicedKind, number: string) =>
      db.selectFrom('einvoicing_documents').selectAll().where('owner_id', '=', ownerId).where('number', '=', number).where('document_kind', '=', kind).executeTakeFirst(),

    /** Records a status once (same code, same time); false when it was already. */
    addStatus: async (row: { owner_id: number; document_kind: EInvoicedKind; document_id: number; code: number; at: string; reason: string; created_at: string }) => {
      const result = await db.insertInto('einvoicing_statuses').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The document's latest status: the one set last (a message read late never goes back in time). */
    setLatest: (kind: EInvoicedKind, documentId: number, code: number, at: string) =>
      db
        .updateTable('einvoicing_documents')
        .set({ status_code: code, status_at: at })
        .where('document_kind', '=', kind)
        .where('document_id', '=', documentId)
        .where((eb) => eb.or([eb('status_at', 'is', null), eb('status_at', '<=', at)]))
        .execute(),

    statuses: (kind: EInvoicedKind, documentIds: number[]) =>
      documentIds.length
        ? db
            .selectFrom('einvoicing_statuses')
            .select(['document_id', 'code', 'at', 'reason'])
            .where('document_kind', '=', kind)
            .where('document_id', 'in', documentIds)
            .orderBy('at')
            .orderBy('id')
            .execute()
        : Promise.resolve([]),

    records: (kind: EInvoicedKind, documentIds: number[]) =>
      documentIds.length
        ? db.selectFrom('einvoicing_documents').selectAll().where('document_kind', '=', kind).where('document_id', 'in', documentIds).execute()
        : Promise.resolve([]),

    /** Payments on invoices submitted through the platform whose 212 was not considered yet. */
    unreportedPayments: (ownerId: number, limit: number) =>
      db
        .selectFrom('payments as p')
        .innerJoin('einvoicing_documents as e', (join) => join.on('e.document_kind', '=', 'invoice').onRef('e.document_id', '=', 'p.invoice_id'))
        .select(['p.id', 'p.invoice_id', 'p.date', 'p.amount_cents', 'p.created_at'])
        .where('p.owner_id', '=', ownerId)
        .where('e.state', '=', 'submitted')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('einvoicing_payment_reports as r').select('r.payment_id').whereRef('r.payment_id', '=', 'p.id'))))
        .orderBy('p.id')
        .limit(limit)
        .execute(),

    claimPaymentReport: async (row: Omit<EInvoicingPaymentReportsTable, 'flow_id'> & { flow_id?: string | null }): Promise<boolean> => {
      const result = await db.insertInto('einvoicing_payment_reports').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    updatePaymentReport: (paymentId: number, values: Updateable<EInvoicingPaymentReportsTable>) =>
      db.updateTable('einvoicing_payment_reports').set(values).where('payment_id', '=', paymentId).execute(),

    paymentReports: (invoiceId: number) =>
      db.selectFrom('einvoicing_payment_reports').select(['payment_id', 'state', 'message']).where('invoice_id', '=', invoiceId).execute(),

    payment: (ownerId: number, paymentId: number) =>
      db.selectFrom('payments').select(['id', 'invoice_id', 'date', 'amount_cents']).where('owner_id', '=', ownerId).where('id', '=', paymentId).executeTakeFirst(),

    /** List filter: the account's documents whose latest status is `code`. */
    withStatus: async (ownerId: number, kind: EInvoicedKind, code: number): Promise<number[]> =>
      (
        await db.selectFrom('einvoicing_documents').select('document_id').where('owner_id', '=', ownerId).where('status_code', '=', code).where('document_kind', '=', kind).execute()
      ).map((r) => r.document_id),
  };
}
