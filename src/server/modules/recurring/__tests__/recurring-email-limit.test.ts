import { parisToday } from '@/shared/dates';
import { readyToInvoice, viaInject } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';

/**
 * One e-mail budget per user (issue 23): recurring invoices issued and sent count against the same
 * limit as send_email and reminders (25 series used to send 25 e-mails in 20 s). Beyond it, an
 * occurrence is created as a draft with the reason, and send_email answers 429.
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
  const series: number[] = [];
  for (let i = 0; i < 3; i++) {
    const source = await send('POST', '/api/invoices/', { title: `Abonnement ${i + 1}`, client_id: clientId, line_items: [{ title: 'Forfait', quantity: 1, unit_price: 100 }] });
    const made = await send('POST', `/api/invoices/${source.body.id}/make_recurring/`, { frequency: 'monthly', start_date: today, mode: 'issue_and_send' });
    expect(made.status).toBe(201);
    series.push(made.body.id);
  }
  await t.app.jobs.runDue();

  const generated = await t.database.db
    .selectFrom('invoices')
    .select(['recurrence_id', 'number', 'status'])
    .where('recurrence_id', 'in', series)
    .orderBy('id')
    .execute();
  expect(generated).toHaveLength(3);
  expect(generated.filter((i) => i.number !== null)).toHaveLength(2);
  const drafted = generated.find((i) => i.number === null)!;
  expect(drafted.status).toBe('draft');
  const recurrence = (await send('GET', `/api/recurring-invoices/${drafted.recurrence_id}/`)).body;
  expect(recurrence.last_error).toContain('limite de 20 e-mails par heure');
  const owner = await t.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow();
  const documentMails = await t.database.db.selectFrom('outbox_messages').select('id').where('owner_id', '=', owner.id).where('purpose', '=', 'document').execute();
  expect(documentMails).toHaveLength(2);

  // The same budget: no e-mail by hand either this hour.
  const draftInvoice = await send('POST', '/api/invoices/', { title: 'Ponctuelle', client_id: clientId, line_items: [{ title: 'Audit', quantity: 1, unit_price: 300 }] });
  const refused = await send('POST', `/api/invoices/${draftInvoice.body.id}/send_email/`);
  expect(refused.status).toBe(429);
});
