import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { CLIENT_ADDRESS, completeProfile, viaInject } from '@/server/test/billing-fixtures';

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
async function call(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

describe('recent activity', () => {
  it('lists every create, update and delete, newest first, with French change strings and links', async () => {
    const user = await signUp(t);
    // Issuing needs a complete profile and a client with a full address and, a French business, its SIREN.
    await completeProfile(viaInject(t, user), user.email);
    const address = { address: CLIENT_ADDRESS.address, postal_code: CLIENT_ADDRESS.postal_code, siren: CLIENT_ADDRESS.siren };
    const contact = (await call(user, 'POST', '/api/contacts/', { name: 'Hélène Roux', city: 'Paris', ...address })).body;
    await call(user, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Hélène Roux', city: 'Marseille', phone: '0600000000', ...address });
    const project = (await call(user, 'POST', '/api/projects/', { name: 'Catalogue', contact_ids: [contact.id] })).body;
    const task = (await call(user, 'POST', '/api/tasks/', { title: 'Photos', project_id: project.id })).body;
    const invoice = (await call(user, 'POST', '/api/invoices/', { title: 'Acompte', client_id: contact.id, line_items: [{ title: 'A', quantity: 1, unit_price: 100 }] })).body;
    await call(user, 'PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: contact.id, status: 'sent' });
    await call(user, 'DELETE', `/api/tasks/${task.id}/`);

    const entries = (await call(user, 'GET', '/api/recent-activity/?limit=50')).body;
    expect(entries.map((e: { object_type: string; action: string }) => `${e.object_type} ${e.action}`)).toEqual([
      'task supprimé', 'invoice mis à jour', 'invoice créé', 'task créé', 'project créé', 'contact mis à jour', 'contact créé',
    ]);
    const byKey = (type: string, action: string) => entries.find((e: { object_type: string; action: string }) => e.object_type === type && e.action === action);
    expect(byKey('contact', 'mis à jour')).toMatchObject({
      object_label: 'Hélène Roux', changes: '(Téléphone: — → 0600000000; Ville: Paris → Marseille)', link: `/contacts/${contact.id}`,
    });
    expect(byKey('invoice', 'mis à jour').changes).toMatch(/^\(Numéro: — → FAC-\d{4}-0001; Statut: Brouillon → Envoyée\)$/);
    expect(byKey('invoice', 'créé')).toMatchObject({ client_name: 'Hélène Roux', link: `/invoices/${invoice.id}` });
    expect(byKey('task', 'créé')).toMatchObject({ project_name: 'Catalogue', link: null });
    expect(byKey('project', 'créé')).toMatchObject({ client_name: 'Hélène Roux', link: `/projects/${project.id}` });
    expect(entries[0]).toEqual({
      id: expect.any(Number), object_type: 'task', object_id: task.id, object_label: 'Photos', action: 'supprimé', changes: '',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), link: null, client_name: null, project_name: 'Catalogue',
    });

    expect((await call(user, 'GET', '/api/recent-activity/?limit=2')).body).toHaveLength(2);
    expect((await call(bob, 'GET', '/api/recent-activity/')).body.some((e: { object_id: number }) => e.object_id === contact.id)).toBe(false);
  });

  // Issue 29: the history's search ran over the entries the page had loaded; it reads them all now.
  it('searches the whole history on the server: label, printed action and changes, without case or accents, paged, the owner’s only', async () => {
    const user = await signUp(t);
    const contact = (await call(user, 'POST', '/api/contacts/', { name: 'Hélène Lefèvre', city: 'Paris' })).body;
    await call(user, 'PUT', `/api/contacts/${contact.id}/`, { name: 'Hélène Lefèvre', city: 'Marseille' });
    const task = (await call(user, 'POST', '/api/tasks/', { title: 'Remise 50% _brouillon' })).body;
    await call(user, 'DELETE', `/api/tasks/${task.id}/`);
    for (let i = 0; i < 3; i++) await call(user, 'POST', '/api/projects/', { name: `Projet Lefèvre ${i}` });
    await call(bob, 'POST', '/api/contacts/', { name: 'Hélène Lefèvre' });

    type Entry = { object_type: string; object_label: string; action: string };
    const search = async (text: string, more = '') => {
      const res = await t.app.inject({ method: 'GET', url: `/api/recent-activity/?page_size=50&search=${encodeURIComponent(text)}${more}`, headers: user.auth });
      expect(res.statusCode).toBe(200);
      const entries = res.json() as Entry[];
      expect(res.headers['x-total-count']).toBe(String(entries.length));
      return entries.map((e) => `${e.object_type} ${e.action} ${e.object_label}`);
    };
    expect(await search('LEFEVRE', '&object_type=contact')).toEqual(['contact mis à jour Hélène Lefèvre', 'contact créé Hélène Lefèvre']);
    expect(await search('marseille')).toEqual(['contact mis à jour Hélène Lefèvre']);
    // The action as the history prints it: a task « supprimée », a contact « créé ».
    expect(await search('supprimee')).toEqual(['task supprimé Remise 50% _brouillon']);
    // LIKE's wildcards are the characters typed.
    expect(await search('50%')).toEqual(['task supprimé Remise 50% _brouillon', 'task créé Remise 50% _brouillon']);
    expect(await search('e_b')).toEqual([]);
    expect(await search('x'.repeat(5000))).toEqual([]);
    // Paged like the rest of the history: the cursor keeps the search.
    const first = await t.app.inject({ method: 'GET', url: '/api/recent-activity/?page_size=2&search=lefevre', headers: user.auth });
    expect(first.headers['x-total-count']).toBe('5');
    const second = await t.app.inject({ method: 'GET', url: `/api/recent-activity/?page_size=50&search=lefevre&cursor=${first.headers['x-next-cursor']}`, headers: user.auth });
    expect([...first.json(), ...second.json()].map((e: Entry) => e.object_label)).toEqual([
      'Projet Lefèvre 2', 'Projet Lefèvre 1', 'Projet Lefèvre 0', 'Hélène Lefèvre', 'Hélène Lefèvre',
    ]);
  });
});

describe('global search', () => {
  beforeAll(async () => {
    const ecole = (await call(alice, 'POST', '/api/contacts/', { name: 'École Saint-Exupéry', email: 'direction@ecole-stex.fr', company: 'Académie' })).body;
    await call(alice, 'POST', '/api/contacts/', { name: 'Garage Dupont', email: 'garage@dupont.fr', company: 'Dupont & Fils' });
    const project = (await call(alice, 'POST', '/api/projects/', { name: 'Fête de l’école', status: 'en_cours' })).body;
    await call(alice, 'POST', '/api/tasks/', { title: 'Affiches ÉCOLE', project_id: project.id });
    await call(alice, 'POST', '/api/quotes/', { title: 'Sortie scolaire', client_id: ecole.id, line_items: [{ title: 'Car', quantity: 1, unit_price: 450 }] });
    await call(bob, 'POST', '/api/contacts/', { name: 'École de Bob' });
  });

  it('matches without accents or case, across kinds, with the row fields the dropdown shows', async () => {
    const { status, body } = await call(alice, 'GET', '/api/search/global?q=ecole');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['contacts', 'credit_notes', 'invoices', 'projects', 'quotes', 'tasks']);
    expect(body.contacts).toEqual([{ id: expect.any(Number), name: 'École Saint-Exupéry', email: 'direction@ecole-stex.fr', company: 'Académie' }]);
    expect(body.projects).toEqual([{ id: expect.any(Number), name: 'Fête de l’école', status: 'en_cours', status_display: 'En cours' }]);
    expect(body.tasks).toEqual([{ id: expect.any(Number), title: 'Affiches ÉCOLE', status: 'en_attente', status_display: 'En attente', project_name: 'Fête de l’école' }]);
    // A quote matches through its client's name.
    expect(body.quotes).toEqual([{
      id: expect.any(Number), title: 'Sortie scolaire', quote_number: expect.stringMatching(/^DEV-/), client: { id: expect.any(Number), name: 'École Saint-Exupéry' },
      // Alice has no VAT number: in the franchise, the quote is at 0 % (issue 14).
      client_name: 'École Saint-Exupéry', total_amount: 450, status: 'draft', status_display: 'Brouillon',
    }]);
  });

  it('finds documents by number, contacts by e-mail and company, and treats LIKE wildcards literally', async () => {
    const number = (await call(alice, 'GET', '/api/search/global?q=sortie')).body.quotes[0].quote_number as string;
    expect((await call(alice, 'GET', `/api/search/global?q=${encodeURIComponent(number.toLowerCase())}`)).body.quotes).toHaveLength(1);
    expect((await call(alice, 'GET', '/api/search/global?q=DUPONT.FR')).body.contacts.map((c: { name: string }) => c.name)).toEqual(['Garage Dupont']);
    expect((await call(alice, 'GET', '/api/search/global?q=%26 fils')).body.contacts).toHaveLength(1);
    expect((await call(alice, 'GET', '/api/search/global?q=%25%25')).body.contacts).toEqual([]);
    expect((await call(alice, 'GET', '/api/search/global?q=__')).body.contacts).toEqual([]);
  });

  it('lists the ten newest documents, matched by their own text or their client, each once', async () => {
    const jardins = (await call(alice, 'POST', '/api/contacts/', { name: 'Les Jardins de Marie' })).body;
    const other = (await call(alice, 'POST', '/api/contacts/', { name: 'Pépinière Roux' })).body;
    const line_items = [{ title: 'Taille', quantity: 1, unit_price: 100 }];
    // Interleaved: by title only, by client only, and both ways at once.
    const ids: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const [title, client_id] = [[`Jardin d’hiver ${i}`, other.id], [`Haie ${i}`, jardins.id], [`Jardinières ${i}`, jardins.id]][i % 3] as [string, number];
      ids.push((await call(alice, 'POST', '/api/quotes/', { title, client_id, line_items })).body.id);
    }
    await call(alice, 'POST', '/api/quotes/', { title: 'Sans rapport', client_id: other.id, line_items });
    const { body } = await call(alice, 'GET', '/api/search/global?q=jardin');
    expect(body.quotes.map((q: { id: number }) => q.id)).toEqual(ids.slice(-10).reverse());
  });

  it('needs two characters, and never shows another user\'s data', async () => {
    expect((await call(alice, 'GET', '/api/search/global?q=e')).body).toEqual({ contacts: [], projects: [], tasks: [], quotes: [], invoices: [], credit_notes: [] });
    expect((await call(alice, 'GET', '/api/search/global')).status).toBe(200);
    const names = (await call(alice, 'GET', '/api/search/global?q=bob')).body.contacts;
    expect(names).toEqual([]);
    expect((await call(bob, 'GET', '/api/search/global?q=ecole')).body.contacts.map((c: { name: string }) => c.name)).toEqual(['École de Bob']);
  });
});
