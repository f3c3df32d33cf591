import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { SpaFallback } from './error-handler';

/**
 * helmet itself, from @fastify/helmet's dependencies (the plugin rebuilds the middleware — and
 * re-parses the CSP — on every request: ~6 % of the CPU of a small API read in bench/api.ts).
 */
const helmet = createRequire(require.resolve('@fastify/helmet'))('helmet') as typeof import('helmet').default;

/**
 * The headers a helmet middleware sets. They depend on its configuration only (no nonce, no
 * per-request directive), so they are read once, from a response that records them.
 */
function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown = null;
  let called = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    called = true;
    failure = err ?? null;
  });
  if (!called || failure) throw new Error(`helmet n’a pas fini de fixer les en-têtes : ${String(failure)}`);
  return headers;
}

/** Security headers for every response; the analytics origin is allowed only when configured. */
export async function registerSecurityHeaders(app: FastifyInstance, analyticsScriptUrl: string | null) {
  const analyticsOrigin = analyticsScriptUrl ? new URL(analyticsScriptUrl).origin : null;
  const withAnalytics = (sources: string[]) => (analyticsOrigin ? [...sources, analyticsOrigin] : sources);
  const securityHeaders = headersSetBy(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: withAnalytics(["'self'"]),
          connectSrc: withAnalytics(["'self'"]),
          imgSrc: withAnalytics(["'self'", 'data:']),
          // styled-components injects <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          // The PDF preview shows a blob: URL of the downloaded document in a frame.
          frameSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Reply headers, written with the rest at writeHead: running helmet's dozen middlewares and
  // validating each header on the raw response cost ~10 % of a small API read (bench/api.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
}

/** A content-hashed file, or its precompressed copy (`.br`, `.gz`, made by the build). */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|svg|png|woff2?)(\.br|\.gz)?$/;
/** The client portal's pages, `/p/{token}` and a client space's document `/p/{token}/{number}` (issue 27). */
const PORTAL_PAGE = /^\/p\/[^/]+(\/[^/]+)?\/?$/;
/** What the build precompresses (webpack.config.js, PrecompressPlugin), or a copy of it. */
const PRECOMPRESSED_TYPES = /\.js(\.br|\.gz)?$/;

/**
 * Serves the built SPA from `publicDir`: hashed assets cached for a year, index.html (with the
 * optional analytics script) for every other GET outside /api so that client routes work on reload,
 * and at '/' the static landing page (landing.html, prerendered by the build) when there is one.
 * Returns the fallback used by the not-found handler, or null when there is no build.
 */
export async function registerWebApp(
  app: FastifyInstance,
  publicDir: string | null,
  analyticsScriptUrl: string | null,
): Promise<SpaFallback | null> {
  const indexFile = publicDir ? path.join(publicDir, 'index.html') : null;
  if (!publicDir || !indexFile || !existsSync(indexFile)) return null;
  const landingFile = path.join(publicDir, 'landing.html');

  const withAnalytics = (html: string) => {
    if (!analyticsScriptUrl) return html;
    const tag = `<script async src="${analyticsScriptUrl.replace(/"/g, '&quot;')}"></script>`;
    return html.replace('</head>', `${tag}</head>`);
  };
  const plainIndexHtml = readFileSync(indexFile, 'utf8');
  const indexHtml = withAnalytics(plainIndexHtml);
  const landingHtml = existsSync(landingFile) ? withAnalytics(readFileSync(landingFile, 'utf8')) : indexHtml;

  await app.register(fastifyStatic, {
    root: publicDir,
    wildcard: false,
    index: false,
    // The build's brotli or gzip copy when the browser takes it, else the file (gzipped on the fly).
    preCompressed: true,
    allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/landing.html',
    cacheControl: false, // set below, per file
    setHeaders(res, filePath) {
      res.setHeader('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A script's bytes depend on Accept-Encoding (brotli, gzip or plain): a shared cache must know.
      // @fastify/compress says so when it compresses, not when the file is already compressed.
      if (PRECOMPRESSED_TYPES.test(filePath)) res.setHeader('vary', 'accept-encoding');
    },
  });

  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  app.get('/', (_request, reply) => sendHtml(reply, landingHtml));
  // Paths that look like files (have an extension) are real 404s, not client routes.
  return (url, reply) => {
    const pathName = url.split('?')[0];
    if (/\.[a-z0-9]+$/i.test(pathName)) return false;
    if (PORTAL_PAGE.test(pathName)) {
      // A client's personal link (issue 27): never indexed, never kept by a shared cache, and no
      // third-party script sees the seller's client (the page holds a bearer link in its address).
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
      reply.type('text/html; charset=utf-8').send(plainIndexHtml);
      return true;
    }
    sendHtml(reply, indexHtml);
    return true;
  };
}
