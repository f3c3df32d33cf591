import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '@/server/db/schema';
import { PRIORITY_LABELS, type Priority } from '@/shared/projects-tasks';
import { computeTotals, INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, vatBreakdownJson, type PaymentMethod } from '@/shared/documents';
import { fromHundredths, fromTenThousandths } from '@/shared/money';
import { lineUnitOf } from '@/shared/units';
import { exemptionKeyOf, type OperationCategory } from '@/shared/vat';
import type {
  DocumentClientJson, DocumentJson, DocumentLineJson, DocumentListParams, DocumentNumberingJson, DocumentRowJson,
} from '@/shared/contracts/documents';
import { parisToday } from '@/shared/dates';
import { paymentTermsOf } from '@/shared/payment-terms';
import { emailDeliveries } from '@/server/mail/outbox';
import { taskCostCents } from '@/server/modules/tasks';
import type { DocumentKindConfig } from './document-kinds';
import { documentsRepository, type DocumentRow, type ListRow } from './documents.repository';
import type { ListPage } from '@/server/http/list-filters';
import { issuedDocumentsRepository } from './issued-documents.repository';
import { invoiceLinksRepository } from './invoices/invoice-links.repository';
import { paymentsRepository } from './invoices/payments.repository';
import { deductedDeposits, isOverdue, settlementAmounts, shownBalanceCents } from './core';
import { einvoicingRecord, lifecycleStatusView } from './einvoicing-record';

/**
 * Documents as the API sends them (src/shared/contracts/documents.ts): rows shaped by pure functions,
 * and the reader that gathers a document's rows (lines, payments, credit notes, deposits, archive,
 * e-mail delivery) from the repositories.
 */

export type ClientRef = DocumentClientJson;
export type LineItem = DocumentLineJson;

/** A whole document as the API sends it (src/shared/contracts/documents.ts). */
export type DocumentView = DocumentJson;

/** The number and end date under the kind's own names (quote_number, due_date…). */
const numbering = (kind: DocumentKindConfig, number: string | null, endDate: string | null): DocumentNumberingJson =>
  ({ [kind.numberField]: number, [kind.endDateField]: endDate }) as DocumentNumberingJson;

export const paymentView = (p: Selectable<PaymentsTable>) => ({
  id: p.id,
  date: p.date,
  amount: fromHundredths(p.amount_cents),
  method: p.method,
  method_display: PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method,
  reference: p.reference,
  created_at: p.created_at,
});

/** An invoice's settlement as the API shows it. */
function settlementView(row: ListRow, today: string) {
  const amounts = settlementAmounts(row);
  const issued = row.number !== null && row.number !== undefined;
  return {
    amount_paid: fromHundredths(amounts.paid_cents),
    credited_amount: fromHundredths(amounts.credited_cents),
    // A draft owes its total, less its quote's deposits (a final invoice).
    balance_due: fromHundredths(shownBalanceCents(amounts, !!row.number)),
    /** The quote's deposits, deducted (a final invoice; 0 otherwise). */
    prepaid_amount: fromHundredths(amounts.prepaid_cents),
    /** A facture d'acompte. */
    is_deposit: Boolean(row.is_deposit),
    is_overdue: isOverdue(row, today),
    is_issued: issued,
  };
}

function kindFields(kind: DocumentKindConfig, row: ListRow, today: string) {
  const einvoicing_status = lifecycleStatusView(row.einvoicing_status_code);
  if (kind.kind === 'invoice') return { payment_date: row.payment_date ?? null, ...settlementView(row, today), einvoicing_status };
  if (kind.kind === 'credit_note') {
    return { invoice: { id: row.invoice_id!, invoice_number: row.invoice_number ?? null, issue_date: row.invoice_issue_date ?? null }, einvoicing_status };
  }
  return {};
}

/** A document's payment terms as the API sends them. */
const paymentTermsView = (row: { payment_terms?: string; payment_days?: number }) => {
  const terms = paymentTermsOf(row.payment_terms, row.payment_days);
  return { payment_terms: terms.kind, payment_days: terms.days };
};

/** A list's row (and the head of a record) as the API sends it. */
export const rowView = (kind: DocumentKindConfig, row: ListRow, today = parisToday()): DocumentRowJson => ({
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
  ...kindFields(kind, row, today),
  /** HT, for the revenue chart. */
  subtotal: fromHundredths(row.subtotal_cents ?? 0),
  total_amount: fromHundredths(row.total_cents ?? 0),
  created_at: row.created_at,
});

type LineWithTask = Awaited<ReturnType<ReturnType<typeof documentsRepository>['linesWithTasks']>>[number];

export const lineView = (r: LineWithTask): LineItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  quantity: fromTenThousandths(r.quantity),
  unit_price: fromTenThousandths(r.unit_price_centicents),
  tax_rate: fromHundredths(r.tax_rate),
  unit: lineUnitOf(r.unit),
  discount_percent: fromHundredths(r.discount_percent ?? 0),
  discount_amount: fromHundredths(r.discount_cents ?? 0),
  vat_exemption: exemptionKeyOf(r.vat_exemption),
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

/** Reads documents of one kind as the API sends them. */
/** Issue 26: a document's exchange with the platform, and its latest status as a list row shows it. */
async function einvoicingFields(db: Kysely<Database>, kind: 'invoice' | 'credit_note', id: number) {
  const einvoicing = await einvoicingRecord(db).view(kind, id);
  return { einvoicing, einvoicing_status: lifecycleStatusView(einvoicing?.status_code) };
}

