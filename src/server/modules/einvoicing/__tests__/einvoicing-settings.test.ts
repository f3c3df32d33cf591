import { statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { startSandbox, type Sandbox } from '@/server/test/einvoicing-sandbox/sandbox';
import { EINVOICING_KEY_FILE } from '@/server/einvoicing/secret-box';
import { EINVOICING_MESSAGES } from '@/shared/einvoicing';

/**
 * The approved platform's settings (issue 26) through the real app and database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): the secret write-only and encrypted at rest, URLs checked,
 * each user's own, and « Tester la connexion » against the sandbox platform.
 */

jest.setTimeout(60_000);

const SECRET = 'tres-secret-Zq9-sandbox';
const logLines: string[] = [];
let t: TestApp;
let sandbox: Sandbox;
let alice: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  sandbox = await startSandbox({ clientSecret: SECRET });
  t = await createTestApp({}, {
    // Every line the app logs, at the most verbose level: the secret must be in none.
    logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
    einvoicing: { timeoutMs: 2_000 },
  });
  alice = await signUp(t);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

type Who = Awaited<ReturnType<typeof signUp>>;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, who: Who = alice) =>
  t.app
    .inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) })
    .then((res) => ({ status: res.statusCode, body: res.body ? res.json() : null, raw: res.body }));

const sandboxSettings = (secret = SECRET) => ({
  flow_service_url: sandbox.flowServiceUrl,
  directory_service_url: sandbox.directoryServiceUrl,
  token_url: sandbox.tokenUrl,
  client_id: sandbox.clientId,
  client_secret: secret,
  enabled: true,
});

const rowOf = async (email: string) =>
  (await sql<Record<string, unknown>>`select s.* from einvoicing_settings s join users u on u.id = s.owner_id where u.email = ${email}`.execute(t.database.db)).rows[0];

