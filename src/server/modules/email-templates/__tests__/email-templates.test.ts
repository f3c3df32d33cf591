import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { InvoicingWorld, line, type User } from '@/server/test/invoice-fixtures';
import { createMailer, type Mailer, type OutgoingMail } from '@/server/mail/mailer';
import { sleep } from '@/server/test/server-process';
import { pay, viaInject } from '@/server/test/billing-fixtures';
import { addDays } from '@/shared/dates';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_KINDS } from '@/shared/email-templates';

/**
 * E-mail templates (issue 28) through the real app and database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): the templates' API and its refusals, the preview, and what leaves — the
 * template filled for the document, or the subject, text and copies edited in the send dialog.
 */

jest.setTimeout(90_000);

const clock = { at: new Date() };
const now = () => new Date(clock.at);

/** Document e-mails (with an attachment); account e-mails go to the outbox files (sign-up links). */
const sent: OutgoingMail[] = [];
let files: Mailer | null = null;
const recorder: Mailer = {
  async send(mail) {
    if (!mail.attachments?.length) return files!.send(mail);
    sent.push(mail);
  },
};

let t: TestApp;
let world: InvoicingWorld;
let alice: User;

beforeAll(async () => {
  t = await createTestApp({}, { mailer: recorder, mailDelivery: { pollMs: 10 }, jobs: { autoStart: false, now } });
  files = createMailer({ smtpUrl: null, from: t.config.mailFrom, dataDir: t.config.dataDir, log: t.app.log });
  world = await new InvoicingWorld(t).setUp();
  alice = world.alice;
});
afterAll(() => t.close());
beforeEach(() => {
  clock.at = new Date();
  sent.length = 0;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = alice) =>
  t.app
    .inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) })
    .then((res) => ({ status: res.statusCode, body: res.body ? res.json() : null }));

/** Waits for the outbox to deliver `count` document e-mails. */
async function delivered(count: number) {
  for (let i = 0; sent.length < count && i < 500; i++) await sleep(10);
  expect(sent).toHaveLength(count);
  return sent;
}

const euro = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('the templates', () => {
  it('lists every kind with the built-in text until the user saves one; DELETE goes back to it; each user has their own', async () => {
    const bob = await signUp(t);
    const list = await call('GET', '/api/email-templates/');
    expect(list.status).toBe(200);
    expect(list.body.map((tpl: { kind: string }) => tpl.kind)).toEqual([...EMAIL_TEMPLATE_KINDS]);
    expect(list.body.every((tpl: { is_default: boolean }) => tpl.is_default)).toBe(true);
    expect(list.body[0]).toEqual({ kind: 'quote', label: 'Devis', ...DEFAULT_EMAIL_TEMPLATES.quote, is_default: true });

    const saved = await call('PUT', '/api/email-templates/invoice/', { subject: 'Votre facture {numero}', body: 'Bonjour {client},\n\nÀ régler : {montant} avant le {echeance}.' });
    expect(saved).toEqual({
      status: 200,
      body: { kind: 'invoice', label: 'Facture', subject: 'Votre facture {numero}', body: 'Bonjour {client},\n\nÀ régler : {montant} avant le {echeance}.', is_default: false },
    });
    const again = (await call('GET', '/api/email-templates/')).body.find((tpl: { kind: string }) => tpl.kind === 'invoice');
    expect(again).toMatchObject({ subject: 'Votre facture {numero}', is_default: false });
    // Saved twice: one row, the latest text.
    expect((await call('PUT', '/api/email-templates/invoice/', { subject: 'Facture {numero}', body: 'Bonjour {client}' })).body.subject).toBe('Facture {numero}');
    // Bob's templates are his own.
    expect((await call('GET', '/api/email-templates/', undefined, bob)).body.find((tpl: { kind: string }) => tpl.kind === 'invoice')).toMatchObject({ is_default: true });

    const reset = await call('DELETE', '/api/email-templates/invoice/');
    expect(reset).toEqual({ status: 200, body: { kind: 'invoice', label: 'Facture', ...DEFAULT_EMAIL_TEMPLATES.invoice, is_default: true } });
  });

  it('refuses unknown placeholders (named, in French), a subject on two lines, oversized texts, unknown fields and kinds', async () => {
    const put = (body: unknown, kind = 'quote') => call('PUT', `/api/email-templates/${kind}/`, body);
    expect(await put({ subject: 'Devis {numero}', body: 'Bonjour {nom}, voici {montant} et {tva}.' })).toEqual({
      status: 400,
      body: { body: ['Variables inconnues : {nom}, {tva}. Variables possibles : {client}, {numero}, {montant}, {echeance}, {lien}.'] },
    });
    expect(await put({ subject: 'Devis {Numero}', body: 'Bonjour' })).toEqual({
      status: 400,
      body: { subject: ['Variable inconnue : {Numero}. Variables possibles : {client}, {numero}, {montant}, {echeance}, {lien}.'] },
    });
    // Header injection: a subject is one line.
    for (const subject of ['Devis\r\nBcc: tous@exemple.fr', 'Devis\nX-Autre: 1', 'Devis\r']) {
      expect(await put({ subject, body: 'Bonjour' })).toEqual({ status: 400, body: { subject: ['L’objet doit tenir sur une seule ligne.'] } });
    }
    expect((await put({ subject: 'x'.repeat(201), body: 'Bonjour' })).body).toEqual({ subject: ['L’objet ne peut pas dépasser 200 caractères.'] });
    expect((await put({ subject: 'Devis', body: 'x'.repeat(10_001) })).status).toBe(400);
    expect((await put({ subject: ' ', body: '' })).body).toEqual({ subject: ['L’objet est requis.'], body: ['Le message est requis.'] });
    expect((await put({ subject: 'Devis', body: 'Bonjour', owner_id: 2 })).body).toEqual({ owner_id: ['Champ inconnu.'] });
    expect((await put({ subject: 'Devis', body: 'Bonjour' }, 'facture')).status).toBe(404);
    expect((await call('DELETE', '/api/email-templates/relance_9/')).status).toBe(404);
    // Nothing of it was saved.
    expect((await call('GET', '/api/email-templates/')).body[0].is_default).toBe(true);
  });
});

