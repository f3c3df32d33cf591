import { createHash } from 'node:crypto';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { COMPLETE_PROFILE, addressedClient, longestText, viaInject } from '@/server/test/billing-fixtures';
import { compactText, pageFooter, pdfPageItems } from '@/server/test/pdf-reader';
import { issuerLegalLines } from '@/shared/profile';
import type { ProfileJson } from '@/shared/contracts/profile';

/**
 * The seller's legal identity in the footer of every page of a quote, an invoice and a credit note
 * (Code de commerce R123-237 and R123-238: name, legal form and share capital, RCS city and SIREN;
 * CGI art. 242 nonies A: SIRET, VAT number), with the longest values the profile accepts
 * (shared/contracts/profile.ts): printed whole, never cut, and the body never runs into it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every text field of the footer at its maximum length; a company states its capital and registration. */
const LONGEST = {
  ...COMPLETE_PROFILE,
  first_name: longestText(150, 'Marie Élisabeth'),
  last_name: longestText(150, 'de la Fontaine'),
  company_name: longestText(200, 'Atelier Dupont et associés conception graphique édition'),
  business_type: longestText(100, 'Conseil en communication et développement'),
  address: longestText(500, '12 rue des Lilas bâtiment B'),
  city: longestText(120, 'Saint Étienne du Rouvray'),
  legal_form: 'sarl',
  // Thirteen digits and two decimals: the largest share capital parseShareCapital takes.
  share_capital: '9999999999999,99',
  // The SIRET's SIREN (123 456 782), at the greffe of a city with a long name.
  registration: `RCS Lyon B 123 456 782 ${longestText(120 - 23, 'greffe du tribunal de commerce de Lyon')}`,
  legal_notice: longestText(5000, 'Les prestations sont réalisées selon le cahier des charges accepté par le client.'),
  signature_notice: longestText(5000, 'Bon pour acceptation du devis et des conditions générales de vente.'),
};

const line = (n: number) => ({
  title: `Ligne ${String(n).padStart(2, '0')} : maquettes et intégration`,
  description: longestText(400, `Détail de la ligne ${n} avec les écrans livrés et les corrections demandées`),
  quantity: 1,
  unit_price: 100 + n,
  tax_rate: 20,
});

async function pdf(who: { auth: { authorization: string } }, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: who.auth });
  expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'application/pdf']);
  return res.rawPayload;
}

it('prints the whole legal identity on every page, above which the body stops, with the longest values the profile accepts', async () => {
  const who = await signUp(t);
  const send = viaInject(t, who);
  const saved = await send('PUT', '/api/profile/', { email: who.email, ...LONGEST });
  expect(saved.status).toBe(200);
  const profile = saved.body as ProfileJson;
  expect([profile.company_name.length, profile.business_type.length, profile.registration.length]).toEqual([200, 100, 120]);
  const clientId = await addressedClient(send);

  const lines = Array.from({ length: 24 }, (_, i) => line(i + 1));
  const invoice = await send('POST', '/api/invoices/', { title: 'Refonte du site', client_id: clientId, status: 'sent', line_items: lines });
  expect(invoice.status).toBe(201);
  const credit = await send('POST', `/api/invoices/${invoice.body.id}/credit_note/`, {});
  expect(credit.status).toBe(201);
  const quote = await send('POST', '/api/quotes/', { title: 'Refonte du site', client_id: clientId, line_items: lines });
  expect(quote.status).toBe(201);

  // What the footer says: the name and activity, then the legal lines, each whole.
  const legal = issuerLegalLines(profile);
  // fr-FR amounts carry narrow no-break spaces.
  expect(legal.map((l) => l.replace(/[\u202f\u00a0]/g, ' '))).toEqual([
    'SARL au capital de 9 999 999 999 999,99 €',
    profile.registration,
    'SIRET 123 456 782 00010',
    'N° TVA : FR11123456782',
  ]);
  const identity = [`${profile.company_name} — ${profile.business_type}`, ...legal].join(' · ');

  for (const url of [
    `/api/invoices/${invoice.body.id}/generate_pdf/`,
    `/api/credit-notes/${credit.body.id}/generate_pdf/`,
    `/api/quotes/${quote.body.id}/generate_pdf/`,
  ]) {
    const bytes = await pdf(who, url);
    if (!url.includes('quotes')) {
      // An issued document is served as archived when it was issued, never rendered again.
      const json = await send('GET', url.replace('generate_pdf/', ''));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(json.body.pdf_sha256);
    }
    const pages = pdfPageItems(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    let body = '';
    pages.forEach((items, i) => {
      const marker = `Page ${i + 1} / ${pages.length}`;
      // Text within 15 points above the footer's first line would cross its rule.
      const footer = pageFooter(items, marker, 15);
      expect([url, marker, footer.text]).toEqual([url, marker, compactText(`${identity}${marker}`)]);
      for (const item of [profile.company_name, profile.business_type, ...legal]) expect(footer.text).toContain(compactText(item));
      expect([url, marker, footer.tooClose]).toEqual([url, marker, []]);
      body += footer.body;
    });
    // Nothing of the body is lost at the foot of a page: every line, the notices to their last word.
    for (const l of lines) expect(body).toContain(compactText(l.title + l.description));
    expect(body).toContain(compactText(LONGEST.legal_notice));
    expect(body).toContain(compactText(LONGEST.signature_notice));
  }
}, 120_000);
