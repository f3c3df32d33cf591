import path from 'node:path';
import { SESSION_RECHECK_MS } from '../modules/auth/session-guard';
import { TEST_DATABASE_URL } from '../test/test-app';
import {
  mailedLink, makeDataDir, newSecretKey, removeDir, signUpOverHttp, sleep, startServer, stopAllServers, throwawayPgDatabase,
  type HttpUser, type ServerProcess,
} from '../test/server-process';

/**
 * Sessions end in every process (issue 16): two real server processes share one database (one
 * SQLite file, or one PostgreSQL database when TEST_DATABASE_URL is set). A session ended through
 * one of them — logout, password reset or change, a replayed refresh token — is refused at once by
 * that one, and by the other within SESSION_RECHECK_MS (each process keeps live sessions a second).
 */

jest.setTimeout(90_000);

const dataDirs: string[] = [];
let pgDatabase: Awaited<ReturnType<typeof throwawayPgDatabase>> | null = null;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  const secretKey = newSecretKey();
  const dirs = [makeDataDir('sessions-a'), makeDataDir('sessions-b')];
  dataDirs.push(...dirs);
  if (TEST_DATABASE_URL) pgDatabase = await throwawayPgDatabase(TEST_DATABASE_URL, 'sessions');
  const databaseUrl = pgDatabase?.url ?? `sqlite:${path.join(dirs[0], 'carnet.sqlite3')}`;
  a = await startServer({ dataDir: dirs[0], secretKey, databaseUrl, firstPort: 8511 });
  b = await startServer({ dataDir: dirs[1], secretKey, databaseUrl, firstPort: 8513 });
});

afterAll(async () => {
  await stopAllServers();
  await pgDatabase?.drop();
  dataDirs.forEach(removeDir);
});

interface Pair {
  access: string;
  refresh: string;
}

async function signIn(server: ServerProcess, user: HttpUser): Promise<Pair> {
  const res = await server.request('POST', '/api/token/', { body: { email: user.email, password: user.password } });
  expect(res.status).toBe(200);
  return res.body;
}
const readWith = async (server: ServerProcess, pair: Pair) => (await server.request('GET', '/api/profile/', { token: pair.access })).status;
/** Once a session was ended at `endedAt` (when the answer came back), every process must refuse it. */
const pastRecheck = async (endedAt: number) => sleep(Math.max(0, endedAt + SESSION_RECHECK_MS + 50 - Date.now()));

const label = TEST_DATABASE_URL ? 'PostgreSQL' : 'one SQLite file';

it(`${label}, two processes: logout on one ends the session on the other within a second`, async () => {
  const user = await signUpOverHttp(a);
  const ended = await signIn(a, user);
  const kept = await signIn(a, user);
  // Both processes have seen the session live (and keep that answer for a second).
  expect([await readWith(a, ended), await readWith(b, ended)]).toEqual([200, 200]);

  expect((await a.request('POST', '/api/token/logout/', { body: { refresh: ended.refresh } })).status).toBe(204);
  const endedAt = Date.now();
  expect(await readWith(a, ended)).toBe(401);
  await pastRecheck(endedAt);
  expect(await readWith(b, ended)).toBe(401);
  expect([await readWith(a, kept), await readWith(b, kept)]).toEqual([200, 200]);
});

it(`${label}, two processes: a password reset through one ends every session on the other`, async () => {
  const user = await signUpOverHttp(a);
  const first = await signIn(a, user);
  const second = await signIn(b, user);
  expect([await readWith(a, first), await readWith(a, second)]).toEqual([200, 200]);

  expect((await b.request('POST', '/api/reset-password/', { body: { email: user.email } })).status).toBe(200);
  const link = new URL(await mailedLink(user.email, 'reset-password-confirm')).pathname;
  const reset = await b.request('POST', `/api${link}/`, { body: { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' } });
  expect(reset.status).toBe(200);
  const endedAt = Date.now();
  expect([await readWith(b, first), await readWith(b, second)]).toEqual([401, 401]);
  await pastRecheck(endedAt);
  expect([await readWith(a, first), await readWith(a, second)]).toEqual([401, 401]);
});

it(`${label}, two processes: a password change in the profile ends the other sessions everywhere`, async () => {
  const user = await signUpOverHttp(a);
  const changer = await signIn(a, user);
  const other = await signIn(a, user);
  expect(await readWith(b, other)).toBe(200);

  const change = await a.request('PUT', '/api/profile/', {
    token: changer.access,
    body: { email: user.email, first_name: 'Léa', last_name: 'Martin', password: 'Encore-Autre-43', current_password: user.password },
  });
  expect(change.status).toBe(200);
  const endedAt = Date.now();
  await pastRecheck(endedAt);
  expect([await readWith(b, other), await readWith(b, changer)]).toEqual([401, 200]);
});

it(`${label}, two processes: a refresh token replayed on one ends the family the owner uses on the other`, async () => {
  const user = await signUpOverHttp(a);
  const stolen = await signIn(a, user);
  const rotated = await b.request('POST', '/api/token/refresh/', { body: { refresh: stolen.refresh } });
  expect(rotated.status).toBe(200);
  const owner: Pair = rotated.body;
  expect(await readWith(b, owner)).toBe(200);

  const replay = await a.request('POST', '/api/token/refresh/', { body: { refresh: stolen.refresh } });
  expect(replay.status).toBe(401);
  const endedAt = Date.now();
  await pastRecheck(endedAt);
  expect(await readWith(b, owner)).toBe(401);
  expect((await b.request('POST', '/api/token/refresh/', { body: { refresh: owner.refresh } })).status).toBe(401);
});
