import { SMTPServer } from 'smtp-server';
import { createTestApp, signUp, STRONG_PASSWORD, TEST_DATABASE_URL, uniqueEmail, type TestApp } from '../test/test-app';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { createMailer, type Mailer, type OutgoingMail } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { readyToInvoice, viaHttp } from '../test/billing-fixtures';
import {
  makeDataDir, newSecretKey, removeDir, sleep, startServer, stopAllServers, throwawayPgDatabase, until, type ServerProcess,
} from '../test/server-process';

/**
 * The mail outbox (issue 16) where it matters: several processes on one database, and a process
 * killed between the commit of a message and its delivery. Sending through the API, the states
 * the page shows and the retries: modules/documents/__tests__/pdf-email.test.ts.
 */

jest.setTimeout(90_000);

describe('two app instances on one database', () => {
  /** What each instance's mailer was given, in order: document e-mails only. */
  const sent: { instance: string; subject: string }[] = [];
  let a: TestApp;
  let b: { close(): Promise<void> };

  /** Records document e-mails (slowly, as SMTP would); account e-mails go to A's outbox files. */
  const recorder = (instance: string, files: Mailer): Mailer => ({
    async send(mail: OutgoingMail) {
      if (!mail.attachments?.length) return files.send(mail);
      await sleep(5);
      sent.push({ instance, subject: mail.subject });
    },
  });

  beforeAll(async () => {
    const settings = { pollMs: 10 };
    let files: Mailer | null = null;
    const forward: Mailer = { send: (mail) => files!.send(mail) };
    a = await createTestApp({}, { mailer: recorder('A', forward), mailDelivery: settings });
    files = createMailer({ smtpUrl: null, from: a.config.mailFrom, dataDir: a.config.dataDir, log: a.app.log });
    // B: the same database (file or PostgreSQL schema), its own connections and delivery worker.
    const database = openDatabase(a.config.databaseUrl, { searchPath: a.database.schema, poolSize: 4 });
    const app = await buildApp({ config: a.config, database, mailer: recorder('B', forward), logger: false, mailDelivery: settings });
    await app.ready();
    b = { close: async () => (await app.close(), await database.close()) };
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('delivers every message once, both taking their share', async () => {
    const user = await signUp(a);
    const { id: ownerId } = await a.database.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow();
    const count = 40;
    await a.database.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= count; i++) {
        const mail = {
          to: 'client@exemple.fr', subject: `Facture n° ${i}`, text: 'Bonjour,',
          attachments: [{ filename: `facture_${i}.pdf`, content: Buffer.from('%PDF-1.7') }],
        };
        await enqueueMail(trx, { ownerId, documentKind: 'invoice', documentId: i, mail });
      }
    });
    const pending = async () =>
      (await a.database.db.selectFrom('outbox_messages').select('id').where('status', '<>', 'sent').execute()).length;
    for (let left = await pending(); left > 0; left = await pending()) await sleep(20);

    expect(sent.map((m) => m.subject).sort()).toEqual(Array.from({ length: count }, (_, i) => `Facture n° ${i + 1}`).sort());
    expect(new Set(sent.map((m) => m.instance))).toEqual(new Set(['A', 'B']));
  });
});

describe('a server killed between the commit and the delivery', () => {
  // ---- An SMTP server that can hold a message: it never answers the end of its data.
  const delivered: { to: string[]; raw: string }[] = [];
  let holding = true;
  let held = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (holding && to.includes(CLIENT)) {
          held++; // no answer: the sender waits, as it would on a stalled mail server
          return;
        }
        delivered.push({ to, raw });
        callback();
      });
    },
  });
  const CLIENT = uniqueEmail('client');

  const dataDir = makeDataDir('outbox');
  const secretKey = newSecretKey();
  let pgDatabase: Awaited<ReturnType<typeof throwawayPgDatabase>> | null = null;
  let env: Record<string, string>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    // A lease of 2 s: a dead process's message is taken over 2 s after its last renewal.
    env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_LEASE_SECONDS: '2' };
    if (TEST_DATABASE_URL) pgDatabase = await throwawayPgDatabase(TEST_DATABASE_URL, 'outbox');
  });
  afterAll(async () => {
    await stopAllServers();
    await pgDatabase?.drop();
    removeDir(dataDir);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const start = () => startServer({ dataDir, secretKey, databaseUrl: pgDatabase?.url, firstPort: 8515, env });

  /** Registers, activates through the link the SMTP server received, and signs in. */
  async function signUpThroughSmtp(server: ServerProcess) {
    const email = uniqueEmail('outbox');
    const reg = await server.request('POST', '/api/register/', { body: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD } });
    expect(reg.status).toBe(201);
    // Delivered through the outbox, just after the answer.
    await until(() => delivered.some((m) => m.to.includes(email)), 'the activation e-mail');
    const mail = delivered.find((m) => m.to.includes(email))!;
    const link = new URL(/https?:\/\/\S+/.exec(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![0]);
    expect((await server.request('GET', link.pathname)).headers.get('location')).toBe('/activation-success');
    const token = await server.request('POST', '/api/token/', { body: { email, password: STRONG_PASSWORD } });
    return { email, token: token.body.access as string };
  }

  it(`${TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}: the next process delivers it, once`, async () => {
    let server = await start();
    const { email, token } = await signUpThroughSmtp(server);
    const clientId = await readyToInvoice(viaHttp(server, token), email, { email: CLIENT });
    const invoice = await server.request('POST', '/api/invoices/', {
      token, body: { title: 'Audit', client_id: clientId, line_items: [{ title: 'Audit', quantity: 1, unit_price: 900 }] },
    });
    const send = await server.request('POST', `/api/invoices/${invoice.body.id}/send_email/`, { token });
    expect(send.status).toBe(200);
    const number = send.body.invoice_number as string;

    // Committed (answered), claimed, and in the middle of its SMTP exchange: kill -9.
    await until(() => held === 1, 'the message reaching the mail server');
    await server.crash();
    holding = false;
    expect(delivered.filter((m) => m.to.includes(CLIENT))).toEqual([]);

    server = await start();
    await until(() => delivered.some((m) => m.to.includes(CLIENT)), 'the message delivered by the new process');
    const page = async () => (await server.request('GET', `/api/invoices/${invoice.body.id}/`, { token })).body;
    for (let state = await page(); state.email_delivery.status !== 'sent'; state = await page()) await sleep(50);
    const mails = delivered.filter((m) => m.to.includes(CLIENT));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain(number);
    expect(await page()).toMatchObject({ status: 'sent', invoice_number: number, email_delivery: { status: 'sent', error: null } });
    await server.stop();
  });
});
