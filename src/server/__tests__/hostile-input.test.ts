import fc from 'fast-check';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type RouteEntry, type TestApp } from '../test/test-app';
import { lastLinkSentTo } from '../test/outbox';
import {
  bodies, call, changedTables, createOneOfEach, idsOf, isDrfErrorBody, resourceOf, snapshotDatabase, validBody,
  type OwnedObjects,
} from '../test/api-fixtures';
import {
  BAD_IDS, BODY_LIMIT, EXTREME_VALUES, HOSTILE_KEYS, JsonObject, POLLUTION_MARK, RawJson, hostileBody, planArb, queryArb,
  type HostilePlan, type JsonTree,
} from '../test/hostile-payloads';

/**
 * Random and hostile payloads (fast-check) on every write endpoint of the route table: never
 * a 5xx; a refusal is a 4xx with a DRF-shaped JSON body and changes nothing in the database;
 * an acceptance reads back. On failure fast-check prints the seed and the shrunk counterexample.
 */

/** Runs per endpoint; raise it for a bug hunt (`HOSTILE_RUNS=500 npx jest hostile-input`). */
const RUNS = Number(process.env.HOSTILE_RUNS) || 25;
const MARK = 'Mallory';

interface Ctx {
  mallory: Awaited<ReturnType<typeof signUp>>;
  /** Mallory's objects, the targets of PUT and actions. */
  objects: OwnedObjects;
  /** A second set, for the DELETE routes. */
  doomed: OwnedObjects;
  /** The account behind the token, refresh, logout and reset routes. */
  account: Awaited<ReturnType<typeof signUp>>;
  resetParams: Record<string, string>;
  /** An e-mail change link of a third account (its first accepted run changes the address). */
  emailParams: Record<string, string>;
  /** A genuine checkpoint of Mallory's journal (issue 23). */
  checkpoint: unknown;
  /** Client links (issue 27) of two of Mallory's sent quotes: one to accept, one to decline. */
  portalTokens: { accept: string; decline: string };
  /** Two sent quotes of Mallory's client, by number through its client space (issue 27): one to accept, one to decline. */
  spaceQuotes: { accept: { token: string; number: string }; decline: { token: string; number: string } };
  /** Another session of Mallory's, for DELETE /api/sessions/:id/ (issue 23). */
  doomedSession: string;
}

interface WriteSpec {
  auth: boolean;
  /** A valid body, fresh for each run (a new address for register…); undefined: the route takes none. */
  body: (c: Ctx, route: RouteEntry) => unknown;
  /** Valid URL parameters; a run picks one of them, or a bad value. */
  params: (c: Ctx) => Record<string, string>[];
  runs?: number;
  /** Tables a refusal may change (default none), for a reason given where it is set. */
  refusalMayChange?: string[];
}

const noParams = () => [{}];
const ids = (pick: (o: OwnedObjects) => number[]) => (c: Ctx) => pick(c.objects).map((id) => ({ id: String(id) }));
const doomedIds = (pick: (o: OwnedObjects) => number) => (c: Ctx) => [{ id: String(pick(c.doomed)) }];
const doomedPayment = (c: Ctx) => [{ id: String(c.doomed.invoiceIssued), paymentId: String(c.doomed.payment) }];
const own = (params: WriteSpec['params'] = noParams, runs?: number): WriteSpec => ({
  auth: true,
  body: (c, route) => validBody(route, c.objects, MARK, c.mallory.email),
  params,
  runs,
});
/** E-mail template kinds (issue 28): a path names one, never an id. */
const kinds = () => [{ kind: 'quote' }, { kind: 'reminder_3' }];
const account = (body: (c: Ctx) => unknown, params: WriteSpec['params'] = noParams): WriteSpec => ({ auth: false, body, params });
/**
 * Once rotated (or logged out), the account's refresh token is a replay: the refusal ends its whole
 * session family on purpose (a copied token means theft, issue 16), which is a change.
 */
const replayable = (spec: WriteSpec): WriteSpec => ({ ...spec, refusalMayChange: ['sessions', 'refresh_tokens'] });

