import { z } from 'zod';
import { EMAIL_TEMPLATE_KINDS } from '@/shared/email-templates';
import { readByHandler } from './common';

export const emailTemplateKindSchema = z.enum(EMAIL_TEMPLATE_KINDS);

/** One kind's template as GET /api/email-templates/ gives it: the user's, or the built-in one (`is_default`). */
export const emailTemplateSchema = z.object({
  kind: emailTemplateKindSchema,
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  is_default: z.boolean(),
});
export type EmailTemplateJson = z.infer<typeof emailTemplateSchema>;

export const emailTemplatesSchema = z.array(emailTemplateSchema);

export const emailTemplateKindParams = z.object({ kind: z.string() });

/** Body of PUT /api/email-templates/{kind}/ (read by the handler, French messages per field). */
export const emailTemplateBodySchema = z.strictObject({ subject: z.string(), body: z.string() });
export type EmailTemplateBody = z.infer<typeof emailTemplateBodySchema>;
export const emailTemplateBody = readByHandler(emailTemplateBodySchema);

/**
 * Body of POST /api/email-templates/{kind}/preview/: `subject` and `body` (the text being edited;
 * absent, the saved template), against `document_id` (a quote, invoice or credit note of the kind;
 * an invoice for a reminder) or sample values.
 */
export const emailPreviewBodySchema = z.strictObject({
  subject: z.string().optional(),
  body: z.string().optional(),
  document_id: z.number().int().positive().optional(),
});
export type EmailPreviewBody = z.infer<typeof emailPreviewBodySchema>;
export const emailPreviewBody = readByHandler(emailPreviewBodySchema.nullish());

/** The message as it would leave: subject, and the whole text (signature included). */
export const emailPreviewSchema = z.object({ subject: z.string(), body: z.string() });
export type EmailPreviewJson = z.infer<typeof emailPreviewSchema>;

/**
 * Body of POST {kind}/{id}/send_email/ (may be empty: the template, no copy): the subject and the
 * text as edited in the send dialog, sent as they are, and the addresses in copy.
 */
export const sendEmailBodySchema = z.strictObject({
  subject: z.string().optional(),
  body: z.string().optional(),
  cc: z.array(z.string()).optional(),
});
export type SendEmailBody = z.infer<typeof sendEmailBodySchema>;
export const sendEmailBody = readByHandler(sendEmailBodySchema.nullish());
