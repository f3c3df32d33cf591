import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { inOneRateWindow } from '@/server/test/rate-windows';
import { InvoicingWorld, line } from '@/server/test/invoice-fixtures';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/database';
import { createMailer, type Mailer, type OutgoingMail } from '@/server/mail/mailer';
import { pay, viaInject } from '@/server/test/billing-fixtures';
import { addDays } from '@/shared/dates';
import { sleep } from '@/server/test/server-process';
import { outboxSettled } from '@/server/test/outbox';
import { SEND_REMINDER_LIMIT } from '../reminders.routes';

/**
 * Reminders of overdue invoices (issue 15) through the real app and database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): the e-mail of each level with the archived PDF, the refusals,
 * the automatic reminders driven by a fake clock, and two app instances on one database sending
 * each automatic reminder once.
 */

jest.setTimeout(90_000);

const clock = { at: new Date() };
const now = () => new Date(clock.at);
/** The fake clock at noon UTC of a calendar day. */
const setToday = (date: string) => (clock.at = new Date(`${date}T12:00:00.000Z`));

/** Document e-mails (with an attachment) by instance; account e-mails go to the outbox files (sign-up links). */
const sent: (OutgoingMail & { instance: string })[] = [];
let files: Mailer | null = null;
const recorder = (instance: string): Mailer => ({
  async send(mail) {
    if (!mail.attachments?.length) return files!.send(mail);
    sent.push({ ...mail, instance });
  },
});

let t: TestApp;
let world: InvoicingWorld;
let b: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };

beforeAll(async () => {
  const jobs = { autoStart: false, now };
  const mailDelivery = { pollMs: 10 };
  t = await createTestApp({}, { mailer: recorder('A'), mailDelivery, jobs });
  files = createMailer({ smtpUrl: null, from: t.config.mailFrom, dataDir: t.config.dataDir, log: t.app.log });
  world = await new InvoicingWorld(t).setUp();
  const database = openDatabase(t.config.databaseUrl, { searchPath: t.database.schema, poolSize: 4 });
  const app = await buildApp({ config: t.config, database, mailer: recorder('B'), logger: false, mailDelivery, jobs });
  await app.ready();
  b = { app, close: async () => (await app.close(), await database.close()) };
});
afterAll(async () => {
  await b.close();
  await t.close();
});
beforeEach(() => {
  clock.at = new Date();
  sent.length = 0;
});

/** An issued invoice due in 10 days from the real today (its archived PDF made then). */
async function issuedInvoice(extra: object = {}, clientId = world.client.id, who = world.alice) {
  const draft = await world.create(who, 'invoices', { line_items: [line('Accompagnement', 2, 600)], ...extra }, clientId);
  const body = (await world.call(who, 'GET', `/api/invoices/${draft.id}/`)).body;
  const today = body.issue_date as string;
  await world.call(who, 'PUT', `/api/invoices/${draft.id}/`, { ...body, client_id: clientId, due_date: addDays(today, 10) });
  const invoice = await world.issue(who, draft, clientId);
  return invoice as { id: number; invoice_number: string; due_date: string; total_amount: number };
}

const remind = (id: number, body?: object, who = world.alice) => world.call(who, 'POST', `/api/invoices/${id}/send_reminder/`, body ?? {});
/** The account's latest history entries, as JSON text. */
const history = async (who = world.alice) => JSON.stringify((await world.call(who, 'GET', '/api/recent-activity/?limit=50')).body);
const reminders = (id: number) => world.call(world.alice, 'GET', `/api/invoices/${id}/reminders/`);
/** Waits for the outbox to deliver `count` document e-mails. */
async function delivered(count: number) {
  for (let i = 0; sent.length < count && i < 500; i++) await sleep(10);
  expect(sent).toHaveLength(count);
  return sent;
}
const archivedPdf = async (id: number) =>
  Buffer.from(
    (await t.database.db.selectFrom('issued_documents').select('pdf').where('kind', '=', 'invoice').where('document_id', '=', id).executeTakeFirstOrThrow()).pdf!,
  );