/** Every write endpoint, in run order (deletions last). The route table must match it exactly. */
const WRITE_ENDPOINTS: Record<string, WriteSpec> = {
  'POST /api/register/': account(() => {
    const email = uniqueEmail('hostile');
    return { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD };
  }),
  'POST /api/token/': account((c) => ({ email: c.account.email, password: c.account.password })),
  'POST /api/token/refresh/': replayable(account((c) => ({ refresh: c.account.refresh }))),
  'POST /api/token/logout/': replayable(account((c) => ({ refresh: c.account.refresh }))),
  'POST /api/reset-password/': account((c) => ({ email: c.account.email })),
  'POST /api/reset-password-confirm/:uidb64/:token/': account(
    () => ({ password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' }),
    (c) => [c.resetParams],
  ),
  'POST /api/confirm-email/:uidb64/:token/': account(() => undefined, (c) => [c.emailParams]),
  'PUT /api/profile/': own(),
  // Reminders (issue 15): these invoices are not overdue, so a reminder is refused (400), never a 500.
  'PUT /api/profile/reminders/': own(),
  // E-mail templates (issue 28): one kind of the user's, by name.
  'PUT /api/email-templates/:kind/': own(kinds),
  'POST /api/email-templates/:kind/preview/': own(kinds),
  // The approved platform (issue 26): its settings, and the connection test (no body; port 1: no network).
  'PUT /api/einvoicing/settings/': own(),
  'POST /api/einvoicing/settings/test/': own(),
  // The sync (« Actualiser »): no body; without a platform on, a French 400.
  'POST /api/einvoicing/sync/': own(),
  // Issue 28: the logo takes image bytes (any JSON is a 415), the catalogue JSON.
  'PUT /api/profile/logo/': own(),
  'POST /api/catalogue/': own(),
  'PUT /api/catalogue/:id/': own(ids((o) => [o.catalogueItem])),
  // Issue 26: an upload takes a file's bytes (any JSON is a 415); an answer, one of four.
  'POST /api/received-invoices/import/': own(),
  'POST /api/received-invoices/:id/status/': own(ids((o) => [o.receivedInvoice])),
  'POST /api/invoices/:id/send_reminder/': own(ids((o) => [o.invoiceIssued, o.invoiceDraft])),
  'POST /api/contacts/': own(),
  'PUT /api/contacts/:id/': own(ids((o) => [o.contact])),
  'POST /api/import-contacts/': own(),
  'POST /api/projects/': own(),
  'PUT /api/projects/:id/': own(ids((o) => [o.project])),
  'POST /api/tasks/': own(),
  'PUT /api/tasks/:id/': own(ids((o) => [o.task])),
  'POST /api/quotes/': own(),
  'PUT /api/quotes/:id/': own(ids((o) => [o.quoteDraft, o.quoteSent])),
  'POST /api/invoices/': own(),
  'PUT /api/invoices/:id/': own(ids((o) => [o.invoiceDraft, o.invoiceIssued])),
  // Each accepted run renders a PDF: fewer runs.
  'POST /api/quotes/:id/send_email/': own(ids((o) => [o.quoteDraft, o.quoteSent]), Math.ceil(RUNS / 2)),
  'POST /api/invoices/:id/send_email/': own(ids((o) => [o.invoiceDraft, o.invoiceIssued]), Math.ceil(RUNS / 2)),
  'POST /api/quotes/:id/deposit_invoice/': own(ids((o) => [o.quoteSent, o.quoteDraft])),
  'POST /api/quotes/:id/convert_to_invoice/': own(ids((o) => [o.quoteSent, o.quoteDraft])),
  'POST /api/projects/:id/invoice_time/': own(ids((o) => [o.project])),
  'POST /api/invoices/:id/payments/': own(ids((o) => [o.invoiceIssued, o.invoiceDraft])),
  // Each accepted run issues a credit note (PDF rendered and archived): fewer runs.
  'POST /api/invoices/:id/credit_note/': own(ids((o) => [o.invoiceIssued, o.invoiceDraft]), Math.ceil(RUNS / 2)),
  'POST /api/credit-notes/:id/send_email/': own(ids((o) => [o.creditNote]), Math.ceil(RUNS / 2)),
  // Recurring invoices (issue 15): stop last, it is final.
  'POST /api/invoices/:id/make_recurring/': own(ids((o) => [o.invoiceDraft, o.invoiceIssued])),
  'PATCH /api/recurring-invoices/:id/': own(ids((o) => [o.recurrence])),
  'PUT /api/recurring-invoices/:id/': own(ids((o) => [o.recurrence])),
  'POST /api/recurring-invoices/:id/pause/': own(ids((o) => [o.recurrence])),
  'POST /api/recurring-invoices/:id/resume/': own(ids((o) => [o.recurrence])),
  'POST /api/recurring-invoices/:id/stop/': own(ids((o) => [o.recurrence])),
  // The journal (issue 23): a checkpoint taken (stored: a write), a verification against one (reads only).
  'POST /api/ledger/checkpoint/': { auth: true, body: () => undefined, params: noParams },
  'POST /api/ledger/verify/': { auth: true, body: (c) => ({ checkpoint: c.checkpoint }), params: noParams },
  // Time entries (issue 28).
  'POST /api/time-entries/': own(),
  'PUT /api/time-entries/:id/': own(ids((o) => [o.timeEntry])),
  'POST /api/time-entries/start/': own(),
  'POST /api/time-entries/stop/': own(),
  'PUT /api/time-entries/day/': own(),
  'PUT /api/time-entries/settings/': own(),
  // The client portal (issue 27): links made and revoked by the owner; a quote answered through its link.
  'POST /api/quotes/:id/share/': own(ids((o) => [o.quoteSent, o.quoteDraft])),
  'POST /api/invoices/:id/share/': own(ids((o) => [o.invoiceIssued, o.invoiceDraft])),
  'POST /api/credit-notes/:id/share/': own(ids((o) => [o.creditNote])),
  'POST /api/contacts/:id/share/': own(ids((o) => [o.contact])),
  'POST /api/portal/:token/accept/': { auth: false, body: () => ({ signer_name: MARK, signer_email: 'signataire@exemple.fr', consent: true }), params: (c) => [{ token: c.portalTokens.accept }] },
  'POST /api/portal/:token/decline/': { auth: false, body: () => ({ reason: MARK }), params: (c) => [{ token: c.portalTokens.decline }] },
  // A client space's quote, by its number (issue 27).
  'POST /api/portal/:token/documents/:number/accept/': {
    auth: false, body: () => ({ signer_name: MARK, signer_email: 'signataire@exemple.fr', consent: true }), params: (c) => [c.spaceQuotes.accept],
  },
  'POST /api/portal/:token/documents/:number/decline/': { auth: false, body: () => ({ reason: MARK }), params: (c) => [c.spaceQuotes.decline] },
  'DELETE /api/quotes/:id/share/': own(ids((o) => [o.quoteSent])),
  'DELETE /api/invoices/:id/share/': own(ids((o) => [o.invoiceIssued])),
  'DELETE /api/credit-notes/:id/share/': own(ids((o) => [o.creditNote])),
  'DELETE /api/contacts/:id/share/': own(ids((o) => [o.contact])),
  'DELETE /api/invoices/:id/payments/:paymentId/': own(doomedPayment),
  'DELETE /api/sessions/:id/': own((c) => [{ id: c.doomedSession }]),
  'DELETE /api/email-templates/:kind/': own(kinds),
  'DELETE /api/time-entries/:id/': own(doomedIds((o) => o.timeEntry)),
  'DELETE /api/tasks/:id/': own(doomedIds((o) => o.task)),
  'DELETE /api/quotes/:id/': own(doomedIds((o) => o.quoteDraft)),
  'DELETE /api/invoices/:id/': own(doomedIds((o) => o.invoiceDraft)),
  'DELETE /api/projects/:id/': own(doomedIds((o) => o.project)),
  'DELETE /api/contacts/:id/': own(doomedIds((o) => o.contact)),
  'DELETE /api/catalogue/:id/': own(doomedIds((o) => o.catalogueItem)),
  'DELETE /api/profile/logo/': own(),
};

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const routeOf = (key: string): RouteEntry => {
  const [method, url] = key.split(' ');
  return { method, url };
};

let t: TestApp;
let ctx: Ctx;
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  t = await createTestApp();
  const mallory = await signUp(t);
  const accountUser = await signUp(t);
  await call(t, null, 'POST', '/api/reset-password/', { email: accountUser.email });
  const [, , uidb64, token] = new URL(lastLinkSentTo(t.config.dataDir, accountUser.email)).pathname.split('/');
  const mover = await signUp(t);
  const movedTo = uniqueEmail('hostile-nouvelle');
  await call(t, mover, 'PUT', '/api/profile/', { email: movedTo, first_name: MARK, last_name: MARK, current_password: mover.password });
  const [, , emailUid, emailToken] = new URL(lastLinkSentTo(t.config.dataDir, movedTo)).pathname.split('/');
  ctx = {
    mallory,
    objects: await createOneOfEach(t, mallory, MARK),
    doomed: await createOneOfEach(t, mallory, `${MARK} Doomed`),
    account: accountUser,
    resetParams: { uidb64, token },
    emailParams: { uidb64: emailUid, token: emailToken },
    checkpoint: (await call(t, mallory, 'POST', '/api/ledger/checkpoint/')).body,
    doomedSession: await (async () => {
      await call(t, null, 'POST', '/api/token/', { email: mallory.email, password: mallory.password });
      const sessions = (await call(t, mallory, 'GET', '/api/sessions/')).body as { id: string; current: boolean }[];
      return sessions.find((s) => !s.current)!.id;
    })(),
    portalTokens: { accept: '', decline: '' },
    spaceQuotes: { accept: { token: '', number: '' }, decline: { token: '', number: '' } },
  };
  const linkOf = async (quoteId: number) =>
    ((await call(t, mallory, 'POST', `/api/quotes/${quoteId}/share/`)).body as { url: string }).url.split('/p/')[1];
  ctx.portalTokens = { accept: await linkOf(ctx.objects.quoteSent), decline: await linkOf(ctx.doomed.quoteSent) };
  const space = ((await call(t, mallory, 'POST', `/api/contacts/${ctx.objects.contact}/share/`)).body as { url: string }).url.split('/p/')[1];
  const spaceQuote = async () => {
    const quote = await call(t, mallory, 'POST', '/api/quotes/', bodies.document(MARK, ctx.objects.contact, null, 'sent'));
    return { token: space, number: (quote.body as { quote_number: string }).quote_number };
  };
  ctx.spaceQuotes = { accept: await spaceQuote(), decline: await spaceQuote() };
});
afterAll(() => t.close());

