import { addDays, parisToday } from '@/shared/dates';
import { addMonths, occurrenceDate } from '@/shared/recurring';
import { exemptionRequired } from '@/shared/vat';
import { readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { recurringService, type RecurringService } from '../recurring.service';

/**
 * Editing a recurring series (issue 28): PUT /api/recurring-invoices/{id}/ changes its lines, client,
 * title, schedule and mode from the next occurrence on — the next generated invoice bills the new
 * price, an issued occurrence keeps its number, snapshot and PDF to the byte —, validated in French
 * with the invoices' own line rules, another user's series or client refused. SQLite and PostgreSQL.
 */

jest.setTimeout(120_000);

let t: TestApp;
let send: Send;
let other: Send;
let clientId: number;
let service: RecurringService;
const today = parisToday();
const at = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  const alice = await signUp(t);
  send = viaInject(t, alice);
  clientId = await readyToInvoice(send, alice.email);
  other = viaInject(t, await signUp(t));
  service = recurringService({ db: t.database.db, dialect: t.database.dialect, appName: 'Carnet' });
});
afterAll(() => t?.close());

async function ok(res: Promise<{ status: number; body: any }>, status = 200) {
  const answer = await res;
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A series made from a draft of 100 € HT at 20 %, starting on `start` (today: the draft is issued now). */
async function series(start: string, extra: object = {}) {
  const draft = await ok(send('POST', '/api/invoices/', {
    title: 'Abonnement', client_id: clientId, line_items: [{ title: 'Licence', quantity: 1, unit_price: 100, tax_rate: 20 }],
  }), 201);
  return ok(send('POST', `/api/invoices/${draft.id}/make_recurring/`, { frequency: 'monthly', start_date: start, ...extra }), 201);
}

/** The series as the editor sends it back, with `changes`. */
const body = (r: any, changes: object = {}) => ({
  title: r.title, client_id: r.client.id, line_items: r.line_items, frequency: r.frequency,
  next_occurrence_date: r.next_occurrence_date, end_date: r.end_date, mode: r.mode, ...changes,
});
const put = (r: any, changes: object = {}, who = send) => who('PUT', `/api/recurring-invoices/${r.id}/`, body(r, changes));

const generated = (recurrenceId: number) =>
  t.database.db.selectFrom('invoices').select(['id', 'number', 'status', 'occurrence_date', 'total_cents', 'client_id', 'title'])
    .where('recurrence_id', '=', recurrenceId).orderBy('occurrence_date').execute();

it('bills the new lines, client and title from the next occurrence on; an issued occurrence never changes', async () => {
  const r = await series(today);
  const [first] = await generated(r.id);
  expect(first.number).toMatch(/^FAC-/);
  const archive = () => t.database.db.selectFrom('issued_documents').select(['snapshot', 'snapshot_sha256', 'pdf_sha256'])
    .where('kind', '=', 'invoice').where('document_id', '=', first.id).executeTakeFirstOrThrow();
  // Its PDF is archived before make_recurring answers.
  const before = await archive();
  expect(before.pdf_sha256).toMatch(/^[0-9a-f]{64}$/);
  const issuedView = await ok(send('GET', `/api/invoices/${first.id}/`));

  const newClient = await ok(send('POST', '/api/contacts/', {
    name: 'Studio Nouveau', email: 'nouveau@exemple.fr', address: '3 rue Haute', postal_code: '69001', city: 'Lyon', siren: '732829320',
  }), 201);
  const edited = await ok(put(r, {
    title: 'Abonnement annuel',
    client_id: newClient.id,
    line_items: [
      { ...r.line_items[0], unit_price: 150, description: 'Licence premium' },
      { title: 'Support', description: '', quantity: 2.5, unit: 'HUR', unit_price: 40, tax_rate: 10, discount_percent: 10, discount_amount: 0, vat_exemption: '' },
    ],
    mode: 'issue_and_send',
  }));
  // 150 × 1.2 + 2.5 × 40 × 0.9 × 1.1 = 180 + 99.
  expect(edited).toMatchObject({
    title: 'Abonnement annuel', client: { id: newClient.id, name: 'Studio Nouveau' }, total_amount: 279, subtotal: 240,
    next_occurrence_date: addMonths(today, 1), start_date: today, status: 'active', invoices_count: 1, mode: 'issue_and_send',
  });
  expect(edited.line_items.map((l: any) => [l.title, l.quantity, l.unit, l.unit_price, l.tax_rate, l.discount_percent])).toEqual([
    ['Licence', 1, 'C62', 150, 20, 0], ['Support', 2.5, 'HUR', 40, 10, 10],
  ]);
  expect(await ok(send('GET', `/api/recurring-invoices/${r.id}/`))).toEqual(edited);

  // The next occurrence bills the new price, to the new client (a draft: the test clock is ahead of the real today, which issuing refuses).
  await service.generateDueOccurrences(at(addMonths(today, 1)));
  const [again, second] = await generated(r.id);
  expect(second).toMatchObject({ occurrence_date: addMonths(today, 1), total_cents: 27900, client_id: newClient.id, title: 'Abonnement annuel' });
  // The issued one: same number, total, snapshot and PDF digest.
  expect(again).toEqual(first);
  expect(await archive()).toEqual(before);
  expect(await ok(send('GET', `/api/invoices/${first.id}/`))).toMatchObject({
    invoice_number: issuedView.invoice_number, total_amount: 120, pdf_sha256: issuedView.pdf_sha256, client: { id: clientId },
  });

  // One history entry saying what changed.
  const entries = (await ok(send('GET', '/api/recent-activity/?limit=200')))
    .filter((e: any) => e.object_type === 'recurring_invoice' && e.object_id === r.id && e.action === 'mis à jour');
  expect(entries).toHaveLength(1);
  expect(entries[0].changes).toContain('Client: ');
  expect(entries[0].changes).toContain('Studio Nouveau');
  expect(entries[0].changes).toContain('Lignes: 120 € → 279 €');
  expect(entries[0].changes).toContain('Mode: Créer un brouillon → Émettre et envoyer par e-mail');
});

it('changes the schedule from the next occurrence on, and the waiting draft moves with it', async () => {
  const start = addDays(today, 3);
  const r = await series(start);
  const [draft] = await generated(r.id);
  const moved = await ok(put(r, { frequency: 'quarterly', next_occurrence_date: addDays(today, 10) }));
  expect(moved).toMatchObject({ frequency: 'quarterly', frequency_display: 'Trimestrielle', next_occurrence_date: addDays(today, 10) });
  // The draft made recurring is still the first occurrence, now on the new date: no second invoice for it.
  expect(await generated(r.id)).toEqual([{ ...draft, occurrence_date: addDays(today, 10) }]);
  await service.generateDueOccurrences(at(occurrenceDate(addDays(today, 10), 'quarterly', 1)));
  expect((await generated(r.id)).map((i) => [i.id === draft.id, i.occurrence_date])).toEqual([
    [true, addDays(today, 10)], [false, occurrenceDate(addDays(today, 10), 'quarterly', 1)],
  ]);
  // A changed end date alone keeps the schedule.
  const current = await ok(send('GET', `/api/recurring-invoices/${r.id}/`));
  const ended = await ok(put(current, { end_date: addMonths(current.next_occurrence_date, 6) }));
  expect(ended).toMatchObject({ next_occurrence_date: current.next_occurrence_date, start_date: current.start_date });
  // Paused, it stays paused: edited, not resumed.
  const paused = await ok(send('POST', `/api/recurring-invoices/${r.id}/pause/`));
  expect(await ok(put(paused, { title: 'Abonnement trimestriel' }))).toMatchObject({ status: 'paused', title: 'Abonnement trimestriel' });
});

it('refuses bad input in French, with the invoices’ line rules', async () => {
  const r = await series(today);
  const refused = async (changes: object) => {
    const res = await put(r, changes);
    expect(res.status).toBe(400);
    return res.body;
  };
  expect(await refused({ title: '  ' })).toEqual({ title: ['Ce champ ne peut être vide.'] });
  expect(await refused({ line_items: [] })).toEqual({ line_items: ['La facture doit contenir au moins une ligne.'] });
  const lines = await refused({ line_items: [r.line_items[0], { ...r.line_items[0], quantity: 0, tax_rate: 7 }] });
  expect(lines.line_items[0]).toEqual({});
  expect(lines.line_items[1].quantity).toEqual(['Assurez-vous que cette valeur est supérieure à 0.']);
  expect(lines.line_items[1].tax_rate[0]).toMatch(/^Choisissez un taux de TVA parmi/);
  expect(await refused({ line_items: [{ ...r.line_items[0], discount_percent: 10, discount_amount: 5 }] })).toEqual({
    line_items: [{ discount_amount: ['Indiquez la remise en pourcentage ou en montant, pas les deux.'] }],
  });
  expect(await refused({ line_items: [{ ...r.line_items[0], task_id: 1 }] })).toEqual({
    line_items: [{ task_id: ['Une ligne de facturation récurrente ne peut pas facturer une tâche.'] }],
  });
  expect(await refused({ frequency: 'weekly' })).toEqual({ frequency: ['Choisissez une fréquence : mensuelle, trimestrielle ou annuelle.'] });
  expect(await refused({ next_occurrence_date: addDays(today, -1) })).toEqual({
    next_occurrence_date: ['La prochaine facture ne peut pas être datée avant aujourd’hui.'],
  });
  // Today was billed (the draft issued now): the next one comes after it.
  expect((await refused({ next_occurrence_date: today })).next_occurrence_date[0]).toMatch(/^La prochaine facture doit être datée après la dernière \(/);
  expect(await refused({ end_date: addDays(r.next_occurrence_date, -1) })).toEqual({
    end_date: ['La date de fin ne peut pas précéder la prochaine facture.'],
  });
  // The invoices' VAT rules (issue 25): a 0 % line needs its reason, its own or the document's.
  const untaxed = { ...r.line_items[0], tax_rate: 0, vat_exemption: '' };
  expect(await refused({ line_items: [untaxed] })).toEqual({ vat_exemption: [exemptionRequired()] });
  expect(await refused({ line_items: [{ ...untaxed, vat_exemption: 'offert' }] })).toEqual({
    line_items: [{ vat_exemption: [expect.stringContaining('offert')] }],
  });
  expect(await refused({ owner_id: 2 })).toEqual({ owner_id: ['Champ inconnu.'] });
  expect(Object.keys(await refused({ client_id: undefined }))).toEqual(['client_id']);
  // Another user's client is no choice; another user's series is a 404, whatever the body.
  const stranger = await ok(other('POST', '/api/contacts/', { name: 'Ailleurs' }), 201);
  expect(Object.keys(await refused({ client_id: stranger.id }))).toEqual(['client_id']);
  expect((await put(r, {}, other)).status).toBe(404);
  expect((await other('PUT', `/api/recurring-invoices/${r.id}/`, {})).status).toBe(404);
  expect((await send('PUT', '/api/recurring-invoices/999999/', body(r))).status).toBe(404);
  // Nothing changed.
  expect(await ok(send('GET', `/api/recurring-invoices/${r.id}/`))).toEqual(r);
  // A 0 % line with its own reason is taken, and kept.
  const exempt = await ok(put(r, { line_items: [{ ...untaxed, vat_exemption: 'exoneration' }] }));
  expect(exempt.line_items[0]).toMatchObject({ tax_rate: 0, vat_exemption: 'exoneration' });
  expect(exempt.total_amount).toBe(100);
  // A stopped series is not edited.
  await ok(send('POST', `/api/recurring-invoices/${r.id}/stop/`));
  expect((await put(r)).body).toEqual({ detail: 'Cette récurrence est arrêtée : elle ne peut plus être modifiée.' });
});

it('never bills the waiting draft’s period twice when the series is edited while the generator runs', async () => {
  for (let round = 0; round < 3; round++) {
    const r = await series(addDays(today, 1));
    const [draft] = await generated(r.id);
    const [edited] = await Promise.all([
      ok(put(r, { next_occurrence_date: today, line_items: [{ ...r.line_items[0], unit_price: 130 }] })),
      service.generateDueOccurrences(at(today)),
      service.generateDueOccurrences(at(today)),
    ]);
    await service.generateDueOccurrences(at(today));
    // The draft made recurring stands for today's occurrence, alone; the series moved on past it.
    expect((await generated(r.id)).map((i) => [i.id, i.occurrence_date])).toEqual([[draft.id, today]]);
    expect(edited.line_items[0].unit_price).toBe(130);
    expect(await ok(send('GET', `/api/recurring-invoices/${r.id}/`))).toMatchObject({
      next_occurrence_date: addMonths(today, 1), last_invoice: { id: draft.id }, invoices_count: 1,
    });
  }
});
