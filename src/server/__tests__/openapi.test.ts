import { createTestApp, type RouteEntry, type TestApp } from '../test/test-app';

/**
 * The OpenAPI document (plugins/openapi.ts) is generated from the routes' zod schemas
 * (src/shared/contracts): every API route must be in it, with its answer and, when it takes one,
 * its body. A route declared without a schema fails here.
 */

interface Operation {
  operationId?: string;
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Routes that take no body although their method could carry one (an action on the row the URL names). */
const NO_BODY = new Set<string>([
  'POST /api/confirm-email/:uidb64/:token/',
  'POST /api/ledger/checkpoint/',
  'POST /api/recurring-invoices/:id/pause/',
  'POST /api/recurring-invoices/:id/resume/',
  'POST /api/recurring-invoices/:id/stop/',
  'POST /api/quotes/:id/convert_to_invoice/',
  'POST /api/quotes/:id/send_email/',
  'POST /api/invoices/:id/send_email/',
  'POST /api/credit-notes/:id/send_email/',
  'POST /api/time-entries/stop/',
  // Issue 26: tests the saved platform connection.
  'POST /api/einvoicing/settings/test/',
  // Issue 26: the sync with the platform, now (« Actualiser »).
  'POST /api/einvoicing/sync/',
  // Issue 27: a new client link for the document the URL names.
  'POST /api/quotes/:id/share/',
  'POST /api/invoices/:id/share/',
  'POST /api/credit-notes/:id/share/',
  'POST /api/contacts/:id/share/',
  // Issue 28: the logo is the image's raw bytes (image/png, image/jpeg, image/svg+xml), not a JSON body.
  'PUT /api/profile/logo/',
  // Issue 26: a received invoice is its file's raw bytes (PDF or XML), not a JSON body.
  'POST /api/received-invoices/import/',
]);

const key = (r: RouteEntry) => `${r.method} ${r.url}`;
/** '/api/tasks/:id/' → '/api/tasks/{id}/', as @fastify/swagger writes it. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** What is wrong with an operation's documentation ('' when nothing). */
function missing(route: RouteEntry, operation: Operation): string {
  const responses = Object.entries(operation.responses ?? {});
  const answered = responses.some(
    ([status, response]) =>
      status === '204' ||
      /^3\d\d$/.test(status) ||
      (/^2\d\d$/.test(status) && Object.values(response.content ?? {}).some((media) => media.schema !== undefined)),
  );
  const needsBody = ['POST', 'PUT', 'PATCH'].includes(route.method) && !NO_BODY.has(key(route));
  const hasBody = Object.values(operation.requestBody?.content ?? {}).some((media) => media.schema !== undefined);
  return [!answered && 'no 2xx answer schema (or 204, redirect)', needsBody && !hasBody && 'no request body schema']
    .filter(Boolean)
    .join(', ');
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const apiRoutes = () =>
  t.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs/') && r.method !== 'HEAD');

test('the document is OpenAPI 3.x, served without signing in', () => {
  expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
  expect(apiRoutes().length).toBeGreaterThan(50);
});

test('every API route is in it with its method', () => {
  const absent = apiRoutes().filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]);
  expect(absent.map(key)).toEqual([]);
});

test('every route documents its answer, and its body when it takes one', () => {
  const problems = apiRoutes()
    .map((r) => [key(r), missing(r, doc.paths[openApiPath(r.url)][r.method.toLowerCase()])])
    .filter(([, problem]) => problem);
  expect(Object.fromEntries(problems)).toEqual({});
});

test('operation ids and summaries, where given, are unique', () => {
  const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
  for (const field of ['operationId', 'summary'] as const) {
    const values = operations.map((o) => o[field]).filter((v): v is string => v !== undefined);
    expect(values.filter((v, i) => values.indexOf(v) !== i)).toEqual([]);
  }
});
