import type { CreditNoteStatus, InvoiceStatus, QuoteStatus, VatBreakdownJson } from './documents';
import type { ListFilters } from './list-filters';
import type { OperationCategory, VatExemptionKey } from './vat';
import type { Priority } from './projects-tasks';
import type { EmailDeliveryJson } from './contracts/common';

export type { EmailDeliveryJson };

/**
 * Quotes, invoices and credit notes as the API sends them (SPEC 7): the server's documents
 * repository builds these types and the client's endpoints read them. Amounts in euros, rates in
 * percent, dates YYYY-MM-DD. The number and the end date are named per kind (quote_number /
 * expiration_date, invoice_number / due_date, credit_note_number / due_date); fields of one kind
 * only are optional.
 */

export interface DocumentClientJson {
  id: number;
  name: string;
  email: string;
}

/** The task a line bills, as it is now. */
export interface LineTaskJson {
  id: number;
  title: string;
  hourly_rate: number;
  cost: number;
}

export interface DocumentLineJson {
  id: number;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  /** Percent (one of VAT_RATES). */
  tax_rate: number;
  total: number;
  task_id: number | null;
  task: LineTaskJson | null;
}

/** The number and end date, under the kind's own names. */
export interface DocumentNumberingJson {
  quote_number?: string | null;
  invoice_number?: string | null;
  credit_note_number?: string | null;
  expiration_date?: string | null;
  due_date?: string | null;
}

/** The invoice a credit note credits. */
export interface CreditedInvoiceJson {
  id: number;
  invoice_number: string | null;
  issue_date: string | null;
}

/** One row of a list (GET quotes/, invoices/, credit-notes/, contacts/{id}/quotes|invoices/). */
export interface DocumentRowJson extends DocumentNumberingJson {
  id: number;
  title: string;
  client: DocumentClientJson | null;
  status: string;
  status_display: string;
  priority: Priority;
  priority_display: string;
  issue_date: string | null;
  /** HT. */
  subtotal: number;
  total_amount: number;
  created_at: string;
  /** Invoices: the date of the payment that settled it. */
  payment_date?: string | null;
  /** Invoices (issue 13): what was paid, what credit notes took off, what remains. */
  amount_paid?: number;
  credited_amount?: number;
  balance_due?: number;
  /** Invoices: the quote's deposits deducted (a final invoice). */
  prepaid_amount?: number;
  /** Invoices: a facture d'acompte (issue 15). */
  is_deposit?: boolean;
  /** Invoices: issued, a balance left and the due date past (Europe/Paris). */
  is_overdue?: boolean;
  /** Invoices: numbered, so frozen. */
  is_issued?: boolean;
  /** Credit notes: the invoice credited. */
  invoice?: CreditedInvoiceJson;
}

/**
 * Query of GET quotes/, invoices/ and credit-notes/ (answered with DocumentRowJson[], whole, in id
 * order). The status is one of the kind's, or 'overdue' for invoices.
 */
export type DocumentListQuery = ListFilters<{
  status?: QuoteStatus | InvoiceStatus | CreditNoteStatus | 'overdue';
  priority?: Priority;
}> & {
  /** Invoices: `true` is status=overdue (issued, a balance left, the due date past). */
  overdue?: boolean;
  /** Paid on this day (YYYY-MM-DD) or after. */
  payment_date__gte?: string;
  /** `true`: issued and open, due within the next 7 days. */
  due_soon?: boolean;
};

/** A payment recorded on an issued invoice. */
export interface PaymentJson {
  id: number;
  date: string;
  amount: number;
  method: string;
  method_display: string;
  reference: string;
  created_at: string;
}

/** A credit note as its invoice lists it. */
export interface CreditNoteSummaryJson {
  id: number;
  credit_note_number: string;
  issue_date: string;
  total_amount: number;
  reason: string;
}

/** A deposit invoice as the final invoice deducts it. */
export interface DepositDeductionJson {
  id: number;
  invoice_number: string;
  issue_date: string;
  /** TTC, less its credit notes. */
  amount: number;
}

/** A deposit invoice as its quote lists it, drafts included. */
export interface QuoteDepositInvoiceJson {
  id: number;
  /** Null while it is a draft. */
  invoice_number: string | null;
  status: string;
  status_display: string;
  issue_date: string;
  total_amount: number;
  credited_amount: number;
}

/** A whole document (GET {kind}/{id}/, and the answer of its writes). */
export interface DocumentJson extends DocumentRowJson {
  description: string;
  /** Percent: the rate of lines that name none. */
  tax_rate: number;
  operation_category: OperationCategory;
  service_date: string | null;
  service_end_date: string | null;
  vat_exemption: VatExemptionKey | '';
  legal_notice: string;
  signature_notice: string;
  tax_amount: number;
  /** VAT per rate, highest rate first. */
  vat_breakdown: VatBreakdownJson[];
  /** SHA-256 of the archived PDF of an issued document (or sent quote); null otherwise. */
  pdf_sha256: string | null;
  /** Null if never sent by e-mail. */
  email_delivery: EmailDeliveryJson | null;
  line_items: DocumentLineJson[];
  /** Invoices made from a quote. */
  quote_id?: number | null;
  /** Invoices: a deposit invoice's quote. */
  deposit_of_quote?: { id: number; quote_number: string | null } | null;
  /** Invoices: a final invoice's deducted deposits. */
  deposits?: DepositDeductionJson[];
  /** Invoices: the recurring series that generated it (issue 15), null for any other. */
  recurrence_id?: number | null;
  /** Invoices: never printed, editable at any time. */
  internal_notes?: string;
  payments?: PaymentJson[];
  credit_notes?: CreditNoteSummaryJson[];
  /** Invoices: the number of the credit note that cancelled it. */
  cancelled_by?: string | null;
  /** Quotes: their deposit invoices. */
  deposit_invoices?: QuoteDepositInvoiceJson[];
  /** Credit notes: why it was issued. */
  reason?: string;
}

/** POST {kind}/{id}/send_email/ answer: the message is in the outbox, the document as it is now. */
export interface SendEmailJson extends DocumentNumberingJson {
  message: string;
  id: number;
  status: string;
  status_display: string;
  email_delivery: EmailDeliveryJson | null;
}

/** A line of a POST/PUT body: `id` null for a new line, the others keep their id. */
export interface DocumentLineWriteBody {
  id: number | null;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  /** Percent (one of VAT_RATES). */
  tax_rate: number;
  task_id: number | null;
}

/**
 * POST {quotes|invoices}/ and PUT {quotes|invoices}/{id}/ body; the end date under the kind's own
 * name (expiration_date or due_date). The server's documentSchema is checked against it
 * (documents.schemas.ts, and a test parses one per kind).
 */
export interface DocumentWriteBody {
  title: string;
  description: string;
  /** Null only while the form has none: the server refuses it. */
  client_id: number | null;
  status: string;
  priority: Priority;
  issue_date: string | null;
  expiration_date?: string | null;
  due_date?: string | null;
  /** Invoices: follows the payments; echoed back, ignored. */
  payment_date?: string | null;
  /** Invoices only. */
  internal_notes?: string;
  tax_rate: number;
  operation_category: OperationCategory;
  service_date: string | null;
  service_end_date: string | null;
  vat_exemption: VatExemptionKey | '';
  legal_notice: string;
  signature_notice: string;
  line_items: DocumentLineWriteBody[];
}
