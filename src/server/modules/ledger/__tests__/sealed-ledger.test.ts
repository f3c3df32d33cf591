import { createHash, createHmac } from 'node:crypto';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { pay, readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { entryHash } from '../ledger.repository';
import { repairPendingPdfs } from '@/server/modules/documents/issuing';
import type { LedgerCheckpoint } from '@/shared/contracts/ledger';
import { accountMailSettled, readOutbox } from '@/server/test/outbox';

/**
 * A journal no one can rewrite (issue 23), attacked as someone who can write the database but does
 * not hold the ledger key (DATA_DIR/ledger_key): each tamper below is made with SQL behind the
 * API's back, the way the review reproduced them, and must show in GET /api/ledger/verify/ with
 * the first broken entry's number. Archived PDFs whose digest no longer matches are never served.
 */

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'error', stream: { write: (line) => logLines.push(line) } } });
});
afterAll(() => t.close());

const lines = [{ title: 'Conception', quantity: 2, unit_price: 500 }, { title: 'Intégration', quantity: 1, unit_price: 250 }];

/** A user with `count` issued invoices (FAC-…-0001…) and what to send as them. */
async function issuer(count: number) {
  const who = await signUp(t);
  const send = viaInject(t, who);
  const clientId = await readyToInvoice(send, who.email);
  const invoices: { id: number; invoice_number: string }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await send('POST', '/api/invoices/', { title: `Mission ${i + 1}`, client_id: clientId, status: 'sent', line_items: lines });
    expect(res.status).toBe(201);
    invoices.push(res.body);
  }
  const owner = (await t.database.db.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow()).id;
  return { who, send, clientId, invoices, owner };
}

const verify = async (send: Send, checkpoint?: unknown) =>
  (checkpoint === undefined ? await send('GET', '/api/ledger/verify/') : await send('POST', '/api/ledger/verify/', { checkpoint })).body;

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

describe('sealed entries', () => {
  it('verifies a fresh journal, with every PDF stored after the numbering', async () => {
    const { send, invoices } = await issuer(2);
    expect(await verify(send)).toEqual({ ok: true, entries: 2, pending_pdfs: 0, checkpoint: null });
    const row = await t.database.db.selectFrom('issued_documents').selectAll().where('document_id', '=', invoices[1].id).where('kind', '=', 'invoice').executeTakeFirstOrThrow();
    expect(row.pdf).not.toBeNull();
    expect(row.pdf_sha256).toBe(sha256(Buffer.from(row.pdf!)));
    expect(row.snapshot_sha256).toBe(sha256(row.snapshot));
  });

  it('sees an entry edited and the whole chain recomputed without the key (unkeyed SHA-256, or another key)', async () => {
    for (const forge of [
      (fields: unknown[]) => createHash('sha256').update(JSON.stringify(fields)).digest('hex'),
      (fields: unknown[]) => createHmac('sha256', 'x'.repeat(64)).update(JSON.stringify(fields)).digest('hex'),
    ]) {
      const { send, owner, invoices } = await issuer(3);
      const db = t.database.db;
      const entries = await db.selectFrom('ledger_entries').selectAll().where('owner_id', '=', owner).orderBy('seq').execute();
      // The attacker lowers invoice 2's total everywhere it is written, and re-chains from there.
      await db.updateTable('invoices').set({ total_cents: 100 }).where('id', '=', invoices[1].id).execute();
      let previous = entries[0].hash;
      for (const entry of entries.slice(1)) {
        const content = { ...entry, prev_hash: previous, total_cents: entry.seq === 2 ? 100 : entry.total_cents };
        const common = [content.owner_id, content.seq, content.kind, content.document_id, content.number, content.issue_date, content.client_name,
          Number(content.subtotal_cents), Number(content.tax_cents), Number(content.total_cents)];
        const hash = forge(['entry', 2, ...common, content.snapshot_sha256, content.prev_hash]);
        await db.updateTable('ledger_entries').set({ total_cents: content.total_cents, prev_hash: previous, hash }).where('owner_id', '=', owner).where('seq', '=', entry.seq).execute();
        previous = hash;
      }
      await db.updateTable('ledger_heads').set({ hash: previous }).where('owner_id', '=', owner).execute();
      expect(await verify(send)).toMatchObject({ ok: false, broken_at: { seq: 2, number: invoices[1].invoice_number } });
    }
  });

  it('seals with the key only: the same content under the app key verifies (the forgery above differs only by the key)', async () => {
    const { owner } = await issuer(1);
    const entry = await t.database.db.selectFrom('ledger_entries').selectAll().where('owner_id', '=', owner).executeTakeFirstOrThrow();
    expect(entryHash(entry)).toBe(entry.hash);
    expect(entry.seal_version).toBe(2);
  });
});

