import { createEntityAdapter } from '@reduxjs/toolkit';
import { api, keysetPage, keysetPaging, listTag, pageRows, shownTag, type ApiError, type KeysetPage, type PageCursor } from '@/client/app/api';
import { normalizeSearch } from '@/shared/search';
import type { DocumentJson, DocumentListQuery, DocumentRowJson, SendEmailJson } from '@/shared/contracts/documents';
import type { SendEmailBody } from '@/shared/contracts/email-templates';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentKindConfig } from './document-kinds';
import { pdfErrorMessage } from './delivery-messages';
import type {
  CreditNoteInput,
  DepositInvoiceInput,
  DocumentRecord,
  DocumentRow,
  DocumentWritePayload,
  Payment,
  PaymentInput,
  SendEmailResult,
} from './document.types';

export function toDocumentRow(config: DocumentKindConfig, raw: DocumentRowJson): DocumentRow {
  const number = raw[config.numberField] ?? null;
  return {
    id: raw.id,
    number,
    title: raw.title,
    client: raw.client,
    status: raw.status,
    status_display: raw.status_display,
    priority: raw.priority,
    issue_date: raw.issue_date,
    end_date: raw[config.endDateField] ?? null,
    payment_date: raw.payment_date ?? null,
    total_amount: raw.total_amount,
    created_at: raw.created_at,
    // Fields of invoices only: quotes and credit notes owe and have been paid nothing.
    amount_paid: raw.amount_paid ?? 0,
    credited_amount: raw.credited_amount ?? 0,
    balance_due: raw.balance_due ?? 0,
    is_overdue: raw.is_overdue ?? false,
    is_issued: raw.is_issued ?? (config.ledger && number !== null),
    cancelled_by: null,
    is_deposit: raw.is_deposit ?? false,
    invoice: raw.invoice ?? null,
    einvoicing_status: raw.einvoicing_status ?? null,
    searchText: normalizeSearch(`${raw.title} ${raw.client?.name ?? ''}`),
  };
}

export function toDocumentRecord(config: DocumentKindConfig, raw: DocumentJson): DocumentRecord {
  const { searchText: _search, ...row } = toDocumentRow(config, raw);
  return {
    ...row,
    cancelled_by: raw.cancelled_by ?? null,
    description: raw.description,
    tax_rate: raw.tax_rate,
    operation_category: raw.operation_category,
    service_date: raw.service_date,
    service_end_date: raw.service_end_date,
    vat_exemption: raw.vat_exemption,
    payment_terms: raw.payment_terms ?? null,
    payment_days: raw.payment_days ?? 0,
    vat_breakdown: raw.vat_breakdown,
    legal_notice: raw.legal_notice,
    signature_notice: raw.signature_notice,
    // Absent from answers of before issue 25 (a cached page): no discount.
    discount_percent: raw.discount_percent ?? 0,
    discount_amount: raw.discount_amount ?? 0,
    discount_reason: raw.discount_reason ?? '',
    lines_total: raw.lines_total ?? raw.subtotal,
    discount_total: raw.discount_total ?? 0,
    subtotal: raw.subtotal,
    tax_amount: raw.tax_amount,
    line_items: raw.line_items,
    quote_id: raw.quote_id ?? null,
    recurrence_id: raw.recurrence_id ?? null,
    internal_notes: raw.internal_notes ?? '',
    pdf_sha256: raw.pdf_sha256,
    reason: raw.reason ?? '',
    payments: raw.payments ?? [],
    credit_notes: raw.credit_notes ?? [],
    email_delivery: raw.email_delivery,
    deposit_of_quote: raw.deposit_of_quote ?? null,
    deposits: raw.deposits ?? [],
    prepaid_amount: raw.prepaid_amount ?? 0,
    deposit_invoices: raw.deposit_invoices ?? [],
    final_invoice: raw.final_invoice ?? null,
    einvoicing: raw.einvoicing ?? null,
  };
}

/**
 * A page of a document list, normalised (issue 29): its ids in the server's order, its rows by id.
 * The infinite query's entry owns its pages, so that a refetch after an invalidation replaces them
 * whole; the list shows the loaded pages' rows in order (pageRows).
 */
export const documentRowsAdapter = createEntityAdapter<DocumentRow>();
export type DocumentPage = KeysetPage<DocumentRow>;
export const DOCUMENT_PAGE_SIZE = 50;
/** A list's parameters: the route's (translated) and the search, filters and `ordering` of its toolbar. */
export interface DocumentPagesArg {
  kind: DocumentKind;
  params: DocumentListQuery & { search?: string; ordering?: string };
}

interface KindArg {
  kind: DocumentKind;
}
interface IdArg extends KindArg {
  id: number;
}
/** A payment or a credit note written on an invoice. */
interface InvoiceArg {
  invoiceId: number;
}

const cfg = (kind: DocumentKind) => DOCUMENT_KINDS[kind];
const url = (kind: DocumentKind, suffix = '') => `${cfg(kind).path}/${suffix}`;

