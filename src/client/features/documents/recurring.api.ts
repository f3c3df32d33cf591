import { api, listTag, listTags, rowIds } from '../../app/api';
import type { MakeRecurringInput, RecurringInvoice } from '../../../shared/recurring';

/** pause / resume / stop of a recurring invoice. */
export type RecurringAction = 'pause' | 'resume' | 'stop';

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
    makeRecurring: build.mutation<RecurringInvoice, { invoiceId: number; body: MakeRecurringInput }>({
      query: ({ invoiceId, body }) => ({ url: `invoices/${invoiceId}/make_recurring/`, method: 'POST', data: body }),
      invalidatesTags: [listTag('RecurringInvoice')],
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
      invalidatesTags: (_result, _error, { id }) => [listTag('RecurringInvoice'), { type: 'RecurringInvoice', id }],
    }),
  }),
});

export const { useListRecurringInvoicesQuery, useMakeRecurringMutation, useRecurringActionMutation } = recurringApi;