describe('settings', () => {
  it('answers empty settings before any are saved: Carnet works without a platform', async () => {
    const bob = await signUp(t);
    expect(await call('GET', '/api/einvoicing/settings/', undefined, bob)).toMatchObject({
      status: 200,
      body: { flow_service_url: '', directory_service_url: '', token_url: '', client_id: '', client_secret_set: false, enabled: false, updated_at: null },
    });
    // Testing without settings: a French 400, no network call.
    const tested = await call('POST', '/api/einvoicing/settings/test/', undefined, bob);
    expect(tested).toMatchObject({ status: 400, body: { detail: EINVOICING_MESSAGES.notConfigured } });
  });

  it('round-trips the settings; the secret is never answered, and stored only encrypted with a key file of DATA_DIR (0600)', async () => {
    const saved = await call('PUT', '/api/einvoicing/settings/', sandboxSettings());
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      flow_service_url: sandbox.flowServiceUrl,
      directory_service_url: sandbox.directoryServiceUrl,
      token_url: sandbox.tokenUrl,
      client_id: sandbox.clientId,
      client_secret_set: true,
      enabled: true,
      updated_at: expect.any(String),
      last_sync_at: null,
      last_sync_error: null,
    });
    expect(saved.raw).not.toContain(SECRET);
    const read = await call('GET', '/api/einvoicing/settings/');
    expect(read.body).toEqual(saved.body);
    expect(read.raw).not.toContain(SECRET);

    const row = await rowOf(alice.email);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(String(row.client_secret_encrypted)).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    const keyFile = path.join(t.config.dataDir, EINVOICING_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // Absent or empty, the secret stays as it was; a client echoing GET's answer back is fine.
    const echoed = await call('PUT', '/api/einvoicing/settings/', { ...read.body, client_id: `${sandbox.clientId}`, client_secret: '' });
    expect(echoed.status).toBe(200);
    expect((await rowOf(alice.email)).client_secret_encrypted).toBe(row.client_secret_encrypted);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('refuses addresses that are not https (http only on localhost), with French messages by field', async () => {
    const bad = await call('PUT', '/api/einvoicing/settings/', {
      flow_service_url: 'http://pa.example.com/flow-service',
      directory_service_url: 'ftp://pa.example.com/',
      token_url: 'pas une adresse',
      client_id: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      flow_service_url: [EINVOICING_MESSAGES.notHttps],
      directory_service_url: [EINVOICING_MESSAGES.invalidUrl],
      token_url: [EINVOICING_MESSAGES.invalidUrl],
    });
    const withCredentials = await call('PUT', '/api/einvoicing/settings/', { token_url: 'https://user:pass@pa.example.com/token' });
    expect(withCredentials).toMatchObject({ status: 400, body: { token_url: [EINVOICING_MESSAGES.credentialsInUrl] } });
    const unknown = await call('PUT', '/api/einvoicing/settings/', { owner_id: 2, client_secret_encrypted: 'x' });
    expect(unknown).toMatchObject({ status: 400, body: { owner_id: ['Champ inconnu.'], client_secret_encrypted: ['Champ inconnu.'] } });
    // Enabling needs every field; a platform off may be filled in several goes.
    const carol = await signUp(t);
    const incomplete = await call('PUT', '/api/einvoicing/settings/', { flow_service_url: 'https://pa.example.com/flow-service', enabled: true }, carol);
    expect(incomplete).toMatchObject({
      status: 400,
      body: {
        directory_service_url: [EINVOICING_MESSAGES.required],
        token_url: [EINVOICING_MESSAGES.required],
        client_id: [EINVOICING_MESSAGES.required],
        client_secret: [EINVOICING_MESSAGES.secretRequired],
      },
    });
    expect(await call('PUT', '/api/einvoicing/settings/', { flow_service_url: 'https://pa.example.com/flow-service' }, carol)).toMatchObject({ status: 200 });
    // Nothing of Alice's changed.
    expect((await call('GET', '/api/einvoicing/settings/')).body.flow_service_url).toBe(sandbox.flowServiceUrl);
  });

  it("keeps each user's settings their own: Bob sees none of Alice's, and his save does not touch hers", async () => {
    const bob = await signUp(t);
    await call('PUT', '/api/einvoicing/settings/', sandboxSettings());
    const before = await rowOf(alice.email);
    const bobs = await call('GET', '/api/einvoicing/settings/', undefined, bob);
    expect(bobs.body).toMatchObject({ client_id: '', client_secret_set: false });
    await call('PUT', '/api/einvoicing/settings/', { ...sandboxSettings('autre-secret'), client_id: 'bob-client' }, bob);
    expect(await rowOf(alice.email)).toEqual(before);
    // Alice's ciphertext copied onto Bob's row does not open there (bound to its owner).
    await sql`update einvoicing_settings set client_secret_encrypted = ${before.client_secret_encrypted} where owner_id = (select id from users where email = ${bob.email})`.execute(t.database.db);
    const tested = await call('POST', '/api/einvoicing/settings/test/', undefined, bob);
    expect(tested.status).toBe(400);
    expect(tested.body.detail).toMatch(/ne peut pas être déchiffré/);
  });
});

describe('« Tester la connexion »', () => {
  it('gets a token and calls the healthcheck: ok; the token is cached across tests', async () => {
    await call('PUT', '/api/einvoicing/settings/', sandboxSettings());
    const before = sandbox.stats.tokenRequests;
    const first = await call('POST', '/api/einvoicing/settings/test/');
    expect(first).toEqual({ status: 200, body: { ok: true, message: EINVOICING_MESSAGES.ok }, raw: expect.any(String) });
    expect(await call('POST', '/api/einvoicing/settings/test/')).toMatchObject({ body: { ok: true } });
    expect(sandbox.stats.tokenRequests).toBe(before + 1);
    // Each call carried its own request id (UUID).
    const ids = sandbox.stats.requestIds.slice(-2);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // A token the platform no longer takes (revoked, expired early): forgotten, a new one, the call made again.
    sandbox.revokeTokens();
    expect(await call('POST', '/api/einvoicing/settings/test/')).toMatchObject({ body: { ok: true } });
    expect(sandbox.stats.tokenRequests).toBe(before + 2);
  });

  it('names a refused secret', async () => {
    await call('PUT', '/api/einvoicing/settings/', sandboxSettings('mauvais-secret'));
    const tested = await call('POST', '/api/einvoicing/settings/test/');
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({
      ok: false,
      message: 'La plateforme a refusé l’identifiant ou le secret client (invalid_client). Vérifiez-les auprès de votre plateforme.',
    });
    expect(tested.raw).not.toContain('mauvais-secret');
  });

  it('names an unreachable platform', async () => {
    // A port nothing listens on (taken, then freed).
    const silent = await startSilentServer();
    const closed = new URL(silent.url).host;
    await silent.close();
    await call('PUT', '/api/einvoicing/settings/', { ...sandboxSettings(), token_url: `http://${closed}/oauth/token` });
    const tested = await call('POST', '/api/einvoicing/settings/test/');
    expect(tested.body).toEqual({ ok: false, message: `Impossible de joindre le serveur d’authentification : connexion refusée (${closed}).` });
  });

  it('names a platform error with its Error body, and a platform that does not answer in time', async () => {
    await call('PUT', '/api/einvoicing/settings/', sandboxSettings());
    sandbox.health = { status: 503, body: { errorCode: 'MAINTENANCE', errorMessage: 'Maintenance en cours' } };
    try {
      expect((await call('POST', '/api/einvoicing/settings/test/')).body).toEqual({
        ok: false,
        message: 'La plateforme (Flow Service) a répondu 503 (service indisponible) : MAINTENANCE : Maintenance en cours.',
      });
    } finally {
      sandbox.health = null;
    }
    // A server that accepts the connection and never answers: the time limit (2 s here) ends the wait.
    const silent = await startSilentServer();
    try {
      await call('PUT', '/api/einvoicing/settings/', { ...sandboxSettings(), flow_service_url: silent.url });
      expect((await call('POST', '/api/einvoicing/settings/test/')).body).toEqual({
        ok: false,
        message: `La plateforme (Flow Service) n’a pas répondu dans les 2 secondes (${new URL(silent.url).host}).`,
      });
    } finally {
      await silent.close();
    }
  });
});

/** An HTTP server that takes requests and never answers them. */
async function startSilentServer() {
  const { createServer } = await import('node:http');
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/flow-service`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
