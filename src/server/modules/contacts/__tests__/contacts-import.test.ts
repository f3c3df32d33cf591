import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

/** Importing without duplicates (issue 18): the same file twice creates nothing the second time. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Who = Awaited<ReturnType<typeof signUp>>;
const call = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const importRows = (who: Who, body: unknown) => call(who, 'POST', '/api/import-contacts/', body);
const contactsOf = async (who: Who) => (await call(who, 'GET', '/api/contacts/')).json() as { id: number; name: string; email: string }[];
const userId = async (who: Who) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow()).id;
const activitiesOf = async (who: Who) =>
  t.database.db.selectFrom('activities').selectAll().where('owner_id', '=', await userId(who)).orderBy('id').execute();

const FILE = [
  { name: 'Élise Martin', email: 'elise@exemple.fr', city: 'Nantes' },
  { name: 'Paul Lefèvre', phone: '06 11 22 33 44' },
  { name: 'Agence Bleue', email: 'contact@agence-bleue.fr', company: 'Agence Bleue' },
];

describe('POST import-contacts/ without duplicates', () => {
  it('creates a file once: imported again, every row is reported as there and nothing is created', async () => {
    const alice = await signUp(t);
    const first = await importRows(alice, FILE);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: 3, updated: 0, skipped: 0 });
    const historyBefore = await activitiesOf(alice);

    // The legacy list body skips what is already there.
    const again = await importRows(alice, FILE);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ created: 0, updated: 0, skipped: 3, ids: [] });
    expect(await contactsOf(alice)).toHaveLength(3);
    expect(await activitiesOf(alice)).toHaveLength(historyBefore.length);
  });

  it('matches e-mails whatever their case and accents, and names (same way) where one side has no e-mail', async () => {
    const alice = await signUp(t);
    await importRows(alice, FILE);
    const [elise, paul, agence] = await contactsOf(alice);
    const res = await importRows(alice, {
      dry_run: true,
      contacts: [
        { name: 'E. Martin', email: '  ÉLISE@Exemple.FR ' }, // same e-mail
        { name: 'PAUL LEFEVRE' }, // same name, neither has an e-mail
        { name: 'paul lefèvre', email: 'paul@lefevre.fr' }, // the contact has none: same name
        { name: 'Agence bleue', email: 'autre@agence-bleue.fr' }, // same name, another e-mail: someone else
        { name: 'Agence Bleue' }, // no e-mail: the name
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dry_run: true,
      new: 1,
      existing: 4,
      invalid: 0,
      rows: [
        { status: 'existing', match: 'email', contact_id: elise.id, contact_name: 'Élise Martin' },
        { status: 'existing', match: 'name', contact_id: paul.id, contact_name: 'Paul Lefèvre' },
        { status: 'existing', match: 'name', contact_id: paul.id, contact_name: 'Paul Lefèvre' },
        { status: 'new' },
        { status: 'existing', match: 'name', contact_id: agence.id, contact_name: 'Agence Bleue' },
      ],
    });
  });

  it('previews without writing: new, already there (a contact or an earlier row), invalid with its reasons', async () => {
    const alice = await signUp(t);
    await importRows(alice, [FILE[0]]);
    const historyBefore = await activitiesOf(alice);
    const res = await importRows(alice, {
      dry_run: true,
      on_duplicate: 'update',
      contacts: [
        { name: 'Zoé Dupont', email: 'zoe@exemple.fr' },
        { name: '', email: 'faux' },
        { name: 'Élise Martin', email: 'elise@exemple.fr' },
        { name: 'Zoé D.', email: 'Zoe@exemple.fr' },
        'texte',
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      dry_run: true,
      new: 1,
      existing: 2,
      invalid: 2,
      rows: [
        { status: 'new' },
        { status: 'invalid', errors: { name: ['Ce champ ne peut être vide.'], email: ['Saisissez une adresse e-mail valide.'] } },
        { status: 'existing', match: 'email', contact_id: expect.any(Number), contact_name: 'Élise Martin' },
        { status: 'existing', match: 'email', contact_id: null, contact_name: 'Zoé Dupont', row: 0 },
        { status: 'invalid', errors: { non_field_errors: ['Données invalides. Un objet JSON est attendu.'] } },
      ],
    });
    expect(await contactsOf(alice)).toHaveLength(1);
    expect(await activitiesOf(alice)).toHaveLength(historyBefore.length);
  });

  it('creates one contact for rows that repeat each other within a file', async () => {
    const alice = await signUp(t);
    const res = await importRows(alice, { contacts: [FILE[0], { ...FILE[0], email: 'Elise@exemple.fr', city: 'Lyon' }, FILE[1], FILE[1]] });
    expect(res.json()).toMatchObject({ created: 2, updated: 0, skipped: 2 });
    expect((await contactsOf(alice)).map((c) => c.name)).toEqual(['Élise Martin', 'Paul Lefèvre']);
  });

  it("updates the contacts already there with the row's fields when asked, in the history; unchanged rows are left alone", async () => {
    const alice = await signUp(t);
    await importRows(alice, FILE);
    const [elise, paul] = await contactsOf(alice);
    const res = await importRows(alice, {
      on_duplicate: 'update',
      contacts: [
        { name: 'Élise Martin', email: 'ELISE@exemple.fr', city: 'Lyon' },
        { name: 'Paul Lefèvre', email: 'paul@lefevre.fr' },
        FILE[2],
        { name: 'Nouveau Client', email: 'nouveau@exemple.fr' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: 1, updated: 2, skipped: 1 });
    expect((await call(alice, 'GET', `/api/contacts/${elise.id}/`)).json()).toMatchObject({ city: 'Lyon', email: 'ELISE@exemple.fr' });
    expect((await call(alice, 'GET', `/api/contacts/${paul.id}/`)).json()).toMatchObject({ email: 'paul@lefevre.fr', phone: '06 11 22 33 44' });
    const updates = (await activitiesOf(alice)).filter((a) => a.action === 'mis à jour');
    expect(updates.map((a) => [a.object_id, a.changes])).toEqual([
      [elise.id, '(Email: elise@exemple.fr → ELISE@exemple.fr; Ville: Nantes → Lyon)'],
      [paul.id, '(Email: — → paul@lefevre.fr)'],
    ]);
  });

  it('refuses an update whose merged contact does not hold together, writing nothing', async () => {
    const alice = await signUp(t);
    await importRows(alice, [{ name: 'Danone', email: 'compta@danone.fr', siren: '552032534' }]);
    const res = await importRows(alice, {
      on_duplicate: 'update',
      contacts: [
        { name: 'Nouveau', email: 'nouveau@exemple.fr' },
        { name: 'Danone', email: 'compta@danone.fr', client_type: 'particulier' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [{}, { siren: ['Un client particulier n’a pas de SIREN.'] }] });
    expect(await contactsOf(alice)).toHaveLength(1);
  });

  it("never matches another user's contacts", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await importRows(alice, FILE);
    const res = await importRows(bob, { dry_run: true, contacts: FILE });
    expect(res.json()).toMatchObject({ new: 3, existing: 0 });
    expect((await importRows(bob, FILE)).json()).toMatchObject({ created: 3 });
  });

  it('refuses a body it cannot read, with French messages per field', async () => {
    const alice = await signUp(t);
    const bad = async (body: unknown) => {
      const res = await importRows(alice, body);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await bad({ contacts: FILE, on_duplicate: 'merge' })).toEqual({ on_duplicate: [expect.stringContaining('merge')] });
    expect(Object.keys(await bad({ contacts: FILE, dry_run: 'oui' }))).toEqual(['dry_run']);
    expect(Object.keys(await bad({ rows: FILE }))).toEqual(expect.arrayContaining(['contacts', 'rows']));
    expect(await bad({ contacts: [] })).toEqual({ detail: 'Aucun contact à importer.' });
    const tooMany = await importRows(alice, { dry_run: true, contacts: Array.from({ length: 201 }, (_, i) => ({ name: `C${i}` })) });
    expect(tooMany.statusCode).toBe(413);
    expect(await contactsOf(alice)).toHaveLength(0);
  });
});
