import { createTestApp, signUp, uniqueEmail, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fullProfile = (email: string) => ({
  email,
  first_name: 'Camille',
  last_name: 'Durand',
  company_name: 'Atelier Durand',
  business_type: 'EI',
  address: '12 rue de la Paix',
  city: 'Lyon',
  postal_code: '69002',
  country: 'France',
  phone: '+33 6 12 34 56 78',
  website: 'https://atelier-durand.fr',
  siret: '732 829 320 00074',
  vat_number: 'fr 40 732829320',
  legal_notice: 'Dispensé d’immatriculation au RCS.',
  signature_notice: 'IBAN FR76 3000 6000 0112 3456 7890 189',
});

describe('profile', () => {
  it('starts with empty fields, France as country and the account e-mail', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, first_name: '', country: 'France', siret: '' });
    expect(res.json()).not.toHaveProperty('password_hash');
  });

  it('saves every field, normalising SIRET and VAT number', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: fullProfile(user.email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ siret: '73282932000074', vat_number: 'FR40732829320', city: 'Lyon' });
    const again = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth });
    expect(again.json()).toEqual(res.json());
  });

  it('requires first name, last name and e-mail, and rejects bad values and unknown fields in DRF shape', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile/',
      headers: user.auth,
      payload: { ...fullProfile('pas-un-email'), first_name: '  ', last_name: undefined, siret: '123', website: 'pas une url', is_active: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Saisissez une adresse e-mail valide.'],
      first_name: ['Ce champ ne peut être vide.'],
      last_name: ['Ce champ est obligatoire.'],
      siret: ['Le numéro SIRET doit comporter 14 chiffres.'],
      website: ['Saisissez une URL valide.'],
      is_active: ['Champ inconnu.'],
    });
    // Nothing was saved.
    const after = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth });
    expect(after.json().first_name).toBe('');
  });

  it('refuses an e-mail that belongs to another account', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: b.auth, payload: fullProfile(a.email) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Un compte avec cette adresse e-mail existe déjà.'] });
  });

  it('changes the password when one is given, keeping the current session but ending the others', async () => {
    const user = await signUp(t);
    const other = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
    const weak = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: { ...fullProfile(user.email), password: 'court' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('password');

    const ok = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: { ...fullProfile(user.email), password: 'Nouveau-Passe-42' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).not.toHaveProperty('password');
    const signIn = (password: string) => t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password } });
    expect((await signIn(user.password)).statusCode).toBe(401);
    expect((await signIn('Nouveau-Passe-42')).statusCode).toBe(200);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    expect((await refresh(user.refresh)).statusCode).toBe(200);
    expect((await refresh(other.json().refresh)).statusCode).toBe(401);
  });

  it('leaves the password unchanged when it is empty or null', async () => {
    const user = await signUp(t);
    for (const password of ['', null]) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: { ...fullProfile(user.email), password } });
      expect(res.statusCode).toBe(200);
    }
    const signIn = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
    expect(signIn.statusCode).toBe(200);
  });

  it('shows each user only their own profile', async () => {
    const a = await signUp(t, uniqueEmail('a'));
    const b = await signUp(t, uniqueEmail('b'));
    await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: a.auth, payload: fullProfile(a.email) });
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: b.auth });
    expect(res.json()).toMatchObject({ email: b.email, company_name: '' });
  });
});
