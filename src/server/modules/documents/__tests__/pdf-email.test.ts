import { createHash } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { createTestApp, signUp, uniqueEmail, STRONG_PASSWORD, type TestApp } from '@/server/test/test-app';
import { inOneRateWindow } from '@/server/test/rate-windows';
import { InvoicingWorld, line, type User } from '@/server/test/invoice-fixtures';
import { attachedFiles, facturXml, pdfFonts, pdfPages, pdfText, pdfTexts, validateFacturX } from '@/server/test/pdf-reader';
import { addDays, parisToday } from '@/shared/dates';
import { CLIENT_ADDRESS, completeProfile, viaInject } from '@/server/test/billing-fixtures';

/**
 * PDF and e-mail of quotes and invoices through the real app, a real database and a real SMTP
 * server in-process. PDFs are read back with npm libraries (src/server/test/pdf-reader.ts: pdf.js,
 * pdf-lib) and issued invoices checked with factur-x-kit (EN 16931 structure and business rules).
 * The official Factur-X kit (XSD + schematron) checks the same invoices in `npm run test:facturx`.
 */

const year = parisToday().slice(0, 4);
const EUR = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** 1234.56 → '1 234,56 €' with U+202F and U+00A0, as on the documents. */
const euros = (amount: number) => EUR.format(amount);
/** The same as pdfText() gives it back: U+202F and U+00A0 as plain spaces (as poppler did). */
const shown = (amount: number) => euros(amount).replace(/[\u202f\u00a0]/g, ' ');

// ---- In-process SMTP server: records messages; can be told to refuse them, or to defer the next few.
interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
}
const received: ReceivedMail[] = [];
let refuse = false;
let defer = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  size: 10 * 1024 * 1024,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      if (refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      if (defer > 0) {
        defer--;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

// ---- A small MIME reader for what nodemailer sends (headers, text part, attachments).
interface MailPart {
  headers: Record<string, string>;
  body: string;
}
function splitPart(raw: string): MailPart {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}
const decodeQp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
  );
function parseMail(raw: string) {
  const top = splitPart(raw);
  const parts: MailPart[] = [];
  const walk = (part: MailPart) => {
    const boundary = /boundary="?([^";]+)"?/i.exec(part.headers['content-type'] ?? '')?.[1];
    if (!boundary) return parts.push(part);
    for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
      if (!chunk.startsWith('--')) walk(splitPart(chunk.replace(/^\r?\n/, '')));
    }
  };
  walk(top);
  const decode = (p: MailPart) => {
    const encoding = (p.headers['content-transfer-encoding'] ?? '').toLowerCase();
    if (encoding === 'base64') return Buffer.from(p.body.replace(/\s+/g, ''), 'base64');
    if (encoding === 'quoted-printable') return Buffer.from(decodeQp(p.body), 'utf8');
    return Buffer.from(p.body, 'utf8');
  };
  const textPart = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith('text/plain'));
  return {
    header: (name: string) => decodeWords(top.headers[name.toLowerCase()] ?? ''),
    text: textPart ? decode(textPart).toString('utf8') : '',
    attachments: parts
      .filter((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''))
      .map((p) => ({
        filename: /filename="?([^";]+)"?/i.exec(p.headers['content-disposition'])?.[1] ?? '',
        contentType: (p.headers['content-type'] ?? '').split(';')[0],
        content: decode(p),
      })),
  };
}

const xmlValue = (xml: string, element: string) => new RegExp(`<ram:${element}[^>]*>([^<]*)</ram:${element}>`).exec(xml)?.[1];

// ---- The app and its users (src/server/test/invoice-fixtures.ts).
let t: TestApp;
let w: InvoicingWorld;
let alice: User; // company with a VAT number (w.carol: a micro-entrepreneur without one)
let bob: User; // another account: isolation