// Creating, changing or deleting a document changes its kind's lists (the list page, the
// contact's panel, the dashboard's aggregates and the search provide its LIST tag) and the
// activity history; an invoice's lines bill tasks (issue 15), which show the invoice: every Task
// tag. A change writes the server's answer into the record's cache (updateDocument).
const afterWrite = (kind: DocumentKind) => [
  listTag(cfg(kind).tag),
  'Activity' as const,
  ...(kind === 'invoice' ? ['Task' as const, listTag('Report')] : []),
];

/** The tags of a list's rows: each row, and its client (a contact's change renames it). */
const rowTags = (kind: DocumentKind, rows: readonly DocumentRow[] | undefined) => [
  listTag(cfg(kind).tag),
  ...(Array.isArray(rows) ? rows : []).flatMap((row) => [
    { type: cfg(kind).tag, id: row.id },
    ...(row.client ? [shownTag('Contact', row.client.id)] : []),
  ]),
];

/** A record's tags: itself, its client, and the tasks its lines show (a task's change renames a line's task). */
const recordTags = (kind: DocumentKind, id: number, record: DocumentRecord | undefined) => [
  { type: cfg(kind).tag, id },
  ...(record?.client ? [shownTag('Contact', record.client.id)] : []),
  ...(record?.line_items ?? []).flatMap((line) => (typeof line.task_id === 'number' ? [shownTag('Task', line.task_id)] : [])),
];

/** The record's page shows the server's answer to a write without asking again. */
function keepRecord(dispatch: (action: unknown) => unknown, kind: DocumentKind, record: DocumentRecord): void {
  dispatch(documentsApi.util.upsertQueryData('getDocument', { kind, id: record.id }, record));
}

// Payments and credit notes change their invoice (status, balance, overdue), the invoice lists
// (the client's panel and the dashboard's figures included), the reports (receipts) and the
// activity history.
const afterLedgerWrite = ({ invoiceId }: InvoiceArg) => [
  { type: 'Invoice' as const, id: invoiceId },
  listTag('Invoice'),
  'Dashboard' as const,
  listTag('Report'),
  'Activity' as const,
];

