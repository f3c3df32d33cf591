import { z } from 'zod';
import { REMINDER_LEVELS } from '@/shared/reminders';
import { emailDeliverySchema, readByHandler } from './common';
import { sendEmailBodySchema } from './email-templates';

const reminderLevelSchema = z.literal(REMINDER_LEVELS);

/** A reminder as the API gives it. */
export const invoiceReminderSchema = z.object({
  id: z.number(),
  level: reminderLevelSchema,
  level_display: z.string(),
  automatic: z.boolean(),
  recipient: z.string(),
  /** Euros. */
  amount_due: z.number(),
  days_late: z.number(),
  sent_at: z.string(),
  email_delivery: emailDeliverySchema.nullable(),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

/**
 * Body of POST /api/invoices/{id}/send_reminder/ (may be empty): `level` absent, the level after
 * the last one sent. Read once the invoice is found and the e-mail budget counted
 * (reminders.routes.ts), with its own messages.
 */
/** The level (absent: the next one), and the message as edited in the send dialog (issue 28), as send_email takes it. */
export const sendReminderSchema = sendEmailBodySchema.extend({ level: reminderLevelSchema.optional() });
export type SendReminderBody = z.input<typeof sendReminderSchema>;
export const sendReminderBody = readByHandler(sendReminderSchema.nullish());

/** What POST /api/invoices/{id}/send_reminder/ answers (201). */
export const sendReminderResultSchema = z.object({
  /** 'Relance envoyée à …' */
  message: z.string(),
  reminder: invoiceReminderSchema,
});
export type SendReminderResult = z.infer<typeof sendReminderResultSchema>;

/** `GET /api/invoices/{id}/reminders/`: the reminders sent, and what a new one would be. */
export const invoiceRemindersSchema = z.object({
  reminders: z.array(invoiceReminderSchema),
  /** The level a new reminder would have (null: the final one has been sent). */
  next_level: reminderLevelSchema.nullable(),
  next_level_display: z.string().nullable(),
  /** Where it would go (the client's address; '' when the client has none). */
  recipient: z.string(),
  /** Why no reminder can be sent now (French), else null. */
  refusal: z.string().nullable(),
});
export type InvoiceReminders = z.infer<typeof invoiceRemindersSchema>;

/**
 * The reminders of the profile: automatic ones, days after the due date per level (null: none at
 * that level); and for every reminder, automatic or not, the least number of days since the
 * invoice's previous one (0: none).
 */
export const reminderSettingsSchema = z.object({
  auto_reminders: z.boolean(),
  reminder_1_days: z.number().nullable(),
  reminder_2_days: z.number().nullable(),
  reminder_3_days: z.number().nullable(),
  reminder_spacing_days: z.number(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/**
 * Body of PUT /api/profile/reminders/ (answered with the ReminderSettings): an omitted field keeps
 * its value. Checked by parseReminderSettings (shared with the profile page), with its messages.
 */
export const reminderSettingsBody = readByHandler(reminderSettingsSchema.partial().strict());
export type ReminderSettingsBody = Partial<ReminderSettings>;
