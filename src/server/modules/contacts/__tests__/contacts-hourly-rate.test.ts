import { aliceAndBob, CLIENT_ADDRESS, created as createdBy, type Send } from '@/server/test/billing-fixtures';
import type { TestApp } from '@/server/test/test-app';

/**
 * A client's hourly rate (issue 28): read and written in euros, refused in French when it is not an
 * amount, in the history as money, imported and exported; "Facturer le temps" bills a task that
 * has no rate (nor its project) at it. SQLite and PostgreSQL.
 */

let t: TestApp;
let send: Send;
let bobSend: Send;
let aliceId: number;

beforeAll(async () => {
  const accounts = await aliceAndBob();
  ({ t, send, bobSend } = accounts);
  aliceId = (await t.database.db.selectFrom('users').select('id').where('email', '=', accounts.alice.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const created = (url: string, body: object, as = send) => createdBy(as, url, body);
const storedCents = async (id: number) =>
  Number((await t.database.db.selectFrom('contacts').select('hourly_rate_cents').where('id', '=', id).executeTakeFirstOrThrow()).hourly_rate_cents);

describe('a contact’s hourly rate', () => {
  it('is 0 (no rate) by default, saved in cents and read in euros, kept when a PUT omits it', async () => {
    const plain = await created('/api/contacts/', { name: 'Sans tarif' });
    expect(plain.hourly_rate).toBe(0);

    const contact = await created('/api/contacts/', { name: 'Atelier Tarif', hourly_rate: 65.5 });
    expect(contact.hourly_rate).toBe(65.5);
    expect(await storedCents(contact.id)).toBe(6550);
    expect((await send('GET', `/api/contacts/${contact.id}/`)).body).toEqual(contact);

    // A French decimal comma in a string, as a CSV cell sends it.
    const put = await send('PUT', `/api/contacts/${contact.id}/`, { name: 'Atelier Tarif', hourly_rate: '72,25' });
    expect(put.status).toBe(200);
    expect(put.body.hourly_rate).toBe(72.25);
    const omitted = await send('PUT', `/api/contacts/${contact.id}/`, { name: 'Atelier Tarif', city: 'Lyon' });
    expect(omitted.body).toMatchObject({ city: 'Lyon', hourly_rate: 72.25 });
    // The export gives it too (the CSV's « Tarif horaire »).
    const details = (await send('GET', '/api/contacts/export-details/')).body as { id: number; hourly_rate: number }[];
    expect(details.find((d) => d.id === contact.id)?.hourly_rate).toBe(72.25);
    expect(details.find((d) => d.id === plain.id)?.hourly_rate).toBe(0);
  });

  it('records a change of rate in the history, as money', async () => {
    const contact = await created('/api/contacts/', { name: 'Historique Tarif', hourly_rate: 50 });
    await send('PUT', `/api/contacts/${contact.id}/`, { name: 'Historique Tarif', hourly_rate: 1234.5 });
    await send('PUT', `/api/contacts/${contact.id}/`, { name: 'Historique Tarif', hourly_rate: 1234.5 });
    const history = await t.database.db
      .selectFrom('activities').select(['action', 'changes']).where('owner_id', '=', aliceId).where('object_type', '=', 'contact')
      .where('object_id', '=', contact.id).orderBy('id').execute();
    expect(history.map((h) => h.action)).toEqual(['créé', 'mis à jour', 'mis à jour']);
    expect(history[1].changes.replace(/[\u00a0\u202f]/g, ' ')).toBe('(Tarif horaire: 50,00 € → 1 234,50 €)');
    // An unchanged rate is not a change.
    expect(history[2].changes).toBe('');
  });

  it.each([
    [-1, 'Assurez-vous que cette valeur est supérieure ou égale à 0.'],
    [1e9 + 1, 'Assurez-vous que cette valeur est inférieure ou égale à 1 000 000 000 €.'],
    [12.345, 'Assurez-vous qu’il n’y a pas plus de 2 chiffres après la virgule.'],
    ['beaucoup', 'Un nombre valide est requis.'],
    [true, 'Un nombre valide est requis.'],
    [{ euros: 5 }, 'Un nombre valide est requis.'],
  ])('refuses %j with a 400 and a French message on the field, changing nothing', async (value, message) => {
    const contact = await created('/api/contacts/', { name: 'Refus Tarif', hourly_rate: 40 });
    const post = await send('POST', '/api/contacts/', { name: 'Refus', hourly_rate: value });
    expect(post.status).toBe(400);
    expect(post.body).toEqual({ hourly_rate: [message] });
    const put = await send('PUT', `/api/contacts/${contact.id}/`, { name: 'Refus Tarif', hourly_rate: value });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ hourly_rate: [message] });
    expect(await storedCents(contact.id)).toBe(4000);
  });

  it('another user’s contact is a 404, its rate unchanged', async () => {
    const bobs = await created('/api/contacts/', { name: 'Client de Bob', hourly_rate: 30 }, bobSend);
    expect((await send('GET', `/api/contacts/${bobs.id}/`)).status).toBe(404);
    expect((await send('PUT', `/api/contacts/${bobs.id}/`, { name: 'Pris', hourly_rate: 999 })).status).toBe(404);
    expect((await send('PUT', `/api/contacts/${bobs.id}/`, { name: 'Pris', hourly_rate: -5 })).status).toBe(404);
    expect(await storedCents(bobs.id)).toBe(3000);
  });

  it('is imported, a decimal comma read; a row with a bad rate is refused by its index', async () => {
    const res = await send('POST', '/api/import-contacts/', [
      { name: 'Import Tarif', email: 'import-tarif@exemple.fr', hourly_rate: '55,50' },
      { name: 'Import Sans', email: 'import-sans@exemple.fr' },
    ]);
    expect(res.status).toBe(201);
    const [withRate, without] = res.body.ids as number[];
    expect(await storedCents(withRate)).toBe(5550);
    expect(await storedCents(without)).toBe(0);

    const bad = await send('POST', '/api/import-contacts/', [
      { name: 'Import OK', email: 'import-ok@exemple.fr', hourly_rate: 10 },
      { name: 'Import KO', email: 'import-ko@exemple.fr', hourly_rate: '-3' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: [{}, { hourly_rate: ['Assurez-vous que cette valeur est supérieure ou égale à 0.'] }] });

    // Updating a contact already there with the same rate is no change (compared in cents).
    const again = await send('POST', '/api/import-contacts/', {
      on_duplicate: 'update',
      contacts: [{ name: 'Import Tarif', email: 'import-tarif@exemple.fr', hourly_rate: 55.5 }],
    });
    expect(again.body).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    const changed = await send('POST', '/api/import-contacts/', {
      on_duplicate: 'update',
      contacts: [{ name: 'Import Tarif', email: 'import-tarif@exemple.fr', hourly_rate: 60 }],
    });
    expect(changed.body).toMatchObject({ created: 0, updated: 1, skipped: 0 });
    expect(await storedCents(withRate)).toBe(6000);
  });
});

describe('« Facturer le temps » at the client’s rate', () => {
  it('bills a task without a rate, in a project without one, at its client’s rate', async () => {
    const client = await created('/api/contacts/', { name: 'Client Tarifé', ...CLIENT_ADDRESS, hourly_rate: 80.5 });
    const project = await created('/api/projects/', { name: 'Sans tarif', contact_ids: [client.id] });
    expect(project.hourly_rate).toBe(0);
    const task = await created('/api/tasks/', { title: 'Atelier', project_id: project.id, billable: true, estimated_time: 2 });
    expect(task.hourly_rate).toBe(0);

    const invoice = await send('POST', `/api/projects/${project.id}/invoice_time/`, {});
    expect(invoice.status).toBe(201);
    expect(invoice.body.client.id).toBe(client.id);
    // 2 h × 80,50 € = 161 €.
    expect(invoice.body.line_items.map((l: { title: string; quantity: number; unit_price: number; total: number }) => [l.title, l.quantity, l.unit_price, l.total]))
      .toEqual([['Atelier', 2, 80.5, 161]]);
  });
});