describe('archived PDFs', () => {
  it('never serves a PDF swapped with its digest recomputed: French 409, a log line at error level, the journal broken there', async () => {
    const { send, invoices, who } = await issuer(2);
    const forged = Buffer.from('%PDF-1.7 forged invoice');
    await t.database.db
      .updateTable('issued_documents')
      .set({ pdf: forged, pdf_sha256: sha256(forged) })
      .where('kind', '=', 'invoice')
      .where('document_id', '=', invoices[0].id)
      .execute();
    logLines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoices[0].id}/generate_pdf/`, headers: who.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain(`Le PDF archivé de la facture ${invoices[0].invoice_number} ne correspond plus à son empreinte`);
    expect(res.body).not.toContain('forged');
    const alert = logLines.map((l) => JSON.parse(l) as { level: number; documentId?: number }).find((l) => l.documentId === invoices[0].id);
    expect(alert?.level).toBe(50);
    // The e-mail path reads the same archive: a re-send is refused the same way, nothing queued.
    const resend = await send('POST', `/api/invoices/${invoices[0].id}/send_email/`);
    expect(resend.status).toBe(409);
    expect(await t.database.db.selectFrom('outbox_messages').select('id').where('document_id', '=', invoices[0].id).where('purpose', '=', 'document').execute()).toEqual([]);
    expect(await verify(send)).toMatchObject({ ok: false, broken_at: { seq: 1, number: invoices[0].invoice_number } });
    // The other invoice is still served.
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${invoices[1].id}/generate_pdf/`, headers: who.auth })).statusCode).toBe(200);
  });

  it('renders a PDF left pending by a crash between the two transactions from its snapshot, sealed, on first download', async () => {
    const { send, invoices, who } = await issuer(1);
    const before = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoices[0].id}/generate_pdf/`, headers: who.auth });
    await t.database.db.updateTable('issued_documents').set({ pdf: null, pdf_sha256: null, pdf_seal: null }).where('kind', '=', 'invoice').where('document_id', '=', invoices[0].id).execute();
    expect(await verify(send)).toMatchObject({ ok: true, pending_pdfs: 1 });
    const after = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoices[0].id}/generate_pdf/`, headers: who.auth });
    expect(after.statusCode).toBe(200);
    // Deterministic from the snapshot (its render date included): the same bytes as before the crash.
    expect(sha256(after.rawPayload)).toBe(sha256(before.rawPayload));
    expect(await verify(send)).toMatchObject({ ok: true, pending_pdfs: 0 });
  });

  it('repairs at start the PDFs a crash left pending, the same bytes, sealed', async () => {
    const { send, invoices, who } = await issuer(2);
    const before = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoices[1].id}/generate_pdf/`, headers: who.auth });
    await t.database.db.updateTable('issued_documents').set({ pdf: null, pdf_sha256: null, pdf_seal: null }).where('kind', '=', 'invoice').where('document_id', 'in', invoices.map((i) => i.id)).execute();
    expect(await repairPendingPdfs(t.database.db)).toBeGreaterThanOrEqual(2);
    expect(await verify(send)).toMatchObject({ ok: true, entries: 2, pending_pdfs: 0 });
    const row = await t.database.db.selectFrom('issued_documents').select('pdf_sha256').where('kind', '=', 'invoice').where('document_id', '=', invoices[1].id).executeTakeFirstOrThrow();
    expect(row.pdf_sha256).toBe(sha256(before.rawPayload));
  });

  it('repairs at start only the newest pending PDFs, up to its limit; an older one is rendered at its first read, the same bytes', async () => {
    const { send, invoices, who } = await issuer(2);
    const pdfOf = (id: number) => t.app.inject({ method: 'GET', url: `/api/invoices/${id}/generate_pdf/`, headers: who.auth });
    const before = await Promise.all(invoices.map((i) => pdfOf(i.id)));
    await t.database.db.updateTable('issued_documents').set({ pdf: null, pdf_sha256: null, pdf_seal: null }).where('kind', '=', 'invoice').where('document_id', 'in', invoices.map((i) => i.id)).execute();
    expect(await repairPendingPdfs(t.database.db, 1)).toBe(1);
    const stored = async (id: number) =>
      (await t.database.db.selectFrom('issued_documents').select('pdf_sha256').where('kind', '=', 'invoice').where('document_id', '=', id).executeTakeFirstOrThrow()).pdf_sha256;
    expect(await stored(invoices[1].id)).toBe(sha256(before[1].rawPayload));
    expect(await stored(invoices[0].id)).toBeNull();
    expect(await verify(send)).toMatchObject({ ok: true, entries: 2, pending_pdfs: 1 });
    const lazily = await pdfOf(invoices[0].id);
    expect(lazily.statusCode).toBe(200);
    expect(sha256(lazily.rawPayload)).toBe(sha256(before[0].rawPayload));
    expect(await verify(send)).toMatchObject({ ok: true, entries: 2, pending_pdfs: 0 });
  });
});

describe('rows behind the journal', () => {
  it.each([
    ['the total of the invoice', 'montants', async (db: TestApp['database']['db'], id: number) => {
      await db.updateTable('invoices').set({ total_cents: 99, subtotal_cents: 99, tax_cents: 0 }).where('id', '=', id).execute();
    }],
    ['a line of the invoice', 'lignes', async (db: TestApp['database']['db'], id: number) => {
      await db.updateTable('invoice_lines').set({ title: 'Autre chose' }).where('document_id', '=', id).where('position', '=', 0).execute();
    }],
    ['its client', 'client', async (db: TestApp['database']['db'], id: number, send: Send) => {
      const other = await send('POST', '/api/contacts/', { name: 'Prête-nom' });
      await db.updateTable('invoices').set({ client_id: other.body.id }).where('id', '=', id).execute();
    }],
    ['its number', 'numéro', async (db: TestApp['database']['db'], id: number) => {
      await db.updateTable('invoices').set({ issue_date: '2000-01-01' }).where('id', '=', id).execute();
    }],
  ])('sees %s edited in the database', async (_what, words, tamper) => {
    const { send, invoices } = await issuer(2);
    await tamper(t.database.db, invoices[1].id, send);
    const result = await verify(send);
    expect(result).toMatchObject({ ok: false, broken_at: { seq: 2, number: invoices[1].invoice_number } });
    expect(result.broken_at.reason).toContain(words);
  });

  it('sees an invoice marked credited without its credit note', async () => {
    const { send, invoices } = await issuer(1);
    await t.database.db.updateTable('invoices').set({ credited_cents: 1200 * 100, status: 'cancelled' }).where('id', '=', invoices[0].id).execute();
    expect((await verify(send)).broken_at).toMatchObject({ seq: 1, reason: expect.stringContaining('avoirs') });
  });

  it('sees a payment deleted behind the API (the invoice says paid, its payments do not)', async () => {
    const { send, invoices } = await issuer(1);
    await pay(send, invoices[0].id, null, 100);
    await t.database.db.deleteFrom('payments').where('invoice_id', '=', invoices[0].id).execute();
    expect((await verify(send)).broken_at).toMatchObject({ seq: 1, reason: expect.stringContaining('paiements') });
  });
});

describe('checkpoints', () => {
  const checkpointOf = async (send: Send): Promise<LedgerCheckpoint> => {
    const res = await send('POST', '/api/ledger/checkpoint/');
    expect(res.status).toBe(200);
    return res.body;
  };

  it('downloads a signed checkpoint as a file, and sees a truncated tail with a rewound head against it', async () => {
    const { send, who, invoices, owner } = await issuer(3);
    const download = await t.app.inject({ method: 'POST', url: '/api/ledger/checkpoint/', headers: who.auth });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="carnet-journal-point-de-controle-\d{4}-\d{2}-\d{2}-3\.json"$/);
    const checkpoint = download.json() as LedgerCheckpoint;
    expect(checkpoint).toMatchObject({ format: 'carnet-ledger-checkpoint/1', seq: 3 });
    expect(await verify(send, checkpoint)).toMatchObject({ ok: true, entries: 3, checkpoint: { seq: 3 } });

    // The attacker removes the last invoice everywhere, rewinds the head and the stored checkpoints.
    const db = t.database.db;
    const last = invoices[2].id;
    const second = await db.selectFrom('ledger_entries').select(['seq', 'hash']).where('owner_id', '=', owner).where('seq', '=', 2).executeTakeFirstOrThrow();
    await db.deleteFrom('ledger_entries').where('owner_id', '=', owner).where('seq', '=', 3).execute();
    await db.updateTable('ledger_heads').set({ seq: 2, hash: second.hash }).where('owner_id', '=', owner).execute();
    await db.deleteFrom('ledger_checkpoints').where('owner_id', '=', owner).execute();
    await db.deleteFrom('issued_documents').where('kind', '=', 'invoice').where('document_id', '=', last).execute();
    await db.deleteFrom('invoice_lines').where('document_id', '=', last).execute();
    await db.deleteFrom('invoices').where('id', '=', last).execute();
    // Invisible from the database alone…
    expect(await verify(send)).toMatchObject({ ok: true, entries: 2 });
    // …but not against the checkpoint the user kept.
    const result = await verify(send, checkpoint);
    expect(result).toMatchObject({ ok: false, entries: 2, broken_at: { seq: 3, number: null } });
    expect(result.broken_at.reason).toContain('ne compte plus que 2 entrée(s)');
  });

  it('sees a truncation against a stored checkpoint too, and an entry that no longer matches one', async () => {
    const { send, owner } = await issuer(2);
    await checkpointOf(send);
    await t.database.db.deleteFrom('ledger_entries').where('owner_id', '=', owner).where('seq', '=', 2).execute();
    const first = await t.database.db.selectFrom('ledger_entries').select('hash').where('owner_id', '=', owner).where('seq', '=', 1).executeTakeFirstOrThrow();
    await t.database.db.updateTable('ledger_heads').set({ seq: 1, hash: first.hash }).where('owner_id', '=', owner).execute();
    expect(await verify(send)).toMatchObject({ ok: false, broken_at: { seq: 2 } });
  });

  it('refuses a forged checkpoint, and another account’s, with a French 400 on the field', async () => {
    const alice = await issuer(1);
    const bob = await issuer(1);
    const checkpoint = await checkpointOf(alice.send);
    const forged = await alice.send('POST', '/api/ledger/verify/', { checkpoint: { ...checkpoint, seq: 0 } });
    expect(forged.status).toBe(400);
    expect(forged.body.checkpoint[0]).toContain('n’est pas authentique');
    const foreign = await bob.send('POST', '/api/ledger/verify/', { checkpoint });
    expect(foreign.status).toBe(400);
    expect(foreign.body.checkpoint[0]).toContain('autre compte');
    for (const junk of [null, 'texte', [], { format: 'autre' }, { ...checkpoint, seq: -1 }]) {
      const res = await alice.send('POST', '/api/ledger/verify/', { checkpoint: junk });
      expect(res.status).toBe(400);
      expect(res.body.checkpoint).toHaveLength(1);
    }
    expect((await alice.send('POST', '/api/ledger/verify/', {})).status).toBe(400);
  });
});

describe('the monthly checkpoint e-mail', () => {
  it('e-mails each journal that moved a signed checkpoint (once), which the verification accepts', async () => {
    const { send, who } = await issuer(1);
    const quiet = await signUp(t);
    await t.app.jobs.runDue();
    await accountMailSettled(t.app, t.database.db);
    const mails = readOutbox(t.config.dataDir).filter((m) => m.to.includes(who.email) && m.subject.startsWith('Point de contrôle'));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('art. 289 VII du CGI');
    const checkpoint = JSON.parse(mails[0].text.split('-----')[1]) as LedgerCheckpoint;
    expect(checkpoint).toMatchObject({ format: 'carnet-ledger-checkpoint/1', seq: 1 });
    expect(await verify(send, checkpoint)).toMatchObject({ ok: true, checkpoint: { seq: 1 } });
    // Nothing for an account without invoices; nothing more this month.
    expect(readOutbox(t.config.dataDir).filter((m) => m.to.includes(quiet.email) && m.subject.startsWith('Point de contrôle'))).toEqual([]);
    await t.app.jobs.runDue();
    await accountMailSettled(t.app, t.database.db);
    expect(readOutbox(t.config.dataDir).filter((m) => m.to.includes(who.email) && m.subject.startsWith('Point de contrôle'))).toHaveLength(1);
  });
});