export function documentViews(db: Kysely<Database>, kind: DocumentKindConfig) {
  const documents = documentsRepository(db, kind);
  const links = invoiceLinksRepository(db);

  /** An invoice's payments and credit notes, and the credit note that cancelled it. */
  async function invoiceDetail(row: DocumentRow) {
    const [payments, creditNotes] = await Promise.all([paymentsRepository(db).ofInvoice(row.id), links.creditNotes(row.id)]);
    const depositOf = row.deposit_of_quote_id ? await links.quoteNumber(row.deposit_of_quote_id) : undefined;
    // A final invoice lists the deposits it deducts.
    const deposits = row.quote_id ? deductedDeposits(await links.depositInvoices(row.owner_id, row.quote_id, { issued: true })) : [];
    return {
      quote_id: row.quote_id ?? null,
      recurrence_id: row.recurrence_id ?? null,
      deposit_of_quote: depositOf ? { id: depositOf.id, quote_number: depositOf.number } : null,
      deposits: deposits.map((d) => ({
        id: d.id, invoice_number: d.number, issue_date: d.issueDate, amount: fromHundredths(d.amountCents), paid_amount: fromHundredths(d.paidCents),
      })),
      internal_notes: row.internal_notes ?? '',
      payments: payments.map(paymentView),
      credit_notes: creditNotes.map((c) => ({
        id: c.id, credit_note_number: c.number, issue_date: c.issue_date, total_amount: fromHundredths(c.total_cents), reason: c.reason,
      })),
      cancelled_by: row.status === 'cancelled' ? (creditNotes.at(-1)?.number ?? null) : null,
    };
  }

  /** A quote's deposit invoices, drafts included (the quote page lists them), and its final invoice once converted. */
  async function quoteDetail(row: DocumentRow) {
    const [invoices, final] = await Promise.all([links.depositInvoices(row.owner_id, row.id), links.finalInvoice(row.owner_id, row.id)]);
    return {
      final_invoice: final ? { id: final.id, invoice_number: final.number } : null,
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
    /** The list, whole (SPEC), or one keyset page of it with `page_size` (issue 29). */
    async list(ownerId: number, params: DocumentListParams, today: string): Promise<ListPage<DocumentRowJson>> {
      // 'overdue' is derived: open invoices due before today (the balance is checked per row).
      const overdue = kind.kind === 'invoice' && (params.status === 'overdue' || params.overdue === 'true');
      const filters = overdue ? { ...params, status: undefined } : params;
      const narrowing = {
        dueBefore: overdue ? today : undefined,
        paidFrom: typeof params.payment_date__gte === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(params.payment_date__gte) ? params.payment_date__gte : undefined,
        dueWithin: params.due_soon === 'true' ? { from: today, to: new Date(Date.parse(today) + 7 * 86400000).toISOString().slice(0, 10) } : undefined,
      };
      const page = await documents.pageRows(ownerId, filters, narrowing);
      if (page) return { items: page.rows.map((row) => rowView(kind, row, today)), total: page.total, totalAtLeast: page.totalAtLeast, nextCursor: page.nextCursor };
      const views = (await documents.listRows(ownerId, filters, narrowing)).map((row) => rowView(kind, row, today));
      return { items: overdue ? views.filter((v) => v.is_overdue) : views };
    },

    async forClient(ownerId: number, clientId: number) {
      const today = parisToday();
      return (await documents.clientRows(ownerId, clientId)).map((row) => rowView(kind, row, today));
    },

    async find(ownerId: number, id: number): Promise<DocumentView | undefined> {
      const row = await documents.findDetailRow(ownerId, id);
      if (!row) return undefined;
      const lineItems = (await documents.linesWithTasks([id])).map(lineView);
      // In euros and percent, from the stored lines and discount: the same figures as the stored totals.
      const discount = { discount_percent: fromHundredths(row.discount_percent ?? 0), discount_amount: fromHundredths(row.discount_cents ?? 0) };
      const { breakdown, linesTotal, discount: discountCents } = computeTotals(lineItems, fromHundredths(row.tax_rate), discount);
      const archived = kind.ledger || kind.kind === 'quote' ? await issuedDocumentsRepository(db).summary(kind.kind, id) : undefined;
      const view = rowView(kind, row);
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
        vat_exemption: exemptionKeyOf(row.vat_exemption),
        // Quotes and invoices (issue 25); credit notes have none.
        ...(row.payment_terms !== undefined ? paymentTermsView(row) : {}),
        legal_notice: row.legal_notice,
        signature_notice: row.signature_notice,
        tax_amount: fromHundredths(row.tax_cents),
        ...discount,
        discount_reason: row.discount_reason ?? '',
        lines_total: fromHundredths(linesTotal),
        discount_total: fromHundredths(discountCents),
        vat_breakdown: vatBreakdownJson(breakdown),
        pdf_sha256: archived?.pdf_sha256 ?? null,
        // The latest e-mail's delivery (issue 16: the outbox), null if never sent by e-mail.
        email_delivery: (await emailDeliveries(db, kind.kind, [id])).get(id) ?? null,
        ...(kind.kind === 'invoice' ? await invoiceDetail(row) : {}),
        ...(kind.kind === 'quote' ? {} : await einvoicingFields(db, kind.kind, id)),
        ...(kind.kind === 'quote' ? await quoteDetail(row) : {}),
        ...(kind.kind === 'credit_note' ? { reason: row.reason ?? '' } : {}),
        line_items: lineItems,
      };
    },
  };
}
