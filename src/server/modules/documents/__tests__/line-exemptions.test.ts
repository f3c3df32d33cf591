import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { CLIENT_ADDRESS, completeProfile, viaInject, type Send } from '@/server/test/billing-fixtures';
import { facturXml, pdfText, validateFacturX } from '@/server/test/pdf-reader';
import { exemptionRequired, OUTSIDE_SCOPE_OTHER_EXEMPTION, VAT_EXEMPTIONS } from '@/shared/vat';

/**
 * Issue 25, "one exemption reason per VAT category": a 0 % line may give its own reason instead of
 * its document's (EN 16931 allows one per category, BG-23). The 0 % rate then makes one VAT group
 * per reason — its base, its share of the document's discount, its mention on the PDF and in the
 * XML — and each reason must fit the buyer; credit notes, deposits, conversion and recurring series
 * carry the lines' reasons; an issued invoice's are frozen and sealed.
 */

let t: TestApp;
let send: Send;
let who: Awaited<ReturnType<typeof signUp>>;
let french: number;
let german: number;
let american: number;
beforeAll(async () => {
  t = await createTestApp();
  who = await signUp(t);
  send = viaInject(t, who);
  await completeProfile(send, who.email);
  const contact = async (fields: object) => (await send('POST', '/api/contacts/', { name: 'Client', email: 'c@exemple.fr', ...CLIENT_ADDRESS, ...fields })).body.id as number;
  french = await contact({ country: 'FR', vat_number: 'FR44732829320' });
  german = await contact({ country: 'DE', vat_number: 'DE123456789', siren: '' });
  american = await contact({ country: 'US', siren: '' });
});
afterAll(() => t.close());

type Line = { title: string; quantity: number; unit_price: number; tax_rate: number; vat_exemption?: string };
const line = (title: string, unit_price: number, tax_rate: number, vat_exemption?: string): Line =>
  ({ title, quantity: 1, unit_price, tax_rate, ...(vat_exemption === undefined ? {} : { vat_exemption }) });
const body = (client_id: number, vat_exemption: string, lines: Line[], extra: object = {}) => ({
  title: 'Travaux et formation', client_id, vat_exemption, operation_category: 'services', service_date: '2026-11-02',
  line_items: lines.map((l) => ({ description: '', ...l })), ...extra,
});
/** A French client: training exempt (art. 261, the document's reason), subcontracted works in reverse charge (art. 283-2, the line's own), advice at 20 %. */
const MIXED = [line('Formation', 1000, 0), line('Sous-traitance travaux', 500, 0, 'autoliquidation'), line('Conseil', 300, 20)];

