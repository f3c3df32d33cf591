import { createTestApp, signUp, type RouteEntry, type TestApp } from '../test/test-app';
import { readOutbox } from '../test/outbox';
import {
  call, changedTables, createOneOfEach, isDrfErrorBody, objectUrls, resourceOf, snapshotDatabase, validBody, withId,
  type ApiResponse, type OwnedObjects,
} from '../test/api-fixtures';

/**
 * Owner isolation, generated from the app's route table: every route is either exercised
 * here or listed below as not owner-scoped, so a new route cannot go unchecked.
 */

/** Routes that name no user-owned object; each with the reason it is safe for anyone to call. */
const NOT_OWNER_SCOPED: Record<string, string> = {
  'GET /api/health/': 'liveness probe: the same answer for everyone, no user data',
  'HEAD /api/health/': 'liveness probe',
  'GET /api/docs/openapi.json': 'the OpenAPI document, generated from the route schemas: no user data',
  'HEAD /api/docs/openapi.json': 'the OpenAPI document',
  'POST /api/register/': 'creates a new account; names no existing object',
  'GET /api/activate/:uidb64/:token/': 'the HMAC-signed link is the credential (auth tests)',
  'HEAD /api/activate/:uidb64/:token/': 'the HMAC-signed link is the credential (auth tests)',
  'POST /api/token/': 'sign-in: the password is the credential',
  'POST /api/token/refresh/': 'the refresh token in the body is the credential',
  'POST /api/token/logout/': 'the refresh token in the body is the credential',
  'POST /api/reset-password/': 'answers the same for every address (no enumeration, auth tests)',
  'POST /api/reset-password-confirm/:uidb64/:token/': 'the HMAC-signed link is the credential (auth tests)',
  'POST /api/confirm-email/:uidb64/:token/': 'the HMAC-signed link is the credential (profile credentials tests)',
  // Owner-scoped, but its ids are not among the fixtures' objects: checked where sessions are.
  'DELETE /api/sessions/:id/': 'ends one of the caller’s sessions; another user’s session answers 404 (auth sessions tests)',
  // Issue 28: the path names a kind of the caller's own templates, never another user's row.
  'PUT /api/email-templates/:kind/': 'writes the caller’s own template of a kind; each user’s are their own (email-templates tests)',
  'DELETE /api/email-templates/:kind/': 'resets the caller’s own template of a kind (email-templates tests)',
  'POST /api/email-templates/:kind/preview/': 'previews the caller’s template; another user’s document_id answers 404 (email-templates tests)',
  // Issue 27: the client portal. The token is the only key (256 random bits, stored hashed); it opens
  // its own document and nothing else, never a signed-in user's data (portal tests).
  'GET /api/portal/:token/': 'the token is the credential (portal tests: isolation, revocation, expiry)',
  'HEAD /api/portal/:token/': 'the token is the credential (portal tests)',
  'GET /api/portal/:token/pdf/': 'the token is the credential (portal tests)',
  'HEAD /api/portal/:token/pdf/': 'the token is the credential (portal tests)',
  'GET /api/portal/:token/certificate/': 'the token is the credential (portal tests)',
  'HEAD /api/portal/:token/certificate/': 'the token is the credential (portal tests)',
  'POST /api/portal/:token/accept/': 'the token is the credential; one answer per quote (portal tests)',
  'POST /api/portal/:token/decline/': 'the token is the credential; one answer per quote (portal tests)',
  // A client space's document, by its number: the contact token reaches that client's documents of that user only (portal client-space tests).
  'GET /api/portal/:token/documents/:number/': 'the token is the credential, scoped to one client (portal client-space tests)',
  'HEAD /api/portal/:token/documents/:number/': 'the token is the credential, scoped to one client (portal client-space tests)',
  'GET /api/portal/:token/documents/:number/pdf/': 'the token is the credential, scoped to one client (portal client-space tests)',
  'HEAD /api/portal/:token/documents/:number/pdf/': 'the token is the credential, scoped to one client (portal client-space tests)',
  'GET /api/portal/:token/documents/:number/certificate/': 'the token is the credential, scoped to one client (portal client-space tests)',
  'HEAD /api/portal/:token/documents/:number/certificate/': 'the token is the credential, scoped to one client (portal client-space tests)',
  'POST /api/portal/:token/documents/:number/accept/': 'the token is the credential, scoped to one client; one answer per quote (portal client-space tests)',
  'POST /api/portal/:token/documents/:number/decline/': 'the token is the credential, scoped to one client; one answer per quote (portal client-space tests)',
};

/**
 * Object routes whose own 404 on the owner's objects says something else than « not found »: the
 * body's detail tells it from ownership's 404.
 */
const OWN_404: Record<string, string> = {
  // Issue 27: a quote not accepted online has no certificat d'acceptation.
  'GET /api/quotes/:id/certificate/': 'Ce devis n’a pas de certificat d’acceptation.',
  'HEAD /api/quotes/:id/certificate/': '',
};

