import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

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

const activitiesOf = (ownerId: number) =>
  t.database.db.selectFrom('activities').selectAll().where('owner_id', '=', ownerId).orderBy('id').execute();
const userId = async (who: Who) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow()).id;

describe('contacts CRUD', () => {
  it('creates with defaults, reads, lists only list columns, updates and deletes, with history', async () => {
    const created = await call(alice, 'POST', '/api/contacts/', { name: '  Élise Martin ', email: 'elise@exemple.fr', city: 'Nantes' });
    expect(created.statusCode).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({ name: 'Élise Martin', email: 'elise@exemple.fr', country: 'FR', category: 'client', phone: '' });
    expect(contact.id).toEqual(expect.any(Number));

    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json()).toEqual(contact);
    const list = (await call(alice, 'GET', '/api/contacts/')).json();
    expect(list).toContainEqual({
      id: contact.id, name: 'Élise Martin', email: 'elise@exemple.fr', phone: '', company: '', category: 'client', client_type: 'professionnel',
    });

    const updated = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Élise Martin-Roy', city: 'Lyon', category: 'partenaire' });
    expect(updated.statusCode).toBe(200);
    // Omitted fields are kept.
    expect(updated.json()).toMatchObject({ name: 'Élise Martin-Roy', city: 'Lyon', email: 'elise@exemple.fr', category: 'partenaire' });

    expect((await call(alice, 'DELETE', `/api/contacts/${contact.id}/`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).statusCode).toBe(404);

    const history = (await activitiesOf(await userId(alice))).filter((a) => a.object_id === contact.id);
    expect(history.map((a) => a.action)).toEqual(['créé', 'mis à jour', 'supprimé']);
    expect(history[1].changes).toBe('(Nom: Élise Martin → Élise Martin-Roy; Ville: Nantes → Lyon; Catégorie: client → partenaire)');
    expect(history.every((a) => a.object_deleted === 1)).toBe(true);
  });

  it('validates in DRF shape and loses nothing on a rejected update', async () => {
    const bad = await call(alice, 'POST', '/api/contacts/', { name: ' ', email: 'pas-un-email', category: 'ami', owner_id: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      name: ['Ce champ ne peut être vide.'],
      email: ['Saisissez une adresse e-mail valide.'],
      category: ['« ami » n\'est pas un choix valide.'],
      owner_id: ['Champ inconnu.'],
    });
    expect((await call(alice, 'POST', '/api/contacts/', { email: 'a@b.fr' })).json()).toEqual({ name: ['Ce champ est obligatoire.'] });
    expect((await call(alice, 'POST', '/api/contacts/', { name: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call(alice, 'POST', '/api/contacts/', { name: 42 })).statusCode).toBe(400);

    const contact = (await call(alice, 'POST', '/api/contacts/', { name: 'Intact', phone: '0102030405' })).json();
    const rejected = await call(alice, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Changé', email: 'faux' });
    expect(rejected.statusCode).toBe(400);
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json()).toMatchObject({ name: 'Intact', phone: '0102030405' });
  });

  it('makes another user\'s contacts invisible (404) and untouchable', async () => {
    const contact = (await call(alice, 'POST', '/api/contacts/', { name: 'Privé' })).json();
    for (const [method, url, payload] of [
      ['GET', `/api/contacts/${contact.id}/`, undefined],
      ['PUT', `/api/contacts/${contact.id}/`, { name: 'Volé' }],
      ['DELETE', `/api/contacts/${contact.id}/`, undefined],
      ['GET', `/api/contacts/${contact.id}/projects/`, undefined],
      ['GET', `/api/contacts/${contact.id}/tasks/?exclude_status=termine`, undefined],
    ] as const) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode).toBe(404);
    }
    expect((await call(bob, 'GET', '/api/contacts/')).json().some((c: { id: number }) => c.id === contact.id)).toBe(false);
    expect((await call(alice, 'GET', `/api/contacts/${contact.id}/`)).json().name).toBe('Privé');
  });

  it('answers 404 for ids that are not ids', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await call(alice, 'GET', `/api/contacts/${id}/`)).statusCode).toBe(404);
    }
  });
});

describe('contact import', () => {
  it('imports every row, writes history, and answers the ids', async () => {
    const rows = [
      { name: 'Société Générale des Eaux', email: 'contact@sge.fr', company: 'SGE', category: 'prospect' },
      { name: 'Zoé Dupont', email: 'zoe@exemple.fr', phone: '06 00 00 00 00' },
    ];
    const res = await call(alice, 'POST', '/api/import-contacts/', rows);
    expect(res.statusCode).toBe(201);
    const { created, ids } = res.json();
    expect(created).toBe(2);
    for (const [i, id] of ids.entries()) {
      expect((await call(alice, 'GET', `/api/contacts/${id}/`)).json()).toMatchObject(rows[i]);
    }
    const history = await activitiesOf(await userId(alice));
    expect(history.filter((a) => ids.includes(a.object_id) && a.action === 'créé')).toHaveLength(2);
  });

  it('rejects the whole file with one error object per row when any row is invalid', async () => {
    const before = (await call(alice, 'GET', '/api/contacts/')).json().length;
    const res = await call(alice, 'POST', '/api/import-contacts/', [
      { name: 'Correct', email: 'ok@exemple.fr' },
      { name: '', email: 'faux' },
      { name: 'Inconnu', colour: 'bleu' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        {},
        { name: ['Ce champ ne peut être vide.'], email: ['Saisissez une adresse e-mail valide.'] },
        { colour: ['Champ inconnu.'] },
      ],
    });
    expect((await call(alice, 'GET', '/api/contacts/')).json()).toHaveLength(before);
  });

  it('refuses more than 200 rows, and bodies that are not a list', async () => {
    const rows = Array.from({ length: 201 }, (_, i) => ({ name: `Contact ${i}`, email: `c${i}@exemple.fr` }));
    const tooMany = await call(alice, 'POST', '/api/import-contacts/', rows);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().detail).toBe('Le fichier contient trop de contacts (201). Limite : 200.');
    expect((await call(alice, 'POST', '/api/import-contacts/', rows.slice(0, 200))).statusCode).toBe(201);
    expect((await call(alice, 'POST', '/api/import-contacts/', { name: 'x' })).statusCode).toBe(400);
    expect((await call(alice, 'POST', '/api/import-contacts/', [])).statusCode).toBe(400);
    expect((await call(alice, 'POST', '/api/import-contacts/', [null, 'x'])).statusCode).toBe(400);
  });
});
