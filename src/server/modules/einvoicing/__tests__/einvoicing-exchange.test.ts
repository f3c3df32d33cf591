import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { startSandbox, type Sandbox } from '@/server/test/einvoicing-sandbox/sandbox';
import { addressedClient, completeProfile, pay, viaInject, type Send } from '@/server/test/billing-fixtures';
import { cdarXsdErrors } from '@/server/test/cdar-xsd';
import { parseLifecycleMessage } from '@/server/einvoicing/cdar';
import { LIFECYCLE_PROBLEMS } from '@/shared/einvoicing-lifecycle';
import { SYNC_INTERVAL_MS } from '../einvoicing.exchange';

/**
 * Issue 26, the whole exchange with an approved platform, against the sandbox platform, through
 * the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL): an issued invoice goes
 * out as one flow (even when the platform fails twice), its lifecycle comes back (200…205, a
 * refusal with its reason, a rejection), a payment sends 212 « Encaissée » (valid against the CDAR
 * D22B XSD), and suppliers' invoices in the three formats land once in « Factures reçues », each
 * answer going back to the supplier.
 */

jest.setTimeout(120_000);

const INVOICES = path.join(__dirname, '..', '..', '..', 'einvoicing', '__tests__', 'official-examples', 'invoices');
const officialInvoice = (suffix: string) => readFileSync(path.join(INVOICES, `UC1_F202500003_00-INV_20250701${suffix}`));

let t: TestApp;
/** One sandbox platform per account, as each user has their own platform account (tracking ids are unique per sender). */
const sandboxes: Sandbox[] = [];
/**
 * The job runner's clock runs this far ahead: from a second into a sync period (SYNC_INTERVAL_MS,
 * aligned on the epoch), so that the periodic sync runs only where a test moves the clock to the next
 * period, never because the wall clock crossed a period's end between two steps of a test.
 */
let clockAhead = SYNC_INTERVAL_MS - (Date.now() % SYNC_INTERVAL_MS) + 1_000;

beforeAll(async () => {
  // Retries at once: the runner's backoff is its own test's (jobs.test.ts); here, that a retry never sends twice.
  t = await createTestApp({}, { jobs: { autoStart: false, retryDelaysMs: [0, 0, 0, 0], now: () => new Date(Date.now() + clockAhead) }, einvoicing: { timeoutMs: 5_000 } });
});
afterAll(async () => {
  await t.close();
  await Promise.all(sandboxes.map((s) => s.close()));
});

interface Account {
  send: Send;
  clientId: number;
  auth: { authorization: string };
  sandbox: Sandbox;
}

/** A VAT-registered seller with a French business client (SIREN 732829320, in the sandbox's directory), connected to the sandbox. */
async function connectedAccount(contact: object = {}): Promise<Account> {
  const sandbox = await startSandbox();
  sandboxes.push(sandbox);
  const user = await signUp(t);
  const send = viaInject(t, user);
  await completeProfile(send, user.email);
  const clientId = await addressedClient(send, contact);
  const saved = await send('PUT', '/api/einvoicing/settings/', {
    flow_service_url: sandbox.flowServiceUrl, directory_service_url: sandbox.directoryServiceUrl, token_url: sandbox.tokenUrl,
    client_id: sandbox.clientId, client_secret: sandbox.clientSecret, enabled: true,
  });
  expect(saved.status).toBe(200);
  return { send, clientId, auth: user.auth, sandbox };
}

/** Creates and issues an invoice of services (1 200 € HT at 20 %); returns it. */
async function issueInvoice({ send, clientId }: Pick<Account, 'send' | 'clientId'>, amount = 1200): Promise<any> {
  const draft = await send('POST', '/api/invoices/', {
    title: 'Accompagnement', client_id: clientId, tax_rate: 20, operation_category: 'services',
    line_items: [{ title: 'Conseil', quantity: 1, unit_price: amount }],
  });
  expect(draft.status).toBe(201);
  const issued = await send('PUT', `/api/invoices/${draft.body.id}/`, { ...draft.body, client_id: clientId, status: 'sent' });
  if (issued.status !== 200) throw new Error(JSON.stringify(issued.body));
  return issued.body;
}

/** « Actualiser », then the jobs it scheduled. */
async function sync(send: Send) {
  const res = await send('POST', '/api/einvoicing/sync/');
  expect(res.status).toBe(200);
  await t.app.jobs.runDue();
  return res.body;
}

