import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { ApiError, badRequest } from '@/server/http/errors';
import { idParam } from '@/server/http/params';
import { EMAILS_PER_USER_LIMIT, type RateLimitRule } from '@/server/plugins/rate-limit';
import { mailFromParts } from '@/server/mail/mailer';
import type { SameKeys, Unchecked } from '@/server/http/api-types';
import type { ReminderLevel, ReminderSettings, SendReminderBody, SendReminderResult } from '@/shared/reminders';
import { remindersService } from './reminders.service';

type IdRequest = { Params: { id: string } };

/** A reminder reaches a third party: the user's one e-mail budget, shared with send_email and recurring invoices. */
export const SEND_REMINDER_LIMIT: RateLimitRule = EMAILS_PER_USER_LIMIT;

/** How often the automatic reminders are looked for (one job per hour, run by one process). */
export const AUTOMATIC_REMINDERS_INTERVAL_MS = 3_600_000;
export const REMINDER_JOBS = { scan: 'reminders:scan', send: 'reminders:send' } as const;

/** The fields of a send_reminder body, any other refused: the shared SendReminderBody's (compile-time check). */
const SEND_REMINDER_FIELDS = ['level'] as const;
export const SEND_REMINDER_BODY_MATCHES_SHARED_TYPE: SameKeys<(typeof SEND_REMINDER_FIELDS)[number], keyof SendReminderBody> = true;

/**
 * Reminders of overdue invoices (issue 15): `POST /api/invoices/{id}/send_reminder/` (optional
 * `{"level": 1|2|3}`), `GET /api/invoices/{id}/reminders/`, the automatic reminder settings at
 * `GET|PUT /api/profile/reminders/`, and the automatic reminders' jobs: every hour one process
 * looks for the reminders due and schedules one job per invoice and level (`reminder:<id>:<level>`,
 * stored once), each sent in the transaction that completes its job.
 */
export async function remindersRoutes(app: FastifyInstance, ctx: AppContext) {
  const reminders = remindersService(ctx.db, ctx.dialect);
  const appName = mailFromParts(ctx.config.mailFrom).name;

  ctx.jobs.every(REMINDER_JOBS.scan, AUTOMATIC_REMINDERS_INTERVAL_MS, async (_payload, run) => {
    for (const due of await reminders.dueAutomatic(run.now)) {
      await ctx.jobs.schedule(ctx.db, { kind: REMINDER_JOBS.send, key: `reminder:${due.invoiceId}:${due.level}`, payload: due });
    }
  });
  ctx.jobs.register<{ ownerId: number; invoiceId: number; level: ReminderLevel }>(REMINDER_JOBS.send, async (due, run) => {
    try {
      await reminders.send({ ...due, automatic: true, now: run.now, appName, alsoInTransaction: run.complete });
      ctx.outbox.kick();
    } catch (err) {
      // Paid, credited or reminded by hand meanwhile, or gone: nothing to send, the job is done.
      if (err instanceof ApiError && (err.statusCode === 400 || err.statusCode === 404)) return;
      throw err;
    }
  });

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
