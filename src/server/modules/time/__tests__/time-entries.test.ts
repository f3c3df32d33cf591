import { aliceAndBob, CLIENT_ADDRESS, created as createdBy, type Send } from '@/server/test/billing-fixtures';
import type { TestApp } from '@/server/test/test-app';

/**
 * Time entries (issue 28): recorded exactly, one running timer per user (concurrent starts too),
 * the task's actual time their sum, a timesheet cell that creates or adjusts the day's entries,
 * billing that bills each entry once, rounded at billing time at the inherited rate, and an entry
 * billed on an issued invoice that never changes. SQLite and PostgreSQL.
 */

let t: TestApp;
let send: Send;
let bobSend: Send;

beforeAll(async () => {
  ({ t, send, bobSend } = await aliceAndBob());
});
afterAll(() => t.close());

const created = (url: string, body: object, as = send) => createdBy(as, url, body);

async function projectTask(name: string, task: object = {}, project: object = {}) {
  const client = await created('/api/contacts/', { name: `Client ${name}`, ...CLIENT_ADDRESS });
  const p = await created('/api/projects/', { name, contact_ids: [client.id], ...project });
  const tk = await created('/api/tasks/', { title: `Tâche ${name}`, project_id: p.id, billable: true, ...task });
  return { client, project: p, task: tk };
}

const actualTime = async (taskId: number) => (await send('GET', `/api/tasks/${taskId}/`)).body.actual_time;

it('records an entry exactly as given (end or duration), keeps the task’s actual time the sum, and refuses bad input in French', async () => {
  const { task } = await projectTask('Saisies');
  const first = await send('POST', '/api/time-entries/', {
    task_id: task.id, started_at: '2026-11-23T08:00:00Z', ended_at: '2026-11-23T08:00:02Z', note: 'Appel',
  });
  expect(first.status).toBe(201);
  // A 2-second run is 2 seconds: nothing is rounded when recording.
  expect(first.body).toMatchObject({ task: { id: task.id, title: 'Tâche Saisies' }, duration_seconds: 2, note: 'Appel', billable: true, invoice: null, locked: false });
  const second = await created('/api/time-entries/', { task_id: task.id, started_at: '2026-11-24T09:00:00Z', duration_seconds: 5400 });
  expect(second.ended_at).toBe('2026-11-24T10:30:00.000Z');
  expect(await actualTime(task.id)).toBe(1.5);

  const changed = await send('PUT', `/api/time-entries/${second.id}/`, { duration_seconds: 3600, billable: false });
  expect(changed.body).toMatchObject({ duration_seconds: 3600, ended_at: '2026-11-24T10:00:00.000Z', billable: false });
  expect(await actualTime(task.id)).toBe(1);

  expect((await send('POST', '/api/time-entries/', { task_id: task.id, started_at: '2026-11-24T09:00:00Z', ended_at: '2026-11-24T08:00:00Z' })).body)
    .toEqual({ ended_at: ['La fin doit suivre le début.'] });
  expect((await send('POST', '/api/time-entries/', { task_id: task.id, started_at: '2026-11-24T09:00:00Z' })).body)
    .toEqual({ duration_seconds: ['Indiquez la fin ou la durée.'] });
  expect((await send('POST', '/api/time-entries/', { started_at: '2026-11-24T09:00:00Z', duration_seconds: 60 })).body)
    .toEqual({ task_id: ['Ce champ est obligatoire.'] });
  expect((await send('POST', '/api/time-entries/', { task_id: task.id, duration_seconds: -5 })).body)
    .toEqual({ duration_seconds: ['La durée ne peut être négative.'] });
  expect((await send('POST', '/api/time-entries/', { task_id: task.id, duration_seconds: 60, hours: 1 })).body).toEqual({ hours: ['Champ inconnu.'] });

  // By task, and by week (Paris days).
  expect((await send('GET', `/api/time-entries/?task=${task.id}`)).body.map((e: any) => e.id)).toEqual([first.body.id, second.id]);
  expect((await send('GET', '/api/time-entries/?from=2026-11-24&to=2026-11-30')).body.map((e: any) => e.id)).toEqual([second.id]);
  expect((await send('GET', '/api/time-entries/?from=2026-11-30&to=2026-11-24')).body).toEqual({ to: ['La fin de la période doit suivre son début.'] });
  // Without a period: this week's.
  expect((await send('GET', '/api/time-entries/')).status).toBe(200);

  expect((await send('DELETE', `/api/time-entries/${first.body.id}/`)).status).toBe(204);
  expect(await actualTime(task.id)).toBe(1);
});

