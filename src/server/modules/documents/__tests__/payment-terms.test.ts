import { createTestApp, type TestApp } from '@/server/test/test-app';
import { InvoicingWorld, type User } from '@/server/test/invoice-fixtures';
import { facturXml, pdfText, validateFacturX } from '@/server/test/pdf-reader';
import { addDays, parisToday } from '@/shared/dates';
import { paymentDueDate, type PaymentTerms } from '@/shared/payment-terms';

/**
 * Issue 25, through the real app: the statutory mentions are always printed and carried by the
 * Factur-X notes whatever the legal notice says; payment terms are a field that drives an invoice's
 * due date, so that the header, the PDF's terms line, BT-20 and BT-9 say the same thing.
 */

let t: TestApp;
let w: InvoicingWorld;
let alice: User;
const today = parisToday();
/** '2026-12-31' → '31/12/2026'. */
const fr = (iso: string) => iso.split('-').reverse().join('/');
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, ' ');
const PENALTIES = 'Taux des pénalités de retard : trois fois le taux d’intérêt légal, exigibles dès le lendemain de la date d’échéance';
const INDEMNITY = 'Indemnité forfaitaire pour frais de recouvrement : 40 €';

/** The notes of the XML (BT-21/BT-22), in order. */
const notesOf = (xml: string) =>
  [...xml.matchAll(/<ram:IncludedNote><ram:Content>([^<]*)<\/ram:Content><ram:SubjectCode>(\w+)<\/ram:SubjectCode><\/ram:IncludedNote>/g)]
    .map(([, content, subject]) => ({ subject, content }));
/** BG-20 (BT-20 and BT-9) as the XML has it. */
const termsOf = (xml: string) => /<ram:SpecifiedTradePaymentTerms>(.*?)<\/ram:SpecifiedTradePaymentTerms>/s.exec(xml)?.[1];

beforeAll(async () => {
  t = await createTestApp();
  w = await new InvoicingWorld(t).setUp();
  ({ alice } = w);
}, 60000);

afterAll(() => t.close());

async function issuedPdf(who: User, extra: object, clientId = w.client.id) {
  const invoice = await w.issue(who, await w.create(who, 'invoices', extra, clientId), clientId);
  const res = await w.pdfOf(who, 'invoices', invoice.id);
  expect(res.statusCode).toBe(200);
  return { invoice, pdf: res.rawPayload };
}

describe('statutory mentions (C. com. L441-9, L441-10, D441-5)', () => {
  it('are printed and carried by the XML notes whatever the legal notice says; the notice is added, as written', async () => {
    const notice = 'Aucune pénalité de retard.\nIndemnité forfaitaire pour frais de recouvrement : 10 €\nPaiement à réception.\nPas d’escompte.';
    const { invoice, pdf } = await issuedPdf(alice, { legal_notice: notice });
    const terms = `Conditions de paiement : paiement à 30 jours, au plus tard le ${fr(invoice.due_date)}`;
    expect(invoice.due_date).toBe(addDays(today, 30));
    const text = flat(pdf);
    for (const mention of [terms, 'Catégorie de l’opération : Prestation de services', PENALTIES, INDEMNITY, 'Escompte : néant']) {
      expect(text).toContain(mention);
    }
    // The notice as written, after them.
    expect(text).toContain(notice.replace(/\n/g, ' '));
    expect(text.indexOf('Escompte : néant')).toBeLessThan(text.indexOf('Aucune pénalité de retard.'));

    const xml = await facturXml(pdf);
    expect(notesOf(xml)).toEqual([
      { subject: 'AAI', content: 'Catégorie de l’opération : Prestation de services' },
      { subject: 'PMD', content: PENALTIES },
      { subject: 'PMT', content: INDEMNITY },
      { subject: 'AAB', content: 'Escompte : néant' },
      { subject: 'AAI', content: notice },
    ]);
    expect(termsOf(xml)).toContain(`<ram:Description>${terms}</ram:Description>`);
    expect(await validateFacturX(pdf)).toEqual([]);
  });
});

