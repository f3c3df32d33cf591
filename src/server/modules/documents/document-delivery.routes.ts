import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { ApiError, OperatorAlertError } from '@/server/http/errors';
import { idParam } from '@/server/http/params';
import { attachmentDisposition } from '@/server/http/attachment';
import { EMAILS_PER_USER_LIMIT, type RateLimitRule } from '@/server/plugins/rate-limit';
import { documentPdf, sendEmailSchema, type DocumentNumberingJson, type SendEmailJson } from '@/shared/contracts/documents';
import { sendEmailBody } from '@/shared/contracts/email-templates';
import { CREDIT_NOTE_KIND, documentNoun, INVOICE_KIND, QUOTE_KIND, type DocumentKindConfig } from './document-kinds';
import type { DocumentDelivery } from './document-sending';

/**
 * `generate_pdf` and `send_email` for quotes, invoices and credit notes (SPEC sections 5, 7, 8). Errors are
 * `{"error": "…"}`: the client reads them, from a blob for the PDF.
 */

/** Per user: sending is slow and reaches third parties. */
/** The user's one e-mail budget (documents, reminders, recurring invoices). */
export const SEND_EMAIL_LIMIT = EMAILS_PER_USER_LIMIT;
const TOO_MANY_SENDS = 'Trop d’envois. Veuillez réessayer plus tard.';
/** Per user: a download may render (drafts, unsent quotes), which costs a worker thread. */
export const GENERATE_PDF_LIMIT = { name: 'generate-pdf:user', max: 60, windowSeconds: 60 };

/** The message is in the outbox: the page then follows its delivery (`email_delivery`). */
const SENDING = {
  quote: 'Le devis est en cours d’envoi par e-mail.',
  invoice: 'La facture est en cours d’envoi par e-mail.',
  credit_note: 'L’avoir est en cours d’envoi par e-mail.',
};

/**
 * The id as it arrives: read in the handler (idParam), so that a malformed one is answered like a
 * missing document, `{"error": "Facture introuvable."}`.
 */
const rawIdParams = z.object({ id: z.string() });

/** Any failure answered as `{"error": "…"}`; a foreign or missing id is a 404 like the others. */
function asErrorField(kind: DocumentKindConfig, request: FastifyRequest, err: unknown): never {
  if (err instanceof ApiError) {
    // Re-shaped below: the operator's log line is written here (an archive that no longer matches).
    if (err instanceof OperatorAlertError) request.log.error(err.alert, err.message);
    if (typeof err.body.error === 'string') throw err;
    if (err.statusCode === 404) throw new ApiError(404, { error: `${documentNoun(kind)} introuvable.` });
    const message = typeof err.body.detail === 'string' ? err.body.detail : 'Requête invalide.';
    throw new ApiError(err.statusCode, { error: message, ...err.body }, err.headers);
  }
  request.log.error({ err }, 'Document PDF or e-mail failed');
  throw new ApiError(500, { error: 'Une erreur est survenue lors de la génération du document. Veuillez réessayer plus tard.' });
}

/** The shared limiter's 429, worded for what was asked. */
async function limited(ctx: AppContext, rule: RateLimitRule, ownerId: number, message: (retryAfter: string) => string) {
  try {
    await ctx.rateLimit(rule, String(ownerId));
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 429) {
      const text = message(err.headers['retry-after'] ?? '60');
      throw new ApiError(429, { error: text, detail: text }, err.headers);
    }
    throw err;
  }
}

/** What the delivery routes are given (index.ts): each kind's delivery, and the name e-mails are sent under. */
export interface DeliveryServices {
  delivery: (kind: DocumentKindConfig) => DocumentDelivery;
  appName: string;
}

function deliveryRoutes(app: FastifyInstance, ctx: AppContext, kind: DocumentKindConfig, services: DeliveryServices) {
  const delivery = services.delivery(kind);
  const base = `/${kind.path}/:id`;
  const { appName } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const pdfAnswer = { 200: { content: { 'application/pdf': { schema: documentPdf } } } };

  // A Buffer, sent as it is: declared on the untyped instance (its schema documents the PDF).
  app.get<{ Params: z.infer<typeof rawIdParams> }>(`${base}/generate_pdf/`, { schema: { params: rawIdParams, response: pdfAnswer } }, async (request, reply) => {
    try {
      await limited(ctx, GENERATE_PDF_LIMIT, request.userId, (seconds) => `Trop de PDF demandés. Veuillez réessayer dans ${seconds} secondes.`);
      const { pdf, fileName } = await delivery.printed(request.userId, idParam(request.params.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    } catch (err) {
      asErrorField(kind, request, err);
    }
  });

  // The body (issue 28) may be empty: the template as it is, no copy.
  api.post(`${base}/send_email/`, { schema: { params: rawIdParams, body: sendEmailBody, response: { 200: sendEmailSchema } } }, async (request) => {
    const ownerId = request.userId;
    try {
      // Checked first: a refused body costs no e-mail of the hour's budget.
      const edited = delivery.edited(request.body);
      await limited(ctx, SEND_EMAIL_LIMIT, ownerId, () => TOO_MANY_SENDS);
      // Issued (a draft), archived and put in the outbox in one transaction (document-sending.ts);
      // the outbox sends the message after the commit (mail/outbox.ts).
      const after = await delivery.send(ownerId, idParam(request.params.id), appName, edited);
      ctx.outbox.kick();
      const answer: SendEmailJson = {
        message: SENDING[kind.kind],
        id: after.id,
        ...({ [kind.numberField]: after[kind.numberField] ?? null } as DocumentNumberingJson),
        status: after.status,
        status_display: after.status_display,
        email_delivery: after.email_delivery,
      };
      return answer;
    } catch (err) {
      asErrorField(kind, request, err);
    }
  });
}

export function documentDeliveryRoutes(app: FastifyInstance, ctx: AppContext, services: DeliveryServices) {
  for (const kind of [QUOTE_KIND, INVOICE_KIND, CREDIT_NOTE_KIND]) deliveryRoutes(app, ctx, kind, services);
}
