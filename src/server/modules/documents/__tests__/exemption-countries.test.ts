import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { COMPLETE_PROFILE, completeProfile, viaInject, type Send } from '@/server/test/billing-fixtures';
import { facturXml, pdfText, validateFacturX } from '@/server/test/pdf-reader';
import { OUTSIDE_SCOPE_TAXED_LINE } from '@/shared/vat';

/**
 * Issue 25, "exemptions and countries": an intra-community supply (CGI art. 262 ter I) only to a
 * buyer identified for VAT in another member state with goods delivered there, an export (art.
 * 262 I) only outside the EU, a reverse charge only in France (art. 283-2) or, for services, in the
 * EU (art. 259-1° CGI / art. 196 directive 2006/112/CE), each mention as its case; services to a
 * buyer established outside the EU outside the scope of French VAT (art. 259-1°, category O), never
 * an export; refused at save under `vat_exemption` and again at issue with a link to the client,
 * naming the article.
 */

let t: TestApp;
let who: Awaited<ReturnType<typeof signUp>>;
let send: Send;
beforeAll(async () => {
  t = await createTestApp();
  who = await signUp(t);
  send = viaInject(t, who);
  await completeProfile(send, who.email);
});
afterAll(() => t.close());

const ADDRESS = { address: '1 rue X', postal_code: '12345', city: 'Ville' };
const client = async (fields: object) => {
  const res = await send('POST', '/api/contacts/', { name: 'Client', email: 'c@exemple.fr', ...ADDRESS, ...fields });
  expect(res.status).toBe(201);
  return res.body.id as number;
};
const zeroRated = (clientId: number, vat_exemption: string, operation_category = 'goods') => ({
  title: `${vat_exemption} ${operation_category}`, client_id: clientId, tax_rate: 0, vat_exemption, operation_category,
  service_date: '2026-11-02', line_items: [{ title: 'Marchandise', description: '', quantity: 2, unit_price: 100, tax_rate: 0 }],
});

const EXPORT_OF_SERVICES =
  'L’exportation (art. 262 I du CGI) ne vise que des biens : une prestation de services à un client établi hors de l’UE ' +
  'est hors du champ de la TVA française, choisissez « Prestation de services hors UE (art. 259-1° du CGI) ».';
const FRENCH = { country: 'FR', siren: '732829320', vat_number: 'FR44732829320' };
const GERMAN = { country: 'DE', vat_number: 'DE123456789' };

