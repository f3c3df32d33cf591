import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '@/server/context';
import { ApiError, notFound } from '@/server/http/errors';
import { noContent } from '@/shared/contracts/common';
import { BRANDING_MESSAGES, LOGO_MAX_BYTES } from '@/shared/branding';
import type { LogoService } from './profile.service';

/** What an upload may be sent as: the image's own type, or any file (multipart is not parsed). */
const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml', 'application/octet-stream'];

/**
 * The logo (issue 28): PUT the file as the raw body (its type is read from its bytes, never from
 * its name or header), GET the PNG made of it, DELETE it. A body over 1 Mo is refused from its
 * Content-Length before it is read (413), or once 1 Mo has been read without one.
 */
export async function logoRoutes(app: FastifyInstance, ctx: AppContext, { logo }: { logo: LogoService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', ctx.requireUser);

  app.addContentTypeParser(UPLOAD_TYPES, { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_request, body, done) => done(null, body));

  api.put(
    '/profile/logo/',
    {
      bodyLimit: LOGO_MAX_BYTES,
      // Before the body is read: a declared length over the limit is refused at once.
      onRequest: (request, _reply, done) => done(Number(request.headers['content-length'] ?? 0) > LOGO_MAX_BYTES ? new ApiError(413, { detail: BRANDING_MESSAGES.logoTooBig }) : undefined),
      schema: { response: { 200: z.object({ logo_updated_at: z.string().nullable() }) } },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) throw new ApiError(415, { detail: BRANDING_MESSAGES.logoType });
      return { logo_updated_at: await logo.upload(request.userId, body) };
    },
  );

  // A Buffer, sent as it is: declared on the untyped instance (its schema documents the PNG).
  const pngAnswer = { 200: { content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } } } };
  app.get('/profile/logo/', { schema: { response: pngAnswer } }, async (request, reply) => {
    const stored = await logo.find(request.userId);
    if (!stored) throw notFound();
    return reply
      .header('Content-Type', 'image/png')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', 'inline; filename="logo.png"')
      .header('Cache-Control', 'private, no-cache')
      .send(stored.png);
  });

  api.delete('/profile/logo/', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    if (!(await logo.remove(request.userId))) throw notFound();
    return reply.status(204).send();
  });
}