export const documentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET quotes/, invoices/, credit-notes/ page by page (issue 29: page_size, then cursor =
     * X-Next-Cursor): the list pages send their route query, translated (list-query.ts), with the
     * search, the filters and the sort, all applied by the server.
     */
    listDocumentPages: build.infiniteQuery<DocumentPage, DocumentPagesArg, PageCursor>({
      infiniteQueryOptions: keysetPaging,
      query: ({ queryArg: { kind, params }, pageParam }) => ({
        url: url(kind),
        params: { ...params, page_size: DOCUMENT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      transformResponse: (raw: DocumentRowJson[], meta, { queryArg: { kind } }) =>
        keysetPage(documentRowsAdapter, (Array.isArray(raw) ? raw : []).map((r) => toDocumentRow(cfg(kind), r)), meta),
      providesTags: (result, _error, { kind }) => rowTags(kind, pageRows(result?.pages)),
    }),

    getDocument: build.query<DocumentRecord, IdArg>({
      query: ({ kind, id }) => ({ url: url(kind, `${id}/`) }),
      transformResponse: (raw: DocumentJson, _meta, { kind }) => toDocumentRecord(cfg(kind), raw),
      providesTags: (result, _error, { kind, id }) => recordTags(kind, id, result),
    }),

    createDocument: build.mutation<DocumentRecord, KindArg & { body: DocumentWritePayload }>({
      query: ({ kind, body }) => ({ url: url(kind), method: 'POST', data: body }),
      transformResponse: (raw: DocumentJson, _meta, { kind }) => toDocumentRecord(cfg(kind), raw),
      invalidatesTags: (_result, error, { kind }) => (error ? [] : afterWrite(kind)),
      async onQueryStarted({ kind }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The new record's page opens from the cache.
          keepRecord(dispatch, kind, data);
        } catch {
          // the page shows the error
        }
      },
    }),

    updateDocument: build.mutation<DocumentRecord, IdArg & { body: DocumentWritePayload }>({
      query: ({ kind, id, body }) => ({ url: url(kind, `${id}/`), method: 'PUT', data: body }),
      transformResponse: (raw: DocumentJson, _meta, { kind }) => toDocumentRecord(cfg(kind), raw),
      invalidatesTags: (_result, error, { kind }) => (error ? [] : afterWrite(kind)),
      async onQueryStarted({ kind }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          keepRecord(dispatch, kind, data);
        } catch {
          // the page shows the error
        }
      },
    }),

    deleteDocument: build.mutation<void, IdArg>({
      query: ({ kind, id }) => ({ url: url(kind, `${id}/`), method: 'DELETE' }),
      invalidatesTags: (_result, error, { kind }) => (error ? [] : afterWrite(kind)),
    }),

    /** The quote becomes accepted and a draft invoice copies its lines (their tasks then show it). */
    convertQuoteToInvoice: build.mutation<{ id: number }, { id: number }>({
      query: ({ id }) => ({ url: `quotes/${id}/convert_to_invoice/`, method: 'POST' }),
      invalidatesTags: (_result, error, { id }) =>
        error ? [] : [{ type: 'Quote' as const, id }, ...afterWrite('quote'), ...afterWrite('invoice')],
    }),

    /** POST quotes/{id}/deposit_invoice/: a draft deposit invoice (facture d'acompte) on the quote. */
    createDepositInvoice: build.mutation<DocumentRecord, { quoteId: number; body: DepositInvoiceInput }>({
      query: ({ quoteId, body }) => ({ url: `quotes/${quoteId}/deposit_invoice/`, method: 'POST', data: body }),
      transformResponse: (raw: DocumentJson) => toDocumentRecord(cfg('invoice'), raw),
      invalidatesTags: (_result, error, { quoteId }) =>
        error ? [] : [{ type: 'Quote' as const, id: quoteId }, ...afterWrite('invoice')],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The new invoice's page opens from the cache.
          keepRecord(dispatch, 'invoice', data);
        } catch {
          // the dialog shows the error
        }
      },
    }),

    /** POST invoices/{id}/payments/: records a payment; the invoice is then read again. */
    recordPayment: build.mutation<Payment, InvoiceArg & { body: PaymentInput }>({
      query: ({ invoiceId, body }) => ({ url: `invoices/${invoiceId}/payments/`, method: 'POST', data: body }),
      transformResponse: (raw: { payment: Payment }) => raw.payment,
      invalidatesTags: (_result, error, arg) => (error ? [] : afterLedgerWrite(arg)),
    }),

    deletePayment: build.mutation<void, InvoiceArg & { paymentId: number }>({
      query: ({ invoiceId, paymentId }) => ({ url: `invoices/${invoiceId}/payments/${paymentId}/`, method: 'DELETE' }),
      invalidatesTags: (_result, error, arg) => (error ? [] : afterLedgerWrite(arg)),
    }),

    /** POST invoices/{id}/credit_note/: issues a credit note (whole balance, or the given lines). */
    issueCreditNote: build.mutation<DocumentRecord, InvoiceArg & { body: CreditNoteInput }>({
      query: ({ invoiceId, body }) => ({ url: `invoices/${invoiceId}/credit_note/`, method: 'POST', data: body }),
      transformResponse: (raw: DocumentJson) => toDocumentRecord(cfg('credit_note'), raw),
      invalidatesTags: (_result, error, arg) =>
        error ? [] : [...afterLedgerWrite(arg), { type: 'CreditNote' as const, id: 'LIST' }],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The credit note's page opens from the cache.
          keepRecord(dispatch, 'credit_note', data);
        } catch {
          // the dialog shows the error
        }
      },
    }),

    /**
     * The document's PDF as an object URL (the caller revokes it). Error bodies arrive as blobs:
     * they are read here, so the store only ever holds `{ status, data: { error: message } }`.
     */
    fetchDocumentPdf: build.mutation<string, IdArg>({
      query: ({ kind, id }) => ({ url: url(kind, `${id}/generate_pdf/`), responseType: 'blob', headers: { Accept: 'application/pdf, application/json' } }),
      transformResponse: (blob: Blob) => URL.createObjectURL(blob instanceof Blob ? blob : new Blob([blob as BlobPart], { type: 'application/pdf' })),
      transformErrorResponse: async (error: ApiError) => ({
        status: error.status,
        data: { error: await pdfErrorMessage(error) },
      }) as ApiError,
    }),

    /** The send dialog's subject, text and copies (issue 28); none: the template as it is. */
    sendDocumentEmail: build.mutation<SendEmailResult, IdArg & SendEmailBody>({
      query: ({ kind, id, ...body }) => ({ url: url(kind, `${id}/send_email/`), method: 'POST', data: body }),
      transformResponse: (raw: SendEmailJson, _meta, { kind }) => ({
        message: raw.message,
        status: raw.status,
        status_display: raw.status_display,
        number: raw[cfg(kind).numberField] ?? null,
      }),
      // Issuing numbers the document and changes its status (its record and lists), and gives
      // billed tasks their invoice's number.
      invalidatesTags: (_result, error, { kind, id }) => (error ? [] : [{ type: cfg(kind).tag, id }, ...afterWrite(kind)]),
    }),

  }),
});

export const {
  useListDocumentPagesInfiniteQuery,
  useGetDocumentQuery,
  useCreateDocumentMutation,
  useUpdateDocumentMutation,
  useDeleteDocumentMutation,
  useConvertQuoteToInvoiceMutation,
  useCreateDepositInvoiceMutation,
  useRecordPaymentMutation,
  useDeletePaymentMutation,
  useIssueCreditNoteMutation,
  useFetchDocumentPdfMutation,
  useSendDocumentEmailMutation,
} = documentsApi;
