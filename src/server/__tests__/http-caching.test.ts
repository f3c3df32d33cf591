import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/database';
import { etagMatches, SMALL_BODY_BYTES } from '../plugins/http-caching';
import { createTestApp, signUp, TEST_LEDGER_KEY, type TestApp, migrateTestDatabase } from '../test/test-app';
import { CLIENT_ADDRESS, completeProfile, viaInject } from '../test/billing-fixtures';

/**
 * Compression and revalidation (DESIGN.md §6): gzip when the client accepts it, a weak ETag of
 * the uncompressed JSON on API reads, 304 on a match, `private, no-cache` so browsers revalidate.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let clientId: number;

const gzip = { 'accept-encoding': 'gzip, deflate, br' };

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
  // Enough contacts for the list to pass the 1 KiB compression threshold.
  // (With a full address, and alice's profile complete: the invoices below are issued.)
  await completeProfile(viaInject(t, alice), alice.email);
  const rows = Array.from({ length: 60 }, (_, i) => ({
    name: `Élise Durand ${i}`, email: `elise${i}@exemple.fr`, company: 'Atelier Durand', ...CLIENT_ADDRESS,
  }));
  const imported = await t.app.inject({ method: 'POST', url: '/api/import-contacts/', headers: alice.auth, payload: rows });
  expect(imported.statusCode).toBe(201);
  clientId = (imported.json() as { ids: number[] }).ids[0];
  // And enough of everything else for each list to pass the 1 KiB revalidation threshold.
  for (let i = 0; i < 8; i++) {
    const project = await t.app.inject({ method: 'POST', url: '/api/projects/', headers: alice.auth, payload: { name: `Refonte ${i}`, contact_ids: [clientId] } });
    expect(project.statusCode).toBe(201);
    const task = await t.app.inject({ method: 'POST', url: '/api/tasks/', headers: alice.auth, payload: { title: `Maquette ${i}` } });
    expect(task.statusCode).toBe(201);
    for (const kind of ['quotes', 'invoices']) {
      const doc = await t.app.inject({
        method: 'POST', url: `/api/${kind}/`, headers: alice.auth,
        payload: { title: `Site vitrine ${i}`, client_id: clientId, status: 'sent', line_items: [{ title: 'Développement', quantity: 3, unit_price: 450 }] },
      });
      expect(doc.statusCode).toBe(201);
    }
  }
});

afterAll(() => t.close());

describe('gzip', () => {
  it('compresses a list when the client accepts gzip, and the body inflates to the same JSON', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: alice.auth });
    const zipped = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: { ...alice.auth, ...gzip } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(60);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers alone (below the threshold)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invoices/overdue_sum/', headers: { ...alice.auth, ...gzip } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ overdue_invoices_sum: 0, overdue_invoices_count: 0 });
  });

  it('does not touch the PDF download', async () => {
    const [invoice] = (await t.app.inject({ method: 'GET', url: '/api/invoices/', headers: alice.auth })).json() as { id: number }[];
    const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/generate_pdf/`, headers: { ...alice.auth, ...gzip } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('ETag and 304', () => {
  const LISTS = ['/api/contacts/', '/api/projects/', '/api/tasks/', '/api/quotes/', '/api/invoices/', '/api/recent-activity/'];

  it.each(LISTS)('%s: private, no-cache, a weak ETag shared by gzip and identity, 304 on If-None-Match', async (url) => {
    const plain = await t.app.inject({ method: 'GET', url, headers: alice.auth });
    const zipped = await t.app.inject({ method: 'GET', url, headers: { ...alice.auth, ...gzip } });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(SMALL_BODY_BYTES);
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(zipped.headers.etag).toBe(etag);

    for (const headers of [{}, gzip]) {
      const again = await t.app.inject({ method: 'GET', url, headers: { ...alice.auth, ...headers, 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
  });

  it('changes the ETag after a write, and the old one gets the fresh list', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: alice.auth });
    const etag = String(before.headers.etag);
    const created = await t.app.inject({ method: 'POST', url: '/api/contacts/', headers: alice.auth, payload: { name: 'Noémie Faure' } });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBeUndefined();

    const after = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: { ...alice.auth, 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as { name: string }[]).map((c) => c.name)).toContain('Noémie Faure');

    const renamed = await t.app.inject({
      method: 'PUT', url: `/api/contacts/${clientId}/`, headers: alice.auth, payload: { name: 'Élise Durand-Martin' },
    });
    expect(renamed.statusCode).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/contacts/${clientId}/`, headers: { ...alice.auth, 'if-none-match': String(after.headers.etag) } });
    expect(detail.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: { ...alice.auth, 'if-none-match': String(after.headers.etag) } });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { name: string }[]).map((c) => c.name)).toContain('Élise Durand-Martin');
  });

  it('never answers 304 to another user presenting the first user’s ETag', async () => {
    for (const url of LISTS) {
      const mine = await t.app.inject({ method: 'GET', url, headers: alice.auth });
      const theirs = await t.app.inject({ method: 'GET', url, headers: { ...bob.auth, 'if-none-match': String(mine.headers.etag) } });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json()).toEqual([]);
      expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    }
  });

  it('does not tag small answers (a 304 would save nothing), which browsers still revalidate', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invoices/outstanding_sum/', headers: alice.auth });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(SMALL_BODY_BYTES);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.etag).toBeUndefined();
    const again = await t.app.inject({ method: 'GET', url: '/api/invoices/outstanding_sum/', headers: { ...alice.auth, 'if-none-match': '*' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
  });

  it('does not mark errors with an ETag', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/contacts/999999/', headers: alice.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/contacts/', headers: { 'if-none-match': '*' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('etagMatches', () => {
  it('compares weakly, accepts lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe('static files and the SPA fallback (built client)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dir: string;
  const indexHtml = `<!doctype html><html><head><title>Carnet</title></head><body><div id="root"></div>${'<!-- remplissage -->'.repeat(100)}</body></html>`;
  const bundle = `console.log(${JSON.stringify('Carnet '.repeat(500))});`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'carnet-static-'));
    const publicDir = path.join(dir, 'public');
    mkdirSync(publicDir);
    writeFileSync(path.join(publicDir, 'index.html'), indexHtml);
    writeFileSync(path.join(publicDir, 'main.0123456789abcdef.js'), bundle);
    const config = loadConfig(
      // The journal's key is process-wide: the same as the suite's other app (test-app.ts).
      { DATA_DIR: dir, SECRET_KEY: randomBytes(32).toString('hex'), LEDGER_KEY: TEST_LEDGER_KEY, LOG_LEVEL: 'silent', DATABASE_URL: 'sqlite::memory:' },
      publicDir,
    );
    database = openDatabase(config.databaseUrl);
    await migrateTestDatabase(database);
    app = await buildApp({ config, database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a hashed asset gzipped, still cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/main.0123456789abcdef.js', headers: gzip });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(bundle);
  });

  it('still serves index.html for client routes (SPA fallback), whatever the Accept-Encoding', async () => {
    // '/' is a route and gets gzip; other client routes come from the not-found handler, which
    // @fastify/compress does not hook (the real index.html is under the 1 KiB threshold anyway).
    for (const url of ['/', '/contacts/12']) {
      const res = await app.inject({ method: 'GET', url, headers: gzip });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
      expect(body.toString('utf8')).toBe(indexHtml);
    }
    const plain = await app.inject({ method: 'GET', url: '/contacts/12' });
    expect(plain.body).toBe(indexHtml);
  });

  it('sends the security headers on assets, client routes and 404s alike (helmet built once)', async () => {
    // A refused API call (401, thrown by the auth hook) too.
    for (const url of ['/main.0123456789abcdef.js', '/contacts/12', '/api/nothing-here/', '/api/health/', '/api/contacts/']) {
      const res = await app.inject({ method: 'GET', url, headers: gzip });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here/', headers: gzip });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Pas trouvé.' });
  });
});
