/** The reminders feature's public surface (issue 15): what the document and profile pages show. */
export { InvoiceRemindersSection, RemindButton } from './invoice-reminders';
export { ReminderSettingsSection } from './reminder-settings';
