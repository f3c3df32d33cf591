import { randomBytes } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { checkPasswordStrength, SCORED_LENGTH } from '@/shared/password-strength';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '@/server/test/test-app';
import { lastLinkSentTo } from '@/server/test/outbox';

/**
 * Issue 23: zxcvbn is work on the server's only thread (0.8–0.9 s for a random 64-character
 * password). It runs only once the rate limits and the credentials have let the request through,
 * and on at most SCORED_LENGTH characters. The spy is on the estimator itself: every path that
 * scores a password goes through it.
 */

let strict: TestApp;
beforeAll(async () => {
  strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
});
afterAll(() => strict.close());

let scorer: jest.SpyInstance;
beforeEach(() => {
  scorer = jest.spyOn(ZxcvbnFactory.prototype, 'check');
});
afterEach(() => scorer.mockRestore());

/**
 * A random password of `length` characters, strong whatever its cut. Hex, not base64: base64 held
 * "lea" (the address's local part, refused as too similar) in about 3 % of 1,000-character draws.
 */
const longPassword = (length: number) => randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length);
const scoredLengths = () => scorer.mock.calls.map(([password]) => (password as string).length);
const names = { first_name: 'Camille', last_name: 'Durand' };

/**
 * The counters are fixed windows of an hour: a burst straddling a window's end would count afresh.
 * The clock stands still mid-window (Date only; the app needs real timers).
 */
async function inOneWindow<T>(run: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ now: new Date('2026-03-10T10:20:00Z'), doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
  try {
    return await run();
  } finally {
    jest.useRealTimers();
  }
}

it('never scores a password in a profile PUT refused by the rate limit or the current password', async () => {
  const user = await signUp(strict);
  scorer.mockClear(); // the registration's
  const statuses = await inOneWindow(async () => {
    const answers: number[] = [];
    // A hostile burst with a stolen access token: 64-character passwords, the current one guessed.
    for (let i = 0; i < 32; i++) {
      const res = await strict.app.inject({
        method: 'PUT', url: '/api/profile/', headers: user.auth, remoteAddress: `10.23.0.${i + 1}`,
        payload: { ...names, email: user.email, password: longPassword(64), current_password: `devine-${i}` },
      });
      answers.push(res.statusCode);
    }
    return answers;
  });
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
  expect(statuses.slice(10)).toEqual(Array(22).fill(429));
  expect(scorer).not.toHaveBeenCalled();

  // Once the current password is right, the new one is scored (the spy would have seen the others).
  const owner = await signUp(strict);
  scorer.mockClear();
  const ok = await strict.app.inject({
    method: 'PUT', url: '/api/profile/', headers: owner.auth, remoteAddress: '10.23.1.1',
    payload: { ...names, email: owner.email, password: longPassword(128), current_password: owner.password },
  });
  expect(ok.statusCode).toBe(200);
  expect(scoredLengths()).toEqual([SCORED_LENGTH]);
});

it('never scores a registration refused by the rate limit, nor a reset with a dead link', async () => {
  const statuses = await inOneWindow(async () => {
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      const password = longPassword(64);
      const res = await strict.app.inject({
        method: 'POST', url: '/api/register/', remoteAddress: '10.23.2.1',
        // Invalid addresses: refused before scoring too, then by the limit.
        payload: i < 10 ? {} : { email: uniqueEmail('rafale'), password, password2: password },
      });
      answers.push(res.statusCode);
    }
    return answers;
  });
  expect(statuses.slice(10)).toEqual([429, 429]);
  expect(scorer).not.toHaveBeenCalled();

  const user = await signUp(strict);
  scorer.mockClear();
  await strict.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email: user.email }, remoteAddress: '10.23.3.1' });
  const link = new URL(lastLinkSentTo(strict.config.dataDir, user.email)).pathname;
  const forged = link.replace(/[0-9a-f]$/, (c) => (c === 'a' ? 'b' : 'a'));
  const password = longPassword(128);
  const dead = await strict.app.inject({ method: 'POST', url: `/api${forged}/`, payload: { password, password2: password }, remoteAddress: '10.23.3.1' });
  expect(dead.statusCode).toBe(400);
  expect(scorer).not.toHaveBeenCalled();
  const live = await strict.app.inject({ method: 'POST', url: `/api${link}/`, payload: { password, password2: password }, remoteAddress: '10.23.3.1' });
  expect(live.statusCode).toBe(200);
  expect(scoredLengths()).toEqual([SCORED_LENGTH]);
});

it('scores at most the first 32 characters of any password, the other rules reading it all', () => {
  const result = checkPasswordStrength(longPassword(1000), 'lea@exemple.fr');
  expect(result.problems).toEqual([]);
  expect(scoredLengths()).toEqual([SCORED_LENGTH]);
  expect(SCORED_LENGTH).toBe(32);
  // Past the cut, the address is still found, and a weak start is still weak.
  expect(checkPasswordStrength(`${longPassword(40)}camille.durand`, 'camille.durand@exemple.fr').problems).toHaveLength(1);
  expect(checkPasswordStrength(`${'azerty'.repeat(6)}${longPassword(40)}`, 'lea@exemple.fr').score).toBeLessThan(3);
  expect(checkPasswordStrength(STRONG_PASSWORD).problems).toEqual([]);
});