/** signUp() reads the outbox; here mail goes through SMTP, so the activation link is read from there. */
async function signUpThroughSmtp(email = uniqueEmail('pdf')): Promise<User> {
  const reg = await t.app.inject({ method: 'POST', url: '/api/register/', payload: { email, password: STRONG_PASSWORD, password2: STRONG_PASSWORD } });
  if (reg.statusCode !== 201) throw new Error(reg.body);
  const mail = received.filter((m) => m.envelopeTo.includes(email)).at(-1)!;
  const link = new URL(parseMail(mail.raw).text.match(/https?:\/\/\S+/)![0]);
  await t.app.inject({ method: 'GET', url: link.pathname });
  const token = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: STRONG_PASSWORD } });
  const { access, refresh } = token.json() as { access: string; refresh: string };
  return { email, password: STRONG_PASSWORD, access, refresh, auth: { authorization: `Bearer ${access}` } };
}

const call = (...args: Parameters<InvoicingWorld['call']>) => w.call(...args);
const create = (...args: Parameters<InvoicingWorld['create']>) => w.create(...args);
const pdfOf = (...args: Parameters<InvoicingWorld['pdfOf']>) => w.pdfOf(...args);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  // Retries after 50 ms rather than minutes: three attempts in all.
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Carnet <envoi@carnet.test>' },
    { mailDelivery: { retryDelaysMs: [50, 50], pollMs: 50 } },
  );
  w = await new InvoicingWorld(t).setUp(() => signUpThroughSmtp());
  ({ alice } = w);
  bob = await signUpThroughSmtp();
}, 60000);

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

beforeEach(() => {
  refuse = false;
  defer = 0;
});

