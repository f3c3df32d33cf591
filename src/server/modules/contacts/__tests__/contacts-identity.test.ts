import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

/**
 * Issue 14: client type, SIREN, VAT number and delivery address of a contact: validation in
 * French, normalisation, the particulier rule, PUT merges, the list filter and the import.
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
const call = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (who: Who, payload: Record<string, unknown>) => {
  const res = await call(who, 'POST', '/api/contacts/', payload);
  expect(res.statusCode).toBe(201);
  return res.json();
};

// Valid by Luhn; their French VAT numbers carry the matching key.
const SIREN = '732829320';
const SIRET = '732 829 320 00074';
const VAT = 'FR44732829320';
const OTHER_SIREN = '443061841';
const OTHER_VAT = 'FR64443061841';

const SIREN_MESSAGE = 'Saisissez un SIREN de 9 chiffres (ou un SIRET de 14 chiffres) valide.';

const DELIVERY = {
  delivery_address: '12 quai des Chartrons',
  delivery_postal_code: '33000',
  delivery_city: 'Bordeaux',
  delivery_country: 'FR',
};

describe('contact legal identity', () => {
  it('creates a professionnel with empty identifiers by default, and returns every field', async () => {
    const contact = await create(alice, { name: 'Sans identité' });
    expect(contact).toMatchObject({
      client_type: 'professionnel',
      siren: '',
      vat_number: '',
      delivery_address: '',
      delivery_postal_code: '',
      delivery_city: '',
      delivery_country: '',
    });
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json()).toEqual(contact);
  });

  it('stores a SIRET as its SIREN, spaces removed, and a VAT number compact in upper case', async () => {
    const contact = await create(alice, { name: 'Atelier Dupuis', siren: SIRET, vat_number: ' fr 44 732.829.320 ', ...DELIVERY });
    expect(contact).toMatchObject({ client_type: 'professionnel', siren: SIREN, vat_number: VAT, ...DELIVERY });
    expect((await create(alice, { name: 'Espaces', siren: '732 829 320' })).siren).toBe(SIREN);
    // Another member state's number, checked by its format.
    expect((await create(alice, { name: 'GmbH', vat_number: 'DE123456789' })).vat_number).toBe('DE123456789');
  });

  it('refuses invalid identifiers with French messages, together with the other fields’ errors', async () => {
    const res = await call(alice, 'POST', '/api/contacts/', {
      name: '',
      siren: '732829321',
      vat_number: 'FR00732829320',
      client_type: 'entreprise',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Ce champ ne peut être vide.'],
      siren: [SIREN_MESSAGE],
      vat_number: ['La clé de ce numéro de TVA ne correspond pas au SIREN.'],
      client_type: ["« entreprise » n'est pas un type de client valide (professionnel ou particulier)."],
    });
    for (const siren of ['12345678', '73282932000075', 'abcdefghi', '7328293200007']) {
      expect((await call(alice, 'POST', '/api/contacts/', { name: 'X', siren })).json()).toEqual({ siren: [SIREN_MESSAGE] });
    }
    expect((await call(alice, 'POST', '/api/contacts/', { name: 'X', vat_number: 'US123' })).json()).toEqual({
      vat_number: ['Le numéro de TVA doit commencer par le code d’un pays de l’Union européenne (FR, DE, BE…).'],
    });
    expect((await call(alice, 'POST', '/api/contacts/', { name: 'X', siren: 732829320 })).statusCode).toBe(400);
    expect((await call(alice, 'POST', '/api/contacts/', { name: 'X', delivery_city: 'x'.repeat(121) })).json()).toEqual({
      delivery_city: ['Assurez-vous que ce champ comporte au plus 120 caractères.'],
    });
  });

  it('refuses a French VAT number that is not the SIREN’s', async () => {
    const res = await call(alice, 'POST', '/api/contacts/', { name: 'X', siren: SIREN, vat_number: OTHER_VAT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ vat_number: ['Ce numéro de TVA ne correspond pas au SIREN du client.'] });
  });

  it('refuses a SIREN or a VAT number for a particulier, on the field', async () => {
    const res = await call(alice, 'POST', '/api/contacts/', { name: 'Léa Petit', client_type: 'particulier', siren: SIREN, vat_number: VAT });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      siren: ['Un client particulier n’a pas de SIREN.'],
      vat_number: ['Un client particulier n’a pas de numéro de TVA intracommunautaire.'],
    });
    const particulier = await create(alice, { name: 'Léa Petit', client_type: 'particulier', siren: '', vat_number: null, ...DELIVERY });
    expect(particulier).toMatchObject({ client_type: 'particulier', siren: '', vat_number: '', ...DELIVERY });
  });

  it('keeps omitted fields on PUT and checks the merged contact', async () => {
    const contact = await create(alice, { name: 'Dupuis', siren: SIREN, vat_number: VAT, ...DELIVERY });
    const renamed = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Dupuis & fils' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...contact, name: 'Dupuis & fils' });

    // Becoming a particulier while the stored SIREN and VAT number stay: refused, nothing written.
    const refused = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Dupuis', client_type: 'particulier' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      siren: ['Un client particulier n’a pas de SIREN.'],
      vat_number: ['Un client particulier n’a pas de numéro de TVA intracommunautaire.'],
    });
    // A new SIREN that the stored VAT number does not carry.
    expect((await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Dupuis', siren: OTHER_SIREN })).json()).toEqual({
      vat_number: ['Ce numéro de TVA ne correspond pas au SIREN du client.'],
    });
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json()).toEqual({ ...contact, name: 'Dupuis & fils' });

    const particulier = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, {
      name: 'Dupuis', client_type: 'particulier', siren: '', vat_number: '', delivery_address: '',
    });
    expect(particulier.statusCode).toBe(200);
    expect(particulier.json()).toMatchObject({ client_type: 'particulier', siren: '', vat_number: '', delivery_address: '', delivery_city: 'Bordeaux' });
    // A stored particulier cannot be given a SIREN without changing its type.
    expect((await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Dupuis', siren: SIREN })).json()).toEqual({
      siren: ['Un client particulier n’a pas de SIREN.'],
    });
    const back = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Dupuis', client_type: 'professionnel', siren: OTHER_SIREN, vat_number: OTHER_VAT });
    expect(back.json()).toMatchObject({ client_type: 'professionnel', siren: OTHER_SIREN, vat_number: OTHER_VAT });
  });

  it('names the new fields in the activity history', async () => {
    const contact = await create(alice, { name: 'Historique', siren: SIREN });
    await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Historique', siren: OTHER_SIREN, vat_number: OTHER_VAT, delivery_city: 'Pau' });
    await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Historique', client_type: 'particulier', siren: '', vat_number: '' });
    const changes = (
      await t.database.db.selectFrom('activities').select('changes').where('object_type', '=', 'contact')
        .where('object_id', '=', contact.id).where('action', '=', 'mis à jour').orderBy('id').execute()
    ).map((a) => a.changes);
    expect(changes).toEqual([
      // A delivery address takes the address's country, written out (issue 25).
      `(SIREN: ${SIREN} → ${OTHER_SIREN}; N° TVA intracommunautaire: — → ${OTHER_VAT}; Ville de livraison: — → Pau; Pays de livraison: — → FR)`,
      `(Type de client: professionnel → particulier; SIREN: ${OTHER_SIREN} → —; N° TVA intracommunautaire: ${OTHER_VAT} → —)`,
    ]);
  });

  it("leaves another user's contact untouched: 404 whatever the body", async () => {
    const contact = await create(alice, { name: 'Privé', siren: SIREN });
    for (const payload of [{ name: 'Volé', siren: OTHER_SIREN }, { name: 'Volé', client_type: 'particulier' }, { name: 'Volé', siren: 'faux' }]) {
      expect((await call(bob, 'PUT', `/api/contacts/${contact.id}/`, payload)).statusCode).toBe(404);
    }
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json()).toEqual(contact);
    expect((await call(bob, 'GET', '/api/contacts/export-details/')).json().some((c: { id: number }) => c.id === contact.id)).toBe(false);
  });
});

describe('contact list by client type', () => {
  it('lists client_type and filters on it, only within the owner’s contacts', async () => {
    const carol = await signUp(t);
    const pro = await create(carol, { name: 'SARL Bois', siren: SIREN, vat_number: VAT });
    const part = await create(carol, { name: 'Jean Martin', client_type: 'particulier' });
    await create(bob, { name: 'Autre particulier', client_type: 'particulier' });

    const item = (c: typeof pro) => ({ id: c.id, name: c.name, email: '', phone: '', company: '', category: 'client', client_type: c.client_type });
    expect((await call(carol, 'GET', '/api/contacts/')).json()).toEqual([item(pro), item(part)]);
    expect((await call(carol, 'GET', '/api/contacts/?client_type=particulier')).json()).toEqual([item(part)]);
    expect((await call(carol, 'GET', '/api/contacts/?client_type=professionnel')).json()).toEqual([item(pro)]);
    expect((await call(carol, 'GET', '/api/contacts/?client_type=')).json()).toHaveLength(2);

    const bad = await call(carol, 'GET', '/api/contacts/?client_type=PME');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ client_type: ["« PME » n'est pas un type de client valide (professionnel ou particulier)."] });
    expect((await call(carol, 'GET', '/api/contacts/?client_type=a&client_type=b')).statusCode).toBe(400);

    // What the CSV export adds to the list (issue 28): every other field, for every contact, in id order.
    const details = (c: typeof pro) => {
      const { name: _n, email: _e, phone: _p, company: _c, category: _k, client_type: _t, created_at: _d, ...rest } = c;
      return rest;
    };
    expect((await call(carol, 'GET', '/api/contacts/export-details/')).json()).toEqual([details(pro), details(part)]);
  });
});

describe('contact CSV export round trip (issue 28)', () => {
  it('list + export details hold every field the import accepts: re-imported, they make the same contacts', async () => {
    const erin = await signUp(t);
    const full = await create(erin, {
      name: 'Atelier Dupuis',
      email: 'atelier@dupuis.fr',
      phone: '+33 5 56 00 11 22',
      company: 'Dupuis & Fils',
      address: '3 rue des Remparts\nBâtiment B',
      postal_code: '33000',
      city: 'Bordeaux',
      country: 'FR',
      notes: 'Relancer en mars.',
      category: 'prospect',
      siren: SIREN,
      vat_number: VAT,
      ...DELIVERY,
    });
    const abroad = await create(erin, { name: 'Anke Müller', email: 'anke@mueller.de', client_type: 'particulier', address: 'Hauptstraße 5', postal_code: '10115', city: 'Berlin', country: 'DE' });

    // What the export writes: the list's columns and the details, one row per contact (the client
    // writes them as CSV cells; an empty cell is left out of the import).
    const list: Record<string, unknown>[] = (await call(erin, 'GET', '/api/contacts/')).json();
    const extra: Record<string, unknown>[] = (await call(erin, 'GET', '/api/contacts/export-details/')).json();
    const rows = list.map(({ id, ...item }) => {
      const { id: _id, ...rest } = extra.find((row) => row.id === id)!;
      return Object.fromEntries(Object.entries({ ...item, ...rest }).filter(([, value]) => value !== ''));
    });
    expect(rows).toHaveLength(2);

    const withoutIds = (contacts: Record<string, unknown>[]) => contacts.map(({ id: _id, created_at: _at, ...rest }) => rest);
    const before = withoutIds([full, abroad]);
    for (const contact of [full, abroad]) expect((await call(erin, 'DELETE', `/api/contacts/${contact.id}/`)).statusCode).toBe(204);

    const imported = await call(erin, 'POST', '/api/import-contacts/', rows);
    expect(imported.statusCode).toBe(201);
    const ids: number[] = (await call(erin, 'GET', '/api/contacts/')).json().map((c: { id: number }) => c.id);
    const after = await Promise.all(ids.map(async (id) => (await call(erin, 'GET', `/api/contacts/${id}/`)).json()));
    expect(withoutIds(after)).toEqual(before);
  });
});

describe('contact import with identity', () => {
  it('imports types, SIRET split and VAT numbers, and reports invalid ones per row', async () => {
    const dave = await signUp(t);
    const bad = await call(dave, 'POST', '/api/import-contacts/', [
      { name: 'Bon', email: 'bon@x.fr', client_type: 'particulier' },
      { name: 'Particulier', email: 'p@x.fr', client_type: 'particulier', siren: SIREN },
      { name: 'Faux', email: 'f@x.fr', siren: '123', vat_number: 'FRXX' },
      { name: 'Type', email: 't@x.fr', client_type: 'Société' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      errors: [
        {},
        { siren: ['Un client particulier n’a pas de SIREN.'] },
        { siren: [SIREN_MESSAGE], vat_number: ['Un numéro de TVA français s’écrit FR, une clé de 2 caractères et le SIREN (9 chiffres).'] },
        { client_type: ["« Société » n'est pas un type de client valide (professionnel ou particulier)."] },
      ],
    });
    expect((await call(dave, 'GET', '/api/contacts/')).json()).toEqual([]);

    const res = await call(dave, 'POST', '/api/import-contacts/', [
      { name: 'Bon', email: 'bon@x.fr', client_type: 'particulier', delivery_city: 'Lille' },
      { name: 'Société', email: 's@x.fr', siren: SIRET, vat_number: VAT },
    ]);
    expect(res.statusCode).toBe(201);
    const [first, second] = res.json().ids;
    expect((await call(dave, 'GET', `/api/contacts/${first}/`)).json()).toMatchObject({ client_type: 'particulier', delivery_city: 'Lille' });
    expect((await call(dave, 'GET', `/api/contacts/${second}/`)).json()).toMatchObject({ client_type: 'professionnel', siren: SIREN, vat_number: VAT });
  });
});