const key = (r: RouteEntry) => `${r.method} ${r.url}`;
const isPublic = (r: RouteEntry) => key(r) in NOT_OWNER_SCOPED;
const isRead = (r: RouteEntry) => r.method === 'GET' || r.method === 'HEAD';
/** `/api/<resource>/:id/…`: acts on one owned object (or, `…/payments/:paymentId/`, on one of its payments). */
const isObjectRoute = (r: RouteEntry) => !isPublic(r) && r.url.includes('/:id/') && resourceOf(r.url) !== null &&
  (r.url.match(/:/g) ?? []).length === (r.url.includes(':paymentId') ? 2 : 1);
/** No URL parameter: acts on the caller's own collection or account. */
const isCollectionRoute = (r: RouteEntry) => !isPublic(r) && !r.url.includes(':');

// Text markers: Alice's data is spotted by its marker wherever it would leak.
const ALICE = 'Zqxalice';
const BOB = 'Wvybob';
/** Matches both users' data in search; list routes ignore it. */
const COMMON_QUERY = 'q=librairie';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let A: OwnedObjects;
let B: OwnedObjects;
/** Bob's answers on every collection read before Alice had any data. */
let bobBaseline: Map<string, ApiResponse>;

const collectionReads = () => t.routes.filter((r) => isCollectionRoute(r) && isRead(r));
const objectRoutes = () => t.routes.filter(isObjectRoute);
/** Each object route with each id variant of the owner's objects (draft and issued documents…). */
const objectCalls = (objects: OwnedObjects) =>
  objectRoutes().flatMap((route) => objectUrls(objects, route.url).map(({ variant, url }) => ({ route, variant, url })));

async function readAll(who: typeof alice, query: string) {
  const answers = new Map<string, ApiResponse>();
  for (const route of collectionReads()) answers.set(key(route), await call(t, who, route.method, `${route.url}?${query}`));
  return answers;
}

/** Everything Alice can read: her collections and each of her objects (JSON bodies; status for the rest). */
async function aliceView() {
  const view: Record<string, unknown> = {};
  for (const [k, res] of await readAll(alice, COMMON_QUERY)) view[k] = [res.status, res.body];
  for (const { url } of objectCalls(A).filter((c) => c.route.method === 'GET')) {
    const res = await call(t, alice, 'GET', url);
    view[url] = [res.status, res.contentType.includes('json') ? res.body : res.contentType];
  }
  return view;
}


beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  B = await createOneOfEach(t, bob, BOB);
  bobBaseline = await readAll(bob, COMMON_QUERY);
  // (Alice's profile, filled by createOneOfEach, carries her marker too.)
  A = await createOneOfEach(t, alice, ALICE);
});
afterAll(() => t.close());

it('classifies every route of the app: owner-scoped object, own collection, or explicitly public', () => {
  const unclassified = t.routes.filter((r) => !isPublic(r) && !isObjectRoute(r) && !isCollectionRoute(r)).map(key);
  expect(unclassified).toEqual([]);
  // A stale exemption would hide nothing, but keeps the list honest.
  const stale = Object.keys(NOT_OWNER_SCOPED).filter((k) => !t.routes.some((r) => key(r) === k));
  expect(stale).toEqual([]);
  // The matrix is not vacuous.
  expect(objectRoutes().length).toBeGreaterThan(20);
  expect(collectionReads().length).toBeGreaterThan(10);
});

it("answers 404 to Bob on every route and method naming one of Alice's objects, and changes nothing", async () => {
  const before = await snapshotDatabase(t);
  const mailsBefore = readOutbox(t.config.dataDir).length;
  const violations: string[] = [];
  for (const { route, variant, url } of objectCalls(A)) {
    // A body valid for Bob (his own references): only ownership can refuse it. An empty body
    // must be a 404 too, or validation errors would reveal that the id exists.
    const payloads = route.method === 'PUT' || route.method === 'PATCH'
      ? [validBody(route, B, BOB, bob.email), {}]
      : [validBody(route, B, BOB, bob.email)];
    for (const payload of payloads) {
      const res = await call(t, bob, route.method, url, payload);
      const shapeOk = route.method === 'HEAD' || isDrfErrorBody(res.body);
      if (res.status !== 404 || !shapeOk) violations.push(`${key(route)} [${variant}] → ${res.status} ${res.raw.slice(0, 120)}`);
    }
  }
  // Alice's payment through Bob's own invoice: the payment must belong to the invoice named.
  const crossed = await call(t, bob, 'DELETE', withId('/api/invoices/:id/payments/:paymentId/', B.invoiceIssued, A.payment));
  if (crossed.status !== 404 || !isDrfErrorBody(crossed.body)) violations.push(`Alice's payment via Bob's invoice → ${crossed.status}`);
  expect(violations).toEqual([]);
  expect(changedTables(before, await snapshotDatabase(t))).toEqual([]);
  expect(readOutbox(t.config.dataDir).length).toBe(mailsBefore);
});

