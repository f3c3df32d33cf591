import type { VatBreakdownJson } from '@/shared/documents';
import type { PaymentTermsKind } from '@/shared/payment-terms';
import type { OperationCategory, VatExemptionKey } from '@/shared/vat';
import type {
  CreditNoteLineWriteBody,
  CreditNoteSummaryJson,
  CreditNoteWriteBody,
  DepositWriteBody,
  CreditedInvoiceJson,
  DepositDeductionJson,
  DocumentClientJson,
  DocumentLineJson,
  DocumentLineWriteBody,
  DocumentWriteBody,
  EInvoicingRecordJson,
  EInvoicingStatusJson,
  LineTaskJson,
  PaymentJson,
  PaymentWriteBody,
  QuoteDepositInvoiceJson,
} from '@/shared/contracts/documents';
import type { EmailDeliveryJson } from '@/shared/contracts/common';

/**
 * Quote, invoice and credit note payloads as the client uses them. The API names the number and
 * the end date per kind (quote_number / expiration_date, invoice_number / due_date,
 * credit_note_number); the endpoints normalise them to `number` and `end_date` so that the pages
 * are written once.
 */

// The wire shapes the pages use as they come (src/shared/contracts/documents.ts).
export type ClientRef = DocumentClientJson;
export type LineTaskRef = LineTaskJson;
export type DocumentLine = DocumentLineJson;
/** The invoice a credit note credits. */
export type InvoiceRef = CreditedInvoiceJson;
export type Payment = PaymentJson;
export type CreditNoteSummary = CreditNoteSummaryJson;
export type DepositDeduction = DepositDeductionJson;
export type QuoteDepositInvoice = QuoteDepositInvoiceJson;
/** Where the document's latest e-mail is: on its way (retried if need be), sent, or given up. */
export type EmailDelivery = EmailDeliveryJson;
/** Issue 26: the latest lifecycle status the platform reported, and the whole exchange with it. */
export type EInvoicingStatus = EInvoicingStatusJson;
export type EInvoicingRecord = EInvoicingRecordJson;

/** One row of the quote, invoice or credit note list. */
export interface DocumentRow {
  id: number;
  number: string | null;
  title: string;
  client: ClientRef | null;
  status: string;
  status_display: string;
  priority: string;
  issue_date: string | null;
  end_date: string | null;
  payment_date: string | null;
  total_amount: number;
  created_at: string;
  /**
   * Money after issue (invoices, issue 13): what was paid, what credit notes took off, what
   * remains; zero for quotes and credit notes.
   */
  amount_paid: number;
  credited_amount: number;
  balance_due: number;
  /** Issued, balance > 0 and due date past (derived by the server, Europe/Paris). */
  is_overdue: boolean;
  /** Numbered: an issued invoice or credit note is frozen. */
  is_issued: boolean;
  /** Number of the credit note that cancelled the invoice, if any. */
  cancelled_by: string | null;
  /** Invoices: a facture d'acompte on a quote (issue 15). */
  is_deposit: boolean;
  /** Credit notes: the invoice they credit. */
  invoice: InvoiceRef | null;
  /** Invoices and credit notes sent through the e-invoicing platform (issue 26): the latest lifecycle status. */
  einvoicing_status: EInvoicingStatus | null;
  /** Title and client name, lower case without accents (the search box matches on it). */
  searchText: string;
}

/** A whole quote, invoice or credit note (GET quotes/{id}/…). */
export interface DocumentRecord extends Omit<DocumentRow, 'searchText'> {
  description: string;
  /** Percent: the rate of new lines. */
  tax_rate: number;
  operation_category: OperationCategory;
  /** The date of the service or delivery, or the start of its period (YYYY-MM-DD). */
  service_date: string | null;
  /** The end of the period; null for a single date. */
  service_end_date: string | null;
  /** Why 0 % lines carry no VAT (VAT-registered seller); '' when none is. */
  vat_exemption: VatExemptionKey | '';
  /** Quotes and invoices (issue 25): the payment terms and their days; null for a credit note. */
  payment_terms: PaymentTermsKind | null;
  payment_days: number;
  /** VAT per rate, highest rate first (percent and euros). */
  vat_breakdown: VatBreakdownJson[];
  legal_notice: string;
  signature_notice: string;
  /** Issue 25: the document's discount, percent or euros (0: none), its reason, and in euros (BT-107). */
  discount_percent: number;
  discount_amount: number;
  discount_reason: string;
  discount_total: number;
  /** Σ lines HT (BT-106); `subtotal` is it less the discount. */
  lines_total: number;
  subtotal: number;
  tax_amount: number;
  line_items: DocumentLine[];
  /** Invoices made from a quote. */
  quote_id: number | null;
  /** Invoices: the recurring series that generated it (the page then names it). */
  recurrence_id: number | null;
  /** Invoices: never printed, editable at any time. */
  internal_notes: string;
  /** SHA-256 of the archived PDF of an issued document; null for drafts. */
  pdf_sha256: string | null;
  /** Credit notes: why it was issued. */
  reason: string;
  /** Invoices: payments, oldest first, and the credit notes issued on it. */
  payments: Payment[];
  credit_notes: CreditNoteSummary[];
  /** The delivery of its latest e-mail by the server's outbox (issue 16); null if never sent by e-mail. */
  email_delivery: EmailDelivery | null;
  /** A deposit invoice: its quote. */
  deposit_of_quote: { id: number; quote_number: string | null } | null;
  /** A final invoice: its quote's deposits, deducted from what is due, and their sum. */
  deposits: DepositDeduction[];
  prepaid_amount: number;
  /** Quotes: their deposit invoices, drafts included. */
  deposit_invoices: QuoteDepositInvoice[];
  /** Quotes (issue 28): the invoice converted from it, null before. */
  final_invoice: { id: number; invoice_number: string | null } | null;
  /** Invoices and credit notes (issue 26): the exchange with the e-invoicing platform; null when none. */
  einvoicing: EInvoicingRecord | null;
}

/** POST quotes/{id}/deposit_invoice/ body: a percent of the quote's total TTC, or an amount TTC. */
export type DepositInvoiceInput = DepositWriteBody;

/** A line of the write payload: `id` null for a new line. */
export type DocumentLineInput = DocumentLineWriteBody;

/** POST/PUT body; the end date is under the kind's own name (expiration_date or due_date). */
export type DocumentWritePayload = DocumentWriteBody;

/** Client picker entry (GET contacts/). */
export interface ClientOption {
  id: number;
  name: string;
  email: string;
}

/** Task picker entry (GET tasks/). */
export interface TaskOption {
  id: number;
  title: string;
  description: string;
  hourly_rate: number;
  cost: number;
  /** Hours: a linked line bills the actual ones, else the estimate. */
  actual_time: number;
  estimated_time: number;
  projectName: string | null;
  /** The number of the invoice that bills it ('' for a draft), null when not billed. */
  invoiceNumber: string | null;
}

/** POST {quotes|invoices}/{id}/send_email/ answer. */
export interface SendEmailResult {
  message?: string;
  status?: string;
  status_display?: string;
  number: string | null;
}

/** POST invoices/{id}/payments/ body. */
export type PaymentInput = PaymentWriteBody;

/** A line of a partial credit note: amounts HT at the VAT rate of the invoice's line it credits. */
export type CreditNoteLineInput = CreditNoteLineWriteBody;

/** POST invoices/{id}/credit_note/ body: empty for a credit of the whole balance due. */
export type CreditNoteInput = CreditNoteWriteBody;
