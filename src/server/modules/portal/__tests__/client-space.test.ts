import type { TestApp } from '@/server/test/test-app';
import { addressedClient, aliceAndBob, completeProfile, type Send } from '@/server/test/billing-fixtures';
import { addDays, parisToday } from '@/shared/dates';
import { portalClientSpaceSchema, portalDocumentSchema, portalGoneSchema } from '@/shared/contracts/portal';
import { PORTAL_TEXTS } from '@/shared/portal';

/**
 * The client space (issue 27): a contact's link lists that client's issued documents and opens each
 * by its number, with the same rules as a document's link; and the history's « Consulté en ligne
 * par le client », once per document and Paris day. SQLite; PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
let alice: Awaited<ReturnType<typeof aliceAndBob>>['alice'];
let send: Send;
let bobSend: Send;
let colette: number;
let other: number;

beforeAll(async () => {
  ({ t, alice, send, bobSend } = await aliceAndBob());
  await completeProfile(send, alice.email);
  colette = await addressedClient(send);
  other = await addressedClient(send, { name: 'Atelier Voisin', email: 'voisin@exemple.fr' });
  const bob = (await bobSend('GET', '/api/profile/')).body;
  await completeProfile(bobSend, bob.email, { company_name: 'Bob Conseil' });
});
afterAll(() => t.close());

const LINES = [{ title: 'Conception', quantity: 2, unit_price: 500, tax_rate: 20 }];

async function created(who: Send, url: string, body?: object) {
  const res = await who('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const quote = (client: number, status: string, who: Send = send) =>
  created(who, '/api/quotes/', { title: `Devis ${status}`, client_id: client, status, expiration_date: addDays(parisToday(), 20), line_items: LINES });
const invoice = (client: number, status = 'sent', who: Send = send) =>
  created(who, '/api/invoices/', { title: `Facture ${status}`, client_id: client, status, line_items: LINES });

async function spaceOf(contact: number, who: Send = send) {
  const link = await created(who, `/api/contacts/${contact}/share/`);
  expect(link.url).toMatch(/^http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43}$/);
  return { ...link, token: link.url.split('/p/')[1] as string };
}

let ip = 0;
async function portal(method: 'GET' | 'POST', path: string, payload?: object) {
  const res = await t.app.inject({
    method, url: `/api/portal/${path}`, remoteAddress: `198.51.100.${(++ip % 250) + 1}`, headers: { 'user-agent': 'Mozilla/5.0 (Space test)' },
    ...(payload ? { payload } : {}),
  });
  return { res, status: res.statusCode, body: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : null };
}

const viewEntries = (kind: string, id: number) =>
  t.database.db
    .selectFrom('activities')
    .select(['id', 'changes', 'object_label'])
    .where('object_type', '=', kind)
    .where('object_id', '=', id)
    .where('changes', '=', PORTAL_TEXTS.viewedHistory)
    .execute();

describe('the contact link', () => {
  it('is minted, read and revoked by the owner only; a year after it was made it expires', async () => {
    const before = await send('GET', `/api/contacts/${colette}/share/`);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ active: false, expires_at: null, first_viewed_at: null, last_viewed_at: null, view_count: 0, answer: null });
    const link = await spaceOf(colette);
    const today = parisToday();
    expect(link.expires_at).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28'));
    const opened = await portal('GET', `${link.token}/`);
    expect(opened.status).toBe(200);
    expect(opened.res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(opened.res.headers['cache-control']).toBe('no-store');
    const state = (await send('GET', `/api/contacts/${colette}/share/`)).body;
    expect(state).toMatchObject({ active: true, expires_at: link.expires_at, view_count: 1 });
    expect(state.first_viewed_at).not.toBeNull();

    for (const method of ['POST', 'GET', 'DELETE']) expect((await bobSend(method, `/api/contacts/${colette}/share/`)).status).toBe(404);
    expect((await send('GET', '/api/contacts/999999/share/')).status).toBe(404);

    // A year old: gone, with only how to reach the seller.
    const aged = await spaceOf(colette);
    const yearAgo = new Date(Date.now() - 366 * 86400_000).toISOString();
    await t.database.db.updateTable('portal_links').set({ created_at: yearAgo }).where('kind', '=', 'contact').where('view_count', '=', 0).execute();
    const expired = await portal('GET', `${aged.token}/`);
    expect(expired.status).toBe(410);
    expect(portalGoneSchema.strict().parse(expired.body)).toEqual({ detail: PORTAL_TEXTS.expired, seller: { name: 'Studio Dupont', email: alice.email, phone: '' } });

    expect((await send('DELETE', `/api/contacts/${colette}/share/`)).status).toBe(204);
    const revoked = await portal('GET', `${link.token}/`);
    expect(revoked.status).toBe(410);
    expect(revoked.body.detail).toBe(PORTAL_TEXTS.revoked);
    expect((await send('GET', `/api/contacts/${colette}/share/`)).body.active).toBe(false);
  });
});

describe('the client space', () => {
  it('lists the client’s issued documents, never a draft nor another client’s, without any id', async () => {
    const draftQuote = await quote(colette, 'draft');
    const sent = await quote(colette, 'sent');
    const due = await invoice(colette);
    await invoice(colette, 'draft');
    const credit = await created(send, `/api/invoices/${due.id}/credit_note/`, { reason: 'Geste', line_items: [{ title: 'Remise', description: '', quantity: 1, unit_price: 100 }] });
    const elsewhere = await invoice(other);
    const { token } = await spaceOf(colette);

    const { status, body } = await portal('GET', `${token}/`);
    expect(status).toBe(200);
    const space = portalClientSpaceSchema.strict().parse(body);
    expect(space.seller).toEqual({ name: 'Studio Dupont', email: alice.email, phone: '' });
    expect(space.client_name).toBe('Librairie Colette');
    const numbers = space.documents.map((d) => d.number);
    expect(numbers).toEqual(expect.arrayContaining([sent.quote_number, due.invoice_number, credit.credit_note_number]));
    expect(numbers).not.toContain(elsewhere.invoice_number);
    expect(numbers.every((n) => typeof n === 'string' && n !== '')).toBe(true);
    expect(space.documents.map((d) => d.status)).not.toContain('draft');
    expect(JSON.stringify(body)).not.toContain(draftQuote.title);
    const listedInvoice = space.documents.find((d) => d.number === due.invoice_number)!;
    // 1200 TTC less the credit note's 120.
    expect(listedInvoice).toMatchObject({ kind: 'invoice', kind_display: 'Facture', total: 1200, amount_due: 1080, end_date: due.due_date });
    expect(space.documents.find((d) => d.number === sent.quote_number)).toMatchObject({ kind: 'quote', amount_due: null, status_display: 'Envoyé' });
    expect(JSON.stringify(body)).not.toMatch(/"id"|_id"/);

    const doc = await portal('GET', `${token}/documents/${due.invoice_number}/`);
    expect(doc.status).toBe(200);
    expect(portalDocumentSchema.strict().parse(doc.body)).toMatchObject({ number: due.invoice_number, amount_due: 1080 });
    const pdf = await portal('GET', `${token}/documents/${due.invoice_number}/pdf/`);
    expect(pdf.status).toBe(200);
    expect(pdf.res.headers['content-type']).toBe('application/pdf');
  });

  it('reaches only that client’s documents of that user: the same 404 for anything else', async () => {
    const mine = await invoice(colette);
    const neighbour = await invoice(other);
    const draft = await quote(colette, 'draft');
    // Bob's series has the same numbers as Alice's: one of his is renumbered to a number only he has.
    const bobClient = await addressedClient(bobSend);
    const bobs = [await invoice(bobClient, 'sent', bobSend), await invoice(bobClient, 'sent', bobSend)];
    await t.database.db.updateTable('invoices').set({ number: 'FAC-2026-0999' }).where('id', '=', bobs[1].id).execute();
    bobs[1].invoice_number = 'FAC-2026-0999';
    const { token } = await spaceOf(colette);
    const listed = (await portal('GET', `${token}/`)).body.documents.map((d: { number: string }) => d.number);
    expect(listed).toContain(mine.invoice_number);
    const refused = [neighbour.invoice_number, 'FAC-2026-0999', 'FAC-1999-0001', `${mine.id}`, '%00', 'x'.repeat(90)];
    for (const number of refused) {
      for (const suffix of ['', 'pdf/', 'certificate/']) {
        const res = await portal('GET', `${token}/documents/${encodeURIComponent(number)}/${suffix}`);
        expect([number, suffix, res.status]).toEqual([number, suffix, 404]);
        expect([number, suffix, res.body]).toEqual([number, suffix, { detail: PORTAL_TEXTS.notFound }]);
      }
    }
    // A draft quote has its number already, but was never issued: not listed, not opened.
    expect(listed).not.toContain(draft.quote_number);
    const drafted = await portal('GET', `${token}/documents/${draft.quote_number}/`);
    expect([drafted.status, drafted.body]).toEqual([404, { detail: PORTAL_TEXTS.notFound }]);
    // A document link's token takes no number, a space's needs one.
    const docLink = (await created(send, `/api/invoices/${mine.id}/share/`)).url.split('/p/')[1];
    expect((await portal('GET', `${docLink}/documents/${mine.invoice_number}/`)).status).toBe(404);
    for (const suffix of ['pdf/', 'certificate/']) expect((await portal('GET', `${token}/${suffix}`)).status).toBe(404);
    expect((await portal('POST', `${token}/accept/`, { signer_name: 'Colette', consent: true })).status).toBe(404);
    // Bob's link to his client never lists Alice's documents.
    const bobSpace = await spaceOf(bobClient, bobSend);
    const bobList = (await portal('GET', `${bobSpace.token}/`)).body;
    expect(bobList.documents.map((d: { number: string }) => d.number).sort()).toEqual(bobs.map((b) => b.invoice_number).sort());
    expect(bobList.client_name).toBe('Librairie Colette');
    // Alice's number, in Bob's space: at most Bob's own document of that number, never Alice's.
    const crossed = await portal('GET', `${bobSpace.token}/documents/${mine.invoice_number}/`);
    if (crossed.status === 200) expect(crossed.body.seller.name).toBe('Bob Conseil');
    else expect(crossed.status).toBe(404);
  });

  it('accepts a quote through the space: the same evidence, history and single answer as its own link', async () => {
    const sent = await quote(colette, 'sent');
    const { token } = await spaceOf(colette);
    const path = `${token}/documents/${sent.quote_number}/`;
    expect((await portal('POST', `${path}accept/`, { signer_name: '', consent: true })).status).toBe(400);
    const accepted = await portal('POST', `${path}accept/`, { signer_name: 'Colette Martin', consent: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', answer: { kind: 'accepted', signer_name: 'Colette Martin' }, has_certificate: true, can_answer: false });
    expect((await send('GET', `/api/quotes/${sent.id}/`)).body.status).toBe('accepted');
    const evidence = await t.database.db.selectFrom('quote_acceptances').selectAll().where('quote_id', '=', sent.id).executeTakeFirstOrThrow();
    expect(evidence).toMatchObject({ answer: 'accepted', signer_name: 'Colette Martin', user_agent: 'Mozilla/5.0 (Space test)' });
    const stored = await t.database.db.selectFrom('issued_documents').select('pdf_sha256').where('kind', '=', 'quote').where('document_id', '=', sent.id).executeTakeFirstOrThrow();
    expect(evidence.pdf_sha256).toBe(stored.pdf_sha256);
    const again = await portal('POST', `${path}decline/`, { reason: 'Trop tard' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(PORTAL_TEXTS.alreadyAnswered);
    const certificate = await portal('GET', `${path}certificate/`);
    expect(certificate.status).toBe(200);
    expect(certificate.res.headers['content-type']).toBe('application/pdf');
  });

  it('does not open a document past its own link’s rule (a quote 30 days after its validity)', async () => {
    const old = await quote(colette, 'sent');
    await t.database.db.updateTable('quotes').set({ end_date: addDays(parisToday(), -30) }).where('id', '=', old.id).execute();
    const { token } = await spaceOf(colette);
    expect((await portal('GET', `${token}/`)).body.documents.map((d: { number: string }) => d.number)).not.toContain(old.quote_number);
    expect((await portal('GET', `${token}/documents/${old.quote_number}/`)).status).toBe(404);
  });
});

describe('views in the history', () => {
  it('writes « Consulté en ligne par le client » once per document and Paris day, by its link or the space', async () => {
    const due = await invoice(colette);
    const link = (await created(send, `/api/invoices/${due.id}/share/`)).url.split('/p/')[1];
    const { token } = await spaceOf(colette);
    expect(await viewEntries('invoice', due.id)).toEqual([]);
    // The list alone opens no document.
    await portal('GET', `${token}/`);
    expect(await viewEntries('invoice', due.id)).toEqual([]);
    await portal('GET', `${link}/`);
    await portal('GET', `${link}/`);
    await portal('GET', `${token}/documents/${due.invoice_number}/`);
    const entries = await viewEntries('invoice', due.id);
    expect(entries).toEqual([expect.objectContaining({ changes: 'Consulté en ligne par le client', object_label: due.title })]);
    // The share card's counts still count every opening through the document's link.
    expect((await send('GET', `/api/invoices/${due.id}/share/`)).body.view_count).toBe(2);
    // The owner's history shows it.
    const feed = (await send('GET', '/api/recent-activity/')).body;
    expect(JSON.stringify(feed)).toContain('Consulté en ligne par le client');

    // The next day (the day's key moved back): one more entry.
    await t.database.db.updateTable('activities').set({ dedupe_key: `portal-view:invoice:${due.id}:${addDays(parisToday(), -1)}` }).where('id', '=', entries[0].id).execute();
    await portal('GET', `${token}/documents/${due.invoice_number}/`);
    expect(await viewEntries('invoice', due.id)).toHaveLength(2);
  });
});
