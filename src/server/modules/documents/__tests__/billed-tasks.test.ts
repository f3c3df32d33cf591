import { CLIENT_ADDRESS, COMPLETE_PROFILE, viaInject, type Send } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

/**
 * An invoice's lines bill their tasks (issue 15): a line naming a task that another invoice
 * bills, draft or issued, is a French 400 on that line's task — never a silent steal, nor a
 * second bill. Converting a quote whose task is billed meanwhile is refused too (SQLite and
 * PostgreSQL).
 */

let t: TestApp;
let send: Send;

beforeAll(async () => {
  t = await createTestApp();
  const alice = await signUp(t);
  send = viaInject(t, alice);
  expect((await send('PUT', '/api/profile/', { ...COMPLETE_PROFILE, email: alice.email })).status).toBe(200);
});
afterAll(() => t.close());

const created = async (url: string, body: object) => {
  const res = await send('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const line = (title: string, taskId: number | null = null) => ({ title, quantity: 2, unit_price: 50, task_id: taskId });
const invoiceBody = (clientId: number, title: string, lines: object[]) => ({ title, client_id: clientId, status: 'draft', line_items: lines });
const billedBy = async (taskId: number) => (await send('GET', `/api/tasks/${taskId}/`)).body.invoice_id;

it('refuses on the line a task another invoice bills, draft or issued, and keeps it with that invoice', async () => {
  const client = await created('/api/contacts/', { name: 'Librairie Colette', ...CLIENT_ADDRESS });
  const task = await created('/api/tasks/', { title: 'Maquettes', hourly_rate: 50, actual_time: 2 });
  const first = await created('/api/invoices/', invoiceBody(client.id, 'Site vitrine', [line('Maquettes', task.id)]));
  expect(await billedBy(task.id)).toBe(first.id);

  // A draft bills it: a second invoice naming it on its second line is refused there.
  const refused = await send('POST', '/api/invoices/', invoiceBody(client.id, 'Autre', [line('Conseil'), line('Maquettes', task.id)]));
  expect(refused).toEqual({
    status: 400,
    body: {
      line_items: [
        {},
        { task_id: ['La tâche « Maquettes » figure déjà dans le brouillon de facture « Site vitrine » : retirez-la de cette ligne.'] },
      ],
    },
  });
  expect(await billedBy(task.id)).toBe(first.id);
  // Nothing of the refused invoice was kept.
  expect((await send('GET', '/api/invoices/')).body.map((i: { title: string }) => i.title)).not.toContain('Autre');

  // Saving the invoice that bills it is fine, again and again.
  const firstBody = { ...first, client_id: client.id };
  expect((await send('PUT', `/api/invoices/${first.id}/`, firstBody)).status).toBe(200);

  // Issued: the number names it; a draft edited to name the task is refused, and keeps its lines.
  const issued = (await send('PUT', `/api/invoices/${first.id}/`, { ...firstBody, status: 'sent' })).body;
  expect(issued.invoice_number).toMatch(/^FAC-/);
  const other = await created('/api/invoices/', invoiceBody(client.id, 'Maintenance', [line('Mise à jour')]));
  const edit = await send('PUT', `/api/invoices/${other.id}/`, {
    ...other, client_id: client.id, line_items: [...other.line_items, line('Maquettes', task.id)],
  });
  expect(edit).toEqual({
    status: 400,
    body: {
      line_items: [
        {},
        { task_id: [`La tâche « Maquettes » est déjà facturée par la facture ${issued.invoice_number} : retirez-la de cette ligne.`] },
      ],
    },
  });
  expect((await send('GET', `/api/invoices/${other.id}/`)).body.line_items.map((l: { title: string }) => l.title)).toEqual(['Mise à jour']);
  expect(await billedBy(task.id)).toBe(first.id);

  // A quote may name it (a quote bills nothing), but converting it would bill the task twice.
  const quote = await created('/api/quotes/', { title: 'Refonte', client_id: client.id, status: 'sent', line_items: [line('Maquettes', task.id)] });
  const convert = await send('POST', `/api/quotes/${quote.id}/convert_to_invoice/`);
  expect(convert).toEqual({
    status: 400,
    body: { detail: `Ce devis ne peut pas être converti en facture : la tâche « Maquettes » est déjà facturée par la facture ${issued.invoice_number}.` },
  });
  expect(await billedBy(task.id)).toBe(first.id);
});

it('a task freed by deleting its draft can be billed by another invoice', async () => {
  const client = await created('/api/contacts/', { name: 'Atelier Dupont', ...CLIENT_ADDRESS });
  const task = await created('/api/tasks/', { title: 'Audit', hourly_rate: 80, actual_time: 1 });
  const draft = await created('/api/invoices/', invoiceBody(client.id, 'Audit 1', [line('Audit', task.id)]));
  expect((await send('POST', '/api/invoices/', invoiceBody(client.id, 'Audit 2', [line('Audit', task.id)]))).status).toBe(400);
  expect((await send('DELETE', `/api/invoices/${draft.id}/`)).status).toBe(204);
  const second = await created('/api/invoices/', invoiceBody(client.id, 'Audit 2', [line('Audit', task.id)]));
  expect(await billedBy(task.id)).toBe(second.id);
});

it('two invoices saved at once naming one free task: one bills it, the other is refused on its line', async () => {
  const client = await created('/api/contacts/', { name: 'Course', ...CLIENT_ADDRESS });
  for (let round = 0; round < 3; round++) {
    const task = await created('/api/tasks/', { title: `Tâche ${round}`, hourly_rate: 60, actual_time: 1 });
    const answers = await Promise.all(
      Array.from({ length: 3 }, (_, i) => send('POST', '/api/invoices/', invoiceBody(client.id, `Course ${round}.${i}`, [line('T', task.id)]))),
    );
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) {
      expect(lost.status).toBe(400);
      expect(lost.body.line_items[0].task_id[0]).toMatch(/^La tâche « Tâche \d » figure déjà dans le brouillon de facture « Course/);
    }
    expect(await billedBy(task.id)).toBe(won[0].body.id);
    const lines = await t.database.db.selectFrom('invoice_lines').select('task_id').where('task_id', '=', task.id).execute();
    expect(lines).toHaveLength(1);
  }
});
