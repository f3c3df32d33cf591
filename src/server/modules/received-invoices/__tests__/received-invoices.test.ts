import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { receivedAnswerSchema } from '@/shared/contracts/received-invoices';
import { RECEIVED_UPLOAD_MAX_BYTES, reasonCodesOf } from '@/shared/received-invoices';

/**
 * « Factures reçues » (issue 26), through the real app on a real database: a supplier's e-invoice
 * uploaded in any of the three formats is filed once (same supplier and number: 409), answered
 * (approve, dispute, refuse with a reason code, paid) with its history, downloaded as received, listed
 * in the purchases register; another user sees none of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;
const api = (user: User, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'einvoicing', '__tests__', 'official-examples', 'invoices');
const file = (suffix: string) => readFileSync(path.join(EXAMPLES, `UC1_F202500003_00-INV_20250701${suffix}`));
const CII = file('_CII.xml');

const upload = (user: User, body: Buffer | string, name = 'facture.xml', type = 'application/xml') =>
  t.app.inject({ method: 'POST', url: `/api/received-invoices/import/?name=${encodeURIComponent(name)}`, headers: { ...user.auth, 'content-type': type }, payload: body });

/** The example as another invoice of the same supplier (number, and its type: 381 for a credit note). */
const variant = (number: string, typeCode = '380') =>
  CII.toString('utf8').replace('<ram:ID>F202500003</ram:ID>', `<ram:ID>${number}</ram:ID>`).replace('<ram:TypeCode>380</ram:TypeCode>', `<ram:TypeCode>${typeCode}</ram:TypeCode>`);

const count = async (table: 'received_invoices' | 'received_invoice_statuses') =>
  Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('filing', () => {
  it('files the official example once, whatever its format, and lists it to its owner only', async () => {
    const [user, other] = [await signUp(t), await signUp(t)];
    const filed = await upload(user, CII, 'F202500003.xml');
    expect(filed.statusCode).toBe(201);
    const invoice = filed.json();
    expect(invoice).toMatchObject({
      number: 'F202500003', type_code: '380', is_credit_note: false, issue_date: '2025-07-01', due_date: '2025-07-31',
      supplier_name: 'LE VENDEUR', supplier_siren: '100000009', total_net: 10000, total_vat: 2000, total_gross: 12000, amount_due: 12000,
      status: 'received', status_display: 'À traiter', format: 'cii', source: 'upload', problems_count: 0, has_pdf: false,
      original_name: 'F202500003.xml', history: [], allowed_answers: ['approved', 'disputed', 'refused', 'paid'],
      payment: { iban: 'FR2012542547256985425874698', bic: 'BIC_MONCOMPTE' },
    });
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.lines[0]).toEqual({ name: 'SERVICE_FOURNI1', description: 'Description', quantity: 200, unit_code: 'HUR', unit_price: 40, total: 8000, vat_category: 'S', vat_rate: 20 });
    expect(invoice.vat_breakdown).toEqual([{ category: 'S', rate: 20, base: 10000, tax: 2000 }]);

    // The same invoice again, as the same XML, as UBL or as the Factur-X PDF: recognised, not filed.
    for (const [body, type] of [[CII, 'application/xml'], [file('_UBL.xml'), 'text/xml'], [file('.pdf'), 'application/pdf']] as const) {
      const again = await upload(user, body, 'copie', type);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('La facture F202500003 de LE VENDEUR est déjà dans vos factures reçues.');
    }
    const list = (await api(user, 'GET', '/api/received-invoices/')).json();
    expect(list.map((r: { id: number }) => r.id)).toEqual([invoice.id]);
    expect((await api(user, 'GET', '/api/recent-activity/?limit=50')).body).toContain('F202500003 de LE VENDEUR');

    // Another user: nothing of it, and may file the same invoice for themselves.
    expect((await api(other, 'GET', `/api/received-invoices/${invoice.id}/`)).statusCode).toBe(404);
    expect((await api(other, 'GET', `/api/received-invoices/${invoice.id}/original/`)).statusCode).toBe(404);
    expect((await api(other, 'POST', `/api/received-invoices/${invoice.id}/status/`, { status: 'approved' })).statusCode).toBe(404);
    expect((await api(other, 'GET', '/api/received-invoices/')).json()).toEqual([]);
    expect((await upload(other, CII)).statusCode).toBe(201);
  });

  it('files two uploads of one invoice sent at once only once', async () => {
    const user = await signUp(t);
    const body = variant('CONC-1');
    const answers = await Promise.all([upload(user, body), upload(user, body), upload(user, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await api(user, 'GET', '/api/received-invoices/')).json()).toHaveLength(1);
  });

  it('keeps the Factur-X PDF as received and serves it, and an XML as received', async () => {
    const user = await signUp(t);
    const pdf = file('.pdf');
    const filed = (await upload(user, pdf, 'F202500003.pdf', 'application/pdf')).json();
    expect(filed).toMatchObject({ format: 'factur-x', has_pdf: true });
    const served = await api(user, 'GET', `/api/received-invoices/${filed.id}/pdf/`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);

    const xml = (await upload(user, variant('XML-1'), 'XML-1.xml')).json();
    const noPdf = await api(user, 'GET', `/api/received-invoices/${xml.id}/pdf/`);
    expect(noPdf.statusCode).toBe(409);
    expect(noPdf.json().detail).toContain('reçue en XML');
    const original = await api(user, 'GET', `/api/received-invoices/${xml.id}/original/`);
    expect(original.rawPayload.toString('utf8')).toBe(variant('XML-1'));
  });

  it('refuses what is not an invoice, in French, and files nothing', async () => {
    const user = await signUp(t);
    const before = await count('received_invoices');
    const garbage = await upload(user, 'Bonjour, voici ma facture', 'facture.txt', 'application/octet-stream');
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().file[0]).toMatch(/n’est pas une facture électronique|XML illisible/);
    const noNumber = await upload(user, variant('').replace('<ram:ID></ram:ID>', ''));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().file).toEqual(['Facture incomplète : numéro (BT-1) manquant.']);
    expect((await upload(user, Buffer.alloc(0))).statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST', url: '/api/received-invoices/import/', headers: { ...user.auth, 'content-type': 'application/pdf', 'content-length': String(RECEIVED_UPLOAD_MAX_BYTES + 1) }, payload: Buffer.alloc(16),
    });
    expect(huge.statusCode).toBe(413);
    expect(await count('received_invoices')).toBe(before);
  });

  it('says what does not add up, and still files the invoice', async () => {
    const user = await signUp(t);
    const body = variant('SUM-1').replace('<ram:GrandTotalAmount>12000.00</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>12500.00</ram:GrandTotalAmount>');
    const filed = (await upload(user, body)).json();
    expect(filed.problems_count).toBeGreaterThan(0);
    expect(filed.problems).toContain('Le total TTC (12500,00 €) n’est pas le total HT plus la TVA (12000,00 €).');
  });
});

