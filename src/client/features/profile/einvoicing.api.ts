import { api } from '@/client/app/api';
import type { EInvoicingSettingsBody, EInvoicingSettingsJson, EInvoicingSyncJson, EInvoicingTestJson } from '@/shared/contracts/einvoicing';

export type EInvoicingSettings = EInvoicingSettingsJson;
export type EInvoicingTestResult = EInvoicingTestJson;
export type EInvoicingSyncResult = EInvoicingSyncJson;

/** The approved platform's settings (issue 26): GET/PUT einvoicing/settings/, POST …/test/. */
export const einvoicingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEInvoicingSettings: build.query<EInvoicingSettings, void>({
      query: () => ({ url: 'einvoicing/settings/' }),
    }),
    updateEInvoicingSettings: build.mutation<EInvoicingSettings, EInvoicingSettingsBody>({
      query: (body) => ({ url: 'einvoicing/settings/', method: 'PUT', data: body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(einvoicingApi.util.upsertQueryData('getEInvoicingSettings', undefined, data));
        } catch {
          // errors are shown by the section
        }
      },
    }),
    testEInvoicingConnection: build.mutation<EInvoicingTestResult, void>({
      query: () => ({ url: 'einvoicing/settings/test/', method: 'POST' }),
    }),
    /**
     * « Actualiser » (issue 26): the sync with the platform now. What it may have changed — the
     * documents' lifecycle, the suppliers' invoices received, the history — is asked again.
     */
    syncEInvoicing: build.mutation<EInvoicingSyncResult, void>({
      query: () => ({ url: 'einvoicing/sync/', method: 'POST' }),
      invalidatesTags: ['Invoice', 'CreditNote', 'ReceivedInvoice', 'Activity'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        // The settings show the last sync's time and failure.
        dispatch(einvoicingApi.endpoints.getEInvoicingSettings.initiate(undefined, { subscribe: false, forceRefetch: true }));
      },
    }),
  }),
});

export const { useGetEInvoicingSettingsQuery, useUpdateEInvoicingSettingsMutation, useTestEInvoicingConnectionMutation, useSyncEInvoicingMutation } = einvoicingApi;
