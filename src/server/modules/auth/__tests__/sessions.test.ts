import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/database';
import { migrationsFor } from '@/server/db/migrations';
import { createTestApp, createTestSchema, dropTestSchema, signUp, TEST_DATABASE_URL, TEST_LEDGER_KEY, type TestApp, migrateTestDatabase } from '@/server/test/test-app';
import { lastLinkSentTo } from '@/server/test/outbox';
import { createTokenService } from '../tokens';

/**
 * Sessions end for real (issue 16): an access token stops working the moment its session ends —
 * logout, a password change or reset, the reuse of a rotated refresh token — in this process; the
 * two-process case is src/server/__tests__/session-scale-out.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
const profileWith = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${access}` } });
/** Status of a read with `access`, after a use that puts its session in this process's cache. */
const statusOf = async (access: string) => (await profileWith(access)).statusCode;
const signIn = async (user: User) => (await post('/api/token/', { email: user.email, password: user.password })).json() as { access: string; refresh: string };
const refresh = (token: string) => post('/api/token/refresh/', { refresh: token });

describe('ending a session', () => {
  it('logout refuses the access token at once, and only that session’s', async () => {
    const user = await signUp(t);
    const other = await signIn(user); // the same account on another device
    expect(await statusOf(user.access)).toBe(200);
    expect((await post('/api/token/logout/', { refresh: user.refresh })).statusCode).toBe(204);
    const res = await profileWith(user.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'token_not_valid' });
    expect(await statusOf(other.access)).toBe(200);
  });

  it('logout with a refresh token already rotated still ends the session', async () => {
    const user = await signUp(t);
    const rotated = (await refresh(user.refresh)).json();
    expect((await post('/api/token/logout/', { refresh: user.refresh })).statusCode).toBe(401);
    expect(await statusOf(rotated.access)).toBe(401);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
  });

  it('a password reset ends every session of the account', async () => {
    const user = await signUp(t);
    const other = await signIn(user);
    expect(await statusOf(user.access)).toBe(200);
    await post('/api/reset-password/', { email: user.email });
    const link = new URL(lastLinkSentTo(t.config.dataDir, user.email)).pathname;
    const reset = await post(`/api${link}/`, { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' });
    expect(reset.statusCode).toBe(200);
    expect([await statusOf(user.access), await statusOf(other.access)]).toEqual([401, 401]);
    expect([(await refresh(user.refresh)).statusCode, (await refresh(other.refresh)).statusCode]).toEqual([401, 401]);
  });

  it('a password change in the profile ends the other sessions and keeps the one that made it', async () => {
    const user = await signUp(t);
    const other = await signIn(user);
    expect(await statusOf(other.access)).toBe(200);
    const change = await t.app.inject({
      method: 'PUT', url: '/api/profile/', headers: user.auth,
      payload: { email: user.email, first_name: 'Léa', last_name: 'Martin', password: 'Encore-Autre-43', current_password: user.password },
    });
    expect(change.statusCode).toBe(200);
    expect(await statusOf(other.access)).toBe(401);
    expect((await refresh(other.refresh)).statusCode).toBe(401);
    expect(await statusOf(user.access)).toBe(200);
    expect((await refresh(user.refresh)).statusCode).toBe(200);
  });
});

describe('refresh token families', () => {
  it('rotation keeps the session: the access tokens issued before and after both work', async () => {
    const user = await signUp(t);
    const next = (await refresh(user.refresh)).json();
    expect([await statusOf(user.access), await statusOf(next.access)]).toEqual([200, 200]);
  });

  it('reusing a rotated refresh token ends the whole family: the thief’s pair and the owner’s alike', async () => {
    const user = await signUp(t);
    const bystander = await signIn(user);
    // The owner rotates twice; a copy of the first refresh token is then replayed.
    const second = (await refresh(user.refresh)).json();
    const third = (await refresh(second.refresh)).json();
    expect(await statusOf(third.access)).toBe(200);
    const replay = await refresh(user.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect([await statusOf(user.access), await statusOf(second.access), await statusOf(third.access)]).toEqual([401, 401, 401]);
    expect((await refresh(third.refresh)).statusCode).toBe(401);
    // Another sign-in of the same account is another family: untouched.
    expect(await statusOf(bystander.access)).toBe(200);
    expect((await refresh(bystander.refresh)).statusCode).toBe(200);
  });
});

describe('lifetime and the list of sessions (issue 23)', () => {
  const DAY = 24 * 3600 * 1000;
  /** Runs `run` with the clock moved by `offsetMs` (Date only: the app needs real timers). */
  async function at<T>(offsetMs: number, run: () => Promise<T>): Promise<T> {
    const start = Date.now();
    jest.useFakeTimers({ now: start + offsetMs, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
    try {
      return await run();
    } finally {
      jest.useRealTimers();
    }
  }
  interface Listed { id: string; user_agent: string | null; ip: string | null; created_at: string; last_used_at: string; current: boolean }
  const list = async (access: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sessions/', headers: { authorization: `Bearer ${access}` } });
    expect(res.statusCode).toBe(200);
    return res.json() as Listed[];
  };
  const end = (access: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/sessions/${id}/`, headers: { authorization: `Bearer ${access}` } });

  it('ends a session 30 days after its sign-in, however often it was refreshed', async () => {
    const user = await signUp(t);
    const started = Date.now();
    let pair = { access: user.access, refresh: user.refresh };
    const statuses: number[] = [];
    // Every 6 days (a refresh token lives 7): each refresh used to push the end 7 days on, forever.
    for (const day of [6, 12, 18, 24, 29.9, 30.01]) {
      const res = await at(started + day * DAY - Date.now(), () => refresh(pair.refresh));
      statuses.push(res.statusCode);
      if (res.statusCode === 200) pair = res.json();
      else expect(res.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 401]);
    // Signed in again, the user no longer sees the session that ended.
    const again = await at(started + 31 * DAY - Date.now(), async () => {
      const pair2 = await signIn(user);
      return { pair2, sessions: await list(pair2.access) };
    });
    expect(again.sessions.map((s) => s.current)).toEqual([true]);
    expect(await at(started + 31 * DAY - Date.now(), async () => (await refresh(again.pair2.refresh)).statusCode)).toBe(200);
  });

  it('lists the live sessions with device, address and dates; ending another stops it at once', async () => {
    const user = await signUp(t);
    const phoneSignIn = await t.app.inject({
      method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' }, remoteAddress: '203.0.113.9',
    });
    const phone = phoneSignIn.json() as { access: string; refresh: string };
    // The phone refreshes an hour later: its last use moves.
    const rotated = await at(3600 * 1000, async () => (await refresh(phone.refresh)).json() as { access: string; refresh: string });

    const sessions = await list(user.access);
    expect(sessions).toHaveLength(2);
    const [mine, other] = sessions;
    expect(mine).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect(other).toMatchObject({ current: false, ip: '203.0.113.9', user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' });
    expect(Date.parse(other.last_used_at) - Date.parse(other.created_at)).toBeGreaterThanOrEqual(3600 * 1000);
    expect(Object.keys(other).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_used_at', 'user_agent']);
    // The phone sees the same two, itself as current.
    expect((await list(rotated.access)).map((s) => [s.id, s.current])).toEqual([[other.id, true], [mine.id, false]]);

    // Another account sees none of them and cannot end them: 404, as for a session that never was.
    const stranger = await signUp(t);
    expect((await list(stranger.access)).map((s) => s.id)).not.toContain(other.id);
    const foreign = await end(stranger.access, other.id);
    expect(foreign.statusCode).toBe(404);
    expect((await end(stranger.access, 'inconnue')).json()).toEqual(foreign.json());
    expect(await statusOf(rotated.access)).toBe(200);

    expect((await end(user.access, other.id)).statusCode).toBe(204);
    expect(await statusOf(rotated.access)).toBe(401);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    expect((await list(user.access)).map((s) => s.id)).toEqual([mine.id]);
    expect((await end(user.access, other.id)).statusCode).toBe(404);
    expect(await statusOf(user.access)).toBe(200);
  });
});

describe('a token whose user no longer exists', () => {
  /** Routes that take no access token. */
  const PUBLIC = /^\/api\/(health|docs|register|activate|token|reset-password|confirm-email|portal\/)/;

  it('gets 401 on every protected route and method, never a 500', async () => {
    const gone = await signUp(t);
    const alive = await signUp(t);
    const userId = JSON.parse(Buffer.from(gone.access.split('.')[1], 'base64url').toString()).user_id as number;
    await t.database.db.deleteFrom('users').where('id', '=', userId).execute();

    const routes = t.routes.filter((r) => !PUBLIC.test(r.url));
    expect(routes.length).toBeGreaterThan(40);
    const answers: Record<string, [number, number]> = {};
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, '1');
      const send = (user: User) =>
        t.app.inject({ method: route.method as 'GET', url, headers: user.auth, ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: {} }) });
      answers[`${route.method} ${route.url}`] = [(await send(gone)).statusCode, (await send(alive)).statusCode];
    }
    const wrong = Object.entries(answers).filter(([, [status]]) => status !== 401);
    expect(wrong).toEqual([]);
    // The same calls with a live account get past authentication: the 401s above are the dead account's.
    const unauthenticated = Object.entries(answers).filter(([, [, status]]) => status === 401);
    expect(unauthenticated).toEqual([]);
  });
});

describe('upgrade', () => {
  it('keeps tokens issued before sessions existed working: migration 0011 makes each refresh token its own session', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'carnet-sessions-migration-'));
    const schema = await createTestSchema();
    const config = loadConfig({
      // The process's other app (createTestApp) holds the ledger key: one key per process.
      DATA_DIR: dataDir, SECRET_KEY: 'k'.repeat(40), LEDGER_KEY: TEST_LEDGER_KEY, LOG_LEVEL: 'silent',
      ...(TEST_DATABASE_URL ? { DATABASE_URL: TEST_DATABASE_URL } : {}),
    });
    const database = openDatabase(config.databaseUrl, { searchPath: TEST_DATABASE_URL ? schema : undefined });
    try {
      const migrator = new Migrator({ db: database.db, migrationTableSchema: database.schema, provider: { getMigrations: async () => migrationsFor(database.dialect) } });
      expect((await migrator.migrateTo('2026_11_24_0010_einvoicing')).error).toBeUndefined();
      // What the server issued before: a refresh token without a session id, an access token naming its jti.
      const now = new Date().toISOString();
      const { id } = await database.db.insertInto('users')
        .values({ email: 'ancien@exemple.fr', password_hash: 'x', is_active: 1, created_at: now, last_login: null, password_changed_at: now } as never)
        .returning('id').executeTakeFirstOrThrow();
      const tokens = createTokenService(config.secretKey);
      const oldRefresh = tokens.sign('refresh', id);
      const oldAccess = tokens.sign('access', id, oldRefresh.claims.jti);
      await sql`insert into refresh_tokens (jti, user_id, expires_at, created_at)
        values (${oldRefresh.claims.jti}, ${id}, ${new Date(oldRefresh.claims.exp * 1000).toISOString()}, ${now})`.execute(database.db);
      await migrateTestDatabase(database);

      const app = await buildApp({ config, database, logger: false });
      try {
        const read = (access: string) => app.inject({ method: 'GET', url: '/api/profile/', headers: { authorization: `Bearer ${access}` } });
        expect((await read(oldAccess.token)).statusCode).toBe(200);
        const rotated = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: oldRefresh.token } });
        expect(rotated.statusCode).toBe(200);
        expect((await read(rotated.json().access)).statusCode).toBe(200);
        // And the old family is one: replaying the old refresh token ends it.
        expect((await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: oldRefresh.token } })).statusCode).toBe(401);
        expect((await read(rotated.json().access)).statusCode).toBe(401);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      await dropTestSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