describe('at save', () => {
  it.each([
    ['intracommunautaire', 'goods', FRENCH, '262 ter I'],
    ['intracommunautaire', 'goods', { country: 'DE' }, 'renseignez le numéro de TVA intracommunautaire (non français)'],
    ['intracommunautaire', 'goods', { country: 'DE', vat_number: 'FR44732829320' }, 'autre État membre que la France'],
    ['intracommunautaire', 'goods', { country: 'US' }, 'exportation, art. 262 I'],
    // A German buyer whose goods stay in France: no intra-community supply.
    ['intracommunautaire', 'goods', { ...GERMAN, delivery_address: 'Quai 1', delivery_city: 'Lyon', delivery_country: 'FR' }, 'livré en France'],
    ['exportation', 'goods', FRENCH, '262 I du CGI'],
    ['exportation', 'goods', GERMAN, 'hors de l’Union européenne'],
    // Goods delivered in France to a buyer outside the EU do not leave the EU.
    ['exportation', 'goods', { country: 'CH', delivery_address: 'Quai 1', delivery_city: 'Lyon', delivery_country: 'FR' }, 'en France'],
    // Art. 262 I is for goods: services to a buyer outside the EU are outside the scope (art. 259-1°).
    ['exportation', 'services', { country: 'US' }, EXPORT_OF_SERVICES],
    ['exportation', 'services', { country: 'Suisse' }, EXPORT_OF_SERVICES],
    ['exportation', 'services', { country: 'BE', vat_number: 'BE0123456789' }, 'ne vise que des biens'],
    ['autoliquidation', 'services', { country: 'US' }, 'hors de l’UE (une prestation de services y est hors du champ de la TVA française, choisissez « Prestation de services hors UE (art. 259-1° du CGI) »)'],
    ['autoliquidation', 'goods', { country: 'US' }, 'hors de l’UE (pour des biens exportés, choisissez l’exportation, art. 262 I du CGI)'],
    ['hors_ue_services', 'goods', { country: 'US' }, 'La prestation de services hors UE (art. 259-1° du CGI) ne vise que des services : des biens livrés hors de l’UE relèvent de l’exportation (art. 262 I du CGI).'],
    ['hors_ue_services', 'mixed', { country: 'US' }, 'une opération mixte dont les biens sont livrés hors de l’UE relève de l’exportation (art. 262 I du CGI)'],
    ['hors_ue_services', 'services', FRENCH, 'suppose un client établi hors de l’Union européenne : le client « Client » est en France'],
    ['hors_ue_services', 'services', { country: 'MC', siren: '732829320' }, 'est en France'],
    ['hors_ue_services', 'services', GERMAN, 'est dans l’UE (pour un professionnel, choisissez l’autoliquidation, art. 259-1° du CGI'],
    // A private person outside the EU: services taxed in France (art. 259-2°) but those of art. 259 B, under their own key.
    ['hors_ue_services', 'services', { country: 'US', client_type: 'particulier' }, 'suppose un client professionnel (assujetti) : pour un particulier, une prestation de services est taxable en France (art. 259-2° du CGI), sauf les services de l’art. 259 B du CGI'],
    ['hors_ue_particulier', 'services', { country: 'US' }, 'ne vise que les particuliers : pour le client « Client », professionnel, choisissez « Prestation de services hors UE (art. 259-1° du CGI) »'],
    ['hors_ue_particulier', 'goods', { country: 'US', client_type: 'particulier' }, 'ne vise que des services'],
    ['hors_ue_particulier', 'services', { country: 'DE', client_type: 'particulier' }, 'suppose un client établi hors de l’Union européenne : le client « Client » est dans l’UE.'],
    ['autoliquidation', 'services', { country: 'DE' }, 'art. 196 de la directive 2006/112/CE'],
    ['autoliquidation', 'goods', GERMAN, 'livraison intracommunautaire (art. 262 ter I du CGI)'],
  ])('refuses %s (%s) for a client %j, naming the article', async (exemption, category, fields, message) => {
    const clientId = await client(fields);
    const res = await send('POST', '/api/invoices/', zeroRated(clientId, exemption, category));
    expect(res.status).toBe(400);
    expect(res.body.vat_exemption).toEqual([expect.stringContaining(message)]);
    expect(res.body.missing).toEqual([{ message: res.body.vat_exemption[0], link: `/contacts/${clientId}` }]);
  });

  it.each([
    ['intracommunautaire', 'goods', GERMAN],
    ['intracommunautaire', 'goods', { country: 'Grèce', vat_number: 'EL123456789' }],
    // A French buyer identified in Germany, the goods delivered there.
    ['intracommunautaire', 'goods', { country: 'FR', vat_number: 'DE123456789', delivery_address: 'Allee 1', delivery_city: 'Köln', delivery_country: 'DE' }],
    ['exportation', 'goods', { country: 'US' }],
    ['exportation', 'goods', { ...GERMAN, delivery_address: 'Bahnhofstrasse 1', delivery_city: 'Zürich', delivery_country: 'CH' }],
    ['exportation', 'mixed', { country: 'US' }],
    ['hors_ue_services', 'services', { country: 'US' }],
    ['hors_ue_services', 'services', { country: 'Suisse' }],
    // The overseas departments are outside the EU for VAT, as for the other exemptions (CGI art. 294).
    ['hors_ue_services', 'services', { country: 'RE' }],
    ['hors_ue_particulier', 'services', { country: 'CA', client_type: 'particulier' }],
    ['autoliquidation', 'services', FRENCH],
    ['autoliquidation', 'services', GERMAN],
    ['autoliquidation', 'services', { country: 'MC', siren: '732829320' }],
  ])('accepts %s (%s) for a client %j', async (exemption, category, fields) => {
    const res = await send('POST', '/api/invoices/', zeroRated(await client(fields), exemption, category));
    expect({ status: res.status, body: res.status === 201 ? 'ok' : res.body }).toEqual({ status: 201, body: 'ok' });
  });
});