it('covers every write endpoint of the route table', () => {
  const writes = t.routes.filter((r) => WRITE_METHODS.includes(r.method)).map((r) => `${r.method} ${r.url}`);
  expect(writes.filter((k) => !(k in WRITE_ENDPOINTS))).toEqual([]);
  expect(Object.keys(WRITE_ENDPOINTS).filter((k) => !writes.includes(k))).toEqual([]);
});

/** What a run sends: the body plan, which valid parameters, and whether to spoil one of them. */
const targetArb = fc.record({ pick: fc.nat(), badParam: fc.option(fc.constantFrom(...BAD_IDS), { freq: 4, nil: undefined }) });
type Target = { pick: number; badParam: string | undefined };

function urlFor(route: RouteEntry, spec: WriteSpec, target: Target): string {
  const options = spec.params(ctx);
  const params = { ...options[target.pick % options.length] };
  const names = Object.keys(params);
  if (target.badParam !== undefined && names.length) params[names[target.pick % names.length]] = target.badParam;
  return route.url.replace(/:(\w+)/g, (_m, name: string) => params[name]);
}

/** After a 2xx: what was written reads back. */
async function expectConsistent(route: RouteEntry, url: string, body: unknown) {
  const resource = resourceOf(route.url);
  const read = (path: string) => call(t, ctx.mallory, 'GET', path);
  const created = body as { id?: number; ids?: number[]; invoice?: { id: number }; payment?: { id: number } } | null;
  if (route.url.endsWith('/payments/:paymentId/')) {
    // Gone from its invoice's payments.
    const [, invoiceId, paymentId] = /\/invoices\/(\d+)\/payments\/(\d+)\//.exec(url)!;
    const payments = (await read(`/api/invoices/${invoiceId}/payments/`)).body as { id: number }[];
    expect(payments.map((p) => p.id)).not.toContain(Number(paymentId));
  } else if (route.method === 'DELETE' && route.url.endsWith('/share/')) {
    // Issue 27: the document's links are revoked; its share state still reads.
    expect(((await read(url)).body as { active: boolean }).active).toBe(false);
  } else if (route.method === 'DELETE') {
    expect((await read(url)).status).toBe(404);
  } else if (route.url.endsWith('/payments/')) {
    expect((await read(url)).body).toContainEqual(created!.payment);
    expect((await read(`/api/invoices/${created!.invoice!.id}/`)).body).toEqual(created!.invoice);
  } else if (route.url.endsWith('/credit_note/')) {
    expect((await read(`/api/credit-notes/${created!.id}/`)).body).toEqual(body);
  } else if (route.url === '/api/import-contacts/') {
    for (const id of created!.ids!) expect((await read(`/api/contacts/${id}/`)).status).toBe(200);
  } else if (/\/(deposit_invoice|invoice_time)\/$/.test(route.url)) {
    // Both answer the invoice they made.
    expect((await read(`/api/invoices/${created!.id}/`)).body).toEqual(body);
  } else if (route.url.endsWith('/make_recurring/')) {
    // Answers the recurrence it made (issue 15).
    expect((await read(`/api/recurring-invoices/${created!.id}/`)).body).toEqual(body);
  } else if (route.url.endsWith('/convert_to_invoice/')) {
    expect((await read(`/api/invoices/${created!.invoice!.id}/`)).status).toBe(200);
  } else if (route.url === '/api/profile/') {
    expect((await read('/api/profile/')).body).toEqual(body);
  } else if (route.url === '/api/einvoicing/settings/' && route.method === 'PUT') {
    // Issue 26: the settings read back as answered, the secret in neither.
    expect((await read('/api/einvoicing/settings/')).body).toEqual(body);
  } else if (route.url === '/api/profile/reminders/') {
    expect((await read('/api/profile/reminders/')).body).toEqual(body);
  } else if (resource && typeof created?.id === 'number' && !route.url.endsWith('/send_email/')) {
    const again = await read(`/api/${resource}/${created.id}/`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(body);
  }
}

/**
 * Examples run before the random payloads, on every endpoint: what is too big or too deep to
 * draw at random, and the classes of value that found bugs (one of each in every field).
 */
function examplesFor(spec: WriteSpec): [HostilePlan, Target][] {
  const json = 'application/json';
  const plan = (p: Partial<HostilePlan>): HostilePlan => ({ whole: undefined, edits: [], wrap: false, contentType: json, ...p });
  const valid: Target = { pick: 0, badParam: undefined };
  const pollution: JsonTree = new JsonObject([[POLLUTION_MARK, 'oui']]);
  const takesParams = Object.keys(spec.params(ctx)[0]).length > 0;
  return [
    ...EXTREME_VALUES.flatMap((value) => [
      [plan({ edits: [{ kind: 'set', at: 0, value }] }), valid] as [HostilePlan, Target],
      [plan({ whole: value }), valid] as [HostilePlan, Target],
    ]),
    ...['__proto__', 'constructor', 'prototype'].map((key) => [plan({ edits: [{ kind: 'add', at: 0, key, value: pollution }] }), valid] as [HostilePlan, Target]),
    // Every text (number) of an otherwise valid body at once: the value reaches the database.
    ...['a\u0000b', '\ud800', 'e\u0301\u202e<b>', EXTREME_VALUES[0]].map((value) => [plan({ edits: [{ kind: 'strings', value }] }), valid] as [HostilePlan, Target]),
    ...[new RawJson('1e400'), -0, 5e-324, 2 ** 53 + 2].map((value) => [plan({ edits: [{ kind: 'numbers', value }] }), valid] as [HostilePlan, Target]),
    // One key at a time: Fastify refuses any body holding `__proto__`, which would mask the others.
    ...HOSTILE_KEYS.map((key) => [plan({ edits: [{ kind: 'add', at: 0, key, value: 1 }] }), valid] as [HostilePlan, Target]),
    ...(takesParams ? [[plan({}), { pick: 0, badParam: 'x'.repeat(300) }] as [HostilePlan, Target]] : []),
  ];
}

describe.each(Object.entries(WRITE_ENDPOINTS))('%s', (key, spec) => {
  const route = routeOf(key);
  const send = (url: string, payload: string | undefined, contentType?: string) =>
    t.app.inject({
      method: route.method as 'POST',
      url,
      headers: { ...(spec.auth ? ctx.mallory.auth : {}), ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Sends, then checks the answer; a refusal must leave the database as it was. */
  let known: Record<string, string> | null = null;
  async function check(url: string, payload: string | undefined, contentType?: string) {
    const before = known ?? (await snapshotDatabase(t));
    const res = await send(url, payload, contentType);
    const what = `${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 500) throw new Error(`server error: ${what}`);
    if (res.statusCode >= 400) {
      if (!isDrfErrorBody(res.body && JSON.parse(res.body))) throw new Error(`not a DRF error body: ${what}`);
      const after = await snapshotDatabase(t);
      const changed = changedTables(before, after).filter((table) => !spec.refusalMayChange?.includes(table));
      if (changed.length) throw new Error(`refused but changed ${changed.join(', ')}: ${what}`);
      known = after;
    } else {
      known = null;
      if (spec.auth) await expectConsistent(route, url, res.body ? JSON.parse(res.body) : null);
    }
    return res;
  }

  it('refuses malformed bodies without a server error: none, empty, invalid JSON, over the size limit, wrong media type', async () => {
    const url = urlFor(route, spec, { pick: 0, badParam: undefined });
    // Routes without a body may accept these; those that parse one answer 400/413/415.
    await check(url, undefined);
    await check(url, '', 'application/json');
    await check(url, '{"a":', 'application/json');
    await check(url, 'a=1&b=2', 'application/x-www-form-urlencoded');
    const tooBig = await check(url, `{"a":"${'x'.repeat(BODY_LIMIT)}"}`, 'application/json');
    expect(tooBig.statusCode).toBe(413);
  });

  it('never fails on random and hostile payloads, and a refusal changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(planArb, targetArb, async (plan, target) => {
        await check(urlFor(route, spec, target), hostileBody(spec.body(ctx, route), plan), plan.contentType);
      }),
      { numRuns: spec.runs ?? RUNS, examples: examplesFor(spec) },
    );
  }, 60_000);
});

describe('read routes', () => {
  /** Every GET route, an id filled with Mallory's (issued documents: their PDF renders), other parameters with junk. */
  const readUrls = () =>
    t.routes
      .filter((r) => r.method === 'GET')
      .map((r) => {
        const resource = resourceOf(r.url);
        const id = resource ? Object.values(idsOf(ctx.objects, resource)).at(-1)! : 0;
        // (No GET route takes a payment id.)
        return { route: r, url: r.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? String(id) : 'x')) };
      });

  it('never fails on hostile query strings', async () => {
    const urls = readUrls();
    expect(urls.length).toBeGreaterThan(15);
    await fc.assert(
      fc.asyncProperty(fc.nat(), queryArb, async (pick, query) => {
        const { url } = urls[pick % urls.length];
        const res = await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: ctx.mallory.auth });
        const what = `GET ${url}?${query.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) throw new Error(`server error: ${what}`);
        if (res.statusCode >= 400 && !isDrfErrorBody(JSON.parse(res.body))) throw new Error(`not a DRF error body: ${what}`);
      }),
      { numRuns: RUNS * 8 },
    );
  }, 60_000);

  it('answers 404 to every malformed id on every route that takes one (400 when the URL cannot be decoded)', async () => {
    const failures: string[] = [];
    for (const route of t.routes.filter((r) => r.url.includes(':id'))) {
      for (const bad of BAD_IDS) {
        const res = await t.app.inject({ method: route.method as 'GET', url: route.url.replace(':id', bad), headers: ctx.mallory.auth });
        const expected = /%(C0|E9)/.test(bad) ? 400 : 404;
        const shapeOk = route.method === 'HEAD' || isDrfErrorBody(JSON.parse(res.body || 'null'));
        if (res.statusCode !== expected || !shapeOk) failures.push(`${route.method} ${route.url} with ${bad.slice(0, 20)} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

// Last: after every payload above was sent.
it('leaves Object.prototype and Array.prototype unpolluted', () => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  expect(({} as Record<string, unknown>)[POLLUTION_MARK]).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>)[POLLUTION_MARK]).toBeUndefined();
});
