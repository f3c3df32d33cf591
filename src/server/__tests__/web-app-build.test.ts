import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/test-app';

const SCRIPT = `console.log(${JSON.stringify('Carnet '.repeat(400))});`;

/**
 * A build as webpack makes it (issue 18): the prerendered landing page at '/', the app's index.html
 * elsewhere, and scripts with their brotli and gzip copies.
 */
describe('serving the build', () => {
  let t: TestApp;
  let publicDir: string;
  beforeAll(async () => {
    publicDir = mkdtempSync(path.join(tmpdir(), 'carnet-landing-'));
    writeFileSync(path.join(publicDir, 'index.html'), '<html><head><title>Carnet</title></head><body><div id="root"></div></body></html>');
    writeFileSync(
      path.join(publicDir, 'landing.html'),
      '<html><head><title>Le CRM des indépendants · Carnet</title></head><body><h1>Simplifiez votre activité</h1></body></html>',
    );
    mkdirSync(path.join(publicDir, 'assets'));
    const script = path.join(publicDir, 'assets', 'main.0123abcdef.js');
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
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

  it('sends a script precompressed by the build, brotli first, cached for a year', async () => {
    const url = '/assets/main.0123abcdef.js';
    const brotli = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(SCRIPT))).toBe(true);
    expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
  });
});
