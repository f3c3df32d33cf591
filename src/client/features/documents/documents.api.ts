import { api, listTag, shownTag, type ApiError } from '../../app/api';
import { normalizeSearch } from '../../../shared/search';
import type { VatBreakdownJson } from '../../../shared/documents';
import { OPERATION_CATEGORIES, VAT_EXEMPTION_KEYS, type OperationCategory, type VatExemptionKey } from '../../../shared/vat';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentKindConfig } from './document-kinds';
import { pdfErrorMessage } from './delivery-messages';
import type { ListParams } from './list-query';
import type {
  ClientRef,
  CreditNoteInput,
  CreditNoteSummary,
  DepositDeduction,
  DepositInvoiceInput,
  DocumentLine,
  DocumentRecord,
  DocumentRow,
  DocumentWritePayload,
  EmailDelivery,
  InvoiceRef,
  Payment,
  PaymentInput,
  QuoteDepositInvoice,
  SendEmailResult,
} from './document.types';

/** A list row or a whole document as the API sends it (kind-specific field names). */
type RawDocument = Record<string, unknown> & {
  id: number;
  title: string;
  client: ClientRef | null;
  status: string;
  status_display: string;
};

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function toInvoiceRef(value: unknown): InvoiceRef | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.id !== 'number') return null;
  return { id: raw.id, invoice_number: strOrNull(raw.invoice_number), issue_date: strOrNull(raw.issue_date) };
}

export function toDocumentRow(config: DocumentKindConfig, raw: RawDocument): DocumentRow {
  const number = strOrNull(raw[config.numberField]);
  return {
    id: raw.id,
    number,
    title: str(raw.title),
    client: raw.client ?? null,
    status: raw.status,
    status_display: str(raw.status_display) || raw.status,
    priority: str(raw.priority) || 'normale',
    issue_date: strOrNull(raw.issue_date),
    end_date: strOrNull(raw[config.endDateField]),
    payment_date: strOrNull(raw.payment_date),
    total_amount: num(raw.total_amount),
    created_at: str(raw.created_at),
    amount_paid: num(raw.amount_paid),
    credited_amount: num(raw.credited_amount),
    balance_due: num(raw.balance_due),
    is_overdue: raw.is_overdue === true,
    is_issued: typeof raw.is_issued === 'boolean' ? raw.is_issued : config.ledger && number !== null,
    cancelled_by: strOrNull(raw.cancelled_by),
    is_deposit: raw.is_deposit === true,
    invoice: toInvoiceRef(raw.invoice),
    searchText: normalizeSearch(`${str(raw.title)} ${raw.client?.name ?? ''}`),
  };
}

const OPERATIONS: readonly string[] = OPERATION_CATEGORIES;
const EXEMPTIONS: readonly string[] = VAT_EXEMPTION_KEYS;

export function toDocumentRecord(config: DocumentKindConfig, raw: RawDocument): DocumentRecord {
  const { searchText: _search, ...row } = toDocumentRow(config, raw);
  const taxRate = num(raw.tax_rate);
  return {
    ...row,
    description: str(raw.description),
    tax_rate: taxRate,
    operation_category: OPERATIONS.includes(str(raw.operation_category)) ? (raw.operation_category as OperationCategory) : 'services',
    service_date: strOrNull(raw.service_date),
    service_end_date: strOrNull(raw.service_end_date),
    vat_exemption: EXEMPTIONS.includes(str(raw.vat_exemption)) ? (raw.vat_exemption as VatExemptionKey) : '',
    vat_breakdown: list<VatBreakdownJson>(raw.vat_breakdown),
    legal_notice: str(raw.legal_notice),
    signature_notice: str(raw.signature_notice),
    subtotal: num(raw.subtotal),
    tax_amount: num(raw.tax_amount),
    // A line without its own rate (an older answer) has the document's.
    line_items: list<DocumentLine>(raw.line_items).map((line) => ({ ...line, tax_rate: typeof line.tax_rate === 'number' ? line.tax_rate : taxRate })),
    quote_id: typeof raw.quote_id === 'number' ? raw.quote_id : null,
    internal_notes: str(raw.internal_notes),
    pdf_sha256: strOrNull(raw.pdf_sha256),
    reason: str(raw.reason),
    payments: list<Payment>(raw.payments),
    credit_notes: list<CreditNoteSummary>(raw.credit_notes),
    email_delivery: toEmailDelivery(raw.email_delivery),
    deposit_of_quote: toQuoteRef(raw.deposit_of_quote),
    deposits: list<DepositDeduction>(raw.deposits),
    prepaid_amount: num(raw.prepaid_amount),
    deposit_invoices: list<QuoteDepositInvoice>(raw.deposit_invoices),
  };
}

