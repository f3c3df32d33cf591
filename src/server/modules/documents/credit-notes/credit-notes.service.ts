import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { inTransaction, type Dialect } from '@/server/db/database';
import { badRequest, zodToFieldErrors } from '@/server/http/errors';
import { creditNoteWriteSchema } from '@/shared/contracts/documents';
import { parisToday } from '@/shared/dates';
import { fromHundredths } from '@/shared/money';
import { recordActivity } from '@/server/modules/activity';
import { CREDIT_NOTE_KIND, INVOICE_KIND } from '../document-kinds';
import { documentSearchText, documentsRepository } from '../documents.repository';
import { documentViews } from '../document-views';
import { checkRenderCost } from '../documents.schemas';
import {
  checkChronology, creditNoteRenderable, issueThenArchive, missingForCreditNote, recordIssued, refuseIfMissing, type IssueGuard,
} from '../issuing';
import { nextDocumentNumber } from '../numbering';
import { invoiceLinksRepository } from '../invoices/invoice-links.repository';
import { lockInvoice, settleInvoice, statusChange, type InvoiceRow } from '../invoices/settlement';
import { lineUnitOf } from '@/shared/units';
import {
  creditNoteReason, creditNoteTitle, euros, htShare, planCredit, seriesYear, settlementAmounts, storedDiscount, type CreditLineInput,
} from '../core';

/**
 * Credit notes (avoirs): the only way to correct or cancel an issued invoice (CGI art. 242 nonies
 * A), numbered AV-YYYY-NNNN, issued and frozen at once. What they may credit is the core's
 * (core/credit-notes.ts).
 */

/**
 * A deposit invoice deducted by its quote's final invoice is credited through the final invoice:
 * crediting it alone would leave the final invoice deducting money that was never owed.
 */
async function refuseIfDeducted(trx: Kysely<Database>, ownerId: number, row: InvoiceRow) {
  if (!row.is_deposit || row.deposit_of_quote_id === null) return;
  const final = await invoiceLinksRepository(trx).finalInvoice(ownerId, row.deposit_of_quote_id);
  if (!final) return;
  throw badRequest({
    detail: final.number
      ? `Cet acompte est déduit de la facture finale ${final.number} : émettez l’avoir sur la facture finale.`
      : 'Cet acompte est déduit de la facture finale du devis, encore en brouillon : supprimez ce brouillon avant de créditer l’acompte.',
  });
}

/** The contract's body, with the render-cost bound: no savable credit note takes more than about a second to render (issue 23, documents.schemas.ts). */
const creditNoteSchema = creditNoteWriteSchema.superRefine((body, ctx) =>
  checkRenderCost({ texts: { reason: body.reason }, lines: body.line_items ?? [] }, ctx),
);

export type CreditNoteInput = {
  reason: string;
  line_items?: CreditLineInput[];
};

export function parseCreditNote(body: unknown): CreditNoteInput {
  if (body === undefined || body === null || body === '') return { reason: '' };
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ non_field_errors: ['Données invalides. Un objet JSON est attendu.'] });
  }
  const result = creditNoteSchema.safeParse(body, { reportInput: true });
  if (!result.success) throw badRequest(zodToFieldErrors(result.error));
  const { reason, line_items } = result.data;
  return {
    reason,
    ...(line_items
      ? {
          line_items: line_items.map(({ title, description, quantity, unit_price, tax_rate, unit, discount_percent, discount_amount, vat_exemption }) => ({
            title, description, quantity, unit_price, tax_rate, unit, discount_percent, discount_cents: discount_amount, vat_exemption,
          })),
        }
      : {}),
  };
}

