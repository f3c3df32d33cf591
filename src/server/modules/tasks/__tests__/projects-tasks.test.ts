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
const call = async (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
};
const contact = async (who: Who, name: string) => (await call(who, 'POST', '/api/contacts/', { name })).body as { id: number; name: string };

describe('projects', () => {
  it('creates with contacts read back as {id, name}, French status label, amounts in euros', async () => {
    const a = await contact(alice, 'Agence Bleue');
    const b = await contact(alice, 'Boulangerie Aubert');
    const res = await call(alice, 'POST', '/api/projects/', {
      name: 'Site vitrine', contact_ids: [b.id, a.id, a.id], status: 'en_cours', priority: 'haute',
      start_date: '2026-01-05', due_date: '', completed_date: null, budget: '1500.5', revenue: 99.99,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Site vitrine',
      contacts: [{ id: a.id, name: 'Agence Bleue' }, { id: b.id, name: 'Boulangerie Aubert' }],
      status: 'en_cours', status_display: 'En cours', priority: 'haute',
      start_date: '2026-01-05', due_date: null, completed_date: null, budget: 1500.5, revenue: 99.99,
    });
    const updated = await call(alice, 'PUT', `/api/projects/${res.body.id}/`, { ...res.body, contact_ids: [a.id], status: 'termine' });
    expect(updated.status).toBe(200);
    expect(updated.body.contacts).toEqual([{ id: a.id, name: 'Agence Bleue' }]);
    expect(updated.body.status_display).toBe('Terminé');
    expect((await call(alice, 'GET', `/api/contacts/${b.id}/projects/`)).body).toEqual([]);
    expect((await call(alice, 'GET', `/api/contacts/${a.id}/projects/`)).body.map((p: { id: number }) => p.id)).toEqual([res.body.id]);
  });

  it('validates names, amounts, dates, statuses and contact ids', async () => {
    const foreign = await contact(bob, 'Contact de Bob');
    const res = await call(alice, 'POST', '/api/projects/', {
      name: '', budget: -1, revenue: 'abc', due_date: '2026-02-30', status: 'fini', contact_ids: [foreign.id],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      name: ['Ce champ ne peut être vide.'],
      budget: ['Assurez-vous que cette valeur est supérieure ou égale à 0.'],
      revenue: ['Un nombre valide est requis.'],
      due_date: ['La date n’a pas le bon format. Utilisez le format AAAA-MM-JJ.'],
      status: ['« fini » n\'est pas un choix valide.'],
    });
    // The bound of an amount written the French way (issue 28), not '1000000000'.
    const huge = await call(alice, 'POST', '/api/projects/', { name: 'X', budget: 1_000_000_000.01 });
    expect(huge.body).toEqual({ budget: ['Assurez-vous que cette valeur est inférieure ou égale à 1 000 000 000 €.'] });
    const refs = await call(alice, 'POST', '/api/projects/', { name: 'X', contact_ids: [foreign.id, 999999] });
    expect(refs.status).toBe(400);
    expect(refs.body.contact_ids).toHaveLength(2);
  });

  it('refuses an end or a deadline before the start, on that field, in French (issue 28)', async () => {
    const res = await call(alice, 'POST', '/api/projects/', {
      name: 'À l’envers', start_date: '2026-03-10', due_date: '2026-03-09', completed_date: '2026-02-01',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      completed_date: ['La date de fin ne peut pas précéder la date de début.'],
      due_date: ['L’échéance ne peut pas précéder la date de début.'],
    });
    // The same day, or one date missing, is fine; an update is checked too.
    const ok = await call(alice, 'POST', '/api/projects/', { name: 'Dans l’ordre', start_date: '2026-03-10', due_date: '2026-03-10', completed_date: '2026-03-10' });
    expect(ok.status).toBe(201);
    expect((await call(alice, 'POST', '/api/projects/', { name: 'Sans début', due_date: '2026-01-01', completed_date: '2026-01-01' })).status).toBe(201);
    const put = await call(alice, 'PUT', `/api/projects/${ok.body.id}/`, { ...ok.body, completed_date: '2026-03-01' });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ completed_date: ['La date de fin ne peut pas précéder la date de début.'] });
    expect((await call(alice, 'GET', `/api/projects/${ok.body.id}/`)).body.completed_date).toBe('2026-03-10');
  });

  it('filters the list by status and priority', async () => {
    await call(alice, 'POST', '/api/projects/', { name: 'Filtré A', status: 'en_cours', priority: 'urgent' });
    await call(alice, 'POST', '/api/projects/', { name: 'Filtré B', status: 'brouillon' });
    const ongoing = (await call(alice, 'GET', '/api/projects/?status=en_cours')).body as { status: string }[];
    expect(ongoing.length).toBeGreaterThan(0);
    expect(ongoing.every((p) => p.status === 'en_cours')).toBe(true);
    const urgent = (await call(alice, 'GET', '/api/projects/?priority=urgent')).body as { name: string }[];
    expect(urgent.map((p) => p.name)).toContain('Filtré A');
    expect(urgent.map((p) => p.name)).not.toContain('Filtré B');
  });

  it('searches the name or a client’s (SPEC 2), whole or by page, never through another user’s rows', async () => {
    const who = await signUp(t);
    const marie = await contact(who, 'Marie Dupré');
    const byName = (await call(who, 'POST', '/api/projects/', { name: 'Imprimerie Lenoir' })).body;
    const byClient = (await call(who, 'POST', '/api/projects/', { name: 'Catalogue', contact_ids: [marie.id] })).body;
    await call(who, 'POST', '/api/projects/', { name: 'Autre chose' });
    // Bob's client of the same name leads nowhere in this list.
    const bobs = await contact(bob, 'Dupré et fils');
    await call(bob, 'POST', '/api/projects/', { name: 'Chez Bob', contact_ids: [bobs.id] });
    const ids = async (query: string) => ((await call(who, 'GET', `/api/projects/?${query}`)).body as { id: number }[]).map((x) => x.id).sort((a, b) => a - b);
    expect(await ids('search=lenoir')).toEqual([byName.id]);
    expect(await ids('search=DUPRE')).toEqual([byClient.id]);
    expect(await ids('search=dupre&page_size=10')).toEqual([byClient.id]);
    const paged = await t.app.inject({ method: 'GET', url: '/api/projects/?search=e&page_size=1&ordering=name', headers: who.auth });
    expect(paged.headers['x-total-count']).toBe('3');
    expect((paged.json() as { name: string }[]).map((p) => p.name)).toEqual(['Autre chose']);
  });
});

