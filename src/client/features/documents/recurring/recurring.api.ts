import { api, listTag, listTags, rowIds } from '@/client/app/api';
import type { RecurringAction } from '@/shared/recurring';
import type { MakeRecurringInput, RecurringInvoice, RecurringListQuery, UpdateRecurringInput } from '@/shared/contracts/recurring';

export type { RecurringAction } from '@/shared/recurring';

/**
 * Recurring invoices (issue 15), by the README's cache convention: the list provides LIST and one
 * tag per row; making one invalidates LIST; an action writes the server's answer into the list's
 * cache at once and invalidates LIST (and the row).
 */
export const recurringApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRecurringInvoices: build.query<RecurringInvoice[], void>({
      query: () => 'recurring-invoices/',
      providesTags: (rows) => listTags('RecurringInvoice', rowIds(rows)),
    }),
    /** The series that generated invoice `invoiceId`, null for any other invoice (its page names it). */
    getInvoiceRecurrence: build.query<RecurringInvoice | null, number>({
      query: (invoiceId) => ({ url: 'recurring-invoices/', params: { invoice: invoiceId } satisfies RecurringListQuery }),
      transformResponse: (rows: RecurringInvoice[]) => rows[0] ?? null,
      providesTags: (series) => (series ? [{ type: 'RecurringInvoice', id: series.id }] : []),
    }),
    /** One series (its editor, issue 28). */
    getRecurringInvoice: build.query<RecurringInvoice, number>({
      query: (id) => `recurring-invoices/${id}/`,
      providesTags: (_series, _error, id) => [{ type: 'RecurringInvoice', id }],
    }),
    makeRecurring: build.mutation<RecurringInvoice, { invoiceId: number; body: MakeRecurringInput }>({
      query: ({ invoiceId, body }) => ({ url: `invoices/${invoiceId}/make_recurring/`, method: 'POST', data: body }),
      // Written in the history too; the invoice is the series' first occurrence (issue 28): linked,
      // and issued now when the series starts today, so it and the invoice figures are read again.
      invalidatesTags: (_result, error, { invoiceId }) =>
        error
          ? []
          : [listTag('RecurringInvoice'), 'Activity', { type: 'Invoice', id: invoiceId }, listTag('Invoice'), 'Dashboard', listTag('Report')],
    }),
    /** PUT recurring-invoices/{id}/ (issue 28): the series from its next occurrence on; the answer written into the caches. */
    updateRecurring: build.mutation<RecurringInvoice, { id: number; body: UpdateRecurringInput }>({
      query: ({ id, body }) => ({ url: `recurring-invoices/${id}/`, method: 'PUT', data: body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(recurringApi.util.upsertQueryData('getRecurringInvoice', id, data));
          dispatch(
            recurringApi.util.updateQueryData('listRecurringInvoices', undefined, (rows) => rows.map((row) => (row.id === id ? data : row))),
          );
        } catch {
          // The editor reports the failure.
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [listTag('RecurringInvoice'), 'Activity']),
    }),
    recurringAction: build.mutation<RecurringInvoice, { id: number; action: RecurringAction }>({
      query: ({ id, action }) => ({ url: `recurring-invoices/${id}/${action}/`, method: 'POST' }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            recurringApi.util.updateQueryData('listRecurringInvoices', undefined, (rows) =>
              rows.map((row) => (row.id === id ? data : row)),
            ),
          );
        } catch {
          // The page reports the failure.
        }
      },
      invalidatesTags: (_result, _error, { id }) => [listTag('RecurringInvoice'), { type: 'RecurringInvoice', id }, 'Activity'],
    }),
  }),
});

export const {
  useListRecurringInvoicesQuery,
  useGetInvoiceRecurrenceQuery,
  useGetRecurringInvoiceQuery,
  useMakeRecurringMutation,
  useUpdateRecurringMutation,
  useRecurringActionMutation,
} = recurringApi;
