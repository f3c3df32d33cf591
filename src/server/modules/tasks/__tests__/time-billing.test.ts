import { aliceAndBob, CLIENT_ADDRESS, created as createdBy, type Send } from '@/server/test/billing-fixtures';
import type { TestApp } from '@/server/test/test-app';

/**
 * Billing tracked time (issue 15): a task linked to a line, "Facturer le temps" on a project, each
 * task billed once, even under concurrent calls (SQLite and PostgreSQL).
 */

let t: TestApp;
let send: Send;
let bobSend: Send;

beforeAll(async () => {
  ({ t, send, bobSend } = await aliceAndBob());
});
afterAll(() => t.close());

const created = (url: string, body: object) => createdBy(send, url, body);

/** A project of one client, with a billable task at 65 €/h (4,75 h spent) and tasks that are not to be billed. */
async function projectWithTime(name = 'Refonte') {
  const client = await created('/api/contacts/', { name: `Client ${name}`, ...CLIENT_ADDRESS });
  const project = await created('/api/projects/', { name, contact_ids: [client.id] });
  const task = (title: string, extra: object) => created('/api/tasks/', { title, project_id: project.id, ...extra });
  const spent = await task('Maquettes', { billable: true, hourly_rate: 65, actual_time: 4.75, estimated_time: 6 });
  const estimated = await task('Intégration', { billable: true, hourly_rate: 80, estimated_time: 2.5 });
  await task('Réunion interne', { billable: false, hourly_rate: 65, actual_time: 1 });
  await task('Pas encore commencée', { billable: true, hourly_rate: 65 });
  return { client, project, spent, estimated };
}

const invoiceTime = (projectId: number, body?: object) => send('POST', `/api/projects/${projectId}/invoice_time/`, body);

it('bills each billable task with time as a line: actual hours (else estimated) at its hourly rate; the tasks show the invoice', async () => {
  const { client, project, spent, estimated } = await projectWithTime();
  const res = await invoiceTime(project.id);
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 'draft', invoice_number: null, client: { id: client.id }, title: 'Temps passé — Refonte' });
  // Tracked time is billed by the hour (issue 25: unit HUR, EN 16931 BT-130).
  expect(res.body.line_items.map((l: any) => [l.title, l.quantity, l.unit, l.unit_price, l.task_id, l.total])).toEqual([
    ['Maquettes', 4.75, 'HUR', 65, spent.id, 308.75],
    ['Intégration', 2.5, 'HUR', 80, estimated.id, 200],
  ]);
  const task = (await send('GET', `/api/tasks/${spent.id}/`)).body;
  expect({ invoice_id: task.invoice_id, invoice: task.invoice }).toEqual({
    invoice_id: res.body.id, invoice: { id: res.body.id, invoice_number: null, status: 'draft' },
  });
  // A task PUT echoing its invoice back changes nothing of it.
  expect((await send('PUT', `/api/tasks/${spent.id}/`, { ...task, invoice_id: null })).body.invoice_id).toBe(res.body.id);

  // Nothing left to bill.
  const again = await invoiceTime(project.id);
  expect(again).toEqual({ status: 400, body: { detail: expect.stringContaining('Rien à facturer sur ce projet') } });

  // Issued: the task names its invoice's number and is still not offered.
  const issued = await send('PUT', `/api/invoices/${res.body.id}/`, { ...res.body, client_id: client.id, status: 'sent' });
  expect(issued.status).toBe(200);
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body.invoice).toEqual({
    id: res.body.id, invoice_number: issued.body.invoice_number, status: 'sent',
  });
  expect((await send('GET', `/api/projects/${project.id}/tasks/`)).body.find((t: any) => t.id === estimated.id).invoice.invoice_number)
    .toBe(issued.body.invoice_number);
  expect((await invoiceTime(project.id)).status).toBe(400);
});

it('frees the tasks of a deleted draft, and of a line removed from it', async () => {
  const { project, spent, estimated } = await projectWithTime('Audit');
  const first = (await invoiceTime(project.id)).body;
  expect((await send('DELETE', `/api/invoices/${first.id}/`)).status).toBe(204);
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body).toMatchObject({ invoice_id: null, invoice: null });

  const second = (await invoiceTime(project.id)).body;
  expect(second.line_items).toHaveLength(2);
  const withoutLine = { ...second, client_id: second.client.id, line_items: second.line_items.filter((l: any) => l.task_id !== estimated.id) };
  expect((await send('PUT', `/api/invoices/${second.id}/`, withoutLine)).status).toBe(200);
  expect((await send('GET', `/api/tasks/${estimated.id}/`)).body.invoice_id).toBe(null);
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body.invoice_id).toBe(second.id);
  // Only the freed task is offered again.
  const third = await invoiceTime(project.id);
  expect(third.body.line_items.map((l: any) => l.task_id)).toEqual([estimated.id]);
});