it('another user’s entries and tasks are 404s (or unknown ids in a body)', async () => {
  const { task } = await projectTask('Privé');
  const entry = await created('/api/time-entries/', { task_id: task.id, duration_seconds: 600 });
  expect((await bobSend('GET', `/api/time-entries/${entry.id}/`)).status).toBe(404);
  expect((await bobSend('PUT', `/api/time-entries/${entry.id}/`, { note: 'x' })).status).toBe(404);
  expect((await bobSend('DELETE', `/api/time-entries/${entry.id}/`)).status).toBe(404);
  expect((await bobSend('GET', `/api/time-entries/?task=${task.id}`)).body).toEqual([]);
  expect((await bobSend('POST', '/api/time-entries/start/', { task_id: task.id })).body)
    .toEqual({ task_id: [`Clé primaire « ${task.id} » non valide - l'objet n'existe pas.`] });
  expect((await bobSend('GET', '/api/time-entries/running/')).body).toEqual({ running: null });
});

it('runs one timer at a time: starting another stops the first; stop closes the entry with its exact duration', async () => {
  const { task } = await projectTask('Chrono');
  const other = await created('/api/tasks/', { title: 'Autre tâche' });
  const first = await created('/api/time-entries/start/', { task_id: task.id });
  expect(first).toMatchObject({ ended_at: null, duration_seconds: 0 });
  expect((await send('GET', '/api/time-entries/running/')).body.running).toMatchObject({ id: first.id, task: { title: 'Tâche Chrono' } });
  // A running entry's times change only by stopping it.
  expect((await send('PUT', `/api/time-entries/${first.id}/`, { duration_seconds: 60 })).body).toEqual({ detail: 'Ce chronomètre tourne encore : arrêtez-le d’abord.' });

  const second = await created('/api/time-entries/start/', { task_id: other.id });
  const firstNow = (await send('GET', `/api/time-entries/${first.id}/`)).body;
  expect(firstNow.ended_at).not.toBeNull();
  expect(firstNow.duration_seconds).toBe(Math.round((Date.parse(firstNow.ended_at) - Date.parse(firstNow.started_at)) / 1000));
  expect((await send('GET', '/api/time-entries/running/')).body.running.id).toBe(second.id);

  const stopped = await send('POST', '/api/time-entries/stop/');
  expect(stopped.status).toBe(200);
  expect(stopped.body).toMatchObject({ id: second.id, ended_at: expect.any(String) });
  expect((await send('GET', '/api/time-entries/running/')).body).toEqual({ running: null });
  expect((await send('POST', '/api/time-entries/stop/')).body).toEqual({ detail: 'Aucun chronomètre en cours.' });
});

