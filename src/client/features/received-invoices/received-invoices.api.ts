import { api, listTag, listTags, rowIds } from '@/client/app/api';
import type { ReceivedAnswerBody, ReceivedInvoiceJson, ReceivedInvoiceRow } from '@/shared/contracts/received-invoices';
import type { ReceivedStatus } from '@/shared/received-invoices';

export type { ReceivedInvoiceJson, ReceivedInvoiceRow } from '@/shared/contracts/received-invoices';

export interface ReceivedListArgs {
  status?: ReceivedStatus;
  q?: string;
}

/** « Factures reçues » (issue 26): the inbox of suppliers' e-invoices. */
export const receivedInvoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReceivedInvoices: build.query<ReceivedInvoiceRow[], ReceivedListArgs>({
      query: ({ status, q }) => ({ url: 'received-invoices/', params: { ...(status ? { status } : {}), ...(q?.trim() ? { q: q.trim() } : {}) } }),
      providesTags: (rows) => listTags('ReceivedInvoice', rowIds(rows)),
    }),
    getReceivedInvoice: build.query<ReceivedInvoiceJson, number>({
      query: (id) => ({ url: `received-invoices/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'ReceivedInvoice', id }],
    }),
    /** The file's bytes as they are (a PDF or an XML): the server reads its format from them. */
    importReceivedInvoice: build.mutation<ReceivedInvoiceJson, File>({
      query: (file) => ({
        url: 'received-invoices/import/',
        method: 'POST',
        params: { name: file.name },
        data: file,
        headers: { 'Content-Type': file.type === 'application/pdf' || /xml$/.test(file.type) ? file.type : 'application/octet-stream' },
      }),
      invalidatesTags: [listTag('ReceivedInvoice'), listTag('Activity')],
    }),
    answerReceivedInvoice: build.mutation<ReceivedInvoiceJson, { id: number; body: ReceivedAnswerBody }>({
      query: ({ id, body }) => ({ url: `received-invoices/${id}/status/`, method: 'POST', data: body }),
      invalidatesTags: (_result, _error, { id }) => [listTag('ReceivedInvoice'), { type: 'ReceivedInvoice', id }, listTag('Activity')],
    }),
  }),
});

export const { useGetReceivedInvoicesQuery, useGetReceivedInvoiceQuery, useImportReceivedInvoiceMutation, useAnswerReceivedInvoiceMutation } = receivedInvoicesApi;
