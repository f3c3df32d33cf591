import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const api = (user: User, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

const atelier = { title: 'Atelier UX', description: 'Une demi-journée en équipe', unit: 'DAY', unit_price: '450,1234', tax_rate: 20 };

describe('catalogue', () => {
  it('creates, reads, lists, updates and deletes an item, its price to four decimals', async () => {
    const user = await signUp(t);
    const created = await api(user, 'POST', '/api/catalogue/', atelier);
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({ title: 'Atelier UX', description: 'Une demi-journée en équipe', unit: 'DAY', unit_price: 450.1234, tax_rate: 20 });

    expect((await api(user, 'GET', `/api/catalogue/${item.id}/`)).json()).toEqual(item);
    expect((await api(user, 'GET', '/api/catalogue/')).json()).toEqual([item]);

    const updated = await api(user, 'PUT', `/api/catalogue/${item.id}/`, { ...atelier, title: 'Atelier UX (journée)', unit_price: 900, tax_rate: 5.5, unit: 'LS' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: item.id, title: 'Atelier UX (journée)', unit_price: 900, tax_rate: 5.5, unit: 'LS' });

    expect((await api(user, 'DELETE', `/api/catalogue/${item.id}/`)).statusCode).toBe(204);
    expect((await api(user, 'GET', `/api/catalogue/${item.id}/`)).statusCode).toBe(404);
    expect((await api(user, 'GET', '/api/catalogue/')).json()).toEqual([]);
  });

  it('searches titles and descriptions whatever the accents and case, and sorts by title', async () => {
    const user = await signUp(t);
    for (const title of ['Relecture', 'Développement web', 'Atelier']) {
      expect((await api(user, 'POST', '/api/catalogue/', { ...atelier, title, description: title === 'Atelier' ? 'Conception CRÉATIVE' : '' })).statusCode).toBe(201);
    }
    const titles = async (q: string) => (await api(user, 'GET', `/api/catalogue/?q=${encodeURIComponent(q)}`)).json().map((i: { title: string }) => i.title);
    expect(await titles('')).toEqual(['Atelier', 'Développement web', 'Relecture']);
    expect(await titles('DEVELOP')).toEqual(['Développement web']);
    expect(await titles('créative')).toEqual(['Atelier']);
    expect(await titles('e')).toEqual(['Atelier', 'Développement web', 'Relecture']);
    expect(await titles('100%_')).toEqual([]);
  });

  it('refuses invalid items with French messages per field', async () => {
    const user = await signUp(t);
    const res = await api(user, 'POST', '/api/catalogue/', { title: ' ', unit: 'XYZ', unit_price: '1,23456', tax_rate: 7, color: 'rouge' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.title).toEqual(['Ce champ ne peut être vide.']);
    expect(body.unit[0]).toMatch(/^Choisissez une unité parmi : heure, jour/);
    expect(body.unit_price).toEqual(['Assurez-vous qu’il n’y a pas plus de 4 chiffres après la virgule.']);
    expect(body.tax_rate[0]).toMatch(/^Choisissez un taux de TVA parmi 20 %/);
    expect(body.color).toEqual(['Champ inconnu.']);

    const noRate = await api(user, 'POST', '/api/catalogue/', { title: 'Conseil', unit_price: 100 });
    expect(noRate.statusCode).toBe(400);
    expect(noRate.json()).toEqual({ tax_rate: ['Choisissez un taux de TVA.'] });
    expect((await api(user, 'GET', '/api/catalogue/')).json()).toEqual([]);
  });

  it("answers 404 for another user's item on every route, and never lists it", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const item = (await api(alice, 'POST', '/api/catalogue/', atelier)).json();
    expect((await api(bob, 'GET', `/api/catalogue/${item.id}/`)).statusCode).toBe(404);
    expect((await api(bob, 'PUT', `/api/catalogue/${item.id}/`, atelier)).statusCode).toBe(404);
    expect((await api(bob, 'PUT', `/api/catalogue/${item.id}/`, {})).statusCode).toBe(404);
    expect((await api(bob, 'DELETE', `/api/catalogue/${item.id}/`)).statusCode).toBe(404);
    expect((await api(bob, 'GET', '/api/catalogue/?q=atelier')).json()).toEqual([]);
    expect((await api(alice, 'GET', `/api/catalogue/${item.id}/`)).json()).toEqual(item);
  });
});