describe('services outside the scope of French VAT beside a taxed line (BR-O-11)', () => {
  const fees = (rate?: number) => ({ title: 'Frais', description: '', quantity: 1, unit_price: 10, ...(rate === undefined ? {} : { tax_rate: rate }) });

  it('refuses a line at 20 %, on that line, or the document’s rate a line inherits', async () => {
    const body = zeroRated(await client({ country: 'US' }), 'hors_ue_services', 'services');
    const byLine = await send('POST', '/api/invoices/', { ...body, line_items: [...body.line_items, fees(20)] });
    expect(byLine.status).toBe(400);
    expect(byLine.body).toEqual({ line_items: [{}, { tax_rate: [OUTSIDE_SCOPE_TAXED_LINE] }] });
    const byDocument = await send('POST', '/api/invoices/', { ...body, tax_rate: 20, line_items: [...body.line_items, fees()] });
    expect(byDocument.status).toBe(400);
    expect(byDocument.body).toEqual({ tax_rate: [OUTSIDE_SCOPE_TAXED_LINE] });
    expect(OUTSIDE_SCOPE_TAXED_LINE).toContain('hors du champ de la TVA française (art. 259-1° du CGI) : toutes les lignes doivent être à 0 %');
  });

  it('leaves other exemptions beside a taxed line as they were', async () => {
    const body = zeroRated(await client({ country: 'US' }), 'exportation', 'goods');
    expect((await send('POST', '/api/invoices/', { ...body, line_items: [...body.line_items, fees(20)] })).status).toBe(201);
  });
});

