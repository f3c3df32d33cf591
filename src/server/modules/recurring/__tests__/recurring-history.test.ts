import { addDays, parisToday } from '@/shared/dates';
import { readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { recurringService } from '../recurring.service';

/**
 * A recurring invoice's history and its links (issue 15): making, changing, pausing, resuming and
 * stopping a series each write one history entry ('Facturation récurrente', linking to the list);
 * the list finds the series of a client and the one that generated an invoice; deleting the
 * client deletes its series (the foreign key cascades), each with its entry. SQLite and PostgreSQL.
 */

jest.setTimeout(60_000);

let t: TestApp;
let send: Send;
let other: Send;
let clientId: number;
const today = parisToday();

beforeAll(async () => {
  t = await createTestApp();
  const alice = await signUp(t);
  send = viaInject(t, alice);
  clientId = await readyToInvoice(send, alice.email);
  other = viaInject(t, await signUp(t));
});
afterAll(() => t?.close());

async function ok(res: Promise<{ status: number; body: any }>, status = 200) {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const invoiceTo = (client: number, title: string) =>
  ok(send('POST', '/api/invoices/', { title, client_id: client, line_items: [{ title: 'Support', quantity: 1, unit_price: 100, tax_rate: 20 }] }), 201);

/** The entries about series `id`, oldest first. */
async function entries(id: number) {
  const all = await ok(send('GET', '/api/recent-activity/?limit=200'));
  return all
    .filter((e: any) => e.object_type === 'recurring_invoice' && e.object_id === id)
    .reverse()
    .map((e: any) => [e.object_label, e.action, e.changes, e.link, e.client_name]);
}

it('writes one history entry per change of a series, with what changed', async () => {
  const source = await invoiceTo(clientId, 'Maintenance');
  const start = addDays(today, 3);
  const series = await ok(send('POST', `/api/invoices/${source.id}/make_recurring/`, { frequency: 'monthly', start_date: start, mode: 'draft' }), 201);
  const link = '/invoices/recurring';
  const name = series.client.name;
  const date = (iso: string) => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  expect(await entries(series.id)).toEqual([
    ['Maintenance', 'créé', `(Fréquence: Mensuelle; Première facture: ${date(start)}; Fin: —; Mode: Créer un brouillon)`, link, name],
  ]);

  const end = addDays(start, 200);
  await ok(send('PATCH', `/api/recurring-invoices/${series.id}/`, { end_date: end, mode: 'issue_and_send' }));
  // A PATCH that changes nothing writes nothing.
  await ok(send('PATCH', `/api/recurring-invoices/${series.id}/`, { end_date: end }));
  await ok(send('POST', `/api/recurring-invoices/${series.id}/pause/`));
  await ok(send('POST', `/api/recurring-invoices/${series.id}/resume/`));
  await ok(send('POST', `/api/recurring-invoices/${series.id}/stop/`));
  // Refused: no entry.
  expect((await send('POST', `/api/recurring-invoices/${series.id}/pause/`)).status).toBe(400);
  expect((await other('POST', `/api/recurring-invoices/${series.id}/resume/`)).status).toBe(404);

  expect((await entries(series.id)).slice(1)).toEqual([
    ['Maintenance', 'mis à jour', `(Fin: — → ${date(end)}; Mode: Créer un brouillon → Émettre et envoyer par e-mail)`, link, name],
    ['Maintenance', 'mis à jour', '(Statut: Active → En pause)', link, name],
    ['Maintenance', 'mis à jour', '(Statut: En pause → Active)', link, name],
    ['Maintenance', 'mis à jour', '(Statut: Active → Arrêtée)', link, name],
  ]);
});

it('lists the series of a client, and the one that generated an invoice', async () => {
  const client = await ok(send('POST', '/api/contacts/', { name: 'Studio Martin', email: 'martin@exemple.fr', address: '1 rue Basse', postal_code: '69003', city: 'Lyon', siren: '732829320' }), 201);
  const source = await invoiceTo(client.id, 'Hébergement');
  const series = await ok(send('POST', `/api/invoices/${source.id}/make_recurring/`, { frequency: 'quarterly', start_date: today, mode: 'draft' }), 201);
  const service = recurringService({ db: t.database.db, dialect: t.database.dialect, appName: 'Carnet' });
  await service.generateDueOccurrences(new Date(`${today}T12:00:00Z`));
  const generated = await t.database.db.selectFrom('invoices').select('id').where('recurrence_id', '=', series.id).executeTakeFirstOrThrow();
  // Issue 28: the invoice made recurring is the series' first occurrence (issued now: it starts today).
  expect(generated.id).toBe(source.id);
  const unrelated = await invoiceTo(client.id, 'Ponctuelle');

  const ids = async (query: string, who = send) => (await ok(who('GET', `/api/recurring-invoices/?${query}`))).map((r: any) => r.id);
  expect(await ids(`client=${client.id}`)).toEqual([series.id]);
  expect(await ids(`invoice=${generated.id}`)).toEqual([series.id]);
  // An invoice of no series, nonsense and another user's match nothing.
  expect(await ids(`invoice=${unrelated.id}`)).toEqual([]);
  expect(await ids('invoice=abc')).toEqual([]);
  expect(await ids(`invoice=${generated.id}`, other)).toEqual([]);
  expect(await ids(`client=${client.id}`, other)).toEqual([]);
  const page = await send('GET', `/api/recurring-invoices/?client=${client.id}&limit=1`);
  expect(page.body).toHaveLength(1);
});

it('deleting a client deletes its series, each with a history entry', async () => {
  const client = await ok(send('POST', '/api/contacts/', { name: 'Café Lumière', address: '2 rue Neuve', postal_code: '69004', city: 'Lyon', siren: '732829320' }), 201);
  const source = await invoiceTo(client.id, 'Abonnement');
  const series = await ok(send('POST', `/api/invoices/${source.id}/make_recurring/`, { frequency: 'yearly', start_date: addDays(today, 10), mode: 'draft' }), 201);
  // A client with invoices is kept; once its draft is deleted, it goes, and its series with it.
  expect((await send('DELETE', `/api/contacts/${client.id}/`)).status).toBe(400);
  await ok(send('DELETE', `/api/invoices/${source.id}/`), 204);
  await ok(send('DELETE', `/api/contacts/${client.id}/`), 204);
  expect((await send('GET', `/api/recurring-invoices/${series.id}/`)).status).toBe(404);
  const last = (await entries(series.id)).pop();
  // Deleted: no link any more.
  expect(last).toEqual(['Abonnement', 'supprimé', '(Client supprimé)', null, 'Café Lumière']);
});
