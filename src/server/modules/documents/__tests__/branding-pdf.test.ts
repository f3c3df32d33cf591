import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { completeProfile, readyToInvoice, viaInject, type Send } from '@/server/test/billing-fixtures';
import { pdfText, validateFacturX } from '@/server/test/pdf-reader';
import { outboxSettled } from '@/server/test/outbox';

/**
 * Issue 28: a document carries the seller's logo and accent colour. What is issued stays as issued
 * (CGI art. 242 nonies A): the look is frozen in the snapshot at issue time, so a later change of
 * logo or colour alters no issued invoice, while drafts always render with the current ones.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUp>>;

const logo = (color: string, width = 300, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
const upload = async (who: User, png: Buffer) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/profile/logo/', headers: { ...who.auth, 'content-type': 'image/png' }, payload: png });
  expect(res.statusCode).toBe(200);
};
const pdf = async (who: User, path: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/${path}/generate_pdf/`, headers: who.auth });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

/** The images the PDF embeds, as `width×height`. */
const images = (bytes: Buffer) => [...bytes.toString('latin1').matchAll(/\/Subtype \/Image[\s\S]*?\/Width (\d+)[\s\S]*?\/Height (\d+)/g)].map((m) => `${m[1]}×${m[2]}`);

/** Every page's drawing operators, inflated. */
function contentStreams(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(bytes.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a Flate stream (fonts, images): not drawing operators.
    }
  }
  return out.join('\n');
}

/** pdfkit's fill colour operator for '#rrggbb'. */
const fill = (hex: string) => {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return `${c.join(' ')} scn`;
};

const invoiceBody = (client: number, status: string) => ({
  title: 'Refonte du site', client_id: client, status, line_items: [{ title: 'Conception', quantity: 2, unit_price: 500, tax_rate: 20 }],
});

it('prints the current logo and accent colour on drafts, and freezes them on an issued invoice and its credit note', async () => {
  const who = await signUp(t);
  const send: Send = viaInject(t, who);
  const client = await readyToInvoice(send, who.email);
  await completeProfile(send, who.email, { accent_color: '#7a1f5c' });
  await upload(who, await logo('#c0392b', 300, 120));

  const draft = (await send('POST', '/api/invoices/', invoiceBody(client, 'draft'))).body;
  const draftPdf = await pdf(who, `invoices/${draft.id}`);
  expect(images(draftPdf)).toEqual(['300×120']);
  expect(contentStreams(draftPdf)).toContain(fill('#7a1f5c'));

  const issued = (await send('POST', '/api/invoices/', invoiceBody(client, 'sent'))).body;
  expect(issued.invoice_number).toMatch(/^FAC-/);
  const issuedPdf = await pdf(who, `invoices/${issued.id}`);
  expect(images(issuedPdf)).toEqual(['300×120']);
  expect(contentStreams(issuedPdf)).toContain(fill('#7a1f5c'));
  expect(pdfText(issuedPdf)).toContain('FACTURE');
  // Still a valid Factur-X invoice (its XML is untouched by the look).
  expect(await validateFacturX(issuedPdf)).toEqual([]);

  // A new logo and colour: the issued invoice is served byte for byte as issued; drafts follow.
  await completeProfile(send, who.email, { accent_color: '#0b5d1e' });
  await upload(who, await logo('#2c3e50', 200, 200));
  expect((await pdf(who, `invoices/${issued.id}`)).equals(issuedPdf)).toBe(true);
  const redrawn = await pdf(who, `invoices/${draft.id}`);
  expect(images(redrawn)).toEqual(['200×200']);
  expect(contentStreams(redrawn)).toContain(fill('#0b5d1e'));
  expect(contentStreams(redrawn)).not.toContain(fill('#7a1f5c'));

  // A credit note issued now carries the look of now.
  const credit = await send('POST', `/api/invoices/${issued.id}/credit_note/`, {});
  expect(credit.status).toBe(201);
  const creditPdf = await pdf(who, `credit-notes/${credit.body.id}`);
  expect(images(creditPdf)).toEqual(['200×200']);
  expect(contentStreams(creditPdf)).toContain(fill('#0b5d1e'));

  // The logo removed: drafts have none, the issued documents keep theirs.
  expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/logo/', headers: who.auth })).statusCode).toBe(204);
  expect(images(await pdf(who, `invoices/${draft.id}`))).toEqual([]);
  expect((await pdf(who, `invoices/${issued.id}`)).equals(issuedPdf)).toBe(true);
  expect(images(await pdf(who, `credit-notes/${credit.body.id}`))).toEqual(['200×200']);
});

it('prints a quote with the accent colour and no image when there is no logo', async () => {
  const who = await signUp(t);
  const send: Send = viaInject(t, who);
  const client = await readyToInvoice(send, who.email);
  await completeProfile(send, who.email, { accent_color: '#4a148c' });
  const quote = (await send('POST', '/api/quotes/', invoiceBody(client, 'draft'))).body;
  const bytes = await pdf(who, `quotes/${quote.id}`);
  expect(images(bytes)).toEqual([]);
  expect(contentStreams(bytes)).toContain(fill('#4a148c'));
  expect(pdfText(bytes)).toContain('DEVIS');
});

it('sends document e-mails with an HTML part in the accent colour with the logo, beside the plain text', async () => {
  const who = await signUp(t);
  const send: Send = viaInject(t, who);
  const client = await readyToInvoice(send, who.email);
  await completeProfile(send, who.email, { accent_color: '#7a1f5c' });
  await upload(who, await logo('#c0392b', 120, 40));
  const invoice = (await send('POST', '/api/invoices/', invoiceBody(client, 'draft'))).body;
  expect((await send('POST', `/api/invoices/${invoice.id}/send_email/`)).status).toBe(200);

  await outboxSettled(t.app, t.database.db, { purpose: 'document' });
  const dir = path.join(t.config.dataDir, 'outbox');
  const raw = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => /^To: colette@exemple\.fr/m.test(m));
  expect(raw).toHaveLength(1);
  expect(raw[0]).toMatch(/Content-Type: multipart\/alternative/);
  expect(raw[0]).toMatch(/Content-Type: text\/plain/);
  expect(raw[0]).toMatch(/Content-Type: text\/html/);
  expect(raw[0]).toMatch(/Content-Type: application\/pdf; name=facture_FAC-/);
});