function toQuoteRef(value: unknown): DocumentRecord['deposit_of_quote'] {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  return typeof raw.id === 'number' ? { id: raw.id, quote_number: strOrNull(raw.quote_number) } : null;
}

const DELIVERY_STATUSES: readonly string[] = ['pending', 'sent', 'failed'];

/** `email_delivery`: the latest e-mail's delivery by the server's outbox; null if never sent by e-mail. */
export function toEmailDelivery(value: unknown): EmailDelivery | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.status !== 'string' || !DELIVERY_STATUSES.includes(raw.status)) return null;
  return {
    status: raw.status as EmailDelivery['status'],
    error: typeof raw.error === 'string' && raw.error.trim() ? raw.error : null,
    updated_at: strOrNull(raw.updated_at),
  };
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
    listDocuments: build.query<DocumentRow[], KindArg & { params: ListParams }>({
      query: ({ kind, params }) => ({ url: url(kind), params }),
      transformResponse: (raw: RawDocument[], _meta, { kind }) => (raw ?? []).map((r) => toDocumentRow(cfg(kind), r)),
      providesTags: (result, _error, { kind }) => rowTags(kind, result),
    }),

    getDocument: build.query<DocumentRecord, IdArg>({
      query: ({ kind, id }) => ({ url: url(kind, `${id}/`) }),
      transformResponse: (raw: RawDocument, _meta, { kind }) => toDocumentRecord(cfg(kind), raw),
      providesTags: (result, _error, { kind, id }) => recordTags(kind, id, result),
    }),

    createDocument: build.mutation<DocumentRecord, KindArg & { body: DocumentWritePayload }>({
      query: ({ kind, body }) => ({ url: url(kind), method: 'POST', data: body }),
      transformResponse: (raw: RawDocument, _meta, { kind }) => toDocumentRecord(cfg(kind), raw),
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
      transformResponse: (raw: RawDocument, _meta, { kind }) => toDocumentRecord(cfg(kind), raw),
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
      transformResponse: (raw: RawDocument) => toDocumentRecord(cfg('invoice'), raw),
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
      transformResponse: (raw: RawDocument) => toDocumentRecord(cfg('credit_note'), raw),
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

    sendDocumentEmail: build.mutation<SendEmailResult, IdArg>({
      query: ({ kind, id }) => ({ url: url(kind, `${id}/send_email/`), method: 'POST' }),
      transformResponse: (raw: Record<string, unknown>, _meta, { kind }) => ({
        message: typeof raw?.message === 'string' ? raw.message : undefined,
        status: typeof raw?.status === 'string' ? raw.status : undefined,
        status_display: typeof raw?.status_display === 'string' ? raw.status_display : undefined,
        number: strOrNull(raw?.[cfg(kind).numberField]),
      }),
      // Issuing numbers the document and changes its status (its record and lists), and gives
      // billed tasks their invoice's number.
      invalidatesTags: (_result, error, { kind, id }) => (error ? [] : [{ type: cfg(kind).tag, id }, ...afterWrite(kind)]),
    }),

  }),
});

export const {
  useListDocumentsQuery,
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
