import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { COMPLETE_PROFILE, CLIENT_ADDRESS, viaInject, type Send } from '@/server/test/billing-fixtures';
import { pdfText } from '@/server/test/pdf-reader';
import { VAT_ON_DEBITS_MENTION } from '@/shared/vat';
import { parisToday } from '@/shared/dates';

/**
 * Issued means issued (issue 23): after the seller joins the VAT franchise and drops VAT on debits,
 * and the client is renamed with another SIREN, a credit note of an invoice at 20 % is still
 * issued — with the seller, buyer, regime and mentions of the invoice it credits (CGI art. 272-1) —
 * and every view of the issued invoice (its JSON, the list, the sales journal, the receipts book)
 * names the client as it was invoiced.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CLIENT = { name: 'Librairie Colette', email: 'colette@exemple.fr', ...CLIENT_ADDRESS };

async function pdfOf(who: { auth: Record<string, string> }, path: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/${path}/generate_pdf/`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload);
}

it('credits an invoice as it was issued after the profile and the client changed, and reports it as issued', async () => {
  const who = await signUp(t);
  const send: Send = viaInject(t, who);
  expect((await send('PUT', '/api/profile/', { email: who.email, ...COMPLETE_PROFILE, vat_on_debits: true })).status).toBe(200);
  const client = (await send('POST', '/api/contacts/', CLIENT)).body;
  const invoice = (await send('POST', '/api/invoices/', {
    title: 'Refonte', client_id: client.id, status: 'sent', line_items: [{ title: 'Conception', quantity: 1, unit_price: 1000, tax_rate: 20 }],
  })).body;
  expect(invoice.invoice_number).toMatch(/^FAC-/);
  expect((await send('POST', `/api/invoices/${invoice.id}/payments/`, { date: parisToday(), amount: 300, method: 'virement' })).status).toBe(201);

  // The seller joins the franchise (no VAT number, no VAT on debits); the client is renamed.
  const franchise = { ...COMPLETE_PROFILE, vat_regime: 'franchise', vat_number: '', vat_on_debits: false };
  expect((await send('PUT', '/api/profile/', { email: who.email, ...franchise })).status).toBe(200);
  expect((await send('PUT', `/api/contacts/${client.id}/`, { ...CLIENT, name: 'Nouveau Nom SAS', siren: '552100554' })).status).toBe(200);

  const credit = await send('POST', `/api/invoices/${invoice.id}/credit_note/`, {});
  expect(credit.status).toBe(201);
  expect(credit.body).toMatchObject({ credit_note_number: expect.stringMatching(/^AV-/), client: { name: 'Librairie Colette' } });
  expect(credit.body.tax_amount).toBeGreaterThan(0);
  const creditPdf = await pdfOf(who, `credit-notes/${credit.body.id}`);
  expect(creditPdf).toContain('Librairie Colette');
  expect(creditPdf).not.toContain('Nouveau Nom SAS');
  expect(creditPdf).toContain(COMPLETE_PROFILE.vat_number);
  expect(creditPdf).toContain(VAT_ON_DEBITS_MENTION);
  expect(creditPdf).not.toContain('293 B');

  // Every view of the issued invoice names the client as invoiced.
  expect((await send('GET', `/api/invoices/${invoice.id}/`)).body.client.name).toBe('Librairie Colette');
  const listed = (await send('GET', '/api/invoices/')).body.find((i: { id: number }) => i.id === invoice.id);
  expect(listed.client.name).toBe('Librairie Colette');
  const year = parisToday().slice(0, 4);
  const journal = JSON.stringify((await send('GET', `/api/reports/sales-journal/?from=${year}-01-01&to=${year}-12-31`)).body);
  expect(journal).toContain('Librairie Colette');
  expect(journal).toContain('732829320');
  expect(journal).not.toContain('Nouveau Nom SAS');
  expect(journal).not.toContain('552100554');
  const receipts = JSON.stringify((await send('GET', `/api/reports/receipts/?year=${year}`)).body);
  expect(receipts).toContain('Librairie Colette');
  expect(receipts).not.toContain('Nouveau Nom SAS');
  // A new draft for the client uses its name as it is now.
  const draft = (await send('POST', '/api/invoices/', { title: 'Suite', client_id: client.id, line_items: [{ title: 'Audit', quantity: 1, unit_price: 100 }] })).body;
  expect(draft.client.name).toBe('Nouveau Nom SAS');
});
