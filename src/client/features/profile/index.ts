/** The profile feature's public surface: what other features may import. */
export { profileApi, useGetProfileQuery } from './profile.api';
export { einvoicingApi, useGetEInvoicingSettingsQuery } from './einvoicing.api';
export { EInvoicingSyncButton } from './einvoicing-sync-button';