describe('the preview', () => {
  it('fills the text being edited with sample values, or for a document of the user (another user’s is a 404)', async () => {
    const sample = await call('POST', '/api/email-templates/quote/preview/', { subject: 'Devis {numero} pour {client}', body: 'Montant : {montant}.{lien}' });
    expect(sample.status).toBe(200);
    expect(euro(sample.body.subject)).toBe('Devis FAC-2026-0042 pour Librairie Colette');
    // The signature follows: the profile's name, company and signature notice.
    expect(euro(sample.body.body)).toBe('Montant : 1 250,00 €.\nJeanne Dupont\nStudio Dupont\n\nJeanne Dupont — Studio Dupont');

    const quote = await world.create(alice, 'quotes', { expiration_date: '2030-06-30' });
    const real = await call('POST', '/api/email-templates/quote/preview/', { document_id: quote.id });
    expect(euro(real.body.subject)).toBe(`Devis ${quote.quote_number} — 3 101,47 € TTC`);
    expect(euro(real.body.body)).toContain(`le devis ${quote.quote_number}, d’un montant de 3 101,47 € TTC. Il est valable jusqu’au 30/06/2030.`);

    // A draft invoice has no number nor due date yet: they stay placeholders, filled when it leaves.
    const draft = await world.create(alice, 'invoices');
    const draftPreview = await call('POST', '/api/email-templates/invoice/preview/', { document_id: draft.id });
    expect(draftPreview.body.subject).toMatch(/^Facture \{numero\} — /);
    expect(draftPreview.body.body).toContain('payable au plus tard le {echeance}.');

    const carol = world.carol;
    expect((await call('POST', '/api/email-templates/quote/preview/', { document_id: quote.id }, carol)).status).toBe(404);
    expect((await call('POST', '/api/email-templates/invoice/preview/', { document_id: draft.id }, carol)).status).toBe(404);
    expect((await call('POST', '/api/email-templates/reminder_1/preview/', { document_id: draft.id }, carol)).status).toBe(404);
    expect((await call('POST', '/api/email-templates/quote/preview/', { body: '{prix}' })).body).toEqual({
      body: ['Variable inconnue : {prix}. Variables possibles : {client}, {numero}, {montant}, {echeance}, {lien}.'],
    });
  });
});

