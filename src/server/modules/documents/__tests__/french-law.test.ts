import { parisToday } from '@/shared/dates';
import { COMPLETE_PROFILE, viaInject } from '@/server/test/billing-fixtures';
import { FRANCHISE_PROFILE } from '@/server/test/einvoicing-fixtures';
import { facturXml, pdfText, validateFacturX } from '@/server/test/pdf-reader';
import { party, renderableInvoice } from '@/server/test/renderable-fixtures';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { documentEmail, documentPlaceholderValues, documentSigner } from '@/server/mail/document-emails';
import { composeMessage, DEFAULT_EMAIL_TEMPLATES } from '@/shared/email-templates';
import { reminderEmail } from '@/server/modules/reminders/reminder-email';

/**
 * Issue 25, French law at the edges: the SIREN of a French business client and the seller's SIRET
 * are required to issue an invoice (CGI art. 242 nonies A, C. com. R123-237); a credit note never
 * asks to be paid; in the VAT franchise (art. 293 B du CGI) nothing says "HT" or "TTC".
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ADDRESS = { address: '5 rue Haute', postal_code: '69002', city: 'Lyon' };
const line = { title: 'Atelier', description: '', quantity: 2, unit_price: 60 };

/** A user with `profile`: its requests, and its PDFs as downloaded (`send` parses JSON only). */
async function seller(profile: object) {
  const user = await signUp(t);
  const send = viaInject(t, user);
  const res = await send('PUT', '/api/profile/', { ...profile, email: user.email });
  if (res.status !== 200) throw new Error(`profile: ${res.status} ${JSON.stringify(res.body)}`);
  const pdf = async (id: number, kind: 'invoices' | 'credit-notes' = 'invoices') => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/${kind}/${id}/generate_pdf/`, headers: user.auth });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  };
  return { send, pdf };
}
type Seller = Awaited<ReturnType<typeof seller>>;

async function created(who: Seller, url: string, body: object) {
  const res = await who.send('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A draft invoice to `clientId`, then the attempt to issue it: the draft and the answer. */
async function issuing(who: Seller, clientId: number, rate = 20) {
  const draft = await created(who, '/api/invoices/', { title: 'Atelier', client_id: clientId, tax_rate: rate, line_items: [{ ...line, tax_rate: rate }] });
  const res = await who.send('PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: clientId, status: 'sent' });
  return { draft, res };
}

describe('what an invoice lacks to be issued, said in French (issue 28)', () => {
  it('names each missing piece and why, without EN 16931 codes', async () => {
    // A profile without address, a client without one: the messages of the seller and the buyer.
    const bare = await seller({ first_name: 'Anne', last_name: 'Martin' });
    const client = await created(bare, '/api/contacts/', { name: 'Librairie Colette', client_type: 'particulier' });
    const { res } = await issuing(bare, client.id, 0);
    expect(res.status).toBe(400);
    const messages: string[] = res.body.missing.map((m: { message: string }) => m.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Complétez l’adresse de votre profil, qui figure sur chaque facture : adresse, code postal, ville.',
        'Complétez l’adresse du client « Librairie Colette », qui figure sur la facture : adresse, code postal, ville.',
      ]),
    );
    for (const message of messages) expect(message).not.toMatch(/\b(BT|BG|BR)-|EN 16931/);
  });
});

describe('SIREN and SIRET (CGI art. 242 nonies A, C. com. R123-237)', () => {
  let alice: Seller;
  beforeAll(async () => {
    alice = await seller(COMPLETE_PROFILE);
  });

  it('refuses an invoice to a French business without a SIREN, linking to the field; numbers nothing; accepts it once given', async () => {
    const client = await created(alice, '/api/contacts/', { name: 'Boulangerie Martin', ...ADDRESS });
    const { draft, res } = await issuing(alice, client.id);
    expect(res.status).toBe(400);
    expect(res.body.missing).toEqual([
      {
        message: 'Renseignez le SIREN du client « Boulangerie Martin » : une facture à une entreprise établie en France doit le mentionner (art. 242 nonies A du CGI).',
        link: `/contacts/${client.id}#siren`,
      },
    ]);
    // Plain French: no EN 16931 rule numbers in this message.
    expect(res.body.missing[0].message).not.toMatch(/\bB[TR]-/);
    expect((await alice.send('GET', `/api/invoices/${draft.id}/`)).body).toMatchObject({ invoice_number: null, status: 'draft' });

    // A quote is not an invoice: it can be sent without the SIREN.
    const quote = await alice.send('POST', '/api/quotes/', { title: 'Devis', client_id: client.id, status: 'sent', tax_rate: 20, line_items: [{ ...line, tax_rate: 20 }] });
    expect({ status: quote.status, state: quote.body.status }).toEqual({ status: 201, state: 'sent' });

    expect((await alice.send('PUT', `/api/contacts/${client.id}/`, { name: 'Boulangerie Martin', ...ADDRESS, siren: '732 829 320' })).status).toBe(200);
    const again = await alice.send('PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: client.id, status: 'sent' });
    expect(again.status).toBe(200);
    expect(again.body.invoice_number).toMatch(/^FAC-/);
    expect(await facturXml(await alice.pdf(again.body.id))).toContain('<ram:ID schemeID="0002">732829320</ram:ID>');
  });

  it('asks no SIREN of a business abroad nor of a private client', async () => {
    const belgian = await created(alice, '/api/contacts/', { name: 'Librairie Colette', ...ADDRESS, postal_code: '1000', city: 'Bruxelles', country: 'Belgique' });
    expect((await issuing(alice, belgian.id)).res.status).toBe(200);
    const person = await created(alice, '/api/contacts/', { name: 'Paul Lefèvre', client_type: 'particulier', ...ADDRESS });
    expect((await issuing(alice, person.id)).res.status).toBe(200);
  });

  it('refuses an invoice of a French seller with a VAT number but no SIRET, linking to the profile’s field', async () => {
    const noSiret = await seller({ ...COMPLETE_PROFILE, siret: '' });
    const client = await created(noSiret, '/api/contacts/', { name: 'Client SA', ...ADDRESS, siren: '732829320' });
    const { draft, res } = await issuing(noSiret, client.id);
    expect(res.status).toBe(400);
    expect(res.body.missing).toEqual([
      {
        message: 'Renseignez votre numéro SIRET dans votre profil : toute facture d’une entreprise établie en France doit le mentionner (art. R123-237 du Code de commerce).',
        link: '/profile#siret',
      },
    ]);
    expect((await noSiret.send('GET', `/api/invoices/${draft.id}/`)).body.invoice_number).toBeNull();

    // A seller established abroad has no SIRET: EN 16931 asks for a legal or a VAT identifier (BR-CO-26).
    const abroad = await seller({ ...FRANCHISE_PROFILE, first_name: 'Anne', last_name: 'Peeters', siret: '', country: 'Belgique' });
    const belgian = await created(abroad, '/api/contacts/', { name: 'Librairie Colette', ...ADDRESS, country: 'Belgique' });
    const refused = await issuing(abroad, belgian.id, 0);
    expect(refused.res.body.missing).toEqual([
      {
        link: '/profile',
        message: 'Renseignez votre SIRET ou votre numéro de TVA intracommunautaire dans votre profil : une facture électronique doit identifier son vendeur par l’un des deux.',
      },
    ]);
  });
});

