import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import type { Dialect } from '@/server/db/database';
import { ApiError, parseBody } from '@/server/http/errors';
import { emailPreviewBodySchema, type EmailPreviewJson } from '@/shared/contracts/email-templates';
import { composeMessage, SAMPLE_PLACEHOLDER_VALUES, type EmailTemplateKind } from '@/shared/email-templates';
import { toHundredths } from '@/shared/money';
import { usersRepository } from '@/server/modules/auth';
import { checkedTemplate, emailTemplatesService } from '@/server/modules/email-templates';
import {
  CREDIT_NOTE_KIND,
  documentMessageDraft,
  documentsService,
  INVOICE_KIND,
  QUOTE_KIND,
  shownDocument,
} from '@/server/modules/documents';
import { reminderMessage } from './reminder-email';
import { INVOICE_NOT_FOUND } from './reminders.service';

const DOCUMENT_KINDS = { quote: QUOTE_KIND, invoice: INVOICE_KIND, credit_note: CREDIT_NOTE_KIND } as const;

/**
 * `POST /api/email-templates/{kind}/preview/` (issue 28): the message as it would leave — subject,
 * and text with the signature — from the template being edited (`subject`, `body`; absent, the
 * saved one) against `document_id` (a document of the kind; an invoice for a reminder) or sample
 * values. It reads documents and invoices, so it lives here, above the documents and templates
 * modules. Another user's document is a 404.
 */
export function messagePreview(db: Kysely<Database>, dialect: Dialect) {
  return async function preview(ownerId: number, kind: EmailTemplateKind, raw: unknown): Promise<EmailPreviewJson> {
    const input = parseBody(emailPreviewBodySchema, raw ?? {});
    const saved = await emailTemplatesService(db).current(ownerId, kind);
    const template = checkedTemplate({ subject: input.subject ?? saved.subject, body: input.body ?? saved.body });
    const id = input.document_id;
    if (id !== undefined && kind in DOCUMENT_KINDS) {
      return documentMessageDraft(db, dialect, DOCUMENT_KINDS[kind as keyof typeof DOCUMENT_KINDS], ownerId, id, template);
    }
    if (id !== undefined) {
      const view = await documentsService(db, dialect, INVOICE_KIND).get(ownerId, id).catch((err: unknown) => {
        throw err instanceof ApiError && err.statusCode === 404 ? new ApiError(404, { detail: INVOICE_NOT_FOUND }) : err;
      });
      const document = await shownDocument(db, INVOICE_KIND, ownerId, view);
      const level = Number(kind.slice(-1)) as 1 | 2 | 3;
      const due = toHundredths(view.balance_due ?? 0) ?? 0;
      return reminderMessage(level, document, due, (view.due_date as string | null | undefined) ?? null, template);
    }
    const user = await usersRepository(db).findById(ownerId);
    if (!user) throw new ApiError(404, { detail: 'Compte introuvable.' });
    const person = `${user.first_name} ${user.last_name}`.trim();
    return composeMessage(template, SAMPLE_PLACEHOLDER_VALUES, {
      person,
      company: user.company_name || person || user.email,
      email: user.email,
      signatureNotice: user.signature_notice,
    });
  };
}

export type MessagePreview = ReturnType<typeof messagePreview>;
