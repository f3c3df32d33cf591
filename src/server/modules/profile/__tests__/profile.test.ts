import { PROFILE_FIELD_MESSAGES as M } from '@/shared/profile';
import { createTestApp, signUp, uniqueEmail, type TestApp } from '@/server/test/test-app';

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
  vat_number: 'fr 44 732829320',
  legal_notice: 'Dispensé d’immatriculation au RCS.',
  signature_notice: 'IBAN FR76 3000 6000 0112 3456 7890 189',
});

describe('profile', () => {
  it('starts with empty fields, France as country and the account e-mail', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, first_name: '', country: 'FR', siret: '' });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(res.json()).toMatchObject({
      vat_regime: 'franchise', vat_on_debits: false, iban: '', bic: '', legal_form: '', share_capital: null, registration: '',
    });
  });

  it('saves every field, normalising SIRET and VAT number', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: fullProfile(user.email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ siret: '73282932000074', vat_number: 'FR44732829320', city: 'Lyon' });
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

  it('refuses an e-mail that belongs to another account, and says so only to who gives the password', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/profile/', headers: b.auth, payload });
    const unproven = await put(fullProfile(a.email));
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json()).not.toHaveProperty('email');
    const res = await put({ ...fullProfile(a.email), current_password: b.password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Un compte avec cette adresse e-mail existe déjà.'] });
  });

  it('changes the password when one is given, keeping the current session but ending the others', async () => {
    const user = await signUp(t);
    const other = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
    const change = (password: string) => ({ ...fullProfile(user.email), password, current_password: user.password });
    const weak = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: change('court') });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toHaveProperty('password');

    const ok = await t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload: change('Nouveau-Passe-42') });
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

