import { sql } from 'kysely';
import { aliceAndBob, CLIENT_ADDRESS, created as createdBy, type Send } from '@/server/test/billing-fixtures';
import type { TestApp } from '@/server/test/test-app';

/**
 * "Facturer le temps" bills entries, not tasks (issue 28): the dialog's preview (GET
 * projects/{id}/invoice_time/) is what the POST then bills, line for line, including the new time
 * of a task billed before; an entry whose line is removed from the draft is free to bill again.
 * SQLite and PostgreSQL.
 */

let t: TestApp;
let send: Send;
let bobSend: Send;

beforeAll(async () => {
  ({ t, send, bobSend } = await aliceAndBob());
  expect((await send('PUT', '/api/time-entries/settings/', { time_rounding_minutes: 15 })).status).toBe(200);
});
afterAll(() => t.close());

const created = (url: string, body: object, as = send) => createdBy(as, url, body);

const entry = (taskId: number, day: string, seconds: number, note = '') =>
  created('/api/time-entries/', { task_id: taskId, started_at: `2026-11-${day}T08:00:00Z`, duration_seconds: seconds, note });
const preview = (projectId: number, query = '') => send('GET', `/api/projects/${projectId}/invoice_time/${query}`);
const bill = (projectId: number) => send('POST', `/api/projects/${projectId}/invoice_time/`, {});

it('previews exactly what it then bills: each entry rounded, at the inherited rate, to the cent', async () => {
  const client = await created('/api/contacts/', { name: 'Client Aperçu', ...CLIENT_ADDRESS });
  const project = await created('/api/projects/', { name: 'Aperçu', contact_ids: [client.id], hourly_rate: 75.5 });
  const task = await created('/api/tasks/', { title: 'Développement', project_id: project.id, billable: true });
  const estimated = await created('/api/tasks/', { title: 'Recette', project_id: project.id, billable: true, hourly_rate: 60, estimated_time: 1.5 });
  await entry(task.id, '23', 800, 'Analyse');
  await entry(task.id, '24', 3600);

  const seen = await preview(project.id);
  expect(seen.status).toBe(200);
  // 800 s → 0,25 h (15 min step) × 75,50 € = 18,875 → 18,88 €; 1 h → 75,50 €; the estimate 1,5 h × 60 €.
  expect(seen.body).toEqual({
    client_id: client.id,
    lines: [
      { task_id: task.id, task_title: 'Développement', entry_id: expect.any(Number), description: '23/11/2026 — Analyse', hours: 0.25, hourly_rate: 75.5, total: 18.88 },
      { task_id: task.id, task_title: 'Développement', entry_id: expect.any(Number), description: '24/11/2026', hours: 1, hourly_rate: 75.5, total: 75.5 },
      { task_id: estimated.id, task_title: 'Recette', entry_id: null, description: '', hours: 1.5, hourly_rate: 60, total: 90 },
    ],
    total: 184.38,
  });
  const invoice = await bill(project.id);
  expect(invoice.status).toBe(201);
  expect(invoice.body.line_items.map((l: any) => [l.title, l.description, l.quantity, l.unit_price, l.total])).toEqual(
    seen.body.lines.map((l: any) => [l.task_title, l.description, l.hours, l.hourly_rate, l.total]),
  );
  expect(invoice.body.subtotal).toBe(seen.body.total);
  expect((await preview(project.id)).body).toEqual({ client_id: client.id, lines: [], total: 0 });

  // The task is billed now, but its new time is still offered, and billed by a second invoice.
  const later = await entry(task.id, '26', 1800);
  expect((await preview(project.id)).body.lines).toEqual([expect.objectContaining({ task_id: task.id, entry_id: later.id, hours: 0.5 })]);
  const second = await bill(project.id);
  expect(second.body.line_items.map((l: any) => [l.quantity, l.task_id])).toEqual([[0.5, null]]);
});

