import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { mailFromParts } from '@/server/mail/mailer';
import { registerReminderJobs } from './reminders.jobs';
import { messagePreview } from './message-preview';
import { remindersRoutes } from './reminders.routes';
import { remindersService } from './reminders.service';

/** Reminders of overdue invoices: routes, and the automatic reminders' jobs. */
export async function remindersModule(app: FastifyInstance, ctx: AppContext) {
  const reminders = remindersService(ctx.db, ctx.dialect, ctx.config.appUrl);
  const appName = mailFromParts(ctx.config.mailFrom).name;
  registerReminderJobs(ctx, reminders, appName);
  await remindersRoutes(app, ctx, { reminders, appName, preview: messagePreview(ctx.db, ctx.dialect) });
}