describe('payment terms', () => {
  it.each([
    [{ kind: 'reception', days: 0 }, 'paiement à réception'],
    [{ kind: 'net', days: 45 }, 'paiement à 45 jours'],
    [{ kind: 'end_of_month', days: 45 }, 'paiement à 45 jours fin de mois'],
  ] as [PaymentTerms, string][])('%j: the due date, the PDF (header and terms line) and the XML (BT-20, BT-9) agree', async (terms, words) => {
    const due = paymentDueDate(today, terms);
    // The terms win over a due date sent with them.
    const draft = await w.create(alice, 'invoices', { payment_terms: terms.kind, payment_days: terms.days, due_date: addDays(today, 3) });
    expect(draft).toMatchObject({ issue_date: today, due_date: due, payment_terms: terms.kind, payment_days: terms.days });
    const invoice = await w.issue(alice, draft);
    expect(invoice).toMatchObject({ status: 'sent', due_date: due, payment_terms: terms.kind, payment_days: terms.days });

    const pdf = (await w.pdfOf(alice, 'invoices', invoice.id)).rawPayload;
    const text = flat(pdf);
    const line = `Conditions de paiement : ${words}, au plus tard le ${fr(due)}`;
    expect(text).toContain(`Date d’échéance : ${fr(due)}`);
    expect(text).toContain(line);
    expect(termsOf(await facturXml(pdf))).toBe(
      `<ram:Description>${line}</ram:Description>` +
        `<ram:DueDateDateTime><udt:DateTimeString format="102">${due.replace(/-/g, '')}</udt:DateTimeString></ram:DueDateDateTime>`,
    );
    expect(await validateFacturX(pdf)).toEqual([]);
  });

  it('are 30 days net by default; a draft follows them as its issue date moves, and counts them again from the day it is issued', async () => {
    const fresh = await w.create(alice, 'invoices');
    expect(fresh).toMatchObject({ payment_terms: 'net', payment_days: 30, due_date: addDays(today, 30) });

    const eom = { kind: 'end_of_month', days: 30 } as const;
    const draft = await w.create(alice, 'invoices', { issue_date: addDays(today, -40), payment_terms: 'end_of_month', payment_days: 30 });
    expect(draft.due_date).toBe(paymentDueDate(addDays(today, -40), eom));
    // A body without terms keeps them (a form of before, or an API client).
    const moved = await w.call(alice, 'PUT', `/api/invoices/${draft.id}/`, {
      title: draft.title, client_id: w.client.id, issue_date: addDays(today, -10), line_items: draft.line_items,
    });
    expect(moved.body).toMatchObject({ issue_date: addDays(today, -10), due_date: paymentDueDate(addDays(today, -10), eom), payment_terms: 'end_of_month' });
    const issued = await w.issue(alice, draft);
    expect(issued).toMatchObject({ issue_date: today, due_date: paymentDueDate(today, eom) });
  });

  it('read a due date sent alone as net days (the API before issue 25)', async () => {
    const draft = await w.create(alice, 'invoices', { issue_date: today, due_date: addDays(today, 12) });
    expect(draft).toMatchObject({ payment_terms: 'net', payment_days: 12, due_date: addDays(today, 12) });
    const atReception = await w.create(alice, 'invoices', { issue_date: today, due_date: today });
    expect(atReception).toMatchObject({ payment_terms: 'reception', payment_days: 0, due_date: today });
  });

  it.each([
    [{ payment_terms: 'net', payment_days: 61 }, { payment_days: ['Entre professionnels, le délai de paiement ne peut pas dépasser 60 jours après la date d’émission de la facture (art. L441-10 du Code de commerce).'] }],
    [{ payment_terms: 'end_of_month', payment_days: 46 }, { payment_days: ['Entre professionnels, un délai « fin de mois » ne peut pas dépasser 45 jours fin de mois à compter de la date d’émission de la facture (art. L441-10 du Code de commerce).'] }],
    [{ payment_terms: 'net', payment_days: 0 }, { payment_days: ['Indiquez un délai entier de 1 à 365 jours, ou choisissez le paiement à réception.'] }],
    [{ payment_terms: 'net', payment_days: 2.5 }, { payment_days: ['Indiquez un délai entier de 1 à 365 jours, ou choisissez le paiement à réception.'] }],
    [{ payment_terms: 'net', payment_days: 'trente' }, { payment_days: ['Indiquez un délai entier de 1 à 365 jours, ou choisissez le paiement à réception.'] }],
    [{ payment_terms: 'reception', payment_days: 30 }, { payment_days: ['Un paiement à réception n’a pas de délai : indiquez 0 jour.'] }],
    [{ payment_terms: 'hebdomadaire' }, { payment_terms: ['Choisissez des conditions de paiement : à réception, à N jours ou à N jours fin de mois.'] }],
    [{ payment_days: 30 }, { payment_terms: ['Choisissez les conditions de paiement de ce délai.'] }],
  ])('refuse %j with a French 400 naming the field', async (terms, errors) => {
    for (const kind of ['invoices', 'quotes'] as const) {
      const res = await w.call(alice, 'POST', `/api/${kind}/`, w.body(terms));
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: errors });
    }
  });

  it('give a private client longer than 60 days, and are checked again at issue when the client has become a business', async () => {
    const contact = { name: 'Paul Martin', client_type: 'particulier', address: '2 rue Basse', postal_code: '69002', city: 'Lyon' };
    const client = (await w.call(alice, 'POST', '/api/contacts/', contact)).body;
    const draft = await w.create(alice, 'invoices', { payment_terms: 'net', payment_days: 90 }, client.id);
    expect(draft.due_date).toBe(addDays(today, 90));

    expect((await w.call(alice, 'PUT', `/api/contacts/${client.id}/`, { ...contact, client_type: 'professionnel' })).status).toBe(200);
    const refused = await w.call(alice, 'PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: client.id, status: 'sent' });
    expect(refused.status).toBe(400);
    expect(refused.body.payment_days[0]).toContain('art. L441-10 du Code de commerce');
    expect((await w.call(alice, 'GET', `/api/invoices/${draft.id}/`)).body).toMatchObject({ invoice_number: null, status: 'draft' });
  });

  it('are frozen once issued', async () => {
    const invoice = await w.issue(alice, await w.create(alice, 'invoices'));
    const res = await w.call(alice, 'PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: w.client.id, payment_terms: 'reception', payment_days: 0 });
    expect(res.status).toBe(400);
    expect(res.body.payment_terms[0]).toContain('art. 242 nonies A du CGI');
    // Sent back as they are, they change nothing.
    expect((await w.call(alice, 'PUT', `/api/invoices/${invoice.id}/`, { ...invoice, client_id: w.client.id, priority: 'haute' })).status).toBe(200);
  });

  it('are printed on a quote and passed to its invoice', async () => {
    const quote = await w.create(alice, 'quotes', { payment_terms: 'end_of_month', payment_days: 45 });
    expect(quote).toMatchObject({ payment_terms: 'end_of_month', payment_days: 45 });
    const sent = await w.call(alice, 'PUT', `/api/quotes/${quote.id}/`, { ...quote, client_id: w.client.id, status: 'sent' });
    expect(sent.status).toBe(200);
    expect(flat((await w.pdfOf(alice, 'quotes', quote.id)).rawPayload)).toContain('Conditions de paiement : paiement à 45 jours fin de mois');

    const converted = await w.call(alice, 'POST', `/api/quotes/${quote.id}/convert_to_invoice/`, {});
    expect(converted.status).toBe(201);
    expect(converted.body.invoice).toMatchObject({
      payment_terms: 'end_of_month', payment_days: 45, due_date: paymentDueDate(today, { kind: 'end_of_month', days: 45 }),
    });
  });
});
