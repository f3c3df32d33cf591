import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { COUNTRY_MESSAGES } from '@/shared/countries';

/**
 * Issue 25: a contact's (and a profile's) country is an ISO 3166-1 alpha-2 code. The API reads a
 * code in any case or a country's name (French, English, native: 'Deutschland'), stores the code,
 * and refuses anything else with a French 400 on the field — never France by default.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t);
  bob = await signUp(t);
});
afterAll(() => t.close());

type Who = typeof alice;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('contact countries', () => {
  it.each([
    ['DE', 'DE'],
    ['de', 'DE'],
    [' fr ', 'FR'],
    ['Deutschland', 'DE'],
    ['ESPAÑA', 'ES'],
    ['espana', 'ES'],
    ['Italia', 'IT'],
    ['belgique', 'BE'],
    ['Suisse', 'CH'],
    ['Royaume-Uni', 'GB'],
    ['United States', 'US'],
    ['Côte d’Ivoire', 'CI'],
  ])('stores %j as %s', async (given, code) => {
    const res = await call(alice, 'POST', '/api/contacts/', { name: `Pays ${given}`, country: given });
    expect({ status: res.statusCode, country: res.json().country }).toEqual({ status: 201, country: code });
    expect((await call(alice, 'GET', `/api/contacts/${res.json().id}/`)).json().country).toBe(code);
  });

  it('creates a contact in France when no country is sent (the form’s default)', async () => {
    const res = await call(alice, 'POST', '/api/contacts/', { name: 'Sans pays' });
    expect(res.json()).toMatchObject({ country: 'FR', delivery_country: '' });
  });

  it.each([
    ['Atlantide', COUNTRY_MESSAGES.unknown('Atlantide')],
    ['EU', COUNTRY_MESSAGES.unknown('EU')],
    ['ZZ', COUNTRY_MESSAGES.unknown('ZZ')],
    // Greece's VAT prefix, not its country code (GR).
    ['el', COUNTRY_MESSAGES.unknown('el')],
    ['France métropolitaine et DOM', COUNTRY_MESSAGES.unknown('France métropolitaine et DOM')],
    ['', COUNTRY_MESSAGES.required],
    ['   ', COUNTRY_MESSAGES.required],
    [null, COUNTRY_MESSAGES.required],
    [42, COUNTRY_MESSAGES.unknown('42')],
    [{ code: 'FR' }, COUNTRY_MESSAGES.unknown('{…}')],
    ['x'.repeat(100_000), COUNTRY_MESSAGES.unknown('x'.repeat(100_000))],
  ])('refuses the country %j with a French 400 on the field, creating nothing', async (country, message) => {
    const before = (await call(alice, 'GET', '/api/contacts/')).json().length;
    const res = await call(alice, 'POST', '/api/contacts/', { name: 'Refusé', country });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { country: [message] } });
    expect((await call(alice, 'GET', '/api/contacts/')).json().length).toBe(before);
  });

  it('refuses an unknown country on an update and leaves the contact as it was', async () => {
    const contact = (await call(alice, 'POST', '/api/contacts/', { name: 'Kunde GmbH', country: 'DE' })).json();
    const res = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Kunde GmbH', country: 'Germanie' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { country: [COUNTRY_MESSAGES.unknown('Germanie')] } });
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json().country).toBe('DE');
  });

  it('stores a delivery country as a code; none chosen is the address’s, written out; none without a delivery address', async () => {
    const shipped = await call(alice, 'POST', '/api/contacts/', {
      name: 'Handel AG', country: 'Deutschland', delivery_address: 'Bahnhofstrasse 1', delivery_city: 'Zürich', delivery_country: 'schweiz',
    });
    expect(shipped.json()).toMatchObject({ country: 'DE', delivery_country: 'CH' });
    const same = await call(alice, 'POST', '/api/contacts/', {
      name: 'Même pays', country: 'BE', delivery_address: 'Rue Neuve 1', delivery_city: 'Liège', delivery_country: '',
    });
    expect(same.json()).toMatchObject({ country: 'BE', delivery_country: 'BE' });
    const none = await call(alice, 'POST', '/api/contacts/', { name: 'Sans livraison', country: 'BE', delivery_country: 'NL' });
    expect(none.json()).toMatchObject({ country: 'BE', delivery_country: '' });
    const unknown = await call(alice, 'POST', '/api/contacts/', { name: 'Ailleurs', delivery_address: 'x', delivery_country: 'Narnia' });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 400, body: { delivery_country: [COUNTRY_MESSAGES.unknown('Narnia')] } });
  });

  it('reports an unknown country per row of an import, importing nothing', async () => {
    const res = await call(alice, 'POST', '/api/import-contacts/', [
      { name: 'Bon', email: 'bon@exemple.fr', country: 'Allemagne' },
      { name: 'Mauvais', email: 'mauvais@exemple.fr', country: 'Mordor' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{}, { country: [COUNTRY_MESSAGES.unknown('Mordor')] }] });
    const ok = await call(alice, 'POST', '/api/import-contacts/', [{ name: 'Importé', email: 'importe@exemple.fr', country: 'italie' }]);
    expect(ok.statusCode).toBe(201);
    expect((await call(alice, 'GET', `/api/contacts/${ok.json().ids[0]}/`)).json().country).toBe('IT');
  });

  it('keeps another user’s contact invisible (404), whatever the country sent', async () => {
    const contact = (await call(alice, 'POST', '/api/contacts/', { name: 'Privé', country: 'FR' })).json();
    expect((await call(bob, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Privé', country: 'DE' })).statusCode).toBe(404);
    expect((await call(bob, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Privé', country: 'Mordor' })).statusCode).toBe(404);
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json().country).toBe('FR');
  });
});

describe('profile country', () => {
  const profile = (who: Who, country: unknown) =>
    call(who, 'PUT', '/api/profile/', { email: who.email, first_name: 'Jeanne', last_name: 'Dupont', country });

  it('stores a code, reads a name, refuses an unknown or empty country', async () => {
    expect((await profile(alice, 'belgique')).json().country).toBe('BE');
    expect((await profile(alice, 'lu')).json().country).toBe('LU');
    const unknown = await profile(alice, 'Utopia');
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 400, body: { country: [COUNTRY_MESSAGES.unknown('Utopia')] } });
    const empty = await profile(alice, '');
    expect({ status: empty.statusCode, body: empty.json() }).toEqual({ status: 400, body: { country: [COUNTRY_MESSAGES.required] } });
    expect((await call(alice, 'GET', '/api/profile/')).json().country).toBe('LU');
  });
});