const issue = async (kind: 'invoices' | 'quotes', id: number) => {
  const draft = (await send('GET', `/api/${kind}/${id}/`)).body;
  const res = await send('PUT', `/api/${kind}/${id}/`, { ...draft, client_id: draft.client.id, status: 'sent' });
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  return res.body;
};
const pdfOf = async (kind: string, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/${kind}/${id}/generate_pdf/`, headers: who.auth })).rawPayload;

describe('saving', () => {
  it('keeps each 0 % line’s own reason, clears it where the line charges VAT, and answers it per line', async () => {
    const res = await send('POST', '/api/invoices/', body(french, 'exoneration', [...MIXED, line('Frais', 10, 20, 'exoneration')]));
    expect(res.status).toBe(201);
    expect(res.body.vat_exemption).toBe('exoneration');
    expect(res.body.line_items.map((l: { vat_exemption: string }) => l.vat_exemption)).toEqual(['', 'autoliquidation', '', '']);
    // VAT per rate is unchanged: 0 € on the 1 500 € at 0 %, 60 € + 2 € at 20 %.
    expect(res.body.vat_breakdown).toEqual([{ rate: 20, base: 310, tax: 62 }, { rate: 0, base: 1500, tax: 0 }]);
  });

  it('needs no document reason when every 0 % line gives its own, and asks for one when a 0 % line has none', async () => {
    const own = await send('POST', '/api/invoices/', body(french, '', [line('Formation', 1000, 0, 'exoneration'), line('Travaux', 500, 0, 'autoliquidation')]));
    expect(own.status).toBe(201);
    expect(own.body.vat_exemption).toBe('');
    const missing = await send('POST', '/api/invoices/', body(french, '', [line('Formation', 1000, 0), line('Travaux', 500, 0, 'autoliquidation')]));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ vat_exemption: [exemptionRequired()] });
  });

  it('refuses an unknown reason on a line, in French, under that line', async () => {
    const res = await send('POST', '/api/invoices/', body(french, 'exoneration', [line('Formation', 1000, 0, 'offert')]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ line_items: [{ vat_exemption: ['« offert » n\'est pas un choix valide.'] }] });
  });

  it('refuses a line’s reason that does not fit the client under that line, naming the article, and saves nothing', async () => {
    const before = (await send('GET', '/api/invoices/')).body.length;
    const res = await send('POST', '/api/invoices/', body(french, 'exoneration', [line('Formation', 1000, 0), line('Marchandise', 500, 0, 'intracommunautaire')], { operation_category: 'mixed' }));
    expect(res.status).toBe(400);
    expect(res.body.vat_exemption).toBeUndefined();
    expect(res.body.line_items).toEqual([{}, { vat_exemption: [expect.stringContaining('art. 262 ter I du CGI')] }]);
    expect(res.body.missing).toEqual([{ message: res.body.line_items[1].vat_exemption[0], link: `/contacts/${french}` }]);
    expect((await send('GET', '/api/invoices/')).body.length).toBe(before);
  });

  it('refuses another reason beside services outside the scope of French VAT (BR-O-11), on the line that gives it', async () => {
    const res = await send('POST', '/api/invoices/', body(american, 'hors_ue_services', [line('Audit', 1000, 0), line('Logiciel', 500, 0, 'exportation')]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ line_items: [{}, { vat_exemption: [OUTSIDE_SCOPE_OTHER_EXEMPTION] }] });
    const fromLine = await send('POST', '/api/invoices/', body(american, 'exoneration', [line('Audit', 1000, 0, 'hors_ue_services'), line('Cours', 500, 0)]));
    expect(fromLine.status).toBe(400);
    expect(fromLine.body).toEqual({ vat_exemption: [OUTSIDE_SCOPE_OTHER_EXEMPTION] });
  });

  it('drops line reasons in the VAT franchise, where none applies (art. 293 B du CGI)', async () => {
    const other = await signUp(t);
    const otherSend = viaInject(t, other);
    const client = (await otherSend('POST', '/api/contacts/', { name: 'Client', ...CLIENT_ADDRESS })).body.id;
    const res = await otherSend('POST', '/api/invoices/', body(client, '', [line('Formation', 1000, 0, 'exoneration')]));
    expect(res.status).toBe(201);
    expect([res.body.vat_exemption, res.body.line_items[0].vat_exemption]).toEqual(['', '']);
  });
});

describe('an issued invoice with two reasons at 0 %', () => {
  let invoice: { id: number; invoice_number: string; line_items: unknown[] };
  let pdf: Buffer;
  beforeAll(async () => {
    const draft = await send('POST', '/api/invoices/', body(french, 'exoneration', MIXED, { discount_amount: 90 }));
    expect(draft.status).toBe(201);
    invoice = await issue('invoices', draft.body.id);
    pdf = await pdfOf('invoices', invoice.id);
  });

  it('totals per rate as before: the 90 € discount shared in proportion, VAT on the 20 % base only', () => {
    expect(invoice).toMatchObject({ lines_total: 1800, discount_total: 90, subtotal: 1710, tax_amount: 57, total_amount: 1767 });
  });

  it('encodes one VAT group per reason, each line in its category, the discount split to the cent, valid for factur-x-kit', async () => {
    const xml = await facturXml(pdf);
    const categories = [...xml.matchAll(/<ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT<\/ram:TypeCode><ram:CategoryCode>(\w+)</g)].map((m) => m[1]);
    expect(categories).toEqual(['E', 'AE', 'S']);
    // 90 € over 1 800 €: 15 € on the 300 € at 20 %, 75 € at 0 % shared 50 € / 25 € between 1 000 € and 500 €.
    expect(xml).toContain(
      `<ram:ExemptionReason>${VAT_EXEMPTIONS.exoneration.mention}</ram:ExemptionReason><ram:BasisAmount>950.00</ram:BasisAmount><ram:CategoryCode>E</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-132</ram:ExemptionReasonCode>`,
    );
    expect(xml).toContain(
      `<ram:ExemptionReason>${VAT_EXEMPTIONS.autoliquidation.mention}</ram:ExemptionReason><ram:BasisAmount>475.00</ram:BasisAmount><ram:CategoryCode>AE</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>`,
    );
    expect(xml).toContain('<ram:BasisAmount>285.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode>');
    const allowances = [...xml.matchAll(/<ram:ActualAmount>([\d.]+)<\/ram:ActualAmount>.*?<ram:CategoryCode>(\w+)</g)].map((m) => [m[1], m[2]]);
    expect(allowances).toEqual([['15.00', 'S'], ['50.00', 'E'], ['25.00', 'AE']]);
    expect(await validateFacturX(pdf)).toEqual([]);
  });

  it('prints both mentions under the totals, a VAT row per reason and each 0 % line’s reason', () => {
    const printed = pdfText(pdf).replace(/\s+/g, ' ');
    expect(printed).toContain(VAT_EXEMPTIONS.exoneration.mention);
    expect(printed).toContain(VAT_EXEMPTIONS.autoliquidation.mention);
    expect(printed).toMatch(/TVA 0 % \(exonération\) sur 950,00 €/);
    expect(printed).toMatch(/TVA 0 % \(autoliquidation\) sur 475,00 €/);
    expect(printed).toContain('TVA 0 % : exonération');
    expect(printed).toContain('TVA 0 % : autoliquidation');
  });

  it('keeps a line’s reason frozen once issued, and the journal sealed on it', async () => {
    const current = (await send('GET', `/api/invoices/${invoice.id}/`)).body;
    const lines = current.line_items.map((l: object, i: number) => (i === 1 ? { ...l, vat_exemption: '' } : l));
    const res = await send('PUT', `/api/invoices/${invoice.id}/`, { ...current, client_id: french, line_items: lines });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['line_items']);
    expect((await send('GET', '/api/ledger/verify/')).body).toMatchObject({ ok: true });
    // Changed behind the API's back, the journal check sees it.
    await t.database.db.updateTable('invoice_lines').set({ vat_exemption: '' }).where('document_id', '=', invoice.id).execute();
    const broken = (await send('GET', '/api/ledger/verify/')).body;
    expect(broken).toMatchObject({ ok: false, broken_at: { number: invoice.invoice_number, reason: 'Les lignes de la facture ne correspondent plus à celles émises.' } });
    await t.database.db.updateTable('invoice_lines').set({ vat_exemption: 'autoliquidation' }).where('document_id', '=', invoice.id).where('title', '=', 'Sous-traitance travaux').execute();
    expect((await send('GET', '/api/ledger/verify/')).body).toMatchObject({ ok: true });
  });

  it('credits a line at 0 % under the invoice’s reasons: its own, or the invoice’s; another is refused', async () => {
    const credit = (l: Line) => send('POST', `/api/invoices/${invoice.id}/credit_note/`, { reason: 'Geste', line_items: [{ description: '', ...l }] });
    const refused = await credit(line('Marchandise', 10, 0, 'intracommunautaire'));
    expect(refused.status).toBe(400);
    expect(refused.body.line_items[0].vat_exemption).toEqual([expect.stringContaining('exonération, autoliquidation')]);
    const note = await credit(line('Sous-traitance travaux', 100, 0, 'autoliquidation'));
    expect(note.status).toBe(201);
    expect(note.body.line_items[0].vat_exemption).toBe('autoliquidation');
    // Without one, the invoice's own reason (the credit note states it as its document's).
    const plain = await credit(line('Formation', 10, 0));
    expect([plain.status, plain.body.vat_exemption, plain.body.line_items[0].vat_exemption]).toEqual([201, 'exoneration', '']);
    const notePdf = await pdfOf('credit-notes', note.body.id);
    const xml = await facturXml(notePdf);
    expect(xml).toContain('<ram:CategoryCode>AE</ram:CategoryCode>');
    expect(xml).not.toContain('<ram:CategoryCode>E</ram:CategoryCode>');
    expect(await validateFacturX(notePdf)).toEqual([]);
  });

  it('credits the rest of the balance with one line per rate and per reason, valid for factur-x-kit', async () => {
    const note = await send('POST', `/api/invoices/${invoice.id}/credit_note/`, {});
    expect(note.status).toBe(201);
    const lines = note.body.line_items.map((l: { title: string; tax_rate: number; vat_exemption: string }) => [l.title, l.tax_rate, l.vat_exemption]);
    expect(lines).toEqual([
      [`Solde de la facture ${invoice.invoice_number} (TVA 20 %)`, 20, ''],
      [`Solde de la facture ${invoice.invoice_number} (TVA 0 %, exonération)`, 0, ''],
      [`Solde de la facture ${invoice.invoice_number} (TVA 0 %, autoliquidation)`, 0, 'autoliquidation'],
    ]);
    expect((await send('GET', `/api/invoices/${invoice.id}/`)).body.balance_due).toBe(0);
    expect(await validateFacturX(await pdfOf('credit-notes', note.body.id))).toEqual([]);
  });
});

describe('from quotes and into series', () => {
  it('carries each line’s reason through conversion, deposits (a line per reason) and a recurring series', async () => {
    const quote = await send('POST', '/api/quotes/', body(french, 'exoneration', MIXED));
    expect(quote.status).toBe(201);
    await issue('quotes', quote.body.id);

    const deposit = await send('POST', `/api/quotes/${quote.body.id}/deposit_invoice/`, { percent: 30 });
    expect(deposit.status).toBe(201);
    const depositLines = deposit.body.line_items.map((l: { title: string; vat_exemption: string; total: number }) => [l.title.replace(/^.* sur le devis \S+/, ''), l.vat_exemption, l.total]);
    // 30 % of 1 860 € TTC = 558 €: 108 € TTC at 20 % (90 € HT), 300 € and 150 € at 0 %.
    expect(depositLines).toEqual([[' (TVA 20 %)', '', 90], [' (TVA 0 %, exonération)', '', 300], [' (TVA 0 %, autoliquidation)', 'autoliquidation', 150]]);
    expect(deposit.body.total_amount).toBe(558);
    await issue('invoices', deposit.body.id);
    expect(await validateFacturX(await pdfOf('invoices', deposit.body.id))).toEqual([]);

    const converted = await send('POST', `/api/quotes/${quote.body.id}/convert_to_invoice/`);
    expect({ status: converted.status, body: converted.status === 201 ? 'ok' : converted.body }).toEqual({ status: 201, body: 'ok' });
    expect(converted.body.invoice.line_items.map((l: { vat_exemption: string }) => l.vat_exemption)).toEqual(['', 'autoliquidation', '']);

    const plain = await send('POST', '/api/invoices/', body(french, 'exoneration', MIXED));
    const recurring = await send('POST', `/api/invoices/${plain.body.id}/make_recurring/`, { frequency: 'monthly', start_date: '2030-01-01' });
    expect(recurring.status).toBe(201);
    expect(recurring.body.line_items.map((l: { vat_exemption: string }) => l.vat_exemption)).toEqual(['', 'autoliquidation', '']);
  });
});

describe('a German business buying goods and services (both at 0 %, each its reason)', () => {
  it('issues an intra-community supply beside a reverse-charged service: K and AE, each with its mention, valid for factur-x-kit', async () => {
    const draft = await send('POST', '/api/invoices/', body(german, 'intracommunautaire', [line('Machine', 4000, 0), line('Installation', 600, 0, 'autoliquidation')], { operation_category: 'mixed' }));
    expect(draft.status).toBe(201);
    const issued = await issue('invoices', draft.body.id);
    const pdf = await pdfOf('invoices', issued.id);
    const xml = await facturXml(pdf);
    expect(xml).toContain('<ram:BasisAmount>4000.00</ram:BasisAmount><ram:CategoryCode>K</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>');
    expect(xml).toContain('art. 259-1° du CGI et art. 196 de la directive 2006/112/CE</ram:ExemptionReason><ram:BasisAmount>600.00</ram:BasisAmount><ram:CategoryCode>AE</ram:CategoryCode>');
    expect(await validateFacturX(pdf)).toEqual([]);
  });
});
