import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/test-app';

/** A build with the prerendered landing page (issue 18): '/' is static HTML, the rest the app. */
describe('the static landing page', () => {
  let t: TestApp;
  let publicDir: string;
  beforeAll(async () => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'carnet-landing-'));
    writeFileSync(path.join(publicDir, 'index.html'), '<html><head><title>Carnet</title></head><body><div id="root"></div></body></html>');
    writeFileSync(
      path.join(publicDir, 'landing.html'),
      '<html><head><title>Le CRM des indépendants · Carnet</title></head><body><h1>Simplifiez votre activité</h1></body></html>',
    );
    t = await createTestApp({ ANALYTICS_SCRIPT_URL: 'https://stats.exemple.fr/script.js' });
    await t.app.close();
    const { buildApp } = await import('../app');
    t.app = await buildApp({ config: { ...t.config, publicDir }, database: t.database, logger: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(publicDir, { recursive: true });
  });

  it("serves landing.html at '/', with the analytics script and the security headers", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<h1>Simplifiez votre activité</h1>');
    expect(res.body).toContain('<script async src="https://stats.exemple.fr/script.js"></script></head>');
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://stats.exemple.fr");
  });

  it('keeps index.html for every client route, and serves neither file under its own name', async () => {
    for (const url of ['/login', '/dashboard', '/contacts/3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
    for (const url of ['/landing.html', '/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
