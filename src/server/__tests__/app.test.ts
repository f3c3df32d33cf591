import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { createTestApp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '../test/test-app';
import { until } from '../test/server-process';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from '../config';

describe('configuration', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'carnet-config-'));

  it('applies the defaults and keeps a generated secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(8000);
    expect(config.appUrl).toBe('http://localhost:8000');
    expect(config.databaseUrl).toBe(`sqlite:${path.join(dir, 'carnet.sqlite3')}`);
    expect(config.smtpUrl).toBeNull();
    expect(config.analyticsScriptUrl).toBeNull();
    expect(config.secretKey).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'secret_key'), 'utf8')).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dir }).secretKey).toBe(config.secretKey);
    expect(loadConfig({ DATA_DIR: dir, PORT: '9000' }).appUrl).toBe('http://localhost:9000');
    rmSync(dir, { recursive: true });
  });

  it('names every invalid variable in one clear error', () => {
    const attempt = () =>
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', SECRET_KEY: 'court', SMTP_URL: 'http://mail' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SECRET_KEY', 'SMTP_URL']) expect(message).toContain(name);
    }
  });
});

// PostgreSQL only (the server-pg project): SQLite has no server to end a connection.
if (process.env.TEST_DATABASE_URL) {
  describe('PostgreSQL connections ended by the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    // Without a listener, the pool's 'error' event for an idle connection ended by the server threw
    // and ended the process (CI: a test database dropped WITH (FORCE) a moment after its pool's end).
    it('survives its idle connections being terminated (a restart, pg_terminate_backend) and goes on answering', async () => {
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        // Four requests at once: four connections, idle in the pool afterwards.
        const health = () => t.app.inject({ method: 'GET', url: '/api/health/' });
        await Promise.all([health(), health(), health(), health()]);
        const { rows } = await sql<{ ended: boolean }>`
          select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(t.database.db);
        const ended = rows.filter((r) => r.ended).length;
        expect(ended).toBeGreaterThan(0);
        // Each ended connection is reported once the server's notice reaches it; a request that took
        // one before would fail (a 503), so wait for all of them (CI once asked one report early).
        await until(() => logged.mock.calls.length >= ended, 'the pool reporting every ended connection');
        expect(String(logged.mock.calls[0][0])).toMatch(/^Connexion PostgreSQL inactive perdue/);
        const after = await Promise.all([health(), health(), health(), health()]);
        expect(after.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
      } finally {
        logged.mockRestore();
      }
    });
  });
}

describe('health and API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the health check after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Pas trouvé.' });
  });

  it('sends security headers without any third-party origin by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    // The in-page PDF preview frames a blob: URL.
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).not.toMatch(/https?:\/\//);
  });
});

describe('serving the built app', () => {
  let t: TestApp;
  let publicDir: string;
  beforeAll(async () => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'carnet-public-'));
    mkdirSync(path.join(publicDir, 'assets'));
    writeFileSync(path.join(publicDir, 'index.html'), '<html><head><title>Carnet</title></head><body></body></html>');
    writeFileSync(path.join(publicDir, 'assets', 'main.0123abcd.js'), 'console.log(1)');
    t = await createTestApp({ ANALYTICS_SCRIPT_URL: 'https://stats.exemple.fr/script.js' });
    await t.app.close();
    // Rebuild with a public dir (createTestApp builds without one).
    const { buildApp } = await import('../app');
    t.app = await buildApp({ config: { ...t.config, publicDir }, database: t.database, logger: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(publicDir, { recursive: true });
  });

  it('serves index.html for client routes, with the configured analytics script allowed by the CSP', async () => {
    for (const url of ['/', '/dashboard', '/contacts/12', '/reset-password-confirm/MQ/abc-123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<script async src="https://stats.exemple.fr/script.js"></script>');
      expect(res.headers['content-security-policy']).toContain("script-src 'self' https://stats.exemple.fr");
    }
  });

  it('serves a client portal page (issue 27) unindexed, uncached and without the analytics script', async () => {
    // A link's page, and a client space's document page.
    for (const url of ['/p/k3Jq9wZ2bVx7LmN4pQr8sT1uV6yA0cE5fG2hJ9kL3mN', '/p/k3Jq9wZ2bVx7LmN4pQr8sT1uV6yA0cE5fG2hJ9kL3mN/FAC-2026-0001']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.body).not.toContain('stats.exemple.fr');
    }
    // Any other page keeps them.
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('serves hashed assets with a long cache, and real 404s for missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main.0123abcd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('SMTP delivery', () => {
  it('sends the activation e-mail through the configured SMTP server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    const t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail('smtp');
      const res = await t.app.inject({
        method: 'POST', url: '/api/register/', payload: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${email}`);
      expect(received[0]).toContain('/api/activate/');
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
