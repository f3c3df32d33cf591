import { createSigner } from 'fast-jwt';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../test/test-app';
import { startRateWindowsAfresh } from '../test/rate-windows';
import { lastLinkSentTo } from '../test/outbox';
import { isDrfErrorBody } from '../test/api-fixtures';
import { loadConfig } from '../config';

/**
 * Token and account-link attacks, rate limits and user enumeration: what
 * modules/auth/__tests__/auth.test.ts does not already cover (basic 401s, access expiry,
 * rotation, logout, link reuse, the first 429s, reset and sign-in answers).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const post = (app: TestApp, url: string, payload: Payload, remoteAddress?: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
const profileWith = (token: string) => t.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${token}` } });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Payload;
/** Signs claims as the server would, with a chosen key suffix and algorithm. */
const sign = (claims: Payload, keyType: 'access' | 'refresh', algorithm: 'HS256' | 'HS512' = 'HS256') =>
  createSigner({ key: `${t.config.secretKey}:${keyType}`, algorithm, noTimestamp: true })(claims);

function withFakeClock<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
  jest.setSystemTime(Date.now() + offsetMs);
  return run().finally(() => jest.useRealTimers());
}

describe('forged tokens', () => {
  it('refuses alg "none", a tampered payload, a spoiled signature, another algorithm, the wrong key and ill-typed claims', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const [header, , signature] = alice.access.split('.');
    const claims = claimsOf(alice.access);
    const bobId = claimsOf(bob.access).user_id;
    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'payload naming Bob': `${header}.${b64({ ...claims, user_id: bobId })}.${signature}`,
      'payload with a later expiry': `${header}.${b64({ ...claims, exp: Number(claims.exp) + 3600 })}.${signature}`,
      // The first character: the last one of an HS256 signature carries two unused bits.
      'spoiled signature': `${header}.${b64(claims)}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
      'HS512 with the right key': sign(claims, 'access', 'HS512'),
      'signed with the refresh key': sign(claims, 'refresh'),
      'refresh claims with the access key': sign({ ...claims, token_type: 'refresh' }, 'access'),
      'user id as a string': sign({ ...claims, user_id: String(claims.user_id) }, 'access'),
    };
    // The genuine article passes, so each refusal below is the forgery's doing.
    expect((await profileWith(sign(claims, 'access'))).statusCode).toBe(200);
    for (const [label, token] of Object.entries(forged)) {
      const res = await profileWith(token);
      expect({ label, status: res.statusCode, code: res.json().code }).toEqual({ label, status: 401, code: 'token_not_valid' });
    }
  });

  it('refuses forged refresh tokens on refresh and logout', async () => {
    const user = await signUp(t);
    const [header, , signature] = user.refresh.split('.');
    const claims = claimsOf(user.refresh);
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      `${header}.${b64({ ...claims, jti: 'autre' })}.${signature}`,
      sign(claims, 'access'),
      sign(claims, 'refresh', 'HS512'),
    ];
    for (const refresh of forged) {
      for (const url of ['/api/token/refresh/', '/api/token/logout/']) {
        const res = await post(t, url, { refresh });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url, status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' },
        });
      }
    }
    // None of that touched the real session.
    expect((await post(t, '/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(200);
  });
});

describe('expired, wrong-type and revoked tokens', () => {
  it('refuses a refresh token past its 7 days on refresh and logout', async () => {
    const user = await signUp(t);
    await withFakeClock(7 * 24 * 3600 * 1000 + 60_000, async () => {
      expect((await post(t, '/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(401);
      expect((await post(t, '/api/token/logout/', { refresh: user.refresh })).statusCode).toBe(401);
    });
  });

  it('does not log out with an access token, and leaves the session alive', async () => {
    const user = await signUp(t);
    const res = await post(t, '/api/token/logout/', { refresh: user.access });
    expect(res.statusCode).toBe(401);
    expect((await post(t, '/api/token/refresh/', { refresh: user.refresh })).statusCode).toBe(200);
  });

  it('rotates a refresh token only once when it is presented several times at once', async () => {
    const user = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t, '/api/token/refresh/', { refresh: user.refresh })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });
});

describe('account links', () => {
  /** `{uid, token}` of the newest link mailed to `email` (activation or reset). */
  const linkParts = (email: string) => {
    const [uid, token] = new URL(lastLinkSentTo(t.config.dataDir, email)).pathname.split('/').filter(Boolean).slice(-2);
    return { uid, token };
  };
  const newPassword = { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' };
  const confirmReset = (uid: string, token: string) => post(t, `/api/reset-password-confirm/${uid}/${token}/`, newPassword);
  const activate = (uid: string, token: string) => t.app.inject({ method: 'GET', url: `/api/activate/${uid}/${token}/` });

  it('kills a reset link once the user signs in or changes the password in the profile', async () => {
    const signedIn = await signUp(t);
    await post(t, '/api/reset-password/', { email: signedIn.email });
    const first = linkParts(signedIn.email);
    await post(t, '/api/token/', { email: signedIn.email, password: signedIn.password });
    expect((await confirmReset(first.uid, first.token)).statusCode).toBe(400);

    const changed = await signUp(t);
    await post(t, '/api/reset-password/', { email: changed.email });
    const second = linkParts(changed.email);
    const profile = await t.app.inject({
      method: 'PUT', url: '/api/profile/', headers: changed.auth,
      payload: { email: changed.email, first_name: 'Léa', last_name: 'Martin', password: 'Encore-Autre-43', current_password: changed.password },
    });
    expect(profile.statusCode).toBe(200);
    expect((await confirmReset(second.uid, second.token)).statusCode).toBe(400);
  });

  it('never lets a link serve another purpose or another account', async () => {
    // An account never activated holds both kinds of link at once.
    const email = uniqueEmail('liens');
    await post(t, '/api/register/', { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD });
    const { uid: activationUid, token: activationToken } = linkParts(email);
    await post(t, '/api/reset-password/', { email });
    const reset = linkParts(email);
    const other = await signUp(t);
    await post(t, '/api/reset-password/', { email: other.email });
    const otherReset = linkParts(other.email);

    expect((await activate(reset.uid, reset.token)).headers.location).toBe('/activation-failed');
    expect((await confirmReset(activationUid, activationToken)).statusCode).toBe(400);
    expect((await confirmReset(otherReset.uid, reset.token)).statusCode).toBe(400);
    expect((await activate(otherReset.uid, activationToken)).headers.location).toBe('/activation-failed');
    // Each link still does its own job.
    expect((await activate(activationUid, activationToken)).headers.location).toBe('/activation-success');
    expect((await confirmReset(otherReset.uid, otherReset.token)).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => strict.close());
  let clock: jest.SpyInstance;
  beforeEach(() => {
    clock = startRateWindowsAfresh();
  });
  afterEach(() => clock.mockRestore());

  /** Statuses of `count` calls. */
  async function statuses(count: number, send: (i: number) => ReturnType<typeof post>) {
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await send(i);
      out.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(isDrfErrorBody(res.json())).toBe(true);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    return out;
  }

  // Attempts are counted before the body is validated: bodies without a password (400) count
  // like wrong passwords, and spare the tests a password hash each.
  it('limits sign-in attempts per address across accounts (30 in 5 minutes)', async () => {
    const got = await statuses(31, (i) => post(strict, '/api/token/', { email: uniqueEmail(`ip${i}`) }, '10.3.0.1'));
    expect(got.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(got[30]).toBe(429);
  });

  it('counts an address under any case or padding as one account', async () => {
    const email = uniqueEmail('variantes');
    const variants = [email, email.toUpperCase(), ` ${email} `, `\t${email.toUpperCase()}`];
    const got = await statuses(11, (i) => post(strict, '/api/token/', { email: variants[i % variants.length] }, '10.4.0.1'));
    expect(got.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(got[10]).toBe(429);
  });

  it('limits token refreshes (120 in 5 minutes) and reset confirmations (20 an hour) per address', async () => {
    const refresh = await statuses(121, () => post(strict, '/api/token/refresh/', { refresh: 'pas.un.jeton' }, '10.5.0.1'));
    expect(refresh.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(refresh[120]).toBe(429);
    const confirm = await statuses(21, () => post(strict, '/api/reset-password-confirm/MQ/abc-def/', { password: 'x', password2: 'x' }, '10.5.0.2'));
    expect(confirm.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(confirm[20]).toBe(429);
  });

  it('is not dodged by a client writing its own X-Forwarded-For', async () => {
    const got = await statuses(11, (i) =>
      post(strict, '/api/register/', {}, '10.6.0.1', { 'x-forwarded-for': `198.51.100.${i + 1}` }));
    expect(got.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(got[10]).toBe(429);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses `true`, which would believe any client', () => {
    const env = { DATA_DIR: t.config.dataDir, SECRET_KEY: t.config.secretKey };
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('behind a trusted proxy, keys on the address the proxy saw, not on what the client wrote', async () => {
    const proxied = await createTestApp({ RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' });
    try {
      // The proxy (10.7.0.1) appends the real client address to whatever the client sent.
      const via = (clientWrote: string, client: string) => ({ 'x-forwarded-for': `${clientWrote}, ${client}` });
      const got = await statuses(11, (i) => post(proxied, '/api/register/', {}, '10.7.0.1', via(`192.0.2.${i + 1}`, '203.0.113.7')));
      expect(got[10]).toBe(429);
      // Another client behind the same proxy has its own counter.
      expect((await post(proxied, '/api/register/', {}, '10.7.0.1', via('192.0.2.1', '203.0.113.8'))).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe('no user enumeration', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => strict.close());
  let clock: jest.SpyInstance;
  beforeEach(() => {
    clock = startRateWindowsAfresh();
  });
  afterEach(() => clock.mockRestore());

  /** Registered but never activated. */
  async function inactiveAccount(app: TestApp) {
    const email = uniqueEmail('inactif');
    await post(app, '/api/register/', { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD }, '10.8.0.1');
    return email;
  }
  /** Status and body, the seconds of a 429's retry delay blanked (they tick between two calls). */
  const answer = (res: Awaited<ReturnType<typeof post>>) => ({ status: res.statusCode, body: res.body.replace(/\d+/g, 'N') });

  it('answers sign-in identically for an unknown account, a wrong password and an inactive account', async () => {
    const active = await signUp(t);
    const inactive = await inactiveAccount(t);
    const answers = await Promise.all([
      post(t, '/api/token/', { email: uniqueEmail('inconnu'), password: STRONG_PASSWORD }),
      post(t, '/api/token/', { email: active.email, password: 'mauvais-mot-de-passe' }),
      post(t, '/api/token/', { email: inactive, password: STRONG_PASSWORD }),
      post(t, '/api/token/', { email: inactive, password: 'mauvais-mot-de-passe' }),
    ]);
    const expected = { status: 401, body: JSON.stringify({ detail: 'No active account found with the given credentials' }) };
    expect(answers.map(answer)).toEqual([expected, expected, expected, expected]);
  });

  it('answers a reset request identically for active, inactive and unknown accounts, in any case', async () => {
    const active = await signUp(t);
    const inactive = await inactiveAccount(t);
    const emails = [active.email, active.email.toUpperCase(), inactive, uniqueEmail('inconnu')];
    const answers = [];
    for (const email of emails) answers.push(answer(await post(t, '/api/reset-password/', { email })));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0].status).toBe(200);
  });

  it('throttles existing and unknown accounts alike, and a right password gets no better answer', async () => {
    const user = await signUp(strict);
    const unknown = uniqueEmail('inconnu');
    // Per address and requester (issue 23): 5 an hour, then 429; from the 3rd, no e-mail leaves.
    const resets = async (email: string, requester: string) => {
      const out = [];
      for (let i = 0; i < 7; i++) out.push(answer(await post(strict, '/api/reset-password/', { email }, requester)));
      return out;
    };
    const existing = await resets(user.email, '10.9.0.1');
    expect(existing.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(existing).toEqual(await resets(unknown, '10.9.1.1'));

    for (let i = 0; i < 10; i++) await post(strict, '/api/token/', { email: user.email }, '10.10.0.1');
    const right = answer(await post(strict, '/api/token/', { email: user.email, password: user.password }, '10.10.0.1'));
    const wrong = answer(await post(strict, '/api/token/', { email: user.email, password: 'mauvais' }, '10.10.0.1'));
    expect(right.status).toBe(429);
    expect(right).toEqual(wrong);
  });
});