it("shows Bob none of Alice's data on any collection read, even with filters naming her objects", async () => {
  const now = await readAll(bob, COMMON_QUERY);
  const hostileQuery = [
    COMMON_QUERY.replace('librairie', ALICE.toLowerCase()),
    `project=${A.project}`, `contact=${A.contact}`, `client=${A.contact}`, `project__in=${A.project},${B.project}`,
  ].join('&');
  const filtered = await readAll(bob, hostileQuery);
  const violations: string[] = [];
  for (const route of collectionReads()) {
    const k = key(route);
    // Alice's data changed nothing Bob sees (lists, sums, search, activity, profile).
    if (JSON.stringify([now.get(k)!.status, now.get(k)!.body]) !== JSON.stringify([bobBaseline.get(k)!.status, bobBaseline.get(k)!.body])) {
      violations.push(`${k}: differs since Alice added her data`);
    }
    for (const [label, res] of [['plain', now.get(k)!], ['filtered', filtered.get(k)!]] as const) {
      if (res.status >= 400) violations.push(`${k} [${label}] → ${res.status}`);
      if (res.raw.includes(ALICE)) violations.push(`${k} [${label}] shows Alice's data`);
    }
  }
  expect(violations).toEqual([]);
  // Bob does see his own data through the same routes: the check above is not vacuous.
  expect(now.get('GET /api/contacts/')!.raw).toContain(BOB);
  expect(now.get('GET /api/search/global')!.raw).toContain(BOB);
});

it("refuses Bob's writes that reference Alice's objects, and leaves Alice's data as it was", async () => {
  const aliceBefore = await aliceView();
  const violations: string[] = [];
  let exercised = 0;
  const writes = t.routes.filter((r) => !isRead(r) && (isCollectionRoute(r) || isObjectRoute(r)));
  // Bob's own references with one of them, in turn, pointing at Alice's object.
  const foreignRefs = (Object.keys(A) as (keyof OwnedObjects)[]).map((ref) => ({ ref, refs: { ...B, [ref]: A[ref] } }));
  for (const route of writes) {
    const mine = JSON.stringify(validBody(route, B, BOB, bob.email));
    for (const { ref, refs } of foreignRefs) {
      const foreign = validBody(route, refs, BOB, bob.email);
      // Only bodies that carry this reference can point at Alice's object.
      if (JSON.stringify(foreign) === mine) continue;
      const targets = isObjectRoute(route) ? objectUrls(B, route.url).map(({ url }) => url) : [route.url];
      for (const url of targets) {
        const res = await call(t, bob, route.method, url, foreign);
        if (res.status !== 400 || !isDrfErrorBody(res.body)) violations.push(`${key(route)} ${url} [${ref}] → ${res.status} ${res.raw.slice(0, 160)}`);
        exercised++;
      }
    }
  }
  expect(violations).toEqual([]);
  // 16: an invoice's valid body names no task since its task is billed (api-fixtures.ts, issue 15);
  // task references in lines are exercised through quotes.
  expect(exercised).toBeGreaterThanOrEqual(16);
  expect(await aliceView()).toEqual(aliceBefore);
});

it('answers 401 on every protected route without a valid access token, and changes nothing', async () => {
  const before = await snapshotDatabase(t);
  const violations: string[] = [];
  const protectedCalls = [
    ...objectCalls(A).map(({ route, url }) => ({ route, url })),
    ...t.routes.filter(isCollectionRoute).map((route) => ({ route, url: route.url })),
  ];
  const badCredentials: Record<string, Record<string, string>> = {
    none: {},
    garbage: { authorization: 'Bearer abc.def.ghi' },
    refresh: { authorization: `Bearer ${alice.refresh}` },
    scheme: { authorization: `Token ${alice.access}` },
  };
  for (const { route, url } of protectedCalls) {
    for (const [label, headers] of Object.entries(badCredentials)) {
      const res = await call(t, null, route.method, url, validBody(route, A, ALICE, alice.email), headers);
      if (res.status !== 401 || (route.method !== 'HEAD' && !isDrfErrorBody(res.body))) {
        violations.push(`${key(route)} [${label}] → ${res.status}`);
      }
    }
  }
  expect(violations).toEqual([]);
  expect(changedTables(before, await snapshotDatabase(t))).toEqual([]);
});

it('lets Alice reach every object route on her own objects (the 404s above come from ownership)', async () => {
  // Deletions last, dependents before what they depend on.
  const order = ['tasks', 'quotes', 'credit-notes', 'invoices', 'projects', 'contacts'];
  const calls = objectCalls(A).sort((a, b) => {
    const del = Number(a.route.method === 'DELETE') - Number(b.route.method === 'DELETE');
    return del || (a.route.method === 'DELETE' ? order.indexOf(resourceOf(a.route.url)!) - order.indexOf(resourceOf(b.route.url)!) : 0);
  });
  const violations: string[] = [];
  for (const { route, variant, url } of calls) {
    const res = await call(t, alice, route.method, url, validBody(route, A, ALICE, alice.email));
    const ownNotFound = key(route) in OWN_404 && res.status === 404 && (route.method === 'HEAD' || (res.body as { detail?: string } | null)?.detail === OWN_404[key(route)]);
    if ((res.status === 404 && !ownNotFound) || res.status >= 500) violations.push(`${key(route)} [${variant}] → ${res.status} ${res.raw.slice(0, 120)}`);
  }
  expect(violations).toEqual([]);
});
