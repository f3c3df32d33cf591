import { api, listTag } from '@/client/app/api';
import type { InvoiceReminders, ReminderSettings, ReminderSettingsBody, SendReminderBody, SendReminderResult } from '@/shared/contracts/reminders';

/**
 * Reminders of overdue invoices (relances, issue 15), injected into the one API. Cache: an
 * invoice's reminders provide the Reminder LIST tag and one tag per reminder, and their invoice's
 * record tag (a payment or a credit note changes whether it can be reminded); sending one is a
 * creation: it invalidates the LIST and the history. The automatic reminder settings are the
 * profile's: their record is `{type: 'Profile', id: 'reminders'}`, and saving writes the server's
 * answer into it.
 */

export const remindersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvoiceReminders: build.query<InvoiceReminders, number>({
      query: (invoiceId) => ({ url: `invoices/${invoiceId}/reminders/` }),
      providesTags: (result, _error, invoiceId) => [
        listTag('Reminder'),
        ...(result?.reminders ?? []).map((r) => ({ type: 'Reminder' as const, id: r.id })),
        { type: 'Invoice' as const, id: invoiceId },
      ],
    }),
    sendReminder: build.mutation<SendReminderResult, { invoiceId: number } & SendReminderBody>({
      query: ({ invoiceId, ...body }) => ({
        url: `invoices/${invoiceId}/send_reminder/`,
        method: 'POST',
        data: body satisfies SendReminderBody,
      }),
      invalidatesTags: (_result, error) => (error ? [] : [listTag('Reminder'), 'Activity']),
    }),
    getReminderSettings: build.query<ReminderSettings, void>({
      query: () => ({ url: 'profile/reminders/' }),
      providesTags: [{ type: 'Profile', id: 'reminders' }],
    }),
    updateReminderSettings: build.mutation<ReminderSettings, ReminderSettingsBody>({
      query: (body) => ({ url: 'profile/reminders/', method: 'PUT', data: body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(remindersApi.util.upsertQueryData('getReminderSettings', undefined, data));
        } catch {
          // The page shows the error.
        }
      },
    }),
  }),
});

export const {
  useGetInvoiceRemindersQuery,
  useSendReminderMutation,
  useGetReminderSettingsQuery,
  useUpdateReminderSettingsMutation,
} = remindersApi;