describe('answers', () => {
  it('approve, then paid; each with its history; a paid invoice is answered no more', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user, variant('ANS-1'))).json();
    const approved = await api(user, 'POST', `/api/received-invoices/${id}/status/`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', status_display: 'Approuvée', allowed_answers: ['paid', 'disputed'] });
    const paid = (await api(user, 'POST', `/api/received-invoices/${id}/status/`, { status: 'paid' })).json();
    expect(paid.history.map((h: { code: number; label: string }) => [h.code, h.label])).toEqual([[205, 'Approuvée'], [211, 'Paiement effectué']]);
    expect(paid.allowed_answers).toEqual([]);
    const again = await api(user, 'POST', `/api/received-invoices/${id}/status/`, { status: 'disputed', reason_code: 'QTE_ERR', reason: 'Trop tard' });
    expect(again.statusCode).toBe(400);
    expect(again.json().status).toEqual(['Une facture « Paiement effectué » ne peut pas passer à « En litige ».']);
    expect((await api(user, 'GET', '/api/recent-activity/?limit=50')).body).toContain('Statut : Approuvée → Paiement effectué');
  });

  it('a dispute and a refusal name a reason code (its label, or the user’s details, in the history and the activity); a refused invoice is final', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user, variant('ANS-2'))).json();
    const answer = (body: object) => api(user, 'POST', `/api/received-invoices/${id}/status/`, body);
    const noCode = await answer({ status: 'refused', reason: 'Montant faux.' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toEqual({ reason_code: ['Choisissez un motif.'] });
    // « Autre » needs the user's words.
    const bareOther = await answer({ status: 'disputed', reason_code: 'AUTRE', reason: '  ' });
    expect(bareOther.statusCode).toBe(400);
    expect(bareOther.json()).toEqual({ reason: ['Dites au fournisseur pourquoi.'] });

    const disputed = await answer({ status: 'disputed', reason_code: 'QTE_ERR', reason: 'Quantité facturée : 180 h, pas 200.' });
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().history.at(-1)).toMatchObject({
      code: 207, reason_code: 'QTE_ERR', reason_label: 'Quantité facturée erronée', reason: 'Quantité facturée : 180 h, pas 200.',
    });
    const refused = (await answer({ status: 'refused', reason_code: 'TX_TVA_ERR' })).json();
    expect(refused).toMatchObject({ status: 'refused', allowed_answers: [] });
    expect(refused.history.map((h: { reason_code: string; reason_label: string; reason: string }) => [h.reason_code, h.reason_label, h.reason])).toEqual([
      ['QTE_ERR', 'Quantité facturée erronée', 'Quantité facturée : 180 h, pas 200.'],
      ['TX_TVA_ERR', 'Taux de TVA erroné', ''],
    ]);
    const activity = (await api(user, 'GET', '/api/recent-activity/?limit=50')).body;
    expect(activity).toContain('Statut : À traiter → En litige (Quantité facturée erronée — Quantité facturée : 180 h, pas 200.)');
    expect(activity).toContain('Statut : En litige → Refusée (Taux de TVA erroné)');
    expect((await answer({ status: 'approved' })).statusCode).toBe(400);
  });

  it('a refusal takes only the 13 codes of its rule (not AUTRE), a dispute those of the buyer, an approval or a payment none: French field messages, never a 500', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user, variant('ANS-4'))).json();
    const answer = (body: unknown) => api(user, 'POST', `/api/received-invoices/${id}/status/`, body);
    const refusedCodes = ['TX_TVA_ERR', 'MONTANTTOTAL_ERR', 'CALCUL_ERR', 'NON_CONFORME', 'DOUBLON', 'DEST_ERR', 'TRANSAC_INC', 'EMMET_INC', 'CONTRAT_TERM', 'DOUBLE_FACT', 'CMD_ERR', 'ADR_ERR', 'REF_CT_ABSENT'];
    expect(reasonCodesOf('refused')).toEqual(refusedCodes);
    expect(reasonCodesOf('disputed').slice(0, 14)).toEqual([...refusedCodes, 'AUTRE']);
    expect(reasonCodesOf('disputed')).toHaveLength(26);

    const cases: [unknown, Record<string, string[]>][] = [
      [{ status: 'refused', reason_code: 'AUTRE', reason: 'Pas commandé.' }, { reason_code: ['« Autre (précisez) » n’est pas un motif admis pour une facture « Refusée » : choisissez un motif de la liste.'] }],
      [{ status: 'refused', reason_code: 'QTE_ERR' }, { reason_code: ['« Quantité facturée erronée » n’est pas un motif admis pour une facture « Refusée » : choisissez un motif de la liste.'] }],
      [{ status: 'disputed', reason_code: 'TX_TVA' }, { reason_code: ['Motif inconnu : choisissez un motif de la liste.'] }],
      [{ status: 'disputed', reason_code: '' }, { reason_code: ['Motif inconnu : choisissez un motif de la liste.'] }],
      [{ status: 'disputed', reason_code: 12 }, { reason_code: ['Motif inconnu : choisissez un motif de la liste.'] }],
      [{ status: 'disputed', reason_code: ['TX_TVA_ERR'] }, { reason_code: ['Motif inconnu : choisissez un motif de la liste.'] }],
      [{ status: 'disputed', reason_code: { toString: 1 } }, { reason_code: ['Motif inconnu : choisissez un motif de la liste.'] }],
      [{ status: 'disputed' }, { reason_code: ['Choisissez un motif.'] }],
      [{ status: 'refused', reason_code: null, reason: 'x' }, { reason_code: ['Choisissez un motif.'] }],
      [{ status: 'approved', reason_code: 'TX_TVA_ERR' }, { reason_code: ['Une facture « Approuvée » ne prend pas de motif.'] }],
      [{ status: 'paid', reason_code: 'AUTRE', reason: 'x' }, { reason_code: ['Une facture « Paiement effectué » ne prend pas de motif.'] }],
    ];
    for (const [body, errors] of cases) {
      const refused = await answer(body);
      expect([JSON.stringify(body), refused.statusCode, refused.json()]).toEqual([JSON.stringify(body), 400, errors]);
    }
    // Huge or unreadable details, with a good code: the details' own message.
    for (const reason of ['x'.repeat(1001), 'a\u0001b', 42]) {
      const refused = await answer({ status: 'refused', reason_code: 'DOUBLON', reason });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json())).toEqual(['reason']);
    }
    const huge = await answer({ status: 'refused', reason_code: 'X'.repeat(100_000), reason: 'y'.repeat(100_000) });
    expect(huge.statusCode).toBe(400);
    expect(Object.keys(huge.json()).sort()).toEqual(['reason', 'reason_code']);
    for (const bad of [{ status: 'lost' }, { status: 'approved', extra: 1 }, {}, []]) {
      expect((await answer(bad)).statusCode).toBe(400);
    }
    expect((await api(user, 'GET', `/api/received-invoices/${id}/`)).json()).toMatchObject({ status: 'received', history: [] });
    // Every code of each answer's list passes the body's schema; a dispute with AUTRE and details is taken.
    for (const status of ['disputed', 'refused'] as const) {
      for (const code of reasonCodesOf(status)) expect(receivedAnswerSchema.safeParse({ status, reason_code: code, reason: 'Détails' }).success).toBe(true);
    }
    const accepted = await answer({ status: 'disputed', reason_code: 'AUTRE', reason: 'Le bon de commande n’est pas cité.' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().history.at(-1)).toMatchObject({ reason_code: 'AUTRE', reason_label: 'Autre', reason: 'Le bon de commande n’est pas cité.' });
  });

  it('of two answers sent at once, one wins; the other changes nothing', async () => {
    const user = await signUp(t);
    const { id } = (await upload(user, variant('ANS-3'))).json();
    const before = await count('received_invoice_statuses');
    const answers = await Promise.all([
      api(user, 'POST', `/api/received-invoices/${id}/status/`, { status: 'refused', reason_code: 'TRANSAC_INC', reason: 'Non commandé.' }),
      api(user, 'POST', `/api/received-invoices/${id}/status/`, { status: 'paid' }),
    ]);
    expect(answers.map((a) => a.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 400, 409].includes(a.statusCode))).toBe(true);
    expect(await count('received_invoice_statuses')).toBe(before + 1);
  });

  it('filters the list by status and by supplier or number', async () => {
    const user = await signUp(t);
    const first = (await upload(user, variant('FLT-1'))).json();
    await upload(user, variant('FLT-2'));
    await api(user, 'POST', `/api/received-invoices/${first.id}/status/`, { status: 'approved' });
    const numbers = async (query: string) => (await api(user, 'GET', `/api/received-invoices/${query}`)).json().map((r: { number: string }) => r.number);
    expect(await numbers('?status=approved')).toEqual(['FLT-1']);
    expect(await numbers('?status=received')).toEqual(['FLT-2']);
    expect(await numbers('?q=flt-2')).toEqual(['FLT-2']);
    expect(await numbers('?q=vendeur')).toEqual(['FLT-2', 'FLT-1']);
    expect((await api(user, 'GET', '/api/received-invoices/?status=nope')).statusCode).toBe(400);
  });
});