describe('profile: VAT regime, bank details and legal identity (issue 14)', () => {
  const put = (user: { auth: { authorization: string } }, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/profile/', headers: user.auth, payload });
  const get = async (user: { auth: { authorization: string } }) =>
    (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json();
  const required = (email: string) => ({ email, first_name: 'Camille', last_name: 'Durand' });

  const SARL = {
    vat_regime: 'assujetti',
    vat_on_debits: true,
    iban: 'fr76 3000 6000 0112 3456 7890 189',
    bic: 'bnpa fr pp xxx',
    legal_form: 'sarl',
    share_capital: 10000.5,
    registration: '  RCS   Lyon 732 829 320 ',
  };

  it('saves and reads back each field, IBAN and BIC compact and upper-case, the capital in euros', async () => {
    const user = await signUp(t);
    const res = await put(user, { ...fullProfile(user.email), ...SARL });
    expect(res.statusCode).toBe(200);
    const expected = {
      vat_regime: 'assujetti',
      vat_on_debits: true,
      iban: 'FR7630006000011234567890189',
      bic: 'BNPAFRPPXXX',
      legal_form: 'sarl',
      share_capital: 10000.5,
      registration: 'RCS Lyon 732 829 320',
    };
    expect(res.json()).toMatchObject(expected);
    expect(await get(user)).toEqual(res.json());
    // Stored in cents, as every amount.
    const row = await t.database.db.selectFrom('users').select(['share_capital_cents', 'vat_on_debits']).where('email', '=', user.email).executeTakeFirstOrThrow();
    expect(Number(row.share_capital_cents)).toBe(1000050);
    expect(row.vat_on_debits).toBe(1);
  });

  it('leaves omitted fields unchanged, and clears a field sent as null or empty', async () => {
    const user = await signUp(t);
    await put(user, { ...fullProfile(user.email), ...SARL });
    const partial = await put(user, { ...required(user.email), city: 'Villeurbanne' });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ ...SARL, iban: 'FR7630006000011234567890189', bic: 'BNPAFRPPXXX', registration: 'RCS Lyon 732 829 320', company_name: 'Atelier Durand', city: 'Villeurbanne' });
    const cleared = await put(user, { ...required(user.email), share_capital: null, iban: '', bic: null, registration: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ share_capital: null, iban: '', bic: '', registration: '', legal_form: 'sarl' });
    expect((await put(user, { ...required(user.email), share_capital: '' })).json().share_capital).toBeNull();
  });

  it('refuses each invalid field with its French message and saves nothing', async () => {
    const user = await signUp(t);
    const res = await put(user, {
      ...fullProfile(user.email),
      siret: '732 829 320 00075',
      vat_number: 'FR45732829320',
      vat_regime: 'reel',
      vat_on_debits: 'oui',
      iban: 'FR76 3000 6000 0112 3456 7890 188',
      bic: 'BNP',
      legal_form: 'gie',
      share_capital: 10.005,
      registration: 'Lyon',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      siret: ['Ce numéro SIRET n’est pas valide (vérifiez les chiffres).'],
      vat_number: ['La clé de ce numéro de TVA ne correspond pas au SIREN.'],
      vat_regime: ["« reel » n'est pas un choix valide."],
      vat_on_debits: ['Un booléen valide est requis.'],
      iban: ['Cet IBAN n’est pas valide (vérifiez les chiffres de contrôle).'],
      bic: [M.bic],
      legal_form: ["« gie » n'est pas un choix valide."],
      share_capital: ['Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.'],
      registration: ['Indiquez le registre, la ville du greffe et le SIREN, par ex. « RCS Lyon 123 456 789 ».'],
    });
    expect(await get(user)).toMatchObject({ first_name: '', vat_regime: 'franchise', iban: '' });

    for (const [share_capital, message] of [[-1, M.shareCapitalPositive], [0, M.shareCapitalPositive], ['beaucoup', M.shareCapitalNumber], [true, M.shareCapitalNumber]] as const) {
      expect((await put(user, { ...required(user.email), share_capital })).json()).toEqual({ share_capital: [message] });
    }
    expect((await put(user, { ...required(user.email), vat_number: 'US123' })).json()).toEqual({
      vat_number: ['Le numéro de TVA doit commencer par le code d’un pays de l’Union européenne (FR, DE, BE…).'],
    });
    expect((await put(user, { ...required(user.email), siret: '123' })).json()).toEqual({ siret: [M.siretLength] });
  });

  it('checks the VAT number and the registration against the SIRET, on the profile as it will be', async () => {
    const user = await signUp(t);
    await put(user, fullProfile(user.email));
    // The stored SIRET is 732 829 320 00074: another company's VAT number or registration is refused.
    const mismatch = await put(user, { ...required(user.email), vat_number: 'FR27552032534', registration: 'RCS Paris 552 032 534' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ vat_number: [M.vatNotSiren], registration: [M.registrationNotSiren] });
    expect((await put(user, { ...required(user.email), registration: 'RCS 732 829 320' })).json()).toEqual({ registration: [M.registration] });
    // Both move together to the other company: accepted.
    const moved = await put(user, { ...required(user.email), siret: '55203253400000', vat_number: 'FR27552032534', registration: 'RCS Paris 552 032 534' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ siret: '55203253400000', vat_number: 'FR27552032534' });
  });

  it('does not change the password when another field is refused', async () => {
    const user = await signUp(t);
    await put(user, fullProfile(user.email));
    const res = await put(user, {
      ...required(user.email), vat_number: 'FR27552032534', password: 'Nouveau-Passe-42', current_password: user.password,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ vat_number: [M.vatNotSiren] });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
    expect(signIn.statusCode).toBe(200);
  });

  it('keeps the VAT on debits option off in the franchise', async () => {
    const user = await signUp(t);
    const franchise = await put(user, { ...required(user.email), vat_regime: 'franchise', vat_on_debits: true });
    expect(franchise.statusCode).toBe(200);
    expect(franchise.json()).toMatchObject({ vat_regime: 'franchise', vat_on_debits: false });
    // Opted for, then back to the franchise: the option goes.
    expect((await put(user, { ...required(user.email), vat_regime: 'assujetti', vat_on_debits: true })).json().vat_on_debits).toBe(true);
    expect((await put(user, { ...required(user.email), vat_regime: 'franchise' })).json().vat_on_debits).toBe(false);
  });

  it('lets an assujetti without a VAT number save (documents then refuse VAT)', async () => {
    const user = await signUp(t);
    const res = await put(user, { ...fullProfile(user.email), vat_number: '', vat_regime: 'assujetti' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ vat_regime: 'assujetti', vat_number: '' });
  });

  it('drops the share capital of a form that has none', async () => {
    const user = await signUp(t);
    await put(user, { ...required(user.email), legal_form: 'sasu', share_capital: 1 });
    expect((await get(user)).share_capital).toBe(1);
    const ei = await put(user, { ...required(user.email), legal_form: 'micro', share_capital: 5000 });
    expect(ei.statusCode).toBe(200);
    expect(ei.json()).toMatchObject({ legal_form: 'micro', share_capital: null });
    // Form not stated: a capital may still be stated; '' clears the form.
    expect((await put(user, { ...required(user.email), legal_form: '', share_capital: 2500 })).json()).toMatchObject({ legal_form: '', share_capital: 2500 });
  });
});