const flowsTracking = (sandbox: Sandbox, trackingId: string) => sandbox.submitted('Factur-X').filter((f) => f.info.trackingId === trackingId);

describe('sending an issued invoice', () => {
  it('submits it once as a CustomerInvoice flow with its archived Factur-X, even when the platform fails twice; syncing again sends nothing more', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    // Issuing never waits on the platform: the invoice is recorded to send, nothing is sent yet.
    expect(flowsTracking(account.sandbox, invoice.invoice_number)).toHaveLength(0);

    account.sandbox.failSubmissions = 2;
    const report = await sync(account.send);
    expect(report).toMatchObject({ ok: true, scheduled: 1 });
    const flows = flowsTracking(account.sandbox, invoice.invoice_number);
    expect(flows).toHaveLength(1);
    expect(account.sandbox.failSubmissions).toBe(0);
    // What was sent is the archived PDF, byte for byte, with its digest and the B2B processing rule.
    const archived = await account.send('GET', `/api/invoices/${invoice.id}/`);
    expect(archived.body.pdf_sha256).toBe(createHash('sha256').update(flows[0].file).digest('hex'));
    expect(flows[0].info).toMatchObject({ flowSyntax: 'Factur-X', processingRule: 'B2B', sha256: archived.body.pdf_sha256, trackingId: invoice.invoice_number });
    expect(archived.body.einvoicing).toMatchObject({ state: 'submitted', flow_id: flows[0].flow.flowId, message: null });

    // Nothing is sent twice: another sync, the jobs again.
    expect(await sync(account.send)).toMatchObject({ scheduled: 0 });
    expect(flowsTracking(account.sandbox, invoice.invoice_number)).toHaveLength(1);
  });

  it('gives up after the runner’s last attempt and says so on the invoice (no flow, no endless retry)', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    account.sandbox.failSubmissions = 99;
    await sync(account.send);
    expect(flowsTracking(account.sandbox, invoice.invoice_number)).toHaveLength(0);
    const read = (await account.send('GET', `/api/invoices/${invoice.id}/`)).body.einvoicing;
    expect(read).toMatchObject({ state: 'error', state_label: 'Refusée par la plateforme' });
    expect(read.message).toMatch(/^Envoi abandonné après 5 essais : La plateforme \(Flow Service\) a répondu 503/);
    account.sandbox.failSubmissions = 0;
  });

  it('sends a credit note too, and records its statuses on it (BT-3 381), not on the invoice', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    const note = await account.send('POST', `/api/invoices/${invoice.id}/credit_note/`, { reason: 'Annulation' });
    expect(note.status).toBe(201);
    await sync(account.send);
    const number = note.body.credit_note_number as string;
    expect(flowsTracking(account.sandbox, number)).toHaveLength(1);
    account.sandbox.playStatus(number, 205);
    await sync(account.send);
    const read = (await account.send('GET', `/api/credit-notes/${note.body.id}/`)).body;
    expect(read.einvoicing).toMatchObject({ state: 'submitted', status_code: 205 });
    expect(read.einvoicing.history.map((h: { code: number }) => h.code)).toEqual([200, 205]);
    expect((await account.send('GET', `/api/invoices/${invoice.id}/`)).body.einvoicing.history.map((h: { code: number }) => h.code)).toEqual([200]);
    expect((await account.send('GET', '/api/credit-notes/?einvoicing_status=205')).body.map((r: { id: number }) => r.id)).toEqual([note.body.id]);
  });

  it('counts a flow the platform already has (its answer was lost) as sent, without a second one', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    await account.send('POST', '/api/einvoicing/sync/');
    await t.app.jobs.runDue();
    const before = flowsTracking(account.sandbox, invoice.invoice_number);
    expect(before).toHaveLength(1);
    // As if the answer had been lost: Carnet still has it to send, the platform has it. The retry is
    // refused as AlreadyExistingFlow and recorded as sent, with the platform's flow.
    await t.database.db.updateTable('einvoicing_documents').set({ state: 'pending', flow_id: null }).where('document_id', '=', invoice.id).where('document_kind', '=', 'invoice').execute();
    await t.database.db.deleteFrom('jobs').where('dedupe_key', '=', `einvoicing.submit:invoice:${invoice.id}`).execute();
    await t.app.jobs.schedule(t.database.db, { kind: 'einvoicing.submit', key: `einvoicing.submit:invoice:${invoice.id}`, payload: { ownerId: (await ownerOf(invoice.id)), kind: 'invoice', id: invoice.id } });
    await t.app.jobs.runDue();
    expect(flowsTracking(account.sandbox, invoice.invoice_number)).toHaveLength(1);
    const read = await account.send('GET', `/api/invoices/${invoice.id}/`);
    expect(read.body.einvoicing).toMatchObject({ state: 'submitted', flow_id: before[0].flow.flowId });
  });

  it('sends nothing for a private client, and warns when the buyer is not in the directory', async () => {
    const account = await connectedAccount();
    const privateClient = await addressedClient(account.send, { name: 'Marie Curie', client_type: 'particulier', siren: '' });
    const unknownBusiness = await addressedClient(account.send, { name: 'Inconnue SAS', siren: '552100554' });
    const toPrivate = await issueInvoice({ ...account, clientId: privateClient });
    const toUnknown = await issueInvoice({ ...account, clientId: unknownBusiness });
    expect(await sync(account.send)).toMatchObject({ ok: true, scheduled: 1 });
    expect((await account.send('GET', `/api/invoices/${toPrivate.id}/`)).body.einvoicing).toBeNull();
    const unknown = (await account.send('GET', `/api/invoices/${toUnknown.id}/`)).body.einvoicing;
    expect(unknown).toMatchObject({ state: 'not_in_directory', flow_id: null });
    expect(unknown.message).toMatch(/SIREN 552100554.*annuaire.*e-mail/);
    expect(flowsTracking(account.sandbox, toUnknown.invoice_number)).toHaveLength(0);
  });

  it('sends nothing while the platform is off (switched off after being on), and refuses « Actualiser » with a French message', async () => {
    const account = await connectedAccount();
    expect((await account.send('PUT', '/api/einvoicing/settings/', { enabled: false })).status).toBe(200);
    const invoice = await issueInvoice(account);
    const refused = await account.send('POST', '/api/einvoicing/sync/');
    expect(refused).toMatchObject({ status: 400, body: { detail: expect.stringMatching(/Activez d’abord la plateforme/) } });
    clockAhead += SYNC_INTERVAL_MS;
    for (let pass = 0; pass < 3; pass++) await t.app.jobs.runDue();
    expect(account.sandbox.submitted()).toHaveLength(0);
    expect((await account.send('GET', `/api/invoices/${invoice.id}/`)).body.einvoicing).toBeNull();
  });
});

