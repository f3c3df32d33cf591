import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { DEFAULT_ACCENT_COLOR } from '@/shared/branding';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const upload = (user: User, payload: Buffer | string, contentType = 'application/octet-stream', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/profile/logo/', headers: { ...user.auth, 'content-type': contentType, ...headers }, payload });
const getLogo = (user: User) => t.app.inject({ method: 'GET', url: '/api/profile/logo/', headers: user.auth });

const image = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })[format]().toBuffer();
const svg = (body: string, size = 'width="200" height="100"') => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${size}>${body}</svg>`);

describe('logo', () => {
  it('re-encodes a PNG, a JPEG and an SVG to a PNG that fits within 600 × 600, served with nosniff', async () => {
    const user = await signUp(t);
    expect((await getLogo(user)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json()).toMatchObject({ logo_updated_at: null });

    for (const [bytes, type, size] of [
      [await image(1200, 300, 'png'), 'image/png', [600, 150]],
      [await image(320, 200, 'jpeg'), 'image/jpeg', [320, 200]],
      [svg('<rect width="200" height="100" fill="#1e4e8c"/>'), 'image/svg+xml', [600, 300]],
    ] as const) {
      const res = await upload(user, bytes, type);
      expect(res.statusCode).toBe(200);
      expect(res.json().logo_updated_at).toEqual(expect.any(String));
      const served = await getLogo(user);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', ...size]);
      expect(served.rawPayload.toString('latin1')).not.toContain('<svg');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json().logo_updated_at).toEqual(expect.any(String));
  });

  it.each([
    ['a text file named .png', Buffer.from('Bonjour, je ne suis pas une image.'), 'Le logo doit être une image PNG, JPEG ou SVG.'],
    ['a PNG signature followed by garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), 'Ce fichier n’est pas une image lisible : envoyez une image PNG, JPEG ou SVG.'],
    ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'Le logo doit être une image PNG, JPEG ou SVG.'],
    ['an SVG with a script', svg('<script>alert(1)</script><rect width="10" height="10"/>'), 'Ce SVG contient des scripts ou des références externes : exportez-le sans script ni lien externe, ou envoyez un PNG.'],
    ['an SVG with an event handler', svg('<rect width="10" height="10" onload="alert(1)"/>'), 'Ce SVG contient des scripts ou des références externes : exportez-le sans script ni lien externe, ou envoyez un PNG.'],
    ['an SVG referencing a local file', svg('<image xlink:href="file:///etc/passwd" width="10" height="10"/>'), 'Ce SVG contient des scripts ou des références externes : exportez-le sans script ni lien externe, ou envoyez un PNG.'],
    ['an SVG referencing a remote image', svg('<image href="https://exemple.fr/x.png" width="10" height="10"/>'), 'Ce SVG contient des scripts ou des références externes : exportez-le sans script ni lien externe, ou envoyez un PNG.'],
    ['an SVG with an external entity', Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>'), 'Le logo doit être une image PNG, JPEG ou SVG.'],
    ['an SVG declaring a huge size (decompression bomb)', svg('<rect width="10" height="10"/>', 'width="100000" height="100000"'), 'Cette image est trop grande (25 millions de pixels au plus) : réduisez-la avant de l’envoyer.'],
  ])('refuses %s with a French message and keeps the logo it had', async (_name, bytes, message) => {
    const user = await signUp(t);
    expect((await upload(user, await image(40, 40, 'png'), 'image/png')).statusCode).toBe(200);
    const before = (await getLogo(user)).rawPayload;
    const res = await upload(user, bytes, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ logo: [message] });
    expect((await getLogo(user)).rawPayload.equals(before)).toBe(true);
  });

  it('refuses a PNG whose header declares huge dimensions (a decompression bomb) without decoding it', async () => {
    const user = await signUp(t);
    // A valid 1 × 1 PNG whose IHDR says 30 000 × 30 000: a few bytes that would decode to 3.6 GB.
    const png = Buffer.from(await image(1, 1, 'png'));
    png.writeUInt32BE(30_000, 16);
    png.writeUInt32BE(30_000, 20);
    const { crc32 } = await import('node:zlib');
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    const res = await upload(user, png, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().logo[0]).toMatch(/^(Cette image est trop grande|Ce fichier n’est pas une image lisible)/);
    expect((await getLogo(user)).statusCode).toBe(404);
  });

  it('refuses a file over 1 Mo from its declared length (413), and a JSON body (415), in French', async () => {
    const user = await signUp(t);
    const big = Buffer.alloc(1024 * 1024 + 1, 1);
    const res = await upload(user, big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'Le logo ne doit pas dépasser 1 Mo.' });
    const json = await upload(user, JSON.stringify({ logo: 'x' }), 'application/json');
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ detail: 'Le logo doit être une image PNG, JPEG ou SVG.' });
    expect((await getLogo(user)).statusCode).toBe(404);
  });

  it("removes the logo; another user's logo is never served, nor removed", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    expect((await upload(alice, await image(50, 50, 'png'), 'image/png')).statusCode).toBe(200);
    expect((await getLogo(bob)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/logo/', headers: bob.auth })).statusCode).toBe(404);
    expect((await getLogo(alice)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/logo/', headers: alice.auth })).statusCode).toBe(204);
    expect((await getLogo(alice)).statusCode).toBe(404);
  });
});

describe('accent colour', () => {
  const put = (user: User, accent_color: unknown) => t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: { email: user.email, first_name: 'Camille', last_name: 'Durand', accent_color } });

  it('defaults to the colour documents always had, and saves a dark enough #RRGGBB in lower case', async () => {
    const user = await signUp(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json().accent_color).toBe(DEFAULT_ACCENT_COLOR);
    const res = await put(user, '#7A1F5C');
    expect(res.statusCode).toBe(200);
    expect(res.json().accent_color).toBe('#7a1f5c');
  });

  it.each([
    ['red', 'Saisissez une couleur au format #RRGGBB (par exemple #1e4e8c).'],
    ['#12345', 'Saisissez une couleur au format #RRGGBB (par exemple #1e4e8c).'],
    ['', 'Saisissez une couleur au format #RRGGBB (par exemple #1e4e8c).'],
    ['#ffeb3b', 'Cette couleur est trop claire : le texte blanc posé dessus ne serait pas lisible (contraste 1,2:1, 4,5:1 au moins). Choisissez une teinte plus foncée.'],
  ])('refuses %j with a French message', async (value, message) => {
    const user = await signUp(t);
    const res = await put(user, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ accent_color: [message] });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json().accent_color).toBe(DEFAULT_ACCENT_COLOR);
  });
});