describe('at issue', () => {
  const issue = async (id: number, clientId: number) => {
    const draft = (await send('GET', `/api/invoices/${id}/`)).body;
    return send('PUT', `/api/invoices/${id}/`, { ...draft, client_id: clientId, status: 'sent' });
  };

  it('refuses an intra-community supply whose client moved to France after the draft was saved, numbering nothing', async () => {
    const clientId = await client(GERMAN);
    const draft = await send('POST', '/api/invoices/', zeroRated(clientId, 'intracommunautaire'));
    expect(draft.status).toBe(201);
    expect((await send('PUT', `/api/contacts/${clientId}/`, { name: 'Client', ...FRENCH })).status).toBe(200);
    const refused = await issue(draft.body.id, clientId);
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toContainEqual({ message: expect.stringContaining('262 ter I du CGI'), link: `/contacts/${clientId}` });
    expect((await send('GET', `/api/invoices/${draft.body.id}/`)).body.invoice_number).toBeNull();
  });

  it('asks for the country of a client whose country could not be read at the upgrade (never France)', async () => {
    const clientId = await client(FRENCH);
    const draft = await send('POST', '/api/invoices/', {
      title: 'Conseil', client_id: clientId, tax_rate: 20, line_items: [{ title: 'Conseil', description: '', quantity: 1, unit_price: 100 }],
    });
    await t.database.db.updateTable('contacts').set({ country: '' }).where('id', '=', clientId).execute();
    const res = await issue(draft.body.id, clientId);
    expect(res.status).toBe(400);
    expect(res.body.missing).toContainEqual({
      message: 'Choisissez dans la liste le pays de l’adresse du client « Client ».',
      link: `/contacts/${clientId}#country`,
    });
  });

  it('asks for the seller’s country when the profile has none', async () => {
    const other = await signUp(t);
    const otherSend = viaInject(t, other);
    await completeProfile(otherSend, other.email);
    const res = await otherSend('POST', '/api/contacts/', { name: 'Client', email: 'c@exemple.fr', ...ADDRESS, ...FRENCH });
    const draft = await otherSend('POST', '/api/invoices/', {
      title: 'Conseil', client_id: res.body.id, tax_rate: 20, line_items: [{ title: 'Conseil', description: '', quantity: 1, unit_price: 100 }],
    });
    await t.database.db.updateTable('users').set({ country: '' }).where('email', '=', other.email).execute();
    const current = (await otherSend('GET', `/api/invoices/${draft.body.id}/`)).body;
    const issued = await otherSend('PUT', `/api/invoices/${draft.body.id}/`, { ...current, client_id: res.body.id, status: 'sent' });
    expect(issued.status).toBe(400);
    expect(issued.body.missing).toContainEqual({ message: 'Choisissez le pays de votre adresse dans la liste de votre profil.', link: '/profile#country' });
  });

  it('prints and encodes each reverse charge as its case: 283-2 in France, 259-1° / art. 196 in the EU', async () => {
    for (const [fields, mention, absent] of [
      [FRENCH, 'art. 283-2 du CGI', '259-1°'],
      [GERMAN, 'art. 259-1° du CGI et art. 196 de la directive 2006/112/CE', '283-2'],
    ] as const) {
      const clientId = await client(fields);
      const draft = await send('POST', '/api/invoices/', zeroRated(clientId, 'autoliquidation', 'services'));
      const issued = await issue(draft.body.id, clientId);
      expect(issued.status).toBe(200);
      const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${draft.body.id}/generate_pdf/`, headers: who.auth });
      const xml = await facturXml(pdf.rawPayload);
      expect(xml).toContain(`<ram:ExemptionReason>Autoliquidation : TVA due par le preneur, ${mention}</ram:ExemptionReason>`);
      expect(xml).not.toContain(absent);
      expect(xml).toContain(`<ram:CountryID>${fields.country}</ram:CountryID>`);
    }
  });
  it.each([
    ['an American', { country: 'US' }, 'US'],
    ['a Swiss', { country: 'Suisse', vat_number: '' }, 'CH'],
  ])('issues services to %s business outside the scope of French VAT: art. 259-1° printed, category O / VATEX-EU-O, valid Factur-X', async (_, fields, code) => {
    const clientId = await client(fields);
    const draft = await send('POST', '/api/invoices/', {
      ...zeroRated(clientId, 'hors_ue_services', 'services'),
      line_items: [
        { title: 'Audit', description: '', quantity: 1, unit_price: 1500, tax_rate: 0 },
        { title: 'Formation', description: '', quantity: 2, unit_price: 250.5, tax_rate: 0 },
      ],
    });
    expect(draft.status).toBe(201);
    const issued = await issue(draft.body.id, clientId);
    expect({ status: issued.status, tax: issued.body.tax_amount, total: issued.body.total_amount }).toEqual({ status: 200, tax: 0, total: 2001 });
    const pdf = (await t.app.inject({ method: 'GET', url: `/api/invoices/${draft.body.id}/generate_pdf/`, headers: who.auth })).rawPayload;
    const printed = pdfText(pdf).replace(/\s+/g, ' ');
    expect(printed).toContain('TVA non applicable, art. 259-1° du CGI (prestation de services à un preneur établi hors de l’Union européenne)');
    // The seller's VAT number stays on the PDF (art. 242 nonies A du CGI), not in the XML (BR-O-02).
    expect(printed).toContain(`TVA intracom. : ${COMPLETE_PROFILE.vat_number}`);
    expect(printed).not.toContain('262 I');
    const xml = await facturXml(pdf);
    expect(xml).toContain(
      '<ram:ExemptionReason>TVA non applicable, art. 259-1° du CGI (prestation de services à un preneur établi hors de l’Union européenne)</ram:ExemptionReason>' +
        '<ram:BasisAmount>2001.00</ram:BasisAmount><ram:CategoryCode>O</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode></ram:ApplicableTradeTax>',
    );
    expect(xml.match(/<ram:CategoryCode>O<\/ram:CategoryCode><\/ram:ApplicableTradeTax>/g)).toHaveLength(2);
    expect(xml).not.toContain('RateApplicablePercent');
    expect(xml).not.toContain('schemeID="VA"');
    expect(xml).not.toMatch(/<ram:CategoryCode>(?!O<)/);
    expect(xml).toContain(`<ram:CountryID>${code}</ram:CountryID>`);
    expect(await validateFacturX(pdf)).toEqual([]);

    // Its credit note (381) takes category O from the invoice, as EN 16931 wants it there too.
    const note = await send('POST', `/api/invoices/${draft.body.id}/credit_note/`, {});
    expect({ status: note.status, total: note.body.total_amount }).toEqual({ status: 201, total: 2001 });
    const notePdf = (await t.app.inject({ method: 'GET', url: `/api/credit-notes/${note.body.id}/generate_pdf/`, headers: who.auth })).rawPayload;
    const noteXml = await facturXml(notePdf);
    expect(noteXml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(noteXml).toContain('<ram:CategoryCode>O</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>');
    expect(noteXml).not.toContain('schemeID="VA"');
    expect(await validateFacturX(notePdf)).toEqual([]);
  });

  it('issues an art. 259 B service to a private person in Canada: the article printed, category O, valid Factur-X', async () => {
    const clientId = await client({ country: 'CA', client_type: 'particulier' });
    const draft = await send('POST', '/api/invoices/', zeroRated(clientId, 'hors_ue_particulier', 'services'));
    expect(draft.status).toBe(201);
    expect((await issue(draft.body.id, clientId)).status).toBe(200);
    const pdf = (await t.app.inject({ method: 'GET', url: `/api/invoices/${draft.body.id}/generate_pdf/`, headers: who.auth })).rawPayload;
    const mention = 'TVA non applicable, art. 259 B du CGI (prestation de services à un preneur non assujetti établi hors de l’Union européenne)';
    expect(pdfText(pdf).replace(/\s+/g, ' ')).toContain(mention);
    const xml = await facturXml(pdf);
    expect(xml).toContain(`<ram:ExemptionReason>${mention}</ram:ExemptionReason>`);
    expect(xml).toContain('<ram:CategoryCode>O</ram:CategoryCode><ram:ExemptionReasonCode>VATEX-EU-O</ram:ExemptionReasonCode>');
    expect(await validateFacturX(pdf)).toEqual([]);
  });

  it('takes a discount on services outside the scope of French VAT: its allowance in category O, without a rate (BR-O-06)', async () => {
    const clientId = await client({ country: 'US' });
    const draft = await send('POST', '/api/invoices/', {
      ...zeroRated(clientId, 'hors_ue_services', 'services'),
      discount_percent: 10,
      line_items: [{ title: 'Audit', description: '', quantity: 1, unit_price: 1500, tax_rate: 0, discount_amount: 100 }],
    });
    expect(draft.status).toBe(201);
    expect((await issue(draft.body.id, clientId)).body).toMatchObject({ lines_total: 1400, discount_total: 140, total_amount: 1260 });
    const pdf = (await t.app.inject({ method: 'GET', url: `/api/invoices/${draft.body.id}/generate_pdf/`, headers: who.auth })).rawPayload;
    const xml = await facturXml(pdf);
    expect(xml).toContain('<ram:ActualAmount>140.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode><ram:Reason>Remise</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>O</ram:CategoryCode></ram:CategoryTradeTax>');
    expect(xml).not.toContain('RateApplicablePercent');
    expect(await validateFacturX(pdf)).toEqual([]);
  });

  // send_email issues a draft as it is stored, without saving it again: the issue checks alone.
  const sendDraft = (id: number) => send('POST', `/api/invoices/${id}/send_email/`);

  it('refuses to issue a draft saved with the export of services, now pointing to art. 259-1°, numbering nothing', async () => {
    const clientId = await client({ country: 'US' });
    const draft = await send('POST', '/api/invoices/', zeroRated(clientId, 'hors_ue_services', 'services'));
    // As a draft saved before the rule: the export (art. 262 I) of services.
    await t.database.db.updateTable('invoices').set({ vat_exemption: 'exportation' }).where('id', '=', draft.body.id).execute();
    const refused = await sendDraft(draft.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toContainEqual({ message: EXPORT_OF_SERVICES, link: `/contacts/${clientId}` });
    // Saved again as it is, it is refused too.
    expect((await issue(draft.body.id, clientId)).body.vat_exemption).toEqual([EXPORT_OF_SERVICES]);
    expect((await send('GET', `/api/invoices/${draft.body.id}/`)).body.invoice_number).toBeNull();
  });

  it('refuses to issue services outside the scope beside a line charging VAT (a draft the save rules did not see)', async () => {
    const clientId = await client({ country: 'US' });
    const body = zeroRated(clientId, 'hors_ue_services', 'services');
    const draft = await send('POST', '/api/invoices/', { ...body, line_items: [...body.line_items, { ...body.line_items[0], title: 'Frais' }] });
    expect(draft.status).toBe(201);
    await t.database.db.updateTable('invoice_lines').set({ tax_rate: 2000 }).where('document_id', '=', draft.body.id).where('title', '=', 'Frais').execute();
    const refused = await sendDraft(draft.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body.missing).toContainEqual({ message: OUTSIDE_SCOPE_TAXED_LINE, link: '' });
    expect((await send('GET', `/api/invoices/${draft.body.id}/`)).body.invoice_number).toBeNull();
  });
});