async function ownerOf(invoiceId: number): Promise<number> {
  return (await t.database.db.selectFrom('invoices').select('owner_id').where('id', '=', invoiceId).executeTakeFirstOrThrow()).owner_id;
}

describe('the lifecycle', () => {
  it('records 200…205 on the invoice (timeline, list badge and filter); a message read twice is recorded once', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    await sync(account.send);
    // 200 « Déposée », played by the platform on submission, is read by a sync after it: this one, or
    // the period's own when the jobs that submitted ran it too (the test alone, or a period's end).
    await sync(account.send);
    for (const code of [202, 203, 204, 205] as const) account.sandbox.playStatus(invoice.invoice_number, code);
    const report = await sync(account.send);
    expect(report).toMatchObject({ ok: true, statuses: 4, problems: [] });
    const read = (await account.send('GET', `/api/invoices/${invoice.id}/`)).body;
    expect(read.einvoicing).toMatchObject({ status_code: 205, status_label: 'Approuvée', problem: null });
    expect(read.einvoicing.history.map((h: { code: number }) => h.code)).toEqual([200, 202, 203, 204, 205]);
    expect(read.einvoicing.history.map((h: { label: string }) => h.label)).toEqual(['Déposée', 'Reçue', 'Mise à disposition', 'Prise en charge', 'Approuvée']);

    // Read again (the sync reads a little before its cursor): nothing new.
    await t.database.db.updateTable('einvoicing_settings').set({ sync_cursor: null }).execute();
    await t.database.db.deleteFrom('einvoicing_seen_flows').execute();
    expect(await sync(account.send)).toMatchObject({ statuses: 0 });
    expect((await account.send('GET', `/api/invoices/${invoice.id}/`)).body.einvoicing.history).toHaveLength(5);

    const approved = await account.send('GET', '/api/invoices/?einvoicing_status=205');
    expect(approved.body.map((r: { id: number }) => r.id)).toEqual([invoice.id]);
    expect(approved.body[0].einvoicing_status).toEqual({ code: 205, label: 'Approuvée', problem: false });
    expect((await account.send('GET', '/api/invoices/?einvoicing_status=210')).body).toEqual([]);
    const paged = await account.send('GET', '/api/invoices/?einvoicing_status=205&page_size=10');
    expect(paged.body.map((r: { id: number }) => r.id)).toEqual([invoice.id]);
    const bad = await account.send('GET', '/api/invoices/?einvoicing_status=999');
    expect(bad).toMatchObject({ status: 400, body: { einvoicing_status: [expect.stringMatching(/code de 200 à 213/)] } });
  });

  it('a refusal (210) with its reason tells the user what to do, in the history too; a platform rejection of the flow shows its reasons in French', async () => {
    const account = await connectedAccount();
    const refused = await issueInvoice(account);
    const rejected = await issueInvoice(account, 300);
    const disputed = await issueInvoice(account, 400);
    await sync(account.send);
    account.sandbox.playStatus(refused.invoice_number, 210, { code: 'CMD_ERR', text: 'Le bon de commande n’est pas cité' });
    // A buyer's software that sends the code's label as its text: said once.
    account.sandbox.playStatus(disputed.invoice_number, 207, { code: 'QTE_ERR', text: 'Quantité facturée erronée' });
    account.sandbox.rejectFlow(rejected.invoice_number, 'InvalidSchema', 'XSD error at line 12');
    await sync(account.send);

    const read = (await account.send('GET', `/api/invoices/${refused.id}/`)).body.einvoicing;
    expect(read).toMatchObject({ status_code: 210, status_label: 'Refusée', problem: LIFECYCLE_PROBLEMS[210] });
    expect(read.history.at(-1)).toMatchObject({ code: 210, reason: expect.stringContaining('Le bon de commande n’est pas cité') });
    const row = (await account.send('GET', '/api/invoices/?einvoicing_status=210')).body[0];
    expect(row.einvoicing_status).toEqual({ code: 210, label: 'Refusée', problem: true });
    const history = (await account.send('GET', '/api/recent-activity/')).body;
    const entries = (Array.isArray(history) ? history : history.results).map((e: { changes: string }) => e.changes).join('\n');
    expect(entries).toContain('Facturation électronique : Refusée (motif : Numéro de commande erroné ou absent — Le bon de commande n’est pas cité). Le client a refusé cette facture.');
    expect(entries).toContain('Facturation électronique : En litige (motif : Quantité facturée erronée).');

    const rejection = (await account.send('GET', `/api/invoices/${rejected.id}/`)).body.einvoicing;
    expect(rejection).toMatchObject({ state: 'error', state_label: 'Refusée par la plateforme' });
    expect(rejection.message).toContain('le XML ne respecte pas le schéma attendu (IRR_SYNTAX)');
  });

  it('a payment sends 212 « Encaissée » once, valid against the CDAR XSD, with what was cashed; the invoice reads « Encaissée »', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    await sync(account.send);
    const { payment } = await pay(account.send, invoice.id, null, 500);
    await sync(account.send);
    const messages = account.sandbox.submitted('CDAR').filter((f) => f.info.trackingId === `carnet-212-${payment.id}`);
    expect(messages).toHaveLength(1);
    const xml = new TextDecoder().decode(messages[0].file);
    expect(await cdarXsdErrors(xml)).toEqual([]);
    const [status] = parseLifecycleMessage(xml).statuses;
    expect(status).toMatchObject({ code: 212, invoiceNumber: invoice.invoice_number, invoiceTypeCode: '380', issuerRole: 'SE' });
    expect(status.amounts).toEqual([{ amountCents: 50000, vatRate: '20.00' }]);
    expect(messages[0].flow.flowType).toBe('CustomerInvoiceLC');

    const read = (await account.send('GET', `/api/invoices/${invoice.id}/`)).body.einvoicing;
    expect(read).toMatchObject({ status_code: 212, status_label: 'Encaissée', payment_reports: [{ payment_id: payment.id, state: 'sent', message: null }] });
    // In the order they happened, whatever the hour of the deposit (a 212 dated noon of the payment's
    // day once sat before an afternoon's « Déposée », which stayed the invoice's status).
    expect(read.history.map((h: { code: number }) => h.code)).toEqual([200, 212]);
    expect(read.history[1].at >= read.history[0].at).toBe(true);
    // Once: another sync sends nothing more.
    await sync(account.send);
    expect(account.sandbox.submitted('CDAR').filter((f) => f.info.trackingId === `carnet-212-${payment.id}`)).toHaveLength(1);
  });

  it('the periodic job does the sync without anyone asking', async () => {
    const account = await connectedAccount();
    const invoice = await issueInvoice(account);
    // The next period's sync job, then the account's, then the submission.
    clockAhead += SYNC_INTERVAL_MS;
    for (let pass = 0; pass < 3; pass++) await t.app.jobs.runDue();
    expect(flowsTracking(account.sandbox, invoice.invoice_number)).toHaveLength(1);
  });
});

