import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { completeProfile, payInFull, readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { pdfText, validateFacturX } from '@/server/test/pdf-reader';
import { pdfQrTexts } from '@/server/test/pdf-qr';

/**
 * Issue 27: an issued invoice's PDF carries the EPC QR code (EPC069-12) of the transfer of what it
 * leaves due. Checked by decoding the QR code the PDF the app serves draws (pdf-qr.ts: the page's
 * black rectangles painted into a bitmap, decoded by jsQR), field by field against the invoice the
 * API gives; still a valid Factur-X PDF/A-3b; frozen with the rest of the issued invoice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const SELLER = 'Studio Dupont — Création & Conseil';

async function seller(extra: object = { iban: IBAN, bic: 'bnpafrpp', company_name: SELLER }) {
  const who = await signUp(t);
  const send: Send = viaInject(t, who);
  const client = await readyToInvoice(send, who.email);
  await completeProfile(send, who.email, extra);
  return { who, send, client };
}
type Seller = Awaited<ReturnType<typeof seller>>;

const pdf = async ({ who }: Seller, path: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/${path}/generate_pdf/`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};
const created = async ({ send }: Seller, url: string, body?: object) => {
  const res = await send('POST', url, body);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const body = (client: number, status: string) => ({
  title: 'Refonte du site', client_id: client, status,
  line_items: [{ title: 'Conception', quantity: 3, unit_price: 416.67, tax_rate: 20 }, { title: 'Livres', quantity: 2, unit_price: 12.5, tax_rate: 5.5 }],
});
const euros = (amount: number) => `EUR${amount.toFixed(2)}`;

/** The decoded payload, field by field (EPC069-12). */
const fields = (payload: string) => {
  const [tag, version, charset, identification, bic, name, iban, amount, purpose, structured, remittance, ...rest] = payload.split('\n');
  return { tag, version, charset, identification, bic, name, iban, amount, purpose, structured, remittance, rest };
};

it('prints on an issued invoice a QR code that decodes to its transfer, field by field; frozen once issued', async () => {
  const s = await seller();
  const invoice = await created(s, '/api/invoices/', body(s.client, 'sent'));
  expect(invoice.invoice_number).toMatch(/^FAC-/);
  const bytes = await pdf(s, `invoices/${invoice.id}`);

  const codes = await pdfQrTexts(bytes);
  expect(codes).toHaveLength(1);
  expect(fields(codes[0])).toEqual({
    tag: 'BCD', version: '002', charset: '1', identification: 'SCT',
    bic: 'BNPAFRPP',
    name: SELLER,
    iban: 'FR7630006000011234567890189',
    // What is due: the whole total of an invoice with no payment nor deposit.
    amount: euros(invoice.balance_due),
    purpose: '', structured: '',
    remittance: invoice.invoice_number,
    rest: [],
  });
  expect(invoice.balance_due).toBe(invoice.total_amount);
  expect(pdfText(bytes)).toContain('Scannez pour payer par virement');
  // Still PDF/A-3b with its Factur-X XML (the official kit runs on it in npm run test:facturx).
  expect(await validateFacturX(bytes)).toEqual([]);

  // Another IBAN in the profile: the issued invoice is served as issued; a new one has the new IBAN.
  await completeProfile(s.send, s.who.email, { iban: 'DE89 3704 0044 0532 0130 00', bic: '', company_name: SELLER });
  expect((await pdf(s, `invoices/${invoice.id}`)).equals(bytes)).toBe(true);
  const next = await created(s, '/api/invoices/', body(s.client, 'sent'));
  const [payload] = await pdfQrTexts(await pdf(s, `invoices/${next.id}`));
  expect(fields(payload)).toMatchObject({ bic: '', iban: 'DE89370400440532013000', remittance: next.invoice_number, amount: euros(next.balance_due) });
});

it('asks a final invoice for what its paid deposit leaves due', async () => {
  const s = await seller();
  const quote = await created(s, '/api/quotes/', body(s.client, 'sent'));
  const deposit = await created(s, `/api/quotes/${quote.id}/deposit_invoice/`, { percent: 30 });
  const issued = (await s.send('PUT', `/api/invoices/${deposit.id}/`, { ...deposit, client_id: s.client, status: 'sent' })).body;
  expect(issued.invoice_number).toMatch(/^FAC-/);
  // The deposit invoice asks for its own amount.
  expect(fields((await pdfQrTexts(await pdf(s, `invoices/${deposit.id}`)))[0])).toMatchObject({
    amount: euros(issued.total_amount), remittance: issued.invoice_number,
  });
  await payInFull(s.send, deposit.id, null);

  const draft = (await created(s, `/api/quotes/${quote.id}/convert_to_invoice/`)).invoice;
  const final = (await s.send('PUT', `/api/invoices/${draft.id}/`, { ...draft, client_id: s.client, status: 'sent' })).body;
  expect(final.balance_due).toBeLessThan(final.total_amount);
  expect(fields((await pdfQrTexts(await pdf(s, `invoices/${final.id}`)))[0])).toMatchObject({
    amount: euros(final.balance_due), remittance: final.invoice_number, iban: 'FR7630006000011234567890189',
  });
});

it('prints none on a draft, a quote or a credit note, nor without an IBAN', async () => {
  const s = await seller();
  const draft = await created(s, '/api/invoices/', body(s.client, 'draft'));
  const quote = await created(s, '/api/quotes/', body(s.client, 'sent'));
  const invoice = await created(s, '/api/invoices/', body(s.client, 'sent'));
  const credit = await created(s, `/api/invoices/${invoice.id}/credit_note/`, {});
  for (const path of [`invoices/${draft.id}`, `quotes/${quote.id}`, `credit-notes/${credit.id}`]) {
    const bytes = await pdf(s, path);
    expect(await pdfQrTexts(bytes)).toEqual([]);
    expect(pdfText(bytes)).not.toContain('Scannez');
  }

  const without = await seller({});
  const plain = await created(without, '/api/invoices/', body(without.client, 'sent'));
  const bytes = await pdf(without, `invoices/${plain.id}`);
  expect(await pdfQrTexts(bytes)).toEqual([]);
  expect(pdfText(bytes)).not.toContain('Scannez');
});