describe('sending a reminder', () => {
  it('sends the first, second and final reminders, each naming the invoice, the amount due, the due date and the days late', async () => {
    const invoice = await issuedInvoice();
    await pay(viaInject(t, world.alice), invoice.id, null, 200);
    const due = invoice.due_date;
    setToday(addDays(due, 8));

    const first = await remind(invoice.id);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Relance envoyée à colette@exemple.fr.');
    expect(first.body.reminder).toMatchObject({ level: 1, level_display: 'Relance', automatic: false, recipient: 'colette@exemple.fr', amount_due: 1240, days_late: 8 });
    const [mail] = await delivered(1);
    const number = invoice.invoice_number;
    // The built-in templates (issue 28): {montant} is the amount still due, 'TTC' for a VAT-registered seller.
    expect(mail.subject).toBe(`Relance — Facture ${number} — 1\u202f240,00\u00a0€ TTC restant dû`);
    expect(mail.to).toBe('colette@exemple.fr');
    expect(mail.replyTo).toBe(world.alice.email);
    expect(mail.text).toContain('Bonjour Librairie Colette,');
    expect(mail.text).toContain(`la facture ${number}, arrivée à échéance le ${due.split('-').reverse().join('/')}, n’a pas encore été réglée.`);
    expect(mail.text).toContain('Montant restant dû : 1\u202f240,00\u00a0€ TTC.');
    expect(mail.text).not.toMatch(/mise en demeure|40 €|L441/);
    // Issue 27: the client's link to the invoice, which opens what is still due (to pay it by QR code).
    const link = /Consulter en ligne : (\S+)\/p\/([\w-]+)/.exec(mail.text);
    expect(link?.[1]).toBe(t.config.appUrl);
    const page = await t.app.inject({ method: 'GET', url: `/api/portal/${link![2]}/` });
    expect(page.json()).toMatchObject({ kind: 'invoice', number, amount_due: 1240 });
    // What was sent is what is served: the archived PDF, byte for byte.
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0].filename).toMatch(/\.pdf$/);
    expect(Buffer.compare(Buffer.from(mail.attachments![0].content as Buffer), await archivedPdf(invoice.id))).toBe(0);

    setToday(addDays(due, 20));
    const second = await remind(invoice.id);
    expect(second.body.reminder).toMatchObject({ level: 2, level_display: 'Deuxième relance', days_late: 20 });
    const mail2 = (await delivered(2))[1];
    expect(mail2.subject).toBe(`Deuxième relance — Facture ${number} — 1\u202f240,00\u00a0€ TTC restant dû`);
    expect(mail2.text).toContain(`Malgré notre précédente relance, nous constatons que la facture ${number}, échue le ${due.split('-').reverse().join('/')}`);
    expect(mail2.text).toContain('sous huit jours');

    setToday(addDays(due, 35));
    const final = await remind(invoice.id);
    expect(final.body.reminder).toMatchObject({ level: 3, level_display: 'Dernière relance avant mise en demeure', days_late: 35 });
    const mail3 = (await delivered(3))[2];
    expect(mail3.subject).toBe(`Dernière relance avant mise en demeure — Facture ${number} — 1\u202f240,00\u00a0€ TTC restant dû`);
    expect(mail3.text).toContain('mise en demeure de payer');
    // A professional client (the default): the late penalties and the 40 € indemnity, with their articles.
    expect(mail3.text).toContain('pénalités de retard au taux indiqué sur la facture, exigibles dès le lendemain de la date d’échéance (article L441-10 du Code de commerce)');
    expect(mail3.text).toContain('indemnité forfaitaire pour frais de recouvrement de 40 € (articles L441-10 et D441-5 du Code de commerce)');
    expect(mail3.text).toContain(`Malgré nos relances, la facture ${number}`);
    expect(mail3.text).toContain('Veuillez agréer l’expression de nos salutations distinguées.');

    // No fourth level.
    const more = await remind(invoice.id);
    expect(more.status).toBe(400);
    expect(more.body.detail).toBe('La dernière relance avant mise en demeure a déjà été envoyée pour cette facture.');

    // Listed on the invoice with their delivery state; the invoice's own e-mail state is not theirs.
    const list = await reminders(invoice.id);
    expect(list.body.reminders.map((r: any) => [r.level, r.days_late, r.email_delivery?.status])).toEqual([[1, 8, 'sent'], [2, 20, 'sent'], [3, 35, 'sent']]);
    expect(list.body).toMatchObject({ next_level: null, refusal: 'La dernière relance avant mise en demeure a déjà été envoyée pour cette facture.' });
    expect((await world.call(world.alice, 'GET', `/api/invoices/${invoice.id}/`)).body.email_delivery).toBeNull();

    // In the history.
    const changes = await history();
    expect(changes).toContain('Relance envoyée à colette@exemple.fr');
    expect(changes).toContain('Deuxième relance envoyée à colette@exemple.fr');
    expect(changes).toContain('Dernière relance avant mise en demeure envoyée à colette@exemple.fr');
  });

  it('recalls the legal interest, not the 40 € indemnity, to a consumer in the final reminder', async () => {
    const consumer = await world.call(world.alice, 'POST', '/api/contacts/', {
      name: 'Paul Martin', email: 'paul@exemple.fr', address: '2 rue Basse', postal_code: '69003', city: 'Lyon', client_type: 'particulier',
    });
    expect(consumer.status).toBe(201);
    const invoice = await issuedInvoice({}, consumer.body.id);
    setToday(addDays(invoice.due_date, 3));
    expect((await remind(invoice.id, { level: 3 })).status).toBe(201);
    const [mail] = await delivered(1);
    expect(mail.subject.startsWith('Dernière relance avant mise en demeure — Facture')).toBe(true);
    expect(mail.text).toContain('intérêts au taux légal (article 1231-6 du Code civil)');
    expect(mail.text).not.toMatch(/40 €|D441-5/);
    expect(mail.text).toContain('demeure impayée');
  });

  it('refuses drafts, invoices not yet overdue, paid and fully credited invoices, levels already sent, with French messages', async () => {
    const draft = await world.create(world.alice, 'invoices');
    expect(await remind(draft.id)).toMatchObject({ status: 400, body: { detail: 'Cette facture est un brouillon : envoyez-la avant de relancer votre client.' } });

    const invoice = await issuedInvoice();
    const notDue = await remind(invoice.id);
    expect(notDue.status).toBe(400);
    expect(notDue.body.detail).toBe(
      `Cette facture n’est pas encore en retard (échéance le ${invoice.due_date.split('-').reverse().join('/')}) : une relance ne peut être envoyée qu’après la date d’échéance.`,
    );
    setToday(invoice.due_date);
    expect((await remind(invoice.id)).status).toBe(400); // due today: not late yet
    setToday(addDays(invoice.due_date, 1));
    expect((await remind(invoice.id, { level: 4 })).body).toEqual({
      level: ['Choisissez le niveau de relance : 1 (relance), 2 (deuxième relance) ou 3 (dernière relance avant mise en demeure).'],
    });
    expect((await remind(invoice.id, { level: 2 })).status).toBe(201);
    expect((await remind(invoice.id, { level: 2 })).body.detail).toBe('La deuxième relance a déjà été envoyée pour cette facture.');
    expect((await remind(invoice.id, { level: 1 })).body.detail).toBe('Une relance d’un niveau supérieur a déjà été envoyée pour cette facture.');
    expect(await remind(invoice.id, { urgent: true })).toMatchObject({ status: 400, body: { detail: 'Champ inconnu : « urgent ».' } });
    expect(await remind(invoice.id, [2])).toMatchObject({ status: 400, body: { detail: 'Le corps de la requête doit être un objet JSON.' } });

    const paid = await issuedInvoice();
    await pay(viaInject(t, world.alice), paid.id, null, paid.total_amount);
    setToday(addDays(paid.due_date, 10));
    expect((await remind(paid.id)).body.detail).toBe('Cette facture est payée : il n’y a rien à relancer.');

    const credited = await issuedInvoice();
    expect((await world.call(world.alice, 'POST', `/api/invoices/${credited.id}/credit_note/`, {})).status).toBe(201);
    expect((await remind(credited.id)).body.detail).toBe('Cette facture est entièrement couverte par un avoir : il n’y a rien à relancer.');
    expect((await reminders(credited.id)).body.refusal).toBe('Cette facture est entièrement couverte par un avoir : il n’y a rien à relancer.');

    await outboxSettled([t.app, b.app], t.database.db);
    expect(sent.filter((m) => m.subject.includes(paid.invoice_number) || m.subject.includes(credited.invoice_number))).toEqual([]);
    expect(await t.database.db.selectFrom('invoice_reminders').select('id').where('invoice_id', 'in', [draft.id, paid.id, credited.id]).execute()).toEqual([]);
  });

  it('never sends two reminders of one invoice within the spacing (7 days by default), by hand as automatically (issue 28)', async () => {
    const invoice = await issuedInvoice();
    const day = (n: number) => addDays(invoice.due_date, n).split('-').reverse().join('/');
    setToday(addDays(invoice.due_date, 1));
    expect((await remind(invoice.id)).status).toBe(201);
    const tooSoon = `La relance précédente est partie le ${day(1)} : la suivante pourra partir à partir du ${day(8)} (écart minimum de 7 jours entre deux relances, réglable dans votre profil).`;
    expect(await remind(invoice.id)).toMatchObject({ status: 400, body: { detail: tooSoon } });
    // Whatever the level asked.
    expect(await remind(invoice.id, { level: 3 })).toMatchObject({ status: 400, body: { detail: tooSoon } });
    setToday(addDays(invoice.due_date, 7));
    expect((await reminders(invoice.id)).body).toMatchObject({ next_level: 2, refusal: tooSoon });
    setToday(addDays(invoice.due_date, 8));
    expect((await reminders(invoice.id)).body.refusal).toBeNull();
    expect((await remind(invoice.id)).body.reminder).toMatchObject({ level: 2, days_late: 8 });
    // No spacing: at once.
    expect((await world.call(world.alice, 'PUT', '/api/profile/reminders/', { reminder_spacing_days: 0 })).body.reminder_spacing_days).toBe(0);
    expect((await remind(invoice.id)).body.reminder).toMatchObject({ level: 3, days_late: 8 });
    expect((await world.call(world.alice, 'PUT', '/api/profile/reminders/', { reminder_spacing_days: 7 })).status).toBe(200);
  });

  it('sends the text edited in the send dialog with its copies, and refuses a bad one by field without sending or recording anything (issue 28)', async () => {
    const invoice = await issuedInvoice();
    setToday(addDays(invoice.due_date, 3));
    const refusals = [
      [{ subject: 'Relance\r\nBcc: x@exemple.fr', body: 'Bonjour' }, 'subject'],
      [{ subject: 'Relance', body: '' }, 'body'],
      [{ cc: ['pas-une-adresse'] }, 'cc'],
    ] as const;
    for (const [body, field] of refusals) {
      const res = await remind(invoice.id, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    }
    expect((await reminders(invoice.id)).body).toMatchObject({ reminders: [], next_level: 1 });

    // The dialog's text: the level's template filled for the invoice, then edited by the user.
    const draft = (await world.call(world.alice, 'POST', '/api/email-templates/reminder_1/preview/', { document_id: invoice.id })).body;
    expect(draft.subject).toContain(invoice.invoice_number);
    const edited = { subject: `${draft.subject} (rappel amical)`, body: `Bonjour Colette, un petit rappel.\n\n${draft.body}` };
    const res = await remind(invoice.id, { level: 1, ...edited, cc: ['compta@exemple.fr'] });
    expect(res.status).toBe(201);
    expect(res.body.reminder).toMatchObject({ level: 1, recipient: 'colette@exemple.fr' });
    const [mail] = await delivered(1);
    // As edited, with the client's link under it (the text did not place {lien}).
    expect(mail).toMatchObject({ to: 'colette@exemple.fr', cc: ['compta@exemple.fr'], subject: edited.subject });
    expect(mail.text).toMatch(new RegExp(`^${edited.body.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\nConsulter en ligne : ${t.config.appUrl}/p/[\\w-]{43}$`));
    expect(mail.attachments?.[0].content).toEqual(await archivedPdf(invoice.id));
  });

  it('answers 404 for another user’s invoice, sending nothing', async () => {
    const invoice = await issuedInvoice();
    setToday(addDays(invoice.due_date, 10));
    const other = await signUp(t);
    for (const res of [await remind(invoice.id, {}, other), await world.call(other, 'GET', `/api/invoices/${invoice.id}/reminders/`)]) {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Facture introuvable.');
    }
    expect((await reminders(invoice.id)).body).toMatchObject({ reminders: [], next_level: 1, next_level_display: 'Relance', recipient: 'colette@exemple.fr', refusal: null });
  });

  it('limits a user to 20 reminders an hour, with a French 429, counted once the invoice is theirs', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const other = new InvoicingWorld(limited);
      const user = await signUp(limited);
      const stranger = await signUp(limited);
      const contact = (await other.call(user, 'POST', '/api/contacts/', { name: 'Client', email: 'client@exemple.fr' })).body;
      other.client = contact;
      const draft = await other.create(user, 'invoices');
      const send = (who = user) => other.call(who, 'POST', `/api/invoices/${draft.id}/send_reminder/`, {});
      // Another user's invoice: a 404, not counted against its owner.
      for (let i = 0; i < 25; i++) expect((await send(stranger)).status).toBe(404);
      const { statuses, refused } = await inOneRateWindow(async () => {
        const statuses: number[] = [];
        for (let i = 0; i < SEND_REMINDER_LIMIT.max; i++) statuses.push((await send()).status);
        return { statuses, refused: await send() };
      });
      expect(new Set(statuses)).toEqual(new Set([400])); // a draft: refused, but counted
      expect(refused.status).toBe(429);
      expect(refused.body.detail).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ secondes\.$/);
    } finally {
      await limited.close();
    }
  });
});

