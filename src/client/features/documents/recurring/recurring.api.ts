import { api, listTag, listTags, rowIds } from '@/client/app/api';
import type { RecurringAction } from '@/shared/recurring';
import type { MakeRecurringInput, RecurringInvoice, RecurringListQuery } from '@/shared/contracts/recurring';

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
    makeRecurring: build.mutation<RecurringInvoice, { invoiceId: number; body: MakeRecurringInput }>({
      query: ({ invoiceId, body }) => ({ url: `invoices/${invoiceId}/make_recurring/`, method: 'POST', data: body }),
      // Written in the history too.
      invalidatesTags: [listTag('RecurringInvoice'), 'Activity'],
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

export const { useListRecurringInvoicesQuery, useGetInvoiceRecurrenceQuery, useMakeRecurringMutation, useRecurringActionMutation } = recurringApi;
