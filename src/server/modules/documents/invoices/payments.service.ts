import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { badRequest, notFound } from '@/server/http/errors';
import type { PaymentInput } from '@/shared/contracts/documents';
import { formatDate } from '@/server/pdf/format';
import { parisToday } from '@/shared/dates';
import { PAYMENT_METHOD_LABELS } from '@/shared/documents';
import { recordActivity } from '@/server/modules/activity';
import { INVOICE_KIND } from '../document-kinds';
import { documentsRepository } from '../documents.repository';
import { documentViews, paymentView } from '../document-views';
import { balanceDueCents, euros, htShare, paymentDeletionRefusal, paymentProblems, paymentRefusal, settlementAmounts } from '../core';
import { invoiceLinksRepository } from './invoice-links.repository';
import { paymentsRepository } from './payments.repository';
import { lockInvoice, settleInvoice, statusChange } from './settlement';

/**
 * Payments on an issued invoice (issue 13): its status, balance and payment date follow from them
 * (core/settlement.ts), never from a hand-set status.
 */

export function paymentsService(db: Kysely<Database>, dialect: Dialect) {
  const invoices = documentsRepository(db, INVOICE_KIND);

  return {
    async listPayments(ownerId: number, invoiceId: number) {
      if (!(await invoices.findRow(ownerId, invoiceId))) throw notFound();
      return (await paymentsRepository(db).ofInvoice(invoiceId)).map(paymentView);
    },

    addPayment: (ownerId: number, invoiceId: number, input: PaymentInput) =>
      inTransaction(db, async (trx) => {
        const row = await lockInvoice(trx, dialect, ownerId, invoiceId);
        const refusal = paymentRefusal(row);
        if (refusal) throw badRequest({ detail: refusal });
        const today = parisToday();
        const date = input.date ?? today;
        const errors = paymentProblems({ amount: input.amount, date }, { balance: balanceDueCents(settlementAmounts(row)), issueDate: row.issue_date }, today);
        if (Object.keys(errors).length) throw badRequest(errors);

        const inserted = await paymentsRepository(trx).insert({
          owner_id: ownerId,
          invoice_id: invoiceId,
          date,
          amount_cents: input.amount,
          amount_ht_cents: htShare(input.amount, Number(row.subtotal_cents), Number(row.total_cents)),
          method: input.method,
          reference: input.reference,
          created_at: new Date().toISOString(),
        });
        const status = await settleInvoice(trx, row, Number(row.paid_cents) + input.amount, Number(row.credited_cents));
        await recordActivity(trx, {
          ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
          changes: `(Paiement: — → ${euros(input.amount)} le ${formatDate(date)}, ${PAYMENT_METHOD_LABELS[input.method]}${statusChange(row.status, status)})`,
        });
        return { payment: paymentView(inserted), invoice: await documentViews(trx, INVOICE_KIND).find(ownerId, invoiceId) };
      }),

    deletePayment: (ownerId: number, invoiceId: number, paymentId: number) =>
      inTransaction(db, async (trx) => {
        const row = await lockInvoice(trx, dialect, ownerId, invoiceId);
        const payments = paymentsRepository(trx);
        const payment = await payments.find(invoiceId, paymentId);
        if (!payment) throw notFound();
        const refunds = (await invoiceLinksRepository(trx).creditNotes(invoiceId)).filter((c) => Number(c.refund_cents) > 0);
        const refusal = paymentDeletionRefusal(refunds.map((r) => r.number));
        if (refusal) throw badRequest({ detail: refusal });
        await payments.delete(paymentId);
        const status = await settleInvoice(trx, row, Number(row.paid_cents) - Number(payment.amount_cents), Number(row.credited_cents));
        await recordActivity(trx, {
          ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
          changes: `(Paiement: ${euros(Number(payment.amount_cents))} le ${formatDate(payment.date)} → supprimé${statusChange(row.status, status)})`,
        });
      }),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