describe('automatic reminders', () => {
  // Carol's account: none of the invoices above.
  const settings = (body: object) => world.call(world.carol, 'PUT', '/api/profile/reminders/', body);

  it('are off by default, and their settings are checked with French messages', async () => {
    const user = await signUp(t);
    expect((await world.call(user, 'GET', '/api/profile/reminders/')).body).toEqual({
      auto_reminders: false, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7,
    });
    const bad = await world.call(user, 'PUT', '/api/profile/reminders/', {
      auto_reminders: true, reminder_1_days: 0, reminder_2_days: 'dix', reminder_3_days: 400, reminder_spacing_days: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      reminder_1_days: ['Saisissez un nombre de jours entre 1 et 365.'],
      reminder_2_days: ['Saisissez un nombre entier de jours.'],
      reminder_3_days: ['Saisissez un nombre de jours entre 1 et 365.'],
      reminder_spacing_days: ['Saisissez un nombre de jours entre 0 et 90.'],
    });
    expect((await world.call(user, 'PUT', '/api/profile/reminders/', { auto_reminders: true, reminder_1_days: 10, reminder_2_days: 10 })).body).toEqual({
      reminder_2_days: ['La deuxième relance doit venir après la première.'],
    });
    // Omitted fields keep their value (the second level's 30 days here).
    expect((await world.call(user, 'PUT', '/api/profile/reminders/', { auto_reminders: true, reminder_1_days: null })).body).toEqual({
      reminder_1_days: ['Indiquez après combien de jours envoyer la première relance automatique.'],
      reminder_2_days: ['Fixez d’abord le délai de la première relance.'],
    });
    expect((await world.call(user, 'PUT', '/api/profile/reminders/', { auto_reminders: true, reminder_1_days: 10 })).body).toEqual({
      auto_reminders: true, reminder_1_days: 10, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7,
    });
    expect((await world.call(user, 'GET', '/api/profile/reminders/')).body.reminder_1_days).toBe(10);
  });

  it('with a fake clock: past due + 7 one reminder; again none; past due + 30 the second; never for paid invoices; once across two instances', async () => {
    expect((await settings({ auto_reminders: true, reminder_1_days: 7, reminder_2_days: 30 })).body).toEqual({
      auto_reminders: true, reminder_1_days: 7, reminder_2_days: 30, reminder_3_days: null, reminder_spacing_days: 7,
    });
    const client = await world.call(world.carol, 'POST', '/api/contacts/', {
      name: 'Atelier Brun', email: 'atelier@exemple.fr', address: '8 quai Sud', postal_code: '44000', city: 'Nantes', siren: '732829320',
    });
    const invoice = await issuedInvoice({}, client.body.id, world.carol);
    const paid = await issuedInvoice({}, client.body.id, world.carol);
    await pay(viaInject(t, world.carol), paid.id, null, paid.total_amount);
    // Alice's overdue invoices (tests above) are not reminded: her automatic reminders are off.
    const runBoth = () => Promise.all([t.app.jobs.runDue(), b.app.jobs.runDue()]);
    const levels = async () =>
      (await t.database.db.selectFrom('invoice_reminders').select(['invoice_id', 'level', 'automatic']).where('invoice_id', 'in', [invoice.id, paid.id]).orderBy('level').execute()).map(
        (r) => [Number(r.invoice_id), Number(r.level), Number(r.automatic)],
      );

    setToday(addDays(invoice.due_date, 6));
    await runBoth();
    expect(await levels()).toEqual([]);

    setToday(addDays(invoice.due_date, 8));
    await runBoth();
    expect(await levels()).toEqual([[invoice.id, 1, 1]]);
    const [first] = await delivered(1);
    // Carol is in the franchise en base: no VAT, 1 200 € due.
    expect(first.subject).toBe(`Relance — Facture ${invoice.invoice_number} — 1\u202f200,00\u00a0€ restant dû`);
    expect(first.to).toBe('atelier@exemple.fr');
    expect(first.text).toContain('Montant restant dû : 1\u202f200,00\u00a0€.');

    clock.at = new Date(clock.at.getTime() + 3_600_000 * 5); // later that day, several periods: nothing more
    await runBoth();
    await runBoth();
    expect(await levels()).toEqual([[invoice.id, 1, 1]]);

    setToday(addDays(invoice.due_date, 31));
    await runBoth();
    await runBoth();
    expect(await levels()).toEqual([[invoice.id, 1, 1], [invoice.id, 2, 1]]);
    const mails = await delivered(2);
    expect(mails[1].subject.startsWith('Deuxième relance — Facture')).toBe(true);

    // No automatic final reminder (no delay set for it), and none ever for the paid invoice.
    setToday(addDays(invoice.due_date, 200));
    await runBoth();
    expect(await levels()).toEqual([[invoice.id, 1, 1], [invoice.id, 2, 1]]);
    await outboxSettled([t.app, b.app], t.database.db);
    expect(sent).toHaveLength(2);
    const jobs = await t.database.db.selectFrom('jobs').select(['dedupe_key', 'status']).where('kind', '=', 'reminders:send').execute();
    expect(jobs.sort((x, y) => x.dedupe_key.localeCompare(y.dedupe_key))).toEqual([
      { dedupe_key: `reminder:${invoice.id}:1`, status: 'done' },
      { dedupe_key: `reminder:${invoice.id}:2`, status: 'done' },
    ]);
    expect(await history(world.carol)).toContain('Relance automatique envoyée à atelier@exemple.fr');
  });

  it('turned on for an invoice long overdue: its first level, then the next only after the spacing, never all at once (issue 28)', async () => {
    expect((await settings({ auto_reminders: true, reminder_1_days: 7, reminder_2_days: 15 })).status).toBe(200);
    const client = await world.call(world.carol, 'POST', '/api/contacts/', {
      name: 'Atelier Tardif', email: 'tardif@exemple.fr', address: '3 rue Basse', postal_code: '44000', city: 'Nantes', siren: '732829320',
    });
    const invoice = await issuedInvoice({}, client.body.id, world.carol);
    const runBoth = () => Promise.all([t.app.jobs.runDue(), b.app.jobs.runDue()]);
    const levels = async () =>
      (await t.database.db.selectFrom('invoice_reminders').select('level').where('invoice_id', '=', invoice.id).orderBy('level').execute()).map((r) => Number(r.level));

    // Both levels' delays have passed: the first goes, the second waits a week.
    setToday(addDays(invoice.due_date, 40));
    await runBoth();
    await runBoth();
    expect(await levels()).toEqual([1]);
    setToday(addDays(invoice.due_date, 46));
    await runBoth();
    expect(await levels()).toEqual([1]);
    setToday(addDays(invoice.due_date, 47));
    await runBoth();
    await runBoth();
    expect(await levels()).toEqual([1, 2]);
    await outboxSettled([t.app, b.app], t.database.db);
  });

  it('wait while the client has no e-mail address (the invoice page says why), and leave once it has one', async () => {
    expect((await settings({ auto_reminders: true, reminder_1_days: 7, reminder_2_days: 30 })).status).toBe(200);
    const address = { address: '2 rue Haute', postal_code: '69001', city: 'Lyon', siren: '732829320' };
    const client = await world.call(world.carol, 'POST', '/api/contacts/', { name: 'Studio Sans Courriel', ...address });
    const invoice = await issuedInvoice({}, client.body.id, world.carol);
    const runBoth = () => Promise.all([t.app.jobs.runDue(), b.app.jobs.runDue()]);
    const levels = async () =>
      (await t.database.db.selectFrom('invoice_reminders').select('level').where('invoice_id', '=', invoice.id).execute()).map((r) => Number(r.level));

    setToday(addDays(invoice.due_date, 8));
    await runBoth();
    expect(await levels()).toEqual([]);
    // No job was spent on it: it would otherwise be done, and the reminder never sent.
    const jobKeys = (await t.database.db.selectFrom('jobs').select('dedupe_key').where('kind', '=', 'reminders:send').execute()).map((j) => j.dedupe_key);
    expect(jobKeys).not.toContain(`reminder:${invoice.id}:1`);
    expect((await world.call(world.carol, 'GET', `/api/invoices/${invoice.id}/reminders/`)).body.refusal).toBe(
      'Le client « Studio Sans Courriel » n’a pas d’adresse e-mail : ajoutez-la à sa fiche avant de relancer la facture.',
    );

    const updated = await world.call(world.carol, 'PUT', `/api/contacts/${client.body.id}/`, { name: 'Studio Sans Courriel', email: 'studio@exemple.fr', ...address });
    expect(updated.status).toBe(200);
    clock.at = new Date(clock.at.getTime() + 3_600_000 * 2); // the next hourly scan
    await runBoth();
    expect(await levels()).toEqual([1]);
    const [mail] = await delivered(1);
    expect(mail.to).toBe('studio@exemple.fr');
  });
});