describe('generate_pdf', () => {
  it('renders a quote in French with the issuer, the client, the lines and fr-FR totals', async () => {
    const quote = await create(alice, 'quotes', { legal_notice: 'Devis gratuit.', signature_notice: 'Bon pour accord, Jeanne Dupont' });
    const res = await pdfOf(alice, 'quotes', quote.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const name = `devis_${quote.quote_number}.pdf`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(res.rawPayload);
    for (const expected of [
      'DEVIS', `N° ${quote.quote_number}`, 'Valable jusqu’au', 'Studio Dupont', 'SARL', '12 rue des Lilas', '69001 Lyon',
      'SIRET : 12345678200010', 'TVA intracom. : FR11123456782', 'Tél. : 04 72 00 00 00', alice.email, 'https://studio-dupont.fr',
      'Librairie Colette', 'Colette SAS', '5 rue Haute', '1000 Bruxelles', 'Belgique', 'colette@exemple.fr',
      'Objet : Refonte du site', 'Conception graphique', 'Maquettes et charte', 'Intégration',
      '1 234,56 €', shown(1350), `Total HT`, shown(2584.56), 'TVA 20 %', shown(516.91),
      'Total TTC', shown(3101.47), 'Devis gratuit.', 'Bon pour accord, Jeanne Dupont', 'Page 1 / 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(quote.total_amount).toBe(3101.47);
    // Drawn with the embedded DejaVu fonts (built-in fonts would turn U+202F into '/').
    expect(text).not.toContain('1/234');
    const fonts = await pdfFonts(res.rawPayload);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatchObject({ name: expect.stringContaining('DejaVuSans'), embedded: true, subset: true, unicode: true });
    // A quote carries no invoice mentions and no e-invoice.
    expect(text).not.toContain('Escompte');
    expect(await attachedFiles(res.rawPayload)).toEqual([]);
  });

  it('marks a draft invoice BROUILLON, without number nor Factur-X XML, with the mandatory mentions', async () => {
    const invoice = await create(alice, 'invoices');
    const res = await pdfOf(alice, 'invoices', invoice.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="facture_${invoice.id}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('BROUILLON');
    expect(text).not.toMatch(/FAC-\d{4}-/);
    for (const mention of [
      'Conditions de paiement : paiement à 30 jours',
      'Taux des pénalités de retard : trois fois le taux d’intérêt légal',
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
      'Escompte : néant',
    ]) {
      expect(text.replace(/\s+/g, ' ')).toContain(mention);
    }
    expect(await attachedFiles(res.rawPayload)).toEqual([]);
  });

  it(
    'makes issued invoices and credit notes valid Factur-X EN 16931 e-invoices at 20 %, 5.5 % (several pages) and 0 % VAT',
    async () => {
      const issued = await w.issuedInvoices();
      const texts = pdfTexts(issued.map((i) => i.pdf));
      const pdfs: { total: number; text: string; xml: string; pages: number; number: string; errors: string[] }[] = [];
      for (const [n, { invoice, status, contentDisposition, pdf }] of issued.entries()) {
        expect(invoice.invoice_number).toMatch(new RegExp(`^FAC-${year}-\\d{4}$`));
        expect(status).toBe(200);
        expect(contentDisposition).toContain(`filename="facture_${invoice.invoice_number}.pdf"`);
        expect(await attachedFiles(pdf)).toEqual(['factur-x.xml']);
        pdfs.push({
          total: invoice.total_amount, text: texts[n], xml: await facturXml(pdf), pages: await pdfPages(pdf),
          number: invoice.invoice_number, errors: await validateFacturX(pdf),
        });
      }

      for (const pdf of pdfs) {
        // EN 16931 structure and business rules (factur-x-kit): totals, VAT breakdown, mandatory parties…
        expect(pdf.errors).toEqual([]);
        // The XML's totals are the API's, and the PDF shows the same amount.
        expect(Number(xmlValue(pdf.xml, 'GrandTotalAmount'))).toBe(pdf.total);
        expect(Number(xmlValue(pdf.xml, 'DuePayableAmount'))).toBe(pdf.total);
        expect(pdf.xml).toContain('<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
        expect(pdf.xml).toContain(`<ram:ID>${pdf.number}</ram:ID>`);
        for (const code of ['PMD', 'PMT', 'AAB']) expect(pdf.xml).toContain(`<ram:SubjectCode>${code}</ram:SubjectCode>`);
        expect(pdf.text).toContain(shown(pdf.total));
        expect(pdf.text).toContain(pdf.number);
      }
      const [first, multi, franchise] = pdfs;
      expect(multi.pages).toBeGreaterThan(1);
      expect(multi.text).toContain(`Page ${multi.pages} / ${multi.pages}`);
      // The table header is repeated on each page that continues the table.
      expect(multi.text.match(/Désignation/g)!.length).toBeGreaterThanOrEqual(multi.pages - 1);
      expect(multi.text).toContain('Séance 45');
      expect(franchise.text).toContain('TVA non applicable, art. 293 B du CGI');
      expect(franchise.xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
      expect(franchise.xml).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');

      // The check has teeth: the same XML with a wrong total is refused.
      const wrongTotal = first.xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>9999.99<');
      expect(await validateFacturX(wrongTotal)).toEqual(expect.arrayContaining([expect.stringContaining('BR-CO-15')]));

      // Credit notes: type 381, the invoice they correct named in the XML (BT-25, BT-26) and on the PDF.
      const notes = await w.issuedCreditNotes(issued);
      const noteTexts = pdfTexts(notes.map((n) => n.pdf));
      for (const [n, { creditNote, invoice, status, contentDisposition, pdf }] of notes.entries()) {
        expect(creditNote.credit_note_number).toMatch(new RegExp(`^AV-${year}-\\d{4}$`));
        expect(status).toBe(200);
        expect(contentDisposition).toContain(`filename="avoir_${creditNote.credit_note_number}.pdf"`);
        expect(await validateFacturX(pdf)).toEqual([]);
        const xml = await facturXml(pdf);
        expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
        expect(xml).toContain(`<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.invoice_number}</ram:IssuerAssignedID>`);
        expect(Number(xmlValue(xml, 'GrandTotalAmount'))).toBe(creditNote.total_amount);
        expect(noteTexts[n]).toContain('AVOIR');
        expect(noteTexts[n]).toContain(`Facture d’origine : ${invoice.invoice_number}`);
        expect(noteTexts[n]).toContain(shown(creditNote.total_amount));
      }
      expect(noteTexts[0]).toContain('Motif : Remise commerciale');
      expect(noteTexts[1]).toContain('TVA non applicable, art. 293 B du CGI');
      // The last credits the 119,97 € left with its rounding cent above: 99,98 € HT, 20,00 € of VAT.
      const roundingCent = await facturXml(notes[4].pdf);
      expect([xmlValue(roundingCent, 'TaxBasisTotalAmount'), xmlValue(roundingCent, 'TaxTotalAmount'), xmlValue(roundingCent, 'GrandTotalAmount')]).toEqual(['99.98', '20.00', '119.98']);
    },
    120000,
  );

  it('answers 404 with an error field for another user’s document or a bad id', async () => {
    const quote = await create(alice, 'quotes');
    const invoice = await create(alice, 'invoices');
    for (const url of [`/api/quotes/${quote.id}/generate_pdf/`, '/api/quotes/abc/generate_pdf/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bob.auth });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Devis introuvable.' });
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/generate_pdf/`, headers: bob.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Facture introuvable.' });
    expect((await t.app.inject({ method: 'GET', url: `/api/quotes/${quote.id}/generate_pdf/` })).statusCode).toBe(401);
  });
});

describe('send_email', () => {
  const lastMailTo = (address: string) => {
    const mail = received.filter((m) => m.envelopeTo.includes(address)).at(-1);
    return mail ? parseMail(mail.raw) : null;
  };

  /** The document's e-mail once the outbox is done with it (sent or failed), as its page reads it. */
  async function delivery(who: User, kind: 'quotes' | 'invoices', id: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const state = (await call(who, 'GET', `/api/${kind}/${id}/`)).body.email_delivery;
      if (state && state.status !== 'pending') return state;
      if (Date.now() > deadline) throw new Error(`still pending: ${JSON.stringify(state)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('sends a quote to the client with the PDF, from the freelancer via Carnet, reply-to the user; the draft becomes sent', async () => {
    const quote = await create(alice, 'quotes', { expiration_date: '2030-06-30' });
    expect((await call(alice, 'GET', `/api/quotes/${quote.id}/`)).body.email_delivery).toBeNull();
    const before = received.length;
    const res = await call(alice, 'POST', `/api/quotes/${quote.id}/send_email/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Le devis est en cours d’envoi par e-mail.', status: 'sent', quote_number: quote.quote_number,
      email_delivery: { status: expect.stringMatching(/^(pending|sent)$/), error: null },
    });
    expect(await delivery(alice, 'quotes', quote.id)).toEqual({ status: 'sent', error: null, updated_at: expect.any(String) });
    expect(received.length).toBe(before + 1);

    const mail = lastMailTo('colette@exemple.fr')!;
    // The freelancer's name at the app's address (issue 18): replies go to the freelancer.
    expect(mail.header('From')).toMatch(/^"?Studio Dupont via Carnet"? <envoi@carnet\.test>$/);
    expect(mail.header('Reply-To')).toBe(alice.email);
    expect(mail.header('Subject')).toContain(`Devis ${quote.quote_number}`);
    // The built-in template (issue 28).
    expect(mail.header('Subject')).toBe(`Devis ${quote.quote_number} — ${euros(3101.47)} TTC`);
    expect(mail.text).toContain(`le devis ${quote.quote_number}, d’un montant de`);
    expect(mail.text).toContain(`${euros(3101.47)} TTC`);
    expect(mail.text).toContain('valable jusqu’au 30/06/2030');
    // The profile's signature notice closes the message when the quote has none.
    // …then the client's link to the quote online (issue 27).
    expect(mail.text.trim()).toMatch(/Jeanne Dupont — Studio Dupont\r?\n\r?\nConsulter en ligne : http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43}$/);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `devis_${quote.quote_number}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(mail.attachments[0].content)).toContain(quote.quote_number);

    expect((await call(alice, 'GET', `/api/quotes/${quote.id}/`)).body.status).toBe('sent');
    const activity = (await call(alice, 'GET', '/api/recent-activity/?limit=5')).body;
    expect(activity[0]).toMatchObject({ object_type: 'quote', object_id: quote.id, action: 'mis à jour', changes: '(Statut: Brouillon → Envoyé)' });
  });

  it('issues a draft invoice with its legal number when sending, the sent PDF carrying that number and its XML', async () => {
    // Issued today on sending: a due date at most 60 days later (Code de commerce, art. L441-10).
    const dueDate = addDays(parisToday(), 45);
    const invoice = await create(alice, 'invoices', { due_date: dueDate, signature_notice: 'IBAN FR76 3000 6000 0112 3456 7890 189' });
    expect(invoice.invoice_number).toBeNull();
    const res = await call(alice, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'La facture est en cours d’envoi par e-mail.', status: 'sent' });
    const number = res.body.invoice_number;
    expect(number).toMatch(new RegExp(`^FAC-${year}-\\d{4}$`));
    expect((await call(alice, 'GET', `/api/invoices/${invoice.id}/`)).body).toMatchObject({ status: 'sent', invoice_number: number });
    expect((await delivery(alice, 'invoices', invoice.id)).status).toBe('sent');

    const mail = lastMailTo('colette@exemple.fr')!;
    expect(mail.header('Subject')).toContain(`Facture ${number}`);
    expect(mail.text).toContain(`la facture ${number}, d’un montant de ${euros(3101.47)} TTC`);
    expect(mail.text).toContain(`payable au plus tard le ${dueDate.split('-').reverse().join('/')}`);
    expect(mail.text.trim()).toMatch(/IBAN FR76 3000 6000 0112 3456 7890 189\r?\n\r?\nConsulter en ligne : http:\/\/carnet\.test\/p\/[A-Za-z0-9_-]{43}$/);
    const [pdf] = mail.attachments;
    expect(pdf.filename).toBe(`facture_${number}.pdf`);
    expect(await attachedFiles(pdf.content)).toEqual(['factur-x.xml']);
    expect(xmlValue(await facturXml(pdf.content), 'GrandTotalAmount')).toBe('3101.47');
    expect(await validateFacturX(pdf.content)).toEqual([]);
    expect(pdfText(pdf.content)).not.toContain('BROUILLON');

    const activity = (await call(alice, 'GET', '/api/recent-activity/?limit=5')).body;
    expect(activity[0]).toMatchObject({
      object_type: 'invoice', object_id: invoice.id, action: 'mis à jour', changes: `(Numéro: — → ${number}; Statut: Brouillon → Envoyée)`,
    });

    // What was sent is what is served and what is archived (issue 13).
    const served = await pdfOf(alice, 'invoices', invoice.id);
    expect(Buffer.compare(served.rawPayload, pdf.content)).toBe(0);
    const sha256 = createHash('sha256').update(pdf.content).digest('hex');
    expect((await call(alice, 'GET', `/api/invoices/${invoice.id}/`)).body.pdf_sha256).toBe(sha256);

    // Sending again re-sends the same bytes without changing anything.
    const count = received.length;
    const again = await call(alice, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    expect(again.body).toMatchObject({ status: 'sent', invoice_number: number });
    expect((await delivery(alice, 'invoices', invoice.id)).status).toBe('sent');
    expect(received.length).toBe(count + 1);
    expect(Buffer.compare(lastMailTo('colette@exemple.fr')!.attachments[0].content, pdf.content)).toBe(0);
  });

  /** dave: a complete profile, a client without an e-mail address and one with. */
  async function daveWithClients() {
    const dave = await signUpThroughSmtp();
    // Issuing needs a complete profile and clients with a full address.
    await completeProfile(viaInject(t, dave), dave.email);
    const noEmail = (await call(dave, 'POST', '/api/contacts/', { name: 'Sans Courriel', ...CLIENT_ADDRESS })).body;
    const clientEmail = uniqueEmail('riviere');
    const withEmail = (await call(dave, 'POST', '/api/contacts/', { name: 'Atelier Rivière', email: clientEmail, ...CLIENT_ADDRESS })).body;
    return { dave, noEmail, withEmail, clientEmail };
  }

  it('changes nothing when the client has no e-mail address (400)', async () => {
    const { dave, noEmail, withEmail } = await daveWithClients();
    const activityCount = async () => (await call(dave, 'GET', '/api/recent-activity/?limit=200')).body.length;
    const first = await create(dave, 'invoices', {}, noEmail.id);
    const entries = await activityCount();
    const res = await call(dave, 'POST', `/api/invoices/${first.id}/send_email/`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('n’a pas d’adresse e-mail');
    expect((await call(dave, 'GET', `/api/invoices/${first.id}/`)).body).toMatchObject({ status: 'draft', invoice_number: null, email_delivery: null });
    expect(await activityCount()).toBe(entries);

    // No number consumed: the first invoice actually sent is n° 1.
    const second = await create(dave, 'invoices', {}, withEmail.id);
    const ok = await call(dave, 'POST', `/api/invoices/${second.id}/send_email/`);
    expect(ok.status).toBe(200);
    expect(ok.body.invoice_number).toBe(`FAC-${year}-0001`);
  });

  it('shows a message the mail server refuses as failed, with its reason, the invoice issued; sending again delivers it', async () => {
    const { dave, withEmail, clientEmail } = await daveWithClients();
    const invoice = await create(dave, 'invoices', {}, withEmail.id);
    refuse = true;
    const res = await call(dave, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    // Issued with the message: the number and the status went in with it, whatever the mail server says later.
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'sent', invoice_number: `FAC-${year}-0001` });
    // Refused for good (5xx): no retry.
    expect(await delivery(dave, 'invoices', invoice.id)).toEqual({
      status: 'failed', error: 'Le serveur de messagerie a refusé le message (550 Mailbox unavailable).', updated_at: expect.any(String),
    });
    expect(lastMailTo(clientEmail)).toBeNull();

    refuse = false;
    const retry = await call(dave, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    expect(retry.body).toMatchObject({ status: 'sent', invoice_number: `FAC-${year}-0001` });
    expect(await delivery(dave, 'invoices', invoice.id)).toMatchObject({ status: 'sent', error: null });
    expect(lastMailTo(clientEmail)!.header('Subject')).toContain(`Facture FAC-${year}-0001`);
  });

  it('retries a deferred message, and after the last attempt shows it failed with the reason', async () => {
    const { dave, withEmail, clientEmail } = await daveWithClients();
    const once = await create(dave, 'quotes', {}, withEmail.id);
    defer = 1; // the first attempt is deferred, the second goes through
    await call(dave, 'POST', `/api/quotes/${once.id}/send_email/`);
    expect(await delivery(dave, 'quotes', once.id)).toMatchObject({ status: 'sent', error: null });
    expect(received.filter((m) => m.envelopeTo.includes(clientEmail))).toHaveLength(1);

    const never = await create(dave, 'quotes', {}, withEmail.id);
    defer = 3; // every attempt: the first and the two retries
    await call(dave, 'POST', `/api/quotes/${never.id}/send_email/`);
    expect(await delivery(dave, 'quotes', never.id)).toMatchObject({
      status: 'failed', error: 'Le serveur de messagerie a différé le message (451 Try again later). Envoi abandonné après 3 tentatives.',
    });
    expect(defer).toBe(0);
    expect(received.filter((m) => m.envelopeTo.includes(clientEmail))).toHaveLength(1);
  });

  it('answers 404 for another user’s document and sends nothing', async () => {
    const quote = await create(alice, 'quotes');
    const invoice = await create(alice, 'invoices');
    const sent = received.length;
    const q = await call(bob, 'POST', `/api/quotes/${quote.id}/send_email/`);
    expect(q.status).toBe(404);
    expect(q.body).toEqual({ error: 'Devis introuvable.' });
    const i = await call(bob, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    expect(i.status).toBe(404);
    expect(i.body).toEqual({ error: 'Facture introuvable.' });
    expect(received.length).toBe(sent);
    expect((await call(alice, 'GET', `/api/invoices/${invoice.id}/`)).body).toMatchObject({ status: 'draft', email_delivery: null });
  });
});

describe('send_email rate limit', () => {
  it('answers 429 with a message after 20 sends in an hour', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const user = await signUp(limited);
      const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
        limited.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
      const contact = (await inject('POST', '/api/contacts/', { name: 'Sans Courriel' })).json();
      const quote = (await inject('POST', '/api/quotes/', { title: 'Devis', client_id: contact.id, line_items: [line('A', 1, 10)] })).json();
      const res = await inOneRateWindow(async () => {
        for (let i = 0; i < 20; i++) {
          expect((await inject('POST', `/api/quotes/${quote.id}/send_email/`)).statusCode).toBe(400);
        }
        return inject('POST', `/api/quotes/${quote.id}/send_email/`);
      });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'Trop d’envois. Veuillez réessayer plus tard.', detail: 'Trop d’envois. Veuillez réessayer plus tard.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
