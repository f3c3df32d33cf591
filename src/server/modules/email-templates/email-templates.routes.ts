import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/context';
import {
  emailTemplateBody,
  emailTemplateKindParams,
  emailTemplateSchema,
  emailTemplatesSchema,
} from '@/shared/contracts/email-templates';
import { templateKind, type EmailTemplatesService } from './email-templates.service';

/**
 * The user's e-mail templates (issue 28): `GET /api/email-templates/` (every kind, the built-in one
 * flagged `is_default`), `PUT /api/email-templates/{kind}/` `{subject, body}`, `DELETE` (back to the
 * built-in one, answered like GET's item). The preview, which reads documents, is the reminders
 * module's (`POST /api/email-templates/{kind}/preview/`, message-preview.routes.ts).
 */
export async function emailTemplatesRoutes(app: FastifyInstance, ctx: AppContext, { templates }: { templates: EmailTemplatesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  api.get('/email-templates/', { schema: { response: { 200: emailTemplatesSchema } } }, (request) => templates.list(request.userId));

  api.put(
    '/email-templates/:kind/',
    { schema: { params: emailTemplateKindParams, body: emailTemplateBody, response: { 200: emailTemplateSchema } } },
    (request) => templates.save(request.userId, templateKind(request.params.kind), request.body),
  );

  api.delete(
    '/email-templates/:kind/',
    { schema: { params: emailTemplateKindParams, response: { 200: emailTemplateSchema } } },
    (request) => templates.reset(request.userId, templateKind(request.params.kind)),
  );
}
