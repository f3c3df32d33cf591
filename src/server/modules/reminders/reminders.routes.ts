import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { badRequest } from '@/server/http/errors';
import { idParam } from '@/server/http/params';
import { EMAILS_PER_USER_LIMIT, type RateLimitRule } from '@/server/plugins/rate-limit';
import type { SameKeys, Unchecked } from '@/server/http/api-types';
import type { ReminderSettings, SendReminderBody, SendReminderResult } from '@/shared/reminders';
import type { RemindersService } from './reminders.service';

type IdRequest = { Params: { id: string } };

/** A reminder reaches a third party: the user's one e-mail budget, shared with send_email and recurring invoices. */
export const SEND_REMINDER_LIMIT: RateLimitRule = EMAILS_PER_USER_LIMIT;

/** The fields of a send_reminder body, any other refused: the shared SendReminderBody's (compile-time check). */
const SEND_REMINDER_FIELDS = ['level'] as const;
export const SEND_REMINDER_BODY_MATCHES_SHARED_TYPE: SameKeys<(typeof SEND_REMINDER_FIELDS)[number], keyof SendReminderBody> = true;

/**
 * Reminders of overdue invoices (issue 15): `POST /api/invoices/{id}/send_reminder/` (optional
 * `{"level": 1|2|3}`), `GET /api/invoices/{id}/reminders/`, the automatic reminder settings at
 * `GET|PUT /api/profile/reminders/` (the automatic reminders' jobs are in reminders.jobs.ts).
 * `appName`: the sender's name in the e-mails.
 */
export async function remindersRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  { reminders, appName }: { reminders: RemindersService; appName: string },
) {
  app.addHook('onRequest', ctx.requireUser);

  app.get<IdRequest>('/invoices/:id/reminders/', (request) => reminders.list(request.userId, idParam(request.params.id), ctx.jobs.now()));

  app.post<IdRequest>('/invoices/:id/send_reminder/', async (request, reply) => {
    const id = idParam(request.params.id);
    // The invoice first: another user's is a 404 whatever the body.
    await reminders.owned(request.userId, id);
    await ctx.rateLimit(SEND_REMINDER_LIMIT, String(request.userId));
    const body = request.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest({ detail: 'Le corps de la requête doit être un objet JSON.' });
    }
    const unknownField = Object.keys(body).find((key) => !(SEND_REMINDER_FIELDS as readonly string[]).includes(key));
    if (unknownField !== undefined) throw badRequest({ detail: `Champ inconnu : « ${unknownField} ».` });
    const { level } = body as Unchecked<SendReminderBody>;
    const reminder = await reminders.send({ ownerId: request.userId, invoiceId: id, level, automatic: false, now: ctx.jobs.now(), appName });
    ctx.outbox.kick();
    const result: SendReminderResult = { message: `${reminder.level_display} envoyée à ${reminder.recipient}.`, reminder };
    return reply.status(201).send(result);
  });

  app.get('/profile/reminders/', (request): Promise<ReminderSettings> => reminders.settings(request.userId));
  // A ReminderSettingsBody: omitted fields keep their value.
  app.put('/profile/reminders/', (request): Promise<ReminderSettings> => reminders.updateSettings(request.userId, request.body));
}
