/**
 * The e-mail templates module's public API (issue 28): its routes, the template a message of a kind
 * uses now, and the check of a message edited in the send dialog.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '@/server/context';
import { emailTemplatesRoutes } from './email-templates.routes';
import { emailTemplatesService } from './email-templates.service';

export {
  checkedTemplate,
  editedMessage,
  emailTemplatesService,
  templateKind,
  type EditedMessage,
  type EmailTemplatesService,
} from './email-templates.service';

export async function emailTemplatesModule(app: FastifyInstance, ctx: AppContext) {
  await emailTemplatesRoutes(app, ctx, { templates: emailTemplatesService(ctx.db) });
}