it('removing an entry’s line from the draft frees that entry only; it is offered and billed again', async () => {
  const client = await created('/api/contacts/', { name: 'Client Ligne', ...CLIENT_ADDRESS });
  const project = await created('/api/projects/', { name: 'Ligne', contact_ids: [client.id], hourly_rate: 50 });
  const task = await created('/api/tasks/', { title: 'Conseil', project_id: project.id, billable: true });
  const kept = await entry(task.id, '23', 3600, 'Gardée');
  const removed = await entry(task.id, '24', 7200, 'Retirée');
  const draft = (await bill(project.id)).body;
  expect(draft.line_items).toHaveLength(2);

  // The user deletes the second line (and adds a line of their own) and saves the draft.
  const lines = [draft.line_items[0], { ...draft.line_items[0], id: null, title: 'Frais de déplacement', task_id: null, quantity: 1, unit: 'C62' }];
  const saved = await send('PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: client.id, line_items: lines });
  expect(saved.status).toBe(200);
  const invoiceOf = async (id: number) => (await send('GET', `/api/time-entries/${id}/`)).body.invoice?.id ?? null;
  expect(await invoiceOf(kept.id)).toBe(draft.id);
  expect(await invoiceOf(removed.id)).toBeNull();
  expect((await preview(project.id)).body.lines.map((l: any) => l.entry_id)).toEqual([removed.id]);

  // Saving the draft again as it is frees nothing more.
  const resaved = await send('PUT', `/api/invoices/${draft.id}/`, { ...saved.body, client_id: client.id });
  expect(resaved.status).toBe(200);
  expect(await invoiceOf(kept.id)).toBe(draft.id);

  const again = await bill(project.id);
  expect(again.status).toBe(201);
  expect(again.body.line_items.map((l: any) => [l.description, l.quantity])).toEqual([['24/11/2026 — Retirée', 2]]);
  expect(await invoiceOf(removed.id)).toBe(again.body.id);
});

it('a project of several clients: no client until one is chosen, the chosen client’s rate then applies', async () => {
  const a = await created('/api/contacts/', { name: 'Client A', ...CLIENT_ADDRESS, hourly_rate: 40 });
  const b = await created('/api/contacts/', { name: 'Client B', ...CLIENT_ADDRESS });
  const project = await created('/api/projects/', { name: 'Deux clients', contact_ids: [a.id, b.id] });
  const task = await created('/api/tasks/', { title: 'Atelier', project_id: project.id, billable: true, hourly_rate: 0 });
  await entry(task.id, '25', 3600);
  const unchosen = (await preview(project.id)).body;
  expect(unchosen.client_id).toBeNull();
  const chosen = (await preview(project.id, `?client_id=${a.id}`)).body;
  expect(chosen.client_id).toBe(a.id);
  // The client's rate when neither the task nor the project has one.
  expect(chosen.lines[0]).toMatchObject({ hourly_rate: 40, total: 40 });
});

it('refuses what is not the user’s or not an id, never a 500', async () => {
  const client = await created('/api/contacts/', { name: 'Client Mur', ...CLIENT_ADDRESS });
  const project = await created('/api/projects/', { name: 'Mur', contact_ids: [client.id] });
  const bobClient = await created('/api/contacts/', { name: 'Client de Bob', ...CLIENT_ADDRESS }, bobSend);
  expect((await bobSend('GET', `/api/projects/${project.id}/invoice_time/`)).status).toBe(404);
  expect((await preview(project.id, `?client_id=${bobClient.id}`)).status).toBe(400);
  for (const bad of ['0', 'abc', '-1', '1.5', '9'.repeat(400)]) {
    const res = await preview(project.id, `?client_id=${bad}`);
    expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
    expect(res.body.client_id).toEqual(expect.any(Array));
  }
  expect((await preview(project.id, '?nope=1')).status).toBe(400);
});

it('the preview only reads: while a billing holds the entries (PostgreSQL row locks), it answers at once', async () => {
  // SQLite has one writer and readers never wait on it: only PostgreSQL's row locks can stall a read.
  if (t.database.dialect !== 'postgres') return;
  const client = await created('/api/contacts/', { name: 'Client Verrou', ...CLIENT_ADDRESS });
  const project = await created('/api/projects/', { name: 'Verrou', contact_ids: [client.id], hourly_rate: 50 });
  const task = await created('/api/tasks/', { title: 'Audit', project_id: project.id, billable: true });
  const held = await entry(task.id, '25', 3600);

  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let lockerPid!: number;
  const locked = new Promise<void>((resolve) => {
    void t.database.db.transaction().execute(async (trx) => {
      lockerPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      await trx.selectFrom('time_entries').select('id').where('id', '=', held.id).forUpdate().execute();
      resolve();
      await released;
    });
  });
  await locked;
  try {
    let answered = false;
    const seen = preview(project.id).finally(() => (answered = true));
    // Until it answers: no session may be waiting on the billing's lock (a state, not a delay).
    while (!answered) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${lockerPid} = any(pg_blocking_pids(pid))`.execute(t.database.db);
      expect(rows[0].n).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await seen).body.lines).toEqual([expect.objectContaining({ entry_id: held.id, hours: 1 })]);
  } finally {
    release();
  }
});