export function creditNotesService(db: Kysely<Database>, dialect: Dialect) {
  /** The credit note's numbering transaction: number, rows, snapshot and journal entry, settlement, history. */
  function create(ownerId: number, invoiceId: number, input: CreditNoteInput, guard: IssueGuard) {
    return inTransaction(db, async (trx) => {
      const row = await lockInvoice(trx, dialect, ownerId, invoiceId);
      if (row.number === null) {
        throw badRequest({ detail: 'Une facture brouillon n’a pas besoin d’avoir : modifiez-la ou supprimez-la.' });
      }
      await refuseIfDeducted(trx, ownerId, row);
      const invoiceLines = await documentsRepository(trx, INVOICE_KIND).lineRows(row.id);
      const plan = planCredit(
        { ...settlementAmounts(row), number: row.number, tax_rate: row.tax_rate, discount: storedDiscount(row), vat_exemption: row.vat_exemption },
        invoiceLines, input.line_items,
      );
      if (plan.refused) throw badRequest(plan.refused);
      const { lines, discount, totals, refund, scope } = plan;
      const today = parisToday();
      await checkChronology(trx, CREDIT_NOTE_KIND, ownerId, { issueDate: today, today });
      const number = await nextDocumentNumber(trx, CREDIT_NOTE_KIND, ownerId, seriesYear(today));
      const now = new Date().toISOString();
      const title = creditNoteTitle(row.number);
      const creditNotes = documentsRepository(trx, CREDIT_NOTE_KIND);
      const id = await creditNotes.insert(
        ownerId,
        {
          number, invoice_id: invoiceId, title, description: '', reason: creditNoteReason(input.reason, scope, row.number),
          client_id: row.client_id, status: 'issued', priority: row.priority, issue_date: today, end_date: today, payment_date: null,
          tax_rate: row.tax_rate,
          // What the credited invoice said of its operation and its VAT.
          operation_category: row.operation_category, service_date: row.service_date, service_end_date: row.service_end_date,
          vat_exemption: row.vat_exemption,
          legal_notice: row.legal_notice, signature_notice: row.signature_notice, subtotal_cents: totals.subtotal,
          // A full cancellation credits the invoice's discount with its lines (issue 25).
          discount_percent: discount.percent ?? 0, discount_cents: discount.cents ?? 0,
          discount_reason: discount.percent || discount.cents ? row.discount_reason : '',
          tax_cents: totals.tax, total_cents: totals.total, refund_cents: refund,
          refund_ht_cents: htShare(refund, totals.subtotal, totals.total),
          search_text: documentSearchText({ title, number }), updated_at: now,
        },
        lines.map((line, position) => ({ ...line, unit: lineUnitOf(line.unit), id: null, task_id: null, total_cents: totals.lines[position] })),
      );

      const views = documentViews(trx, CREDIT_NOTE_KIND);
      const view = (await views.find(ownerId, id))!;
      // Seller, buyer, regime and mentions as the credited invoice was issued (CGI art. 272-1: the
      // VAT it charged can be regularised whatever the profile says today).
      const renderable = await creditNoteRenderable(trx, ownerId, invoiceId, view);
      const contactId = renderable.contactId;
      // The part of the credit beyond the balance goes back to the client: "À rembourser".
      const document = { ...renderable.document, refundCents: refund };
      refuseIfMissing(CREDIT_NOTE_KIND, missingForCreditNote(document));
      guard.issued(document);
      await recordIssued(trx, dialect, CREDIT_NOTE_KIND, ownerId, document, contactId);

      const status = await settleInvoice(trx, row, Number(row.paid_cents), Number(row.credited_cents) + totals.total);
      // Wholly cancelled, the invoice bills nothing: its tasks may be billed again (their lines
      // on the frozen invoice still name them).
      if (status === 'cancelled') await invoiceLinksRepository(trx).releaseTasks(invoiceId);
      await recordActivity(trx, {
        ownerId, objectType: 'credit_note', objectId: id, label: title, action: 'créé',
        changes: `(Numéro: — → ${number}; Montant TTC: — → ${fromHundredths(totals.total).toFixed(2)})`, clientName: document.client.name,
      });
      await recordActivity(trx, {
        ownerId, objectType: 'invoice', objectId: invoiceId, label: row.title, action: 'mis à jour',
        changes: `(Avoir: — → ${number}, ${euros(totals.total)}${statusChange(row.status, status)})`, clientName: document.client.name,
      });
      return (await views.find(ownerId, id))!;
    });
  }

  return {
    /**
     * An avoir on an issued invoice: without lines it credits the whole balance due; with lines,
     * never more than what remains to be credited.
     */
    createCreditNote: async (ownerId: number, invoiceId: number, input: CreditNoteInput) => {
      const created = await issueThenArchive(db, ownerId, (guard) => create(ownerId, invoiceId, input, guard), { checkXml: true });
      return (await documentViews(db, CREDIT_NOTE_KIND).find(ownerId, created.id)) ?? created;
    },
  };
}

export type CreditNotesService = ReturnType<typeof creditNotesService>;
