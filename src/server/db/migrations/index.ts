import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from './helpers';
import * as accounts from './2026_11_21_0001_accounts';
import * as contactsActivity from './2026_11_21_0002_contacts_activity';
import * as projectsTasks from './2026_11_21_0003_projects_tasks';
import * as quotesInvoices from './2026_11_21_0004_quotes_invoices';
import * as searchText from './2026_11_21_0005_search_text';
import * as searchDashboardIndexes from './2026_11_22_0006_search_dashboard_indexes';
import * as dashboardListIndexes from './2026_11_22_0007_dashboard_list_indexes';
import * as dashboardTotals from './2026_11_22_0008_dashboard_totals';
import * as ledger from './2026_11_24_0009_ledger';
import * as einvoicing from './2026_11_24_0010_einvoicing';
import * as sessions from './2026_11_24_0011_sessions';
import * as mailOutbox from './2026_11_24_0012_mail_outbox';
import * as billing from './2026_11_24_0013_billing';
import * as pendingEmail from './2026_11_24_0014_pending_email';
import * as recurringInvoices from './2026_11_24_0016_recurring_invoices';
import * as jobsReminders from './2026_11_24_0015_jobs_reminders';
import * as accountMail from './2026_11_24_0017_account_mail';
import * as sealedLedger from './2026_11_27_0018_sealed_ledger';
import * as sessionLifetime from './2026_11_27_0019_session_lifetime';
import * as paymentTerms from './2026_11_27_0020_payment_terms';
import * as countryCodes from './2026_11_27_0021_country_codes';
import * as lineUnitsDecimals from './2026_11_27_0022_line_units_decimals';
import * as discounts from './2026_11_27_0023_discounts';
import * as lineExemptions from './2026_11_28_0024_line_exemptions';
import * as reminderSpacing from './2026_11_28_0025_reminder_spacing';
import * as timeEntries from './2026_11_28_0026_time_entries';
import * as brandingCatalogue from './2026_11_28_0027_branding_catalogue';
import * as emailTemplates from './2026_11_28_0028_email_templates';
import * as timeEntryLines from './2026_11_28_0029_time_entry_lines';
import * as portal from './2026_11_28_0030_portal';
import * as clientSpace from './2026_11_29_0031_client_space';
import * as einvoicingSettings from './2026_11_29_0032_einvoicing_settings';
import * as listPagingIndexes from './2026_11_29_0033_list_paging_indexes';
import * as receivedInvoices from './2026_11_29_0034_received_invoices';
import * as einvoicingExchanges from './2026_11_29_0035_einvoicing_exchanges';
import * as receivedReasonCodes from './2026_11_29_0036_received_reason_codes';
import * as activitySearchText from './2026_11_29_0037_activity_search_text';
import * as trigramFastupdateOff from './2026_11_29_0038_trigram_fastupdate_off';
import * as invoicesDuePageIndex from './2026_11_29_0039_invoices_due_page_index';
import * as documentsOwnerNewestIndex from './2026_11_30_0040_documents_owner_newest_index';
import * as documentsFtsClientText from './2026_11_30_0041_documents_fts_client_text';

/** Every migration, in order. Names are dated so that they sort chronologically. */
const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> }> = {
  '2026_11_21_0001_accounts': accounts,
  '2026_11_21_0002_contacts_activity': contactsActivity,
  '2026_11_21_0003_projects_tasks': projectsTasks,
  '2026_11_21_0004_quotes_invoices': quotesInvoices,
  '2026_11_21_0005_search_text': searchText,
  '2026_11_22_0006_search_dashboard_indexes': searchDashboardIndexes,
  '2026_11_22_0007_dashboard_list_indexes': dashboardListIndexes,
  '2026_11_22_0008_dashboard_totals': dashboardTotals,
  '2026_11_24_0009_ledger': ledger,
  '2026_11_24_0010_einvoicing': einvoicing,
  '2026_11_24_0011_sessions': sessions,
  '2026_11_24_0012_mail_outbox': mailOutbox,
  '2026_11_24_0013_billing': billing,
  '2026_11_24_0014_pending_email': pendingEmail,
  '2026_11_24_0016_recurring_invoices': recurringInvoices,
  '2026_11_24_0015_jobs_reminders': jobsReminders,
  '2026_11_24_0017_account_mail': accountMail,
  '2026_11_27_0018_sealed_ledger': sealedLedger,
  '2026_11_27_0019_session_lifetime': sessionLifetime,
  '2026_11_27_0020_payment_terms': paymentTerms,
  '2026_11_27_0021_country_codes': countryCodes,
  '2026_11_27_0022_line_units_decimals': lineUnitsDecimals,
  '2026_11_27_0023_discounts': discounts,
  '2026_11_28_0024_line_exemptions': lineExemptions,
  '2026_11_28_0025_reminder_spacing': reminderSpacing,
  '2026_11_28_0026_time_entries': timeEntries,
  '2026_11_28_0027_branding_catalogue': brandingCatalogue,
  '2026_11_28_0028_email_templates': emailTemplates,
  '2026_11_28_0029_time_entry_lines': timeEntryLines,
  '2026_11_28_0030_portal': portal,
  '2026_11_29_0031_client_space': clientSpace,
  '2026_11_29_0032_einvoicing_settings': einvoicingSettings,
  '2026_11_29_0033_list_paging_indexes': listPagingIndexes,
  '2026_11_29_0034_received_invoices': receivedInvoices,
  '2026_11_29_0035_einvoicing_exchanges': einvoicingExchanges,
  '2026_11_29_0036_received_reason_codes': receivedReasonCodes,
  '2026_11_29_0037_activity_search_text': activitySearchText,
  '2026_11_29_0038_trigram_fastupdate_off': trigramFastupdateOff,
  '2026_11_29_0039_invoices_due_page_index': invoicesDuePageIndex,
  '2026_11_30_0040_documents_owner_newest_index': documentsOwnerNewestIndex,
  '2026_11_30_0041_documents_fts_client_text': documentsFtsClientText,
};

export function migrationsFor(dialect: MigrationDialect): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, dialect) }]),
  );
}