describe('receiving suppliers’ invoices', () => {
  /** The official invoice F202500003 renumbered: three different invoices, one per format. */
  const renumbered = (file: Buffer, number: string) => Buffer.from(file.toString('utf8').replaceAll('F202500003', number));

  it('files a Factur-X PDF, a CII and a UBL invoice once each, and sends each answer back to the supplier, a refusal and a dispute with their reason codes', async () => {
    const account = await connectedAccount();
    await account.sandbox.deliverSupplierInvoice(officialInvoice('.pdf'), 'F202500003.pdf');
    await account.sandbox.deliverSupplierInvoice(renumbered(officialInvoice('_CII.xml'), 'F202500104'), 'F202500104.xml');
    await account.sandbox.deliverSupplierInvoice(renumbered(officialInvoice('_UBL.xml'), 'F202500105'), 'F202500105.xml');
    // The same invoice delivered twice is filed once.
    await account.sandbox.deliverSupplierInvoice(renumbered(officialInvoice('_UBL.xml'), 'F202500105'), 'F202500105-copie.xml');
    const report = await sync(account.send);
    expect(report).toMatchObject({ ok: true, received: 3 });
    const inbox = (await account.send('GET', '/api/received-invoices/')).body;
    expect(inbox.map((r: { number: string; format: string; source: string }) => [r.number, r.format, r.source]).sort()).toEqual([
      ['F202500003', 'factur-x', 'platform'], ['F202500104', 'cii', 'platform'], ['F202500105', 'ubl', 'platform'],
    ]);

    const byNumber = (n: string) => inbox.find((r: { number: string }) => r.number === n).id as number;
    expect((await account.send('POST', `/api/received-invoices/${byNumber('F202500003')}/status/`, { status: 'approved', reason: '' })).status).toBe(200);
    // A refusal takes only the codes of its rule (BR-FR-CDV-CL-09): not AUTRE.
    const other = await account.send('POST', `/api/received-invoices/${byNumber('F202500104')}/status/`, { status: 'refused', reason_code: 'AUTRE', reason: 'Prestation non commandée' });
    expect(other).toMatchObject({ status: 400, body: { reason_code: [expect.stringContaining('n’est pas un motif admis pour une facture « Refusée »')] } });
    expect((await account.send('POST', `/api/received-invoices/${byNumber('F202500104')}/status/`, { status: 'refused', reason_code: 'CMD_ERR', reason: 'Prestation non commandée' })).status).toBe(200);
    // Without details, the code's French label is the reason's text.
    expect((await account.send('POST', `/api/received-invoices/${byNumber('F202500105')}/status/`, { status: 'disputed', reason_code: 'QTE_ERR' })).status).toBe(200);
    const pending = (await account.send('GET', `/api/received-invoices/${byNumber('F202500104')}/`)).body;
    expect(pending.history.at(-1)).toMatchObject({ code: 210, sent: 'En cours d’envoi au fournisseur' });
    await sync(account.send);

    const answers = account.sandbox.submitted('CDAR').filter((f) => f.flow.flowType === 'SupplierInvoiceLC');
    const parsed = answers.map((f) => parseLifecycleMessage(new TextDecoder().decode(f.file)).statuses[0]);
    expect(parsed.map((s) => [s.invoiceNumber, s.code, s.issuerRole, s.reasonCode, s.reason]).sort()).toEqual([
      ['F202500003', 205, 'BY', null, null],
      ['F202500104', 210, 'BY', 'CMD_ERR', 'Prestation non commandée'],
      ['F202500105', 207, 'BY', 'QTE_ERR', 'Quantité facturée erronée'],
    ]);
    // What the platform read of each (the sandbox checks BR-FR-CDV-15 and BR-FR-CDV-CL-09 as it takes them).
    expect(answers.map((f) => f.status?.reasonCode ?? null).sort()).toEqual(['CMD_ERR', 'QTE_ERR', null]);
    for (const answer of answers) expect(await cdarXsdErrors(new TextDecoder().decode(answer.file))).toEqual([]);
    const sent = (await account.send('GET', `/api/received-invoices/${byNumber('F202500104')}/`)).body;
    expect(sent.history.at(-1)).toMatchObject({ code: 210, sent: 'Envoyé au fournisseur par la plateforme' });
  });

  it('an answer given before reason codes is sent as it was then, under AUTRE; a platform applying BR-FR-CDV-CL-09 refuses it for a 210, and the history says so', async () => {
    const account = await connectedAccount();
    await account.sandbox.deliverSupplierInvoice(renumbered(officialInvoice('_CII.xml'), 'F202500201'), 'F202500201.xml');
    await account.sandbox.deliverSupplierInvoice(renumbered(officialInvoice('_CII.xml'), 'F202500202'), 'F202500202.xml');
    await sync(account.send);
    const inbox = (await account.send('GET', '/api/received-invoices/')).body;
    const byNumber = (n: string) => inbox.find((r: { number: string }) => r.number === n).id as number;
    expect((await account.send('POST', `/api/received-invoices/${byNumber('F202500201')}/status/`, { status: 'disputed', reason_code: 'AUTRE', reason: 'Livraison partielle' })).status).toBe(200);
    expect((await account.send('POST', `/api/received-invoices/${byNumber('F202500202')}/status/`, { status: 'refused', reason_code: 'DOUBLON', reason: 'Déjà reçue' })).status).toBe(200);
    // As stored before migration 0036: no code, the user's words only.
    await t.database.db.updateTable('received_invoice_statuses').set({ reason_code: null })
      .where('received_invoice_id', 'in', [byNumber('F202500201'), byNumber('F202500202')]).execute();
    await sync(account.send);

    const answers = account.sandbox.submitted('CDAR').filter((f) => f.flow.flowType === 'SupplierInvoiceLC');
    expect(answers.map((f) => [f.status?.code, f.status?.reasonCode, f.status?.reason])).toEqual([[207, 'AUTRE', 'Livraison partielle']]);
    const disputed = (await account.send('GET', `/api/received-invoices/${byNumber('F202500201')}/`)).body;
    expect(disputed.history.at(-1)).toMatchObject({ code: 207, reason_code: null, reason_label: null, reason: 'Livraison partielle', sent: 'Envoyé au fournisseur par la plateforme' });
    const refused = (await account.send('GET', `/api/received-invoices/${byNumber('F202500202')}/`)).body;
    expect(refused.history.at(-1)).toMatchObject({ code: 210, reason_code: null, reason: 'Déjà reçue', sent: 'Non envoyé : la plateforme l’a refusé' });
  });

  it('a file beyond 20 Mo from the platform is reported and skipped, never read into memory whole, and not asked for again', async () => {
    const account = await connectedAccount();
    await account.sandbox.deliverSupplierInvoice(Buffer.alloc(21 * 1024 * 1024, 0x41), 'enorme.xml');
    const first = await sync(account.send);
    expect(first).toMatchObject({ ok: true, received: 0, problems: [expect.stringMatching(/plus de 20 Mo pour le flux/)] });
    expect((await account.send('GET', '/api/received-invoices/')).body).toEqual([]);
    expect(await sync(account.send)).toMatchObject({ ok: true, problems: [] });
  });

  it('an uploaded invoice’s answer is recorded, not sent (it did not come through the platform)', async () => {
    const account = await connectedAccount();
    const uploaded = await t.app.inject({
      method: 'POST', url: '/api/received-invoices/import/?name=F202500777.xml', headers: { ...account.auth, 'content-type': 'application/xml' },
      payload: renumbered(officialInvoice('_CII.xml'), 'F202500777'),
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json().id;
    expect((await account.send('POST', `/api/received-invoices/${id}/status/`, { status: 'approved', reason: '' })).status).toBe(200);
    const before = account.sandbox.submitted('CDAR').length;
    await sync(account.send);
    expect(account.sandbox.submitted('CDAR')).toHaveLength(before);
    expect((await account.send('GET', `/api/received-invoices/${id}/`)).body.history.at(-1)).toMatchObject({ code: 205, sent: null });
  });
});
