import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { attachmentDisposition } from '@/server/http/attachment';
import { ApiError } from '@/server/http/errors';
import { idParams } from '@/shared/contracts/common';
import { csvFile, type ReportQueryParams } from '@/shared/contracts/reports';
import {
  purchasesQuerySchema, purchasesRegisterSchema, receivedAnswerSchema, receivedInvoiceRowSchema, receivedInvoiceSchema, receivedListQuerySchema,
} from '@/shared/contracts/received-invoices';
import { RECEIVED_MESSAGES, RECEIVED_UPLOAD_MAX_BYTES } from '@/shared/received-invoices';
import type { ReceivedInvoicesService } from './received-invoices.service';

/** What an upload may be sent as: the file's own type or any file; its format is read from its bytes. */
const UPLOAD_TYPES = ['application/pdf', 'application/xml', 'text/xml', 'application/octet-stream'];
const fileAnswer = { 200: { content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } } };

const sendFile = (reply: FastifyReply, type: string, filename: string, body: string | Buffer) =>
  reply.type(type).header('content-disposition', attachmentDisposition(filename)).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(body);

/**
 * « Factures reçues » (issue 26): list (`?status=`, `?q=`), detail, the file as received
 * (`original/`, and `pdf/` when it is a Factur-X PDF), the user's answer (`status/`), an upload
 * (`import/`: the file as the raw body, ≤ 10 Mo, refused 413 from its Content-Length), and the
 * purchases register (`reports/purchases/`, JSON or CSV).
 */
export async function receivedInvoicesRoutes(app: FastifyInstance, ctx: AppContext, { received }: { received: ReceivedInvoicesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);
  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: RECEIVED_UPLOAD_MAX_BYTES }, (_request, body, done) => done(null, body));

  api.get('/received-invoices/', { schema: { querystring: receivedListQuerySchema, response: { 200: z.array(receivedInvoiceRowSchema) } } }, (request) =>
    received.list(request.userId, request.query),
  );

  api.post(
    '/received-invoices/import/',
    {
      // The file parser's own limit (10 Mo) applies to files; a JSON body keeps the server's.
      onRequest: (request, _reply, done) =>
        done(Number(request.headers['content-length'] ?? 0) > RECEIVED_UPLOAD_MAX_BYTES ? new ApiError(413, { detail: RECEIVED_MESSAGES.tooBig }) : undefined),
      schema: { querystring: z.object({ name: z.string().max(200).optional() }), response: { 201: receivedInvoiceSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(415, { detail: RECEIVED_MESSAGES.fileType });
      return reply.status(201).send(await received.file(request.userId, body, request.query.name || 'facture'));
    },
  );

  api.get('/received-invoices/:id/', { schema: { params: idParams, response: { 200: receivedInvoiceSchema } } }, (request) =>
    received.detail(request.userId, request.params.id),
  );

  api.post('/received-invoices/:id/status/', { schema: { params: idParams, body: receivedAnswerSchema, response: { 200: receivedInvoiceSchema } } }, (request) =>
    received.answer(request.userId, request.params.id, request.body),
  );

  // Buffers, sent as they are: declared on the untyped instance (their schema documents a file).
  app.get<{ Params: { id: string } }>('/received-invoices/:id/pdf/', { schema: { params: idParams, response: fileAnswer } }, async (request, reply) => {
    const file = await received.original(request.userId, Number(request.params.id), true);
    return sendFile(reply, 'application/pdf', file.original_name.endsWith('.pdf') ? file.original_name : `${file.original_name}.pdf`, file.original);
  });
  app.get<{ Params: { id: string } }>('/received-invoices/:id/original/', { schema: { params: idParams, response: fileAnswer } }, async (request, reply) => {
    const file = await received.original(request.userId, Number(request.params.id), false);
    return sendFile(reply, file.format === 'factur-x' ? 'application/pdf' : 'application/xml', file.original_name, file.original);
  });

  const purchasesRoute = {
    querystring: purchasesQuerySchema,
    response: { 200: { content: { 'application/json': { schema: purchasesRegisterSchema }, 'text/csv': { schema: csvFile } } } },
  };
  app.get<{ Querystring: ReportQueryParams }>('/reports/purchases/', { schema: purchasesRoute }, async (request, reply) => {
    const purchases = await received.purchases(request.userId, request.query);
    if (purchases.format === 'json') return purchases.register;
    return sendFile(reply, 'text/csv; charset=utf-8', `registre-des-achats-${purchases.from}_${purchases.to}.csv`, purchases.csv);
  });
}