describe('purchases register', () => {
  it('lists the period\'s invoices with VAT per rate, a credit note negative, a refused one left out; CSV for Excel', async () => {
    const user = await signUp(t);
    await upload(user, variant('REG-1'));
    await upload(user, variant('REG-2', '381'));
    const refused = (await upload(user, variant('REG-3'))).json();
    await api(user, 'POST', `/api/received-invoices/${refused.id}/status/`, { status: 'refused', reason_code: 'DOUBLON' });
    await upload(user, variant('REG-4').replace('<udt:DateTimeString format="102">20250701</udt:DateTimeString>', '<udt:DateTimeString format="102">20260105</udt:DateTimeString>'));

    const register = (await api(user, 'GET', '/api/reports/purchases/?from=2025-01-01&to=2025-12-31')).json();
    expect(register.rates).toEqual([20]);
    expect(register.rows.map((r: { number: string; net: number; vat_by_rate: number[]; gross: number }) => [r.number, r.net, r.vat_by_rate, r.gross])).toEqual([
      ['REG-1', 10000, [2000], 12000],
      ['REG-2', -10000, [-2000], -12000],
    ]);
    expect(register.totals).toEqual({ net: 0, vat_by_rate: [0], gross: 0 });

    const csv = await api(user, 'GET', '/api/reports/purchases/?from=2025-01-01&to=2025-12-31&format=csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('registre-des-achats-2025-01-01_2025-12-31.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Date;Fournisseur;SIREN;Numéro;HT;TVA 20 %;TTC');
    expect(lines[1]).toBe('01/07/2025;LE VENDEUR;100000009;REG-1;10000,00;2000,00;12000,00');
    expect(lines[2]).toBe('01/07/2025;LE VENDEUR;100000009;REG-2;-10000,00;-2000,00;-12000,00');
    expect((await api(user, 'GET', '/api/reports/purchases/?from=2025-13-01')).statusCode).toBe(400);
  });
});