const normalized = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');
const noVatWords = (text: string) => ({ HT: /\bHT\b/.test(text), TTC: /\bTTC\b/.test(text) });

describe('credit notes and the franchise: the words of the amounts (art. 293 B du CGI)', () => {
  let franchise: Seller;
  let client: { id: number };
  beforeAll(async () => {
    franchise = await seller({ first_name: 'Carole', last_name: 'Martin', ...FRANCHISE_PROFILE });
    client = await created(franchise, '/api/contacts/', { name: 'Paul Lefèvre', client_type: 'particulier', ...ADDRESS });
  });

  it('prints a franchise invoice and its credit note without "HT" nor "TTC"; the credit note asks for nothing', async () => {
    const { res } = await issuing(franchise, client.id, 0);
    expect(res.status).toBe(200);
    const invoice = normalized(pdfText(await franchise.pdf(res.body.id)));
    expect(noVatWords(invoice)).toEqual({ HT: false, TTC: false });
    for (const label of ['Prix unitaire', 'Montant', 'Net à payer 120,00 €', 'TVA non applicable, art. 293 B du CGI']) expect(invoice).toContain(label);

    const note = await created(franchise, `/api/invoices/${res.body.id}/credit_note/`, {});
    const text = normalized(pdfText(await franchise.pdf(note.id, 'credit-notes')));
    expect(noVatWords(text)).toEqual({ HT: false, TTC: false });
    expect(text).toContain('Montant de l’avoir 120,00 €');
    expect(text).not.toContain('Net à payer');
    // Nothing had been paid: nothing to refund.
    expect(text).not.toContain('À rembourser');
  });

  it('says what is refunded when the credited invoice had been paid', async () => {
    const { res } = await issuing(franchise, client.id, 0);
    const paid = await franchise.send('POST', `/api/invoices/${res.body.id}/payments/`, { date: parisToday(), amount: 120, method: 'virement' });
    expect(paid.status).toBe(201);
    const note = await created(franchise, `/api/invoices/${res.body.id}/credit_note/`, { reason: 'Atelier annulé', line_items: [{ ...line, quantity: 1, tax_rate: 0 }] });
    const text = normalized(pdfText(await franchise.pdf(note.id, 'credit-notes')));
    expect(text).toContain('Montant de l’avoir 60,00 €');
    expect(text).toContain('À rembourser 60,00 €');
    expect(text).not.toContain('Net à payer');
    expect(await validateFacturX(await franchise.pdf(note.id, 'credit-notes'))).toEqual([]);
  });

  it('says no "TTC" in its history, its deposit lines nor its refusals', async () => {
    const draft = await created(franchise, '/api/invoices/', { title: 'Atelier', client_id: client.id, tax_rate: 0, line_items: [{ ...line, tax_rate: 0 }] });
    const edited = await franchise.send('PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: client.id, line_items: [{ ...line, quantity: 3, tax_rate: 0 }] });
    expect(edited.status).toBe(200);
    const history = (await franchise.send('GET', '/api/recent-activity/?limit=1')).body[0].changes;
    expect(history.replace(/\s/g, ' ')).toBe('(Montant: 120,00 € → 180,00 €)');

    const quote = await created(franchise, '/api/quotes/', { title: 'Stage', client_id: client.id, status: 'sent', tax_rate: 0, line_items: [{ ...line, tax_rate: 0 }] });
    const deposit = await created(franchise, `/api/quotes/${quote.id}/deposit_invoice/`, { percent: 30 });
    expect(deposit.line_items.map((l: { description: string }) => l.description)).toEqual([expect.stringMatching(/ : 120,00 €$/)]);
    const tooBig = await franchise.send('POST', `/api/quotes/${quote.id}/deposit_invoice/`, { amount: 90 });
    expect(tooBig.body).toEqual({ amount: ['L’acompte (90,00 €) doit laisser un solde à la facture finale : il reste 84,00 € à facturer sur ce devis.'] });
  });

  it('gives a VAT-registered seller’s credit note its amount, never a sum to pay', async () => {
    const registered = await seller(COMPLETE_PROFILE);
    const business = await created(registered, '/api/contacts/', { name: 'Client SA', ...ADDRESS, siren: '732829320' });
    const { res } = await issuing(registered, business.id, 20);
    const note = await created(registered, `/api/invoices/${res.body.id}/credit_note/`, {});
    const text = normalized(pdfText(await registered.pdf(note.id, 'credit-notes')));
    expect(text).toContain('Montant de l’avoir TTC 144,00 €');
    expect(text).toContain('Total HT 120,00 €');
    expect(text).not.toContain('Net à payer');
  });

  it('writes no "TTC" in the e-mails of a seller in the franchise; a VAT-registered seller’s keep it', () => {
    const inFranchise = renderableInvoice({ vatRegime: 'franchise', taxRate: 0, lines: [{ title: 'Atelier', description: '', quantity: 2, unitPrice: 60, taxRate: 0 }], issuer: party({ vatNumber: '' }) });
    const sender = { replyTo: 'carole@exemple.fr', appName: 'Carnet' };
    // The built-in template (issue 28), filled as send_email fills it.
    const message = (doc: typeof inFranchise) => composeMessage(DEFAULT_EMAIL_TEMPLATES.invoice, documentPlaceholderValues(doc), documentSigner(doc));
    const mail = documentEmail(inFranchise, { filename: 'facture.pdf', content: null }, sender, message(inFranchise));
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\bTTC\b/);
    expect(normalized(mail.text)).toContain('d’un montant de 120,00 €.');
    const reminder = reminderEmail({
      level: 1, document: inFranchise, to: 'paul@exemple.fr', amountDueCents: 12000, dueDate: '2026-04-14', daysLate: 10, previousDates: [],
      pdf: { filename: 'facture.pdf', content: Buffer.from('') }, sender, template: DEFAULT_EMAIL_TEMPLATES.reminder_1,
    });
    expect(normalized(reminder.text)).toContain('Montant restant dû : 120,00 €.');
    expect(reminder.text).not.toMatch(/\bTTC\b/);
    const registered = renderableInvoice();
    expect(normalized(documentEmail(registered, { filename: 'facture.pdf', content: null }, sender, message(registered)).text)).toContain('d’un montant de 71,96 € TTC.');
  });
});