describe('sending', () => {
  it('sends a document with the user’s saved template filled for it; a value is never read as a placeholder', async () => {
    const contact = await call('POST', '/api/contacts/', { name: 'Atelier {montant}', email: 'atelier@exemple.fr', address: '1 rue Basse', postal_code: '69001', city: 'Lyon' });
    expect(contact.status).toBe(201);
    await call('PUT', '/api/email-templates/quote/', { subject: 'Proposition {numero} — {client}', body: 'Chère équipe {client},\nVotre devis {numero} : {montant}, valable jusqu’au {echeance}.{lien}' });
    const quote = await world.create(alice, 'quotes', { expiration_date: '2030-06-30' }, contact.body.id);
    expect((await call('POST', `/api/quotes/${quote.id}/send_email/`)).status).toBe(200);
    const [mail] = await delivered(1);
    expect(mail.to).toBe('atelier@exemple.fr');
    expect(mail.cc).toBeUndefined();
    expect(mail.subject).toBe(`Proposition ${quote.quote_number} — Atelier {montant}`);
    // {lien}: the client's personal link (issue 27), where the template places it (no second line then).
    const [, link] = /30\/06\/2030\.(http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43})\n/.exec(mail.text) ?? [];
    expect(link).toBeDefined();
    expect(euro(mail.text)).toBe(
      `Chère équipe Atelier {montant},\nVotre devis ${quote.quote_number} : 3 101,47 € TTC, valable jusqu’au 30/06/2030.${link}\nJeanne Dupont\nStudio Dupont\n\nJeanne Dupont — Studio Dupont`,
    );
    await call('DELETE', '/api/email-templates/quote/');
  });

  it('sends the subject, text and copies edited in the send dialog; a draft invoice’s placeholders get its new number', async () => {
    const draft = await world.create(alice, 'invoices', { due_date: addDays(new Date().toISOString().slice(0, 10), 30) });
    const res = await call('POST', `/api/invoices/${draft.id}/send_email/`, {
      subject: 'Facture {numero} — merci !',
      body: 'Bonjour Colette,\n\nVoici la facture {numero}.\n\nJeanne',
      cc: ['compta@exemple.fr', 'Associe@Exemple.fr'],
    });
    expect(res.status).toBe(200);
    const number = res.body.invoice_number as string;
    expect(number).toMatch(/^FAC-\d{4}-\d{4}$/);
    const [mail] = await delivered(1);
    expect(mail).toMatchObject({
      to: 'colette@exemple.fr',
      cc: ['compta@exemple.fr', 'associe@exemple.fr'],
      subject: `Facture ${number} — merci !`,
      // Issue 27: the client's link follows the edited text, which does not place it.
      text: expect.stringMatching(new RegExp(`^Bonjour Colette,\n\nVoici la facture ${number}\\.\n\nJeanne\n\nConsulter en ligne : http://carnet\\.test/p/[A-Za-z0-9_-]{43}$`)),
    });
    // Still the archived PDF.
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments![0].filename).toBe(`facture_${number}.pdf`);
  });

  it('refuses a bad copy, too many copies, a subject on two lines and unknown fields, sending nothing and keeping the draft', async () => {
    const draft = await world.create(alice, 'invoices');
    const send = (body: unknown) => call('POST', `/api/invoices/${draft.id}/send_email/`, body);
    const refused = [
      [{ cc: ['pas-une-adresse'] }, { cc: ['« pas-une-adresse » n’est pas une adresse e-mail valide.'] }],
      [{ cc: ['a@x.fr', 'b@x.fr', 'c@x.fr', 'd@x.fr', 'e@x.fr', 'f@x.fr'] }, { cc: ['5 adresses en copie au plus.'] }],
      [{ subject: 'Facture\r\nBcc: espion@exemple.fr', body: 'Bonjour' }, { subject: ['L’objet doit tenir sur une seule ligne.'] }],
      [{ subject: 'Facture', body: '' }, { body: ['Le message est requis.'] }],
      [{ to: 'autre@exemple.fr' }, { to: ['Champ inconnu.'] }],
    ] as const;
    for (const [body, errors] of refused) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(errors);
    }
    const after = await call('GET', `/api/invoices/${draft.id}/`);
    expect(after.body).toMatchObject({ status: 'draft', invoice_number: null, email_delivery: null });
    // Nothing reached the outbox.
    const queued = await t.database.db.selectFrom('outbox_messages').select('id').where('document_id', '=', draft.id).where('document_kind', '=', 'invoice').execute();
    expect(queued).toEqual([]);
    // Another user's document is a 404 whatever the body.
    expect((await call('POST', `/api/invoices/${draft.id}/send_email/`, { cc: ['a@x.fr'] }, world.carol)).status).toBe(404);
  });

  it('sends a reminder with the template of its level, {montant} being what is still due', async () => {
    await call('PUT', '/api/email-templates/reminder_1/', { subject: 'Petit rappel : {numero}', body: 'Bonjour {client},\nIl reste {montant} à régler depuis le {echeance}.' });
    const draft = await world.create(alice, 'invoices', { line_items: [line('Accompagnement', 2, 600)] });
    const current = (await call('GET', `/api/invoices/${draft.id}/`)).body;
    await call('PUT', `/api/invoices/${draft.id}/`, { ...current, client_id: world.client.id, due_date: addDays(current.issue_date, 10) });
    const invoice = await world.issue(alice, draft);
    await pay(viaInject(t, alice), invoice.id, null, 200);
    clock.at = new Date(`${addDays(invoice.due_date, 8)}T12:00:00.000Z`);

    const preview = await call('POST', '/api/email-templates/reminder_1/preview/', { document_id: invoice.id });
    expect(euro(preview.body.subject)).toBe(`Petit rappel : ${invoice.invoice_number}`);
    expect(euro(preview.body.body)).toContain('Il reste 1 240,00 € TTC à régler');

    expect((await world.call(alice, 'POST', `/api/invoices/${invoice.id}/send_reminder/`, {})).status).toBe(201);
    const [mail] = await delivered(1);
    expect(mail.subject).toBe(`Petit rappel : ${invoice.invoice_number}`);
    const due = invoice.due_date.split('-').reverse().join('/');
    expect(euro(mail.text)).toContain(`Bonjour Librairie Colette,\nIl reste 1 240,00 € TTC à régler depuis le ${due}.\nJeanne Dupont`);
    await call('DELETE', '/api/email-templates/reminder_1/');
  });
});