it('frees the tasks of an invoice wholly cancelled by a credit note, not of one partly credited', async () => {
  const { client, project, spent } = await projectWithTime('Charte');
  const draft = (await invoiceTime(project.id)).body;
  const invoice = (await send('PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: client.id, status: 'sent' })).body;
  const partial = await send('POST', `/api/invoices/${invoice.id}/credit_note/`, {
    line_items: [{ title: 'Geste commercial', quantity: 1, unit_price: 10, tax_rate: 20 }],
  });
  expect(partial.status).toBe(201);
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body.invoice_id).toBe(invoice.id);
  expect((await invoiceTime(project.id)).status).toBe(400);

  expect((await send('POST', `/api/invoices/${invoice.id}/credit_note/`, {})).status).toBe(201);
  expect((await send('GET', `/api/invoices/${invoice.id}/`)).body.status).toBe('cancelled');
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body).toMatchObject({ invoice_id: null, invoice: null });
  const again = await invoiceTime(project.id);
  expect(again.status).toBe(201);
  expect(again.body.line_items.map((l: any) => l.task_id)).toContain(spent.id);
});

it('bills the chosen tasks only, and says why a chosen task cannot be billed', async () => {
  const { project, spent, estimated } = await projectWithTime('Logo');
  const other = await projectWithTime('Autre');
  const res = await invoiceTime(project.id, { task_ids: [estimated.id] });
  expect(res.body.line_items.map((l: any) => l.task_id)).toEqual([estimated.id]);
  const refused = await invoiceTime(project.id, { task_ids: [spent.id, estimated.id, other.spent.id] });
  expect(refused).toEqual({
    status: 400,
    body: {
      task_ids: [
        'La tâche « Intégration » est déjà facturée (facture brouillon).',
        'La tâche « Maquettes » n’appartient pas à ce projet.',
      ],
    },
  });
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body.invoice_id).toBe(null);
});

it('needs one client: the project’s only one, or the one named', async () => {
  const project = await created('/api/projects/', { name: 'Sans client' });
  await created('/api/tasks/', { title: 'Travail', project_id: project.id, billable: true, hourly_rate: 50, actual_time: 1 });
  expect(await invoiceTime(project.id)).toEqual({
    status: 400, body: { client_id: ['Ce projet n’a pas de client : ajoutez-en un au projet, ou indiquez le client à facturer.'] },
  });
  const a = await created('/api/contacts/', { name: 'A', ...CLIENT_ADDRESS });
  const b = await created('/api/contacts/', { name: 'B', ...CLIENT_ADDRESS });
  await send('PUT', `/api/projects/${project.id}/`, { name: 'Sans client', contact_ids: [a.id, b.id] });
  expect((await invoiceTime(project.id)).body).toEqual({ client_id: ['Ce projet a plusieurs clients : choisissez celui à facturer.'] });
  const res = await invoiceTime(project.id, { client_id: b.id });
  expect({ status: res.status, client: res.body.client.id }).toEqual({ status: 201, client: b.id });
});

it('answers 404 for another user’s project, 400 for their tasks or unknown fields', async () => {
  const { project, spent } = await projectWithTime('Privé');
  expect((await bobSend('POST', `/api/projects/${project.id}/invoice_time/`, {})).status).toBe(404);
  const bobProject = (await bobSend('POST', '/api/projects/', { name: 'Bob' })).body;
  const foreign = await bobSend('POST', `/api/projects/${bobProject.id}/invoice_time/`, { task_ids: [spent.id] });
  expect(foreign).toEqual({ status: 400, body: { task_ids: [`Clé primaire « ${spent.id} » non valide - l'objet n'existe pas.`] } });
  expect((await invoiceTime(project.id, { task_ids: [spent.id], extra: 1 })).body).toEqual({ extra: ['Champ inconnu.'] });
  expect((await send('GET', `/api/tasks/${spent.id}/`)).body.invoice_id).toBe(null);
});

it('never bills a task twice under concurrent calls', async () => {
  for (let round = 0; round < 3; round++) {
    const { project, spent, estimated } = await projectWithTime(`Course ${round}`);
    const answers = await Promise.all(Array.from({ length: 4 }, () => invoiceTime(project.id)));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) expect([400, 409]).toContain(lost.status);
    const lines = await t.database.db
      .selectFrom('invoice_lines')
      .select('task_id')
      .where('task_id', 'in', [spent.id, estimated.id])
      .execute();
    expect(lines.map((l) => l.task_id).sort()).toEqual([spent.id, estimated.id].sort());
    const tasks = await t.database.db.selectFrom('tasks').select('invoice_id').where('id', 'in', [spent.id, estimated.id]).execute();
    expect(tasks.map((task) => task.invoice_id)).toEqual([won[0].body.id, won[0].body.id]);
  }
});
