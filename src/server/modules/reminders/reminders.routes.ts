import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import { ApiError, badRequest } from '@/server/http/errors';
import { rawIdParam } from '@/server/http/params';
import { EMAILS_PER_USER_LIMIT, type RateLimitRule } from '@/server/plugins/rate-limit';
import { idParams } from '@/shared/contracts/common';
import {
  invoiceRemindersSchema,
  reminderSettingsBody,
  reminderSettingsSchema,
  sendReminderBody,
  sendReminderResultSchema,
  sendReminderSchema,
  type SendReminderResult,
} from '@/shared/contracts/reminders';
import { emailPreviewBody, emailPreviewSchema, emailTemplateKindParams } from '@/shared/contracts/email-templates';
import { isEmailTemplateKind } from '@/shared/email-templates';
import type { MessagePreview } from './message-preview';
import type { RemindersService } from './reminders.service';

/** A reminder reaches a third party: the user's one e-mail budget, shared with send_email and recurring invoices. */
export const SEND_REMINDER_LIMIT: RateLimitRule = EMAILS_PER_USER_LIMIT;

/** The fields of a send_reminder body, any other refused: the contract's. */
const SEND_REMINDER_FIELDS = sendReminderSchema.keyof().options;

/**
 * Reminders of overdue invoices (issue 15): `POST /api/invoices/{id}/send_reminder/` (optional
 * `{"level": 1|2|3}`), `GET /api/invoices/{id}/reminders/`, the automatic reminder settings at
 * `GET|PUT /api/profile/reminders/` (the automatic reminders' jobs are in reminders.jobs.ts).
 * `appName`: the sender's name in the e-mails.
 */
export async function remindersRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { reminders, appName, preview }: { reminders: RemindersService; appName: string; preview: MessagePreview },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get('/invoices/:id/reminders/', { schema: { params: idParams, response: { 200: invoiceRemindersSchema } } }, (request) =>
    reminders.list(request.userId, request.params.id, ctx.jobs.now()),
  );

  api.post(
    '/invoices/:id/send_reminder/',
    {
      schema: { params: idParams, body: sendReminderBody, response: { 201: sendReminderResultSchema } },
      // The invoice first: another user's is a 404 whatever the body.
      preValidation: async (request) => reminders.owned(request.userId, rawIdParam(request)),
    },
    async (request, reply) => {
      const id = request.params.id;
      const body = request.body ?? {};
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest({ detail: 'Le corps de la requête doit être un objet JSON.' });
      }
      const unknownField = Object.keys(body).find((key) => !(SEND_REMINDER_FIELDS as readonly string[]).includes(key));
      if (unknownField !== undefined) throw badRequest({ detail: `Champ inconnu : « ${unknownField} ».` });
      const { level, ...message } = body as Record<string, unknown>;
      // The edited message is checked first: a refused text does not spend the hour's e-mails.
      const edited = reminders.edited(message);
      await ctx.rateLimit(SEND_REMINDER_LIMIT, String(request.userId));
      const reminder = await reminders.send({ ownerId: request.userId, invoiceId: id, level, automatic: false, now: ctx.jobs.now(), appName, edited });
      ctx.outbox.kick();
      const result: SendReminderResult = { message: `${reminder.level_display} envoyée à ${reminder.recipient}.`, reminder };
      return reply.status(201).send(result);
    },
  );

  // An e-mail template's preview (issue 28; message-preview.ts says why it is here).
  api.post(
    '/email-templates/:kind/preview/',
    { schema: { params: emailTemplateKindParams, body: emailPreviewBody, response: { 200: emailPreviewSchema } } },
    (request) => {
      const { kind } = request.params;
      if (!isEmailTemplateKind(kind)) throw new ApiError(404, { detail: 'Modèle inconnu.' });
      return preview(request.userId, kind, request.body);
    },
  );

  api.get('/profile/reminders/', { schema: { response: { 200: reminderSettingsSchema } } }, (request) =>
    reminders.settings(request.userId),
  );
  // A ReminderSettingsBody: omitted fields keep their value.
  api.put('/profile/reminders/', { schema: { body: reminderSettingsBody, response: { 200: reminderSettingsSchema } } }, (request) =>
    reminders.updateSettings(request.userId, request.body),
  );
}
