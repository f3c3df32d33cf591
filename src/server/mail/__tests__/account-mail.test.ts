import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/database';
import type { Mailer } from '../mailer';
import { accountMailSettled, parseMail, readOutbox } from '@/server/test/outbox';
import { createTestApp, signUp, STRONG_PASSWORD, uniqueEmail, type TestApp } from '@/server/test/test-app';
import { COMPLETE_PROFILE, readyToInvoice, viaInject } from '@/server/test/billing-fixtures';
import { until } from '@/server/test/server-process';

/**
 * Account e-mails through the outbox (issue 16): activation, password reset and e-mail change
 * messages are stored with the change that needs them and delivered with retries, so a mail server
 * that is down loses none of them; their live links are cleared once delivered and never logged;
 * they never stand for a document's delivery state. Real app (app.inject), real SMTP exchanges,
 * SQLite or PostgreSQL.
 */

jest.setTimeout(60_000);

/** A port nothing listens on yet (the mail server starts there later). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];
/** The token of an account link: its last path segment. */
const tokenOf = (link: string) => link.split('/').filter(Boolean).at(-1)!;

describe('over SMTP, the mail server down at first', () => {
  /** What the mail server accepted; it refuses for good (550) any address starting with 'refuse'. */
  const received: { to: string; subject: string; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith('refuse')) return callback();
      callback(Object.assign(new Error('Boîte inconnue'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push(parseMail(raw));
        callback();
      });
    },
  });
  const mailsTo = (email: string) => received.filter((m) => m.to.includes(email));
  const lines: string[] = [];
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { mailDelivery: { retryDelaysMs: [200, 200, 200], pollMs: 50 }, logger: { level: 'debug', stream: { write: (line) => lines.push(line) } } },
    );
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const accountMessages = () =>
    t.database.db.selectFrom('outbox_messages').selectAll().where('purpose', '=', 'account').orderBy('id').execute();
  const register = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/register/', payload: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD } });
  /** Follows the activation link the mail server received, and signs in. */
  async function activateAndSignIn(email: string) {
    const activation = await t.app.inject({ method: 'GET', url: new URL(linkIn(mailsTo(email)[0].text)).pathname });
    expect(activation.headers.location).toBe('/activation-success');
    const token = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: STRONG_PASSWORD } });
    return { email, auth: { authorization: `Bearer ${token.json().access}` } };
  }
  const tokens: string[] = [];
  const alice = uniqueEmail('alice');
  let aliceAuth: { email: string; auth: { authorization: string } };

  it('registers while the mail server is down; the activation e-mail leaves on a later attempt, and its text is then cleared', async () => {
    const res = await register(alice);
    expect(res.statusCode).toBe(201);
    const [stored] = await accountMessages();
    expect(stored).toMatchObject({
      status: 'pending', attempts: 1, document_kind: null, document_id: null, attachment_name: null, attachment: null,
    });
    expect(stored.last_error).toMatch(/^Le serveur de messagerie n’a pas pu être joint/);
    // Stored whole until it leaves: the link is in it.
    expect(JSON.parse(stored.message)).toMatchObject({ to: alice, subject: 'Activez votre compte Carnet', text: expect.stringContaining('/api/activate/') });

    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    await until(() => mailsTo(alice).length === 1, 'the activation e-mail at its next attempt');
    await accountMailSettled(t.app, t.database.db);
    const link = linkIn(mailsTo(alice)[0].text);
    tokens.push(tokenOf(link));
    const [sent] = await accountMessages();
    expect(sent).toMatchObject({ id: stored.id, status: 'sent', attempts: 2, last_error: null });
    expect(JSON.parse(sent.message)).toEqual({ to: alice, reply_to: null, subject: 'Activez votre compte Carnet', text: '', sender_name: null });
    expect(sent.message).not.toContain(tokenOf(link));

    aliceAuth = await activateAndSignIn(alice);
  });

  it('sends the reset link at once, through the outbox, and clears it once sent', async () => {
    const before = (await accountMessages()).length;
    expect((await t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email: alice } })).statusCode).toBe(200);
    const [reset] = mailsTo(alice).slice(1);
    expect(reset.subject).toBe('Réinitialisation de votre mot de passe Carnet');
    const link = linkIn(reset.text);
    tokens.push(tokenOf(link));
    const rows = await accountMessages();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rows.at(-1)!.message).not.toContain(tokenOf(link));
    // An unknown address: the same answer, nothing stored.
    expect((await t.app.inject({ method: 'POST', url: '/api/reset-password/', payload: { email: uniqueEmail('inconnu') } })).statusCode).toBe(200);
    expect(await accountMessages()).toHaveLength(before + 1);

    const confirm = await t.app.inject({
      method: 'POST', url: `/api${new URL(link).pathname}/`, payload: { password: 'Nouveau-Passe-42', password2: 'Nouveau-Passe-42' },
    });
    expect(confirm.statusCode).toBe(200);
    const token = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: alice, password: 'Nouveau-Passe-42' } });
    aliceAuth = { email: alice, auth: { authorization: `Bearer ${token.json().access}` } };
  });

  it('an e-mail change: the link to the new address and the notice to the current one, both delivered, texts cleared', async () => {
    const newEmail = uniqueEmail('nouvelle');
    const res = await t.app.inject({
      method: 'PUT', url: '/api/profile/', headers: aliceAuth.auth,
      payload: { email: newEmail, first_name: 'Alice', last_name: 'Martin', current_password: 'Nouveau-Passe-42' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pending_email).toBe(newEmail);
    const [confirmation] = mailsTo(newEmail);
    expect(confirmation.subject).toBe('Confirmez votre nouvelle adresse e-mail Carnet');
    expect(mailsTo(alice).at(-1)!.subject).toBe('Changement d’adresse e-mail de votre compte Carnet');
    const link = linkIn(confirmation.text);
    tokens.push(tokenOf(link));
    const rows = (await accountMessages()).slice(-2);
    expect(rows.map((r) => [JSON.parse(r.message).to, r.status, JSON.parse(r.message).text])).toEqual([[newEmail, 'sent', ''], [alice, 'sent', '']]);

    const [, , uid, token] = new URL(link).pathname.split('/');
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/confirm-email/${uid}/${token}/` });
    expect(confirmed.statusCode).toBe(200);
    aliceAuth = { ...aliceAuth, email: newEmail };
  });

  it('an address the mail server refuses for good: the message fails, with its reason, and its link is cleared too', async () => {
    const email = `refuse.${uniqueEmail()}`;
    expect((await register(email)).statusCode).toBe(201);
    const failed = (await accountMessages()).at(-1)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toMatch(/^Le serveur de messagerie a refusé le message \(550/);
    expect(JSON.parse(failed.message)).toMatchObject({ to: email, text: '' });
  });

  it('never stands for a document’s delivery state', async () => {
    const send = viaInject(t, aliceAuth);
    const clientId = await readyToInvoice(send, aliceAuth.email, { email: 'colette@exemple.fr' });
    const invoice = async () =>
      (await send('POST', '/api/invoices/', { title: 'Audit', client_id: clientId, line_items: [{ title: 'Audit', quantity: 1, unit_price: 900 }] })).body;
    const [emailed, never] = [await invoice(), await invoice()];
    expect((await send('POST', `/api/invoices/${emailed.id}/send_email/`)).status).toBe(200);
    await until(() => mailsTo('colette@exemple.fr').length === 1, 'the invoice e-mail');
    const state = async (id: number) => (await send('GET', `/api/invoices/${id}/`)).body.email_delivery;
    for (let s = await state(emailed.id); s.status !== 'sent'; s = await state(emailed.id)) await new Promise((r) => setTimeout(r, 20));

    // Then account messages of the same owner, one of them failed (newer ids than the invoice's).
    const refused = `refuse.${uniqueEmail()}`;
    const change = await send('PUT', '/api/profile/', { ...COMPLETE_PROFILE, email: refused, current_password: 'Nouveau-Passe-42' });
    expect(change.status).toBe(200);
    expect((await accountMessages()).at(-2)).toMatchObject({ status: 'failed' });
    expect(await state(emailed.id)).toMatchObject({ status: 'sent', error: null });
    expect(await state(never.id)).toBeNull();
    const list = (await send('GET', '/api/invoices/')).body;
    const rows = (Array.isArray(list) ? list : list.results) as { id: number; email_delivery?: unknown }[];
    expect(rows.find((r) => r.id === never.id)?.email_delivery ?? null).toBeNull();
  });

  it('a message committed by a process that stopped before sending it is delivered by another', async () => {
    // B: the same database, its own delivery worker stopped before the request (as if it died after the commit).
    const database = openDatabase(t.config.databaseUrl, { searchPath: t.database.schema, poolSize: 2 });
    const notB: Mailer = { send: () => Promise.reject(new Error('B must not send')) };
    const b = await buildApp({ config: t.config, database, mailer: notB, logger: false });
    await b.ready();
    await b.outbox.stop();
    const email = uniqueEmail('orphan');
    try {
      const res = await b.inject({ method: 'POST', url: '/api/register/', payload: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD } });
      expect(res.statusCode).toBe(201);
    } finally {
      await b.close();
      await database.close();
    }
    await until(() => mailsTo(email).length === 1, 'the activation e-mail, sent by the other process');
    await activateAndSignIn(email);
  });

  it('keeps every link token out of the logs, the failed attempts’ lines included', () => {
    const log = lines.join('');
    expect(log).toContain('SMTP delivery failed');
    expect(tokens).toHaveLength(3);
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

describe('with the file mailer, no polling', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Delivery waits for no poll: it starts as the change commits.
    t = await createTestApp({}, { mailDelivery: { pollMs: 600_000 } });
  });
  afterAll(() => t.close());

  const register = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/register/', payload: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD } });
  const users = (email: string) => t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();

  it('delivers as soon as the registration commits', async () => {
    const email = uniqueEmail('aussitot');
    expect((await register(email)).statusCode).toBe(201);
    expect(readOutbox(t.config.dataDir).filter((m) => m.to.includes(email)).map((m) => m.subject)).toEqual(['Activez votre compte Carnet']);
  });

  describe('the message cannot be stored', () => {
    let user: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      user = await signUp(t);
      // The outbox refuses every insert: its message column is renamed for these tests.
      await sql`alter table outbox_messages rename column message to message_off`.execute(t.database.db);
    });
    afterAll(() => sql`alter table outbox_messages rename column message_off to message`.execute(t.database.db));

    it('a registration stores no account without its activation e-mail', async () => {
      const email = uniqueEmail('sans-lien');
      expect((await register(email)).statusCode).toBe(500);
      expect(await users(email)).toEqual([]);
    });

    it('an e-mail change leaves no pending address without its link, and saves none of the request', async () => {
      const res = await t.app.inject({
        method: 'PUT', url: '/api/profile/', headers: user.auth,
        payload: { email: uniqueEmail('nouvelle'), first_name: 'Léa', last_name: 'Martin', current_password: user.password },
      });
      expect(res.statusCode).toBe(500);
      const profile = (await t.app.inject({ method: 'GET', url: '/api/profile/', headers: user.auth })).json();
      expect(profile).toMatchObject({ email: user.email, pending_email: null, first_name: '', last_name: '' });
    });
  });
});
