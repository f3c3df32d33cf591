import { addDays, parisToday } from '@/shared/dates';
import { readyToInvoice, viaInject } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

/**
 * One e-mail budget per user (issue 23): recurring invoices issued and sent count against the same
 * limit as send_email and reminders (25 series used to send 25 e-mails in 20 s). Beyond it, a draft
 * made recurring from today is refused (429), an occurrence is created (or left) as a draft with
 * the reason, and send_email answers 429.
 */

let t: TestApp;
beforeAll(async () => {
  // 20 × 0.1: two e-mails an hour.
  t = await createTestApp({ RATE_LIMIT_SCALE: '0.1' });
});
afterAll(() => t.close());

it('issues and sends recurring invoices within the user’s e-mail budget, then makes drafts; send_email shares it', async () => {
  const who = await signUp(t);
  const send = viaInject(t, who);
  const clientId = await readyToInvoice(send, who.email);
  const today = parisToday();
  const draft = async (title: string) =>
    (await send('POST', '/api/invoices/', { title, client_id: clientId, line_items: [{ title: 'Forfait', quantity: 1, unit_price: 100 }] })).body;
  // Two drafts made recurring from today: each issued and sent at once (issue 28), the budget spent.
  const series: number[] = [];
  for (let i = 0; i < 2; i++) {
    const made = await send('POST', `/api/invoices/${(await draft(`Abonnement ${i + 1}`)).id}/make_recurring/`, { frequency: 'monthly', start_date: today, mode: 'issue_and_send' });
    expect(made.status).toBe(201);
    series.push(made.body.id);
  }
  // A third from today is refused (429), nothing made: the draft stays a draft outside any series.
  const third = await draft('Abonnement 3');
  const refused = await send('POST', `/api/invoices/${third.id}/make_recurring/`, { frequency: 'monthly', start_date: today, mode: 'issue_and_send' });
  expect(refused.status).toBe(429);
  expect((await send('GET', `/api/invoices/${third.id}/`)).body).toMatchObject({ status: 'draft', recurrence_id: null });
  // A fourth, waiting for a later date, brought to today: the job issues it as a draft with the reason.
  const fourth = await draft('Abonnement 4');
  const waiting = (await send('POST', `/api/invoices/${fourth.id}/make_recurring/`, { frequency: 'monthly', start_date: addDays(today, 3), mode: 'issue_and_send' })).body;
  const moved = await send('PUT', `/api/recurring-invoices/${waiting.id}/`, {
    title: waiting.title, client_id: clientId, line_items: waiting.line_items, frequency: 'monthly', next_occurrence_date: today,
    end_date: null, mode: 'issue_and_send',
  });
  expect(moved.status).toBe(200);
  series.push(waiting.id);
  await t.app.jobs.runDue();

  const generated = await t.database.db
    .selectFrom('invoices')
    .select(['id', 'recurrence_id', 'number', 'status'])
    .where('recurrence_id', 'in', series)
    .orderBy('id')
    .execute();
  expect(generated).toHaveLength(3);
  expect(generated.filter((i) => i.number !== null)).toHaveLength(2);
  const drafted = generated.find((i) => i.number === null)!;
  expect(drafted).toMatchObject({ id: fourth.id, status: 'draft' });
  const recurrence = (await send('GET', `/api/recurring-invoices/${drafted.recurrence_id}/`)).body;
  expect(recurrence.last_error).toContain('limite de 20 e-mails par heure');
  const owner = await t.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
  const documentMails = await t.database.db.selectFrom('outbox_messages').select('id').where('owner_id', '=', owner.id).where('purpose', '=', 'document').execute();
  expect(documentMails).toHaveLength(2);

  // The same budget: no e-mail by hand either this hour.
  const byHand = await send('POST', `/api/invoices/${third.id}/send_email/`);
  expect(byHand.status).toBe(429);
});