describe('tasks', () => {
  it('computes the cost on the server: actual time else estimate, times the rate, to the cent', async () => {
    const res = await call(alice, 'POST', '/api/tasks/', {
      title: 'Maquettes', billable: true, estimated_time: 2.25, actual_time: 0, hourly_rate: '45.50',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cost: 102.38, estimated_time: 2.25, hourly_rate: 45.5, status: 'en_attente', status_display: 'En attente', priority_display: 'Normale' });
    const logged = await call(alice, 'PUT', `/api/tasks/${res.body.id}/`, { actual_time: 0.75, hourly_rate: 33.33 });
    expect(logged.body.cost).toBe(25);
    const odd = await call(alice, 'PUT', `/api/tasks/${res.body.id}/`, { actual_time: 0.25, hourly_rate: 0.1 });
    expect(odd.body.cost).toBe(0.03);
    const notBillable = await call(alice, 'PUT', `/api/tasks/${res.body.id}/`, { billable: false });
    expect(notBillable.body.cost).toBe(0);
    // The cost is never taken from the client.
    const ignored = await call(alice, 'PUT', `/api/tasks/${res.body.id}/`, { billable: true, cost: 1000000 });
    expect(ignored.body.cost).toBe(0.03);
    expect((await call(alice, 'GET', `/api/tasks/${res.body.id}/`)).body.cost).toBe(0.03);
  });

  it('links a project and contacts, validates them as the user\'s own, and lists by filters', async () => {
    const c = await contact(alice, 'Client Tâches');
    const project = (await call(alice, 'POST', '/api/projects/', { name: 'Projet Tâches', contact_ids: [c.id] })).body;
    const foreignProject = (await call(bob, 'POST', '/api/projects/', { name: 'Projet de Bob' })).body;

    const bad = await call(alice, 'POST', '/api/tasks/', { title: 'X', project_id: foreignProject.id });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ project_id: [`Clé primaire « ${foreignProject.id} » non valide - l'objet n'existe pas.`] });

    const task = (await call(alice, 'POST', '/api/tasks/', {
      title: 'Rédaction', project_id: project.id, contact_ids: [c.id], status: 'en_cours', due_date: '2026-12-01',
    })).body;
    expect(task.project).toEqual({ id: project.id, name: 'Projet Tâches' });
    expect(task.contacts).toEqual([{ id: c.id, name: 'Client Tâches' }]);
    const done = (await call(alice, 'POST', '/api/tasks/', { title: 'Terminée', contact_ids: [c.id], status: 'termine' })).body;

    expect((await call(alice, 'GET', `/api/projects/${project.id}/tasks/`)).body.map((x: { id: number }) => x.id)).toEqual([task.id]);
    const open = (await call(alice, 'GET', `/api/contacts/${c.id}/tasks/?exclude_status=termine`)).body.map((x: { id: number }) => x.id);
    expect(open).toEqual([task.id]);
    const all = (await call(alice, 'GET', `/api/contacts/${c.id}/tasks/`)).body.map((x: { id: number }) => x.id);
    expect(all).toEqual([task.id, done.id]);
    const inStatus = (await call(alice, 'GET', '/api/tasks/?status__in=en_cours,en_attente')).body as { status: string }[];
    expect(inStatus.every((x) => ['en_cours', 'en_attente'].includes(x.status))).toBe(true);
    expect(inStatus.some((x) => (x as unknown as { id: number }).id === task.id)).toBe(true);

    // Deleting the project or the contact only removes the link.
    expect((await call(alice, 'DELETE', `/api/projects/${project.id}/`)).status).toBe(204);
    expect((await call(alice, 'DELETE', `/api/contacts/${c.id}/`)).status).toBe(204);
    const orphan = (await call(alice, 'GET', `/api/tasks/${task.id}/`)).body;
    expect(orphan.project).toBeNull();
    expect(orphan.contacts).toEqual([]);
  });

  it('searches the title, the project’s name or a contact’s (SPEC 2), whole or by page, never through another user’s rows', async () => {
    const who = await signUp(t);
    const marie = await contact(who, 'Marie Dupré');
    const project = (await call(who, 'POST', '/api/projects/', { name: 'Imprimerie Lenoir' })).body;
    const byTitle = (await call(who, 'POST', '/api/tasks/', { title: 'Devis imprimeur' })).body;
    const byProject = (await call(who, 'POST', '/api/tasks/', { title: 'Maquette', project_id: project.id })).body;
    const byContact = (await call(who, 'POST', '/api/tasks/', { title: 'Relance', contact_ids: [marie.id] })).body;
    await call(who, 'POST', '/api/tasks/', { title: 'Autre chose' });
    // Bob's project and contact of the same names lead nowhere in Alice's list.
    const bobsProject = (await call(bob, 'POST', '/api/projects/', { name: 'Lenoir bis' })).body;
    await call(bob, 'POST', '/api/tasks/', { title: 'Chez Bob', project_id: bobsProject.id });
    const ids = async (query: string) => ((await call(who, 'GET', `/api/tasks/?${query}`)).body as { id: number }[]).map((x) => x.id).sort((a, b) => a - b);
    expect(await ids('search=imprim')).toEqual([byTitle.id, byProject.id]);
    expect(await ids('search=lenoir')).toEqual([byProject.id]);
    expect(await ids('search=DUPRE')).toEqual([byContact.id]);
    expect(await ids('search=lenoir&page_size=10')).toEqual([byProject.id]);
    const paged = await t.app.inject({ method: 'GET', url: '/api/tasks/?search=dupre&page_size=10', headers: who.auth });
    expect(paged.headers['x-total-count']).toBe('1');
  });

  it('validates in DRF shape: title, hours, dates, choices, booleans', async () => {
    const res = await call(alice, 'POST', '/api/tasks/', {
      estimated_time: -0.25, start_time: 'hier', billable: 'oui', status: 'urgent', payment_status: 'maybe', contact_ids: 'x',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['billable', 'contact_ids', 'estimated_time', 'payment_status', 'start_time', 'status']);
    expect((await call(alice, 'POST', '/api/tasks/', {})).body).toEqual({ title: ['Ce champ est obligatoire.'] });
    const blank = await call(alice, 'POST', '/api/tasks/', { title: '   ' });
    expect(blank.status).toBe(400);
  });

  it('keeps other users out: 404 on read, update, delete and nested lists', async () => {
    const task = (await call(alice, 'POST', '/api/tasks/', { title: 'Secret' })).body;
    const project = (await call(alice, 'POST', '/api/projects/', { name: 'Secret' })).body;
    for (const [method, url] of [
      ['GET', `/api/tasks/${task.id}/`], ['PUT', `/api/tasks/${task.id}/`], ['DELETE', `/api/tasks/${task.id}/`],
      ['GET', `/api/projects/${project.id}/`], ['PUT', `/api/projects/${project.id}/`], ['DELETE', `/api/projects/${project.id}/`],
      ['GET', `/api/projects/${project.id}/tasks/`],
    ] as const) {
      expect((await call(bob, method, url, method === 'PUT' ? { title: 'x', name: 'x' } : undefined)).status).toBe(404);
    }
    expect((await call(bob, 'GET', '/api/tasks/')).body.some((x: { id: number }) => x.id === task.id)).toBe(false);
    expect((await call(alice, 'GET', `/api/tasks/${task.id}/`)).body.title).toBe('Secret');
  });

  it('writes one history entry per change, with French labels, numbers, dates and amounts', async () => {
    const task = (await call(alice, 'POST', '/api/tasks/', { title: 'Historique' })).body;
    await call(alice, 'PUT', `/api/tasks/${task.id}/`, {
      status: 'termine', actual_time: 1.5, due_date: '2026-11-23', hourly_rate: 1250.5, start_time: '2026-11-23T09:05:00.000Z',
    });
    await call(alice, 'DELETE', `/api/tasks/${task.id}/`);
    const rows = await t.database.db
      .selectFrom('activities')
      .select(['action', 'changes', 'object_label'])
      .where('object_type', '=', 'task')
      .where('object_id', '=', task.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'créé', changes: '', object_label: 'Historique' },
      {
        action: 'mis à jour',
        // Issue 18: French dates (Paris time for a moment), numbers and amounts, not '2026-11-23'.
        changes:
          '(Statut: En attente → Terminée; Date limite: — → 23 nov. 2026; Temps réel: 0 → 1,5; ' +
          'Début: — → 23 nov. 2026, 10:05; Tarif horaire: 0,00\u00a0€ → 1\u202f250,50\u00a0€)',
        object_label: 'Historique',
      },
      { action: 'supprimé', changes: '', object_label: 'Historique' },
    ]);
  });
});
