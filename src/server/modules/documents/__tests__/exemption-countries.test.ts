import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { completeProfile, viaInject, type Send } from '@/server/test/billing-fixtures';
import { facturXml } from '@/server/test/pdf-reader';

/**
 * Issue 25, "exemptions and countries": an intra-community supply (CGI art. 262 ter I) only to a
 * buyer identified for VAT in another member state with goods delivered there, an export (art.
 * 262 I) only outside the EU, a reverse charge only in France (art. 283-2) or, for services, in the
 * EU (art. 259-1° CGI / art. 196 directive 2006/112/CE), each mention as its case; refused at save
 * under `vat_exemption` and again at issue with a link to the client, naming the article.
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
    ['exportation', 'services', { country: 'BE', vat_number: 'BE0123456789' }, 'un client établi hors de l’Union européenne'],
    ['autoliquidation', 'services', { country: 'US' }, 'hors de l’UE'],
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
    ['exportation', 'services', { country: 'Suisse' }],
    ['autoliquidation', 'services', FRENCH],
    ['autoliquidation', 'services', GERMAN],
    ['autoliquidation', 'services', { country: 'MC', siren: '732829320' }],
  ])('accepts %s (%s) for a client %j', async (exemption, category, fields) => {
    const res = await send('POST', '/api/invoices/', zeroRated(await client(fields), exemption, category));
    expect({ status: res.status, body: res.status === 201 ? 'ok' : res.body }).toEqual({ status: 201, body: 'ok' });
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
      message: 'Choisissez dans la liste le pays de l’adresse du client « Client » (pays de l’acheteur, BT-55).',
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
    expect(issued.body.missing).toContainEqual({ message: expect.stringContaining('pays du vendeur, BT-40'), link: '/profile#country' });
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
});
