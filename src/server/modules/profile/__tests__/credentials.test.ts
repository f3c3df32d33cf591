import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '@/server/test/test-app';
import { readOutbox } from '@/server/test/outbox';
import { startRateWindowsAfresh } from '@/server/test/rate-windows';
import { PROFILE_FIELD_MESSAGES as M } from '@/shared/profile';
import { redactLinkTokens } from '@/server/http/link-redaction';
import { CURRENT_PASSWORD_MESSAGES } from '../profile.service';

/**
 * Issue 16: the e-mail and the password of an account change only with its current password; a new
 * e-mail takes effect once the link sent to it is followed, and the old address is told; these
 * requests are rate-limited (they used to tell any access token which addresses have an account).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const profile = (email: string) => ({ email, first_name: 'Camille', last_name: 'Durand', company_name: 'Atelier Durand' });
const put = (app: TestApp, user: User, payload: object, remoteAddress?: string) =>
  app.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload, ...(remoteAddress ? { remoteAddress } : {}) });
const get = async (user: User) => (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json();
const signIn = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password } })).statusCode;
const mailsTo = (app: TestApp, email: string) => readOutbox(app.config.dataDir).filter((m) => m.to.includes(email));
/** `/confirm-email/{uid}/{token}` of the last confirmation link sent to `email`. */
const confirmationPath = (email: string) => {
  const link = mailsTo(t, email).at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link sent to ${email}`);
  return new URL(link).pathname;
};
const confirm = (path: string) => t.app.inject({ method: 'POST', url: `/api${path}/` });

/** Runs `run` with the clock moved by `offsetMs` (timers left real: the app needs them). */
function withClockMoved<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
  jest.setSystemTime(Date.now() + offsetMs);
  return run().finally(() => jest.useRealTimers());
}

describe('the current password', () => {
  it.each([
    ['a password change', (): object => ({ password: 'Nouveau-Passe-42' })],
    ['an e-mail change', (): object => ({ email: uniqueEmail('nouvelle') })],
  ])('is required for %s: missing or wrong, nothing of the request is saved', async (_what, change) => {
    const user = await signUp(t);
    await put(t, user, profile(user.email));
    const before = await get(user);
    const mailsBefore = readOutbox(t.config.dataDir).length;
    const body = { ...profile(user.email), company_name: 'Autre nom', ...change() };

    const missing = await put(t, user, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ current_password: [CURRENT_PASSWORD_MESSAGES.missing] });
    const wrong = await put(t, user, { ...body, current_password: 'Pas-Le-Bon-42' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ current_password: ['Mot de passe actuel incorrect.'] });

    expect(await get(user)).toEqual(before);
    expect(await signIn(user.email, user.password)).toBe(200);
    expect(readOutbox(t.config.dataDir)).toHaveLength(mailsBefore);
  });

  it('is reported with the other refused fields, and not needed for the rest of the profile', async () => {
    const user = await signUp(t);
    const mismatch = { siret: '73282932000074', vat_number: 'FR27552032534' };
    const res = await put(t, user, { ...profile(user.email), ...mismatch, password: 'Nouveau-Passe-42', current_password: 'faux' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ vat_number: [M.vatNotSiren], current_password: ['Mot de passe actuel incorrect.'] });
    // Same e-mail (in any case), no new password: no current password asked.
    const plain = await put(t, user, { ...profile(user.email.toUpperCase()), current_password: '' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ email: user.email, pending_email: null, company_name: 'Atelier Durand' });
  });

  it('lets the password change when right, and then signs in with the new one only', async () => {
    const user = await signUp(t);
    const res = await put(t, user, { ...profile(user.email), password: 'Nouveau-Passe-42', current_password: user.password });
    expect(res.statusCode).toBe(200);
    expect(await signIn(user.email, user.password)).toBe(401);
    expect(await signIn(user.email, 'Nouveau-Passe-42')).toBe(200);
  });
});

describe('an e-mail change', () => {
  it('waits for the link sent to the new address; the old one is told; the other fields are saved at once', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('nouvelle');
    const res = await put(t, user, { ...profile(` ${next.toUpperCase()} `), city: 'Lyon', current_password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pending_email: next, city: 'Lyon', company_name: 'Atelier Durand' });
    expect(await get(user)).toEqual(res.json());
    // Until the link is followed, the account keeps its address.
    expect(await signIn(user.email, user.password)).toBe(200);
    expect(await signIn(next, user.password)).toBe(401);

    const [link] = mailsTo(t, next);
    // Logged with its token hidden, as activation and reset links are.
    const url = link.text.match(/https?:\/\/\S+/)![0];
    expect(redactLinkTokens(url)).toBe(url.replace(/[^/]+$/, '[masqué]'));
    expect(link.subject).toBe('Confirmez votre nouvelle adresse e-mail Carnet');
    expect(link.text).toMatch(/http:\/\/carnet\.test\/confirm-email\/[\w-]+\/[0-9a-z]+-[0-9a-f]{40}\n/);
    expect(link.text).toContain('Ce lien est valable 3 jours et ne peut servir qu’une fois.');
    const notice = mailsTo(t, user.email).at(-1)!;
    expect(notice.subject).toBe('Changement d’adresse e-mail de votre compte Carnet');
    expect(notice.text).toContain(`Nouvelle adresse demandée : ${next}`);
    expect(notice.text).toContain('changez votre mot de passe sans attendre');
    expect(notice.text).not.toMatch(/https?:\/\//);

    const done = await confirm(confirmationPath(next));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Votre adresse e-mail a été modifiée.', email: next });
    expect(await get(user)).toMatchObject({ email: next, pending_email: null, city: 'Lyon' });
    expect(await signIn(next, user.password)).toBe(200);
    expect(await signIn(user.email, user.password)).toBe(401);
  });

  it('has a single-use link', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('unique');
    await put(t, user, { ...profile(next), current_password: user.password });
    const path = confirmationPath(next);
    expect((await confirm(path)).statusCode).toBe(200);
    const again = await confirm(path);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'Le lien de confirmation est invalide, a déjà servi ou a expiré.' });
    // Even once the account is back on an address it confirmed before.
    await put(t, user, { ...profile(user.email), current_password: user.password });
    expect((await confirm(confirmationPath(user.email))).statusCode).toBe(200);
    expect((await confirm(path)).statusCode).toBe(400);
  });

  it('has a link that expires after 3 days', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('expire');
    await put(t, user, { ...profile(next), current_password: user.password });
    const path = confirmationPath(next);
    const late = await withClockMoved((3 * 24 + 1) * 3600 * 1000, () => confirm(path));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'Le lien de confirmation est invalide, a déjà servi ou a expiré.' });
    const inTime = await withClockMoved((3 * 24 - 1) * 3600 * 1000, () => confirm(path));
    expect(inTime.statusCode).toBe(200);
  });

  it('is cancelled by a newer request, and by a password change (which drops the pending address)', async () => {
    const user = await signUp(t);
    const first = uniqueEmail('premiere');
    const second = uniqueEmail('seconde');
    await put(t, user, { ...profile(first), current_password: user.password });
    const firstPath = confirmationPath(first);
    await put(t, user, { ...profile(second), current_password: user.password });
    expect((await confirm(firstPath)).statusCode).toBe(400);

    const secondPath = confirmationPath(second);
    const changed = await put(t, user, { ...profile(user.email), password: 'Nouveau-Passe-42', current_password: user.password });
    expect(changed.json()).toMatchObject({ email: user.email, pending_email: null });
    expect((await confirm(secondPath)).statusCode).toBe(400);
    expect(await get(user)).toMatchObject({ email: user.email });
  });

  it('fails when the address got an account meanwhile, and refuses malformed links', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('prise');
    await put(t, user, { ...profile(next), current_password: user.password });
    const path = confirmationPath(next);
    await signUp(t, next);
    const taken = await confirm(path);
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ error: 'Un compte avec cette adresse e-mail existe déjà.' });
    expect(await get(user)).toMatchObject({ email: user.email });
    for (const bad of ['/confirm-email/MQ/abc-def', '/confirm-email/@@/1-2', `${path.slice(0, -1)}0`]) {
      expect((await confirm(bad)).statusCode).toBe(400);
    }
  });

  it('does not change the sessions: the account stays signed in everywhere', async () => {
    const user = await signUp(t);
    const next = uniqueEmail('sessions');
    await put(t, user, { ...profile(next), current_password: user.password });
    await confirm(confirmationPath(next));
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: user.refresh } })).statusCode).toBe(200);
  });
});

describe('rate limit (like registration)', () => {
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

  const TOO_MANY = /^Trop de tentatives\. Veuillez réessayer dans \d+ secondes\.$/;
  const probe = (user: User, remoteAddress: string, taken: string) =>
    put(strict, user, { ...profile(taken), current_password: user.password }, remoteAddress);

  it('stops probing addresses after 10 tries an hour per account, from any address; ordinary saves go on', async () => {
    const user = await signUp(strict);
    const other = await signUp(strict);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await probe(user, `10.20.0.${i + 1}`, other.email));
    expect(answers.slice(0, 10).map((r) => r.json())).toEqual(Array(10).fill({ email: ['Un compte avec cette adresse e-mail existe déjà.'] }));
    expect(answers[10].statusCode).toBe(429);
    expect(answers[10].json().detail).toMatch(TOO_MANY);
    expect(Number(answers[10].headers['retry-after'])).toBeGreaterThan(0);
    // Guessing the current password is stopped the same way.
    const guess = await put(strict, user, { ...profile(user.email), password: STRONG_PASSWORD + '!', current_password: 'devine' }, '10.20.1.1');
    expect(guess.statusCode).toBe(429);
    expect((await put(strict, user, { ...profile(user.email), city: 'Nantes' }, '10.20.0.1')).statusCode).toBe(200);
  });

  it('stops 10 tries an hour per address, across accounts', async () => {
    const a = await signUp(strict);
    const b = await signUp(strict);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await probe(i % 2 ? a : b, '10.21.0.1', uniqueEmail('sonde'))).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
