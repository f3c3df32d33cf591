import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';

/** Below 1 KiB neither gzip nor a 304 saves enough bytes to pay for the CPU (hashing, zlib). */
export const SMALL_BODY_BYTES = 1024;

/**
 * gzip (or deflate) for JSON, HTML and the static assets, from SMALL_BODY_BYTES up. PDFs are not a compressible type (already deflated inside) and pass as they are.
 * Must be registered before any route: @fastify/compress hooks each route as it is added, after
 * the instance hooks, so it always sees the uncompressed body's ETag already set.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ['gzip', 'deflate'],
    threshold: SMALL_BODY_BYTES,
    // Level 6 (zlib's default) costs ~2× level 4 on a 10,000-contact list for ~5 % fewer bytes.
    zlibOptions: { level: 4 },
  });
}

/** Weak comparison (RFC 9110 §13.1.2): `W/` is ignored, `*` matches anything. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * API reads: browsers must revalidate (`Cache-Control: private, no-cache` — never reuse a stale
 * list, never store it in a shared cache), and revalidating a list is cheap: a weak ETag of the
 * uncompressed JSON from SMALL_BODY_BYTES up, so the gzip and identity answers share it (weak:
 * same content, not same bytes), and a matching If-None-Match gets 304 with no body. The body is
 * per user, so is the tag.
 */
export function registerApiRevalidation(api: FastifyInstance) {
  api.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done(null, payload);
    const cacheControl = reply.getHeader('cache-control');
    if (cacheControl === undefined) reply.header('cache-control', 'private, no-cache');
    const hashable = typeof payload === 'string' || Buffer.isBuffer(payload);
    // no-store answers (PDF downloads) are never revalidated: no point hashing them. Nor small
    // ones: their 304 would save a few hundred bytes and no query, while the hash and the
    // encoding cost ~3 % of a dashboard figure's CPU (bench/api.ts). Chars ≤ UTF-8 bytes.
    const small = hashable && (payload as string | Buffer).length < SMALL_BODY_BYTES;
    if (reply.statusCode !== 200 || !hashable || small || String(cacheControl ?? '').includes('no-store')) {
      return done(null, payload);
    }
    // Encoded once, here, for the hash, gzip and the socket alike (each would encode a string).
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // One-shot hash: ~4× cheaper than createHash() on a small body.
    const etag = `W/"${hash('sha1', body, 'base64url')}"`;
    reply.header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return done(null, '');
    }
    done(null, body);
  });
}