it('concurrent starts leave exactly one running entry', async () => {
  const tasks = await Promise.all(['A', 'B', 'C', 'D'].map((n) => created('/api/tasks/', { title: `Course ${n}` })));
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all(tasks.map((tk) => send('POST', '/api/time-entries/start/', { task_id: tk.id })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const running = await t.database.db.selectFrom('time_entries').select('id').where('ended_at', 'is', null)
      .where('task_id', 'in', tasks.map((tk) => tk.id)).execute();
    expect(running).toHaveLength(1);
  }
  expect((await send('POST', '/api/time-entries/stop/')).status).toBe(200);
});

it('a timesheet cell sets the task’s total for that day: creates an entry, then adjusts it; typed task time becomes an entry', async () => {
  const { task } = await projectTask('Feuille');
  const cell = (duration_seconds: number, date = '2026-11-25') => send('PUT', '/api/time-entries/day/', { task_id: task.id, date, duration_seconds });
  const one = await cell(5400);
  expect(one.status).toBe(200);
  expect(one.body).toHaveLength(1);
  expect(one.body[0]).toMatchObject({ duration_seconds: 5400, started_at: '2026-11-25T08:00:00.000Z' });
  expect((await cell(7200)).body.map((e: any) => e.duration_seconds)).toEqual([7200]);
  expect((await cell(1800)).body.map((e: any) => e.duration_seconds)).toEqual([1800]);
  expect(await actualTime(task.id)).toBe(0.5);
  expect((await cell(0)).body).toEqual([]);
  expect((await send('PUT', '/api/time-entries/day/', { task_id: task.id, date: '25/11/2026', duration_seconds: 60 })).body)
    .toEqual({ date: ['La date n’a pas le bon format. Utilisez le format AAAA-MM-JJ.'] });

  // The SPEC's actual_time on the task: a new total adds (or trims) entries.
  const typed = await send('PUT', `/api/tasks/${task.id}/`, { actual_time: 2.25 });
  expect(typed.body.actual_time).toBe(2.25);
  expect((await send('GET', `/api/time-entries/?task=${task.id}`)).body.map((e: any) => e.duration_seconds)).toEqual([8100]);
  expect((await send('PUT', `/api/tasks/${task.id}/`, { actual_time: 1 })).body.actual_time).toBe(1);
});

it('bills entries once each, rounded up to the profile’s step at billing (never stored rounded), at the inherited rate', async () => {
  expect((await send('GET', '/api/time-entries/settings/')).body).toEqual({ time_rounding_minutes: 15 });
  expect((await send('PUT', '/api/time-entries/settings/', { time_rounding_minutes: 7 })).body)
    .toEqual({ time_rounding_minutes: ['Choisissez un arrondi parmi : aucun, 1, 5, 6, 10 ou 15 minutes.'] });
  expect((await send('PUT', '/api/time-entries/settings/', { time_rounding_minutes: 6 })).body).toEqual({ time_rounding_minutes: 6 });

  // No rate on the task: the project's 90 €/h.
  const { project, task } = await projectTask('Factu', {}, { hourly_rate: 90 });
  expect(project.hourly_rate).toBe(90);
  const a = await created('/api/time-entries/', { task_id: task.id, started_at: '2026-11-23T08:00:00Z', duration_seconds: 2 });
  const b = await created('/api/time-entries/', { task_id: task.id, started_at: '2026-11-24T08:00:00Z', duration_seconds: 3900, note: 'Ateliers' });
  await created('/api/time-entries/', { task_id: task.id, started_at: '2026-11-24T10:00:00Z', duration_seconds: 600, billable: false });

  const invoice = await send('POST', `/api/projects/${project.id}/invoice_time/`, {});
  expect(invoice.status).toBe(201);
  // 2 s → 6 min = 0.1 h; 65 min → 66 min = 1.1 h; the non-billable entry is left out.
  expect(invoice.body.line_items.map((l: any) => [l.title, l.description, l.quantity, l.unit, l.unit_price])).toEqual([
    ['Tâche Factu', '23/11/2026', 0.1, 'HUR', 90],
    ['Tâche Factu', '24/11/2026 — Ateliers', 1.1, 'HUR', 90],
  ]);
  const entries = (await send('GET', `/api/time-entries/?task=${task.id}`)).body;
  expect(entries.map((e: any) => [e.duration_seconds, e.invoice?.id ?? null])).toEqual([[2, invoice.body.id], [3900, invoice.body.id], [600, null]]);
  // Billed on a draft: it stays as it is until the draft goes.
  expect((await send('PUT', `/api/time-entries/${a.id}/`, { note: 'x' })).status).toBe(400);
  expect((await send('POST', `/api/projects/${project.id}/invoice_time/`, {})).status).toBe(400);

  // Deleting the draft frees the entries.
  expect((await send('DELETE', `/api/invoices/${invoice.body.id}/`)).status).toBe(204);
  expect((await send('GET', `/api/time-entries/${b.id}/`)).body.invoice).toBeNull();

  // Billed again and issued: part of the invoice, never changed.
  const again = (await send('POST', `/api/projects/${project.id}/invoice_time/`, {})).body;
  const issued = await send('PUT', `/api/invoices/${again.id}/`, { ...again, client_id: again.client.id, status: 'sent' });
  expect(issued.status).toBe(200);
  const locked = (await send('GET', `/api/time-entries/${b.id}/`)).body;
  expect(locked).toMatchObject({ locked: true, invoice: { id: again.id, invoice_number: issued.body.invoice_number } });
  const message = `Cette saisie est facturée sur la facture ${issued.body.invoice_number}, émise : elle en fait partie et ne peut plus changer.`;
  expect((await send('PUT', `/api/time-entries/${b.id}/`, { duration_seconds: 60 })).body).toEqual({ detail: message });
  expect((await send('DELETE', `/api/time-entries/${b.id}/`)).body).toEqual({ detail: message });
  // The task's total cannot go below what is billed.
  expect((await send('PUT', `/api/tasks/${task.id}/`, { actual_time: 0 })).body)
    .toEqual({ actual_time: ['Une partie de ce temps est déjà facturée : il ne peut descendre sous 1:05.'] });

  // Later time of the same task is billed by a new invoice, with exact durations when rounding is off.
  await send('PUT', '/api/time-entries/settings/', { time_rounding_minutes: 0 });
  await created('/api/time-entries/', { task_id: task.id, started_at: '2026-11-26T08:00:00Z', duration_seconds: 1800 });
  const later = await send('POST', `/api/projects/${project.id}/invoice_time/`, {});
  expect(later.status).toBe(201);
  expect(later.body.line_items.map((l: any) => [l.quantity, l.task_id])).toEqual([[0.5, null]]);
  await send('PUT', '/api/time-entries/settings/', { time_rounding_minutes: 15 });
});

it('sums a project’s budget, time recorded (hours and value at rates), billed and paid; another user’s project is a 404', async () => {
  const { project, task } = await projectTask('Budget', {}, { hourly_rate: 60, budget: 1000 });
  const own = await created('/api/tasks/', { title: 'Taux propre', project_id: project.id, billable: true, hourly_rate: 100 });
  await created('/api/time-entries/', { task_id: task.id, duration_seconds: 5400 });
  await created('/api/time-entries/', { task_id: own.id, duration_seconds: 1800 });
  const url = `/api/projects/${project.id}/time_budget/`;
  expect((await send('GET', url)).body).toEqual({ budget: 1000, recorded_hours: 2, recorded_value: 140, billed_hours: 0, billed: 0, paid: 0 });
  const invoice = (await send('POST', `/api/projects/${project.id}/invoice_time/`, {})).body;
  const issued = await send('PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: invoice.client.id, status: 'sent' });
  expect(issued.status).toBe(200);
  const budget = (await send('GET', url)).body;
  expect(budget).toMatchObject({ recorded_hours: 2, billed_hours: 2, billed: issued.body.subtotal, paid: 0 });
  expect((await bobSend('GET', url)).status).toBe(404);
});

it('a task’s own rate wins over its project’s', async () => {
  const { project, task } = await projectTask('Taux', { hourly_rate: 120 }, { hourly_rate: 90 });
  await created('/api/time-entries/', { task_id: task.id, duration_seconds: 3600 });
  const invoice = (await send('POST', `/api/projects/${project.id}/invoice_time/`, {})).body;
  expect(invoice.line_items.map((l: any) => [l.quantity, l.unit_price])).toEqual([[1, 120]]);
});

it('never bills an entry twice under concurrent calls', async () => {
  for (let round = 0; round < 3; round++) {
    const { project, task } = await projectTask(`Course facture ${round}`, { hourly_rate: 50 });
    const entries = await Promise.all([1, 2, 3].map((h) => created('/api/time-entries/', { task_id: task.id, started_at: `2026-11-2${h}T08:00:00Z`, duration_seconds: h * 3600 })));
    const answers = await Promise.all(Array.from({ length: 4 }, () => send('POST', `/api/projects/${project.id}/invoice_time/`, {})));
    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 201)) expect([400, 409]).toContain(lost.status);
    expect(won[0].body.line_items).toHaveLength(3);
    const rows = await t.database.db.selectFrom('time_entries').select('invoice_id').where('id', 'in', entries.map((e) => e.id)).execute();
    expect(rows.map((r) => r.invoice_id)).toEqual([won[0].body.id, won[0].body.id, won[0].body.id]);
    const lines = await t.database.db.selectFrom('invoice_lines').select('document_id').where('title', '=', `Tâche Course facture ${round}`).execute();
    expect(lines).toHaveLength(3);
  }
});
