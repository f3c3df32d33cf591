import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { createTestApp, STRONG_PASSWORD, uniqueEmail, signUp, type TestApp } from '../../../test/test-app';
import { parisToday } from '../../../../shared/dates';

/**
 * PDF and e-mail of quotes and invoices through the real app, a real database and a real SMTP
 * server in-process. PDFs are read back with poppler (pdftotext, pdfdetach) and issued invoices
 * checked with the Factur-X validator of ../shared/facturx (XSD + EN 16931 schematron).
 */

const repoRoot = path.resolve(__dirname, '../../../../..');
const VALIDATE = path.resolve(repoRoot, '../shared/facturx/validate');
const XSLT3 = path.resolve(repoRoot, 'node_modules/.bin/xslt3');
const year = parisToday().slice(0, 4);
const EUR = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** 1234.56 → '1 234,56 €' with U+202F and U+00A0, as on the documents. */
const euros = (amount: number) => EUR.format(amount);
/** The same as pdftotext gives it back: poppler turns U+202F and U+00A0 into plain spaces. */
const shown = (amount: number) => euros(amount).replace(/[\u202f\u00a0]/g, ' ');

// ---- In-process SMTP server: records messages; can be told to refuse them.
interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
}
const received: ReceivedMail[] = [];
let refuse = false;
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

// ---- PDF reading with poppler.
let workDir: string;
let fileCount = 0;
function savePdf(content: Buffer): string {
  const file = path.join(workDir, `document-${++fileCount}.pdf`);
  writeFileSync(file, content);
  return file;
}
function pdfText(content: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', savePdf(content), '-'], { encoding: 'utf8' });
}
function pdfPages(content: Buffer): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [savePdf(content)], { encoding: 'utf8' }))?.[1]);
}
function attachedFiles(content: Buffer): string[] {
  const list = execFileSync('pdfdetach', ['-list', savePdf(content)], { encoding: 'utf8' });
  return list.split('\n').slice(1).map((l) => l.replace(/^\d+:\s*/, '').trim()).filter(Boolean);
}
function facturX(content: Buffer): string {
  const file = savePdf(content);
  const out = `${file}.xml`;
  execFileSync('pdfdetach', ['-savefile', 'factur-x.xml', '-o', out, file]);
  return readFileSync(out, 'utf8');
}
const xmlValue = (xml: string, element: string) => new RegExp(`<ram:${element}[^>]*>([^<]*)</ram:${element}>`).exec(xml)?.[1];

// ---- The app and its users.
let t: TestApp;
type User = Awaited<ReturnType<typeof signUp>>;
let alice: User; // company with a VAT number
let carol: User; // micro-entrepreneur: no VAT number (franchise en base)
let bob: User; // another account: isolation
let client: { id: number; name: string };

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

async function call(who: User, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: String(res.headers['content-type']).startsWith('application/json') ? res.json() : null, res };
}

const profile = (who: User, extra: object) =>
  call(who, 'PUT', '/api/profile/', { email: who.email, first_name: 'Jeanne', last_name: 'Dupont', ...extra });

const line = (title: string, quantity: number, unit_price: number, description = '') => ({ title, quantity, unit_price, description });
const body = (extra: object = {}) => ({
  title: 'Refonte du site',
  client_id: client.id,
  line_items: [line('Conception graphique', 1, 1234.56, 'Maquettes et charte'), line('Intégration', 3, 450)],
  ...extra,
});

async function create(who: User, kind: 'quotes' | 'invoices', extra: object = {}, clientId = client.id) {
  const res = await call(who, 'POST', `/api/${kind}/`, body({ client_id: clientId, ...extra }));
  expect(res.status).toBe(201);
  return res.body;
}

async function issue(who: User, invoice: { id: number }, clientId = client.id) {
  const current = (await call(who, 'GET', `/api/invoices/${invoice.id}/`)).body;
  const res = await call(who, 'PUT', `/api/invoices/${invoice.id}/`, { ...current, client_id: clientId, status: 'sent' });
  expect(res.status).toBe(200);
  return res.body;
}

async function pdfOf(who: User, kind: 'quotes' | 'invoices', id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/${kind}/${id}/generate_pdf/`, headers: who.auth });
  return res;
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'carnet-pdf-'));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Carnet <envoi@carnet.test>' });
  [alice, carol, bob] = [await signUpThroughSmtp(), await signUpThroughSmtp(), await signUpThroughSmtp()];
  expect(
    (await profile(alice, {
      company_name: 'Studio Dupont', business_type: 'SARL', address: '12 rue des Lilas', postal_code: '69001', city: 'Lyon',
      phone: '04 72 00 00 00', website: 'https://studio-dupont.fr', siret: '12345678900012', vat_number: 'FR12123456789',
      signature_notice: 'Jeanne Dupont — Studio Dupont',
    })).status,
  ).toBe(200);
  expect(
    (await profile(carol, {
      company_name: 'Carole Martin EI', business_type: 'Entrepreneur individuel', address: '3 place du Marché', postal_code: '44000',
      city: 'Nantes', siret: '98765432100017', vat_number: '',
    })).status,
  ).toBe(200);
  client = (
    await call(alice, 'POST', '/api/contacts/', {
      name: 'Librairie Colette', company: 'Colette SAS', email: 'colette@exemple.fr', address: '5 rue Haute',
      postal_code: '1000', city: 'Bruxelles', country: 'Belgique',
    })
  ).body;
}, 60000);

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  refuse = false;
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
      'SIRET : 12345678900012', 'TVA intracom. : FR12123456789', 'Tél. : 04 72 00 00 00', alice.email, 'https://studio-dupont.fr',
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
    const fonts = execFileSync('pdffonts', [savePdf(res.rawPayload)], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/DejaVuSans.*\byes\s+yes\s+yes\b/);
    // A quote carries no invoice mentions and no e-invoice.
    expect(text).not.toContain('Escompte');
    expect(attachedFiles(res.rawPayload)).toEqual([]);
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
    expect(attachedFiles(res.rawPayload)).toEqual([]);
  });

  it('does not repeat a mention the legal notice already states', async () => {
    const invoice = await create(alice, 'invoices', {
      legal_notice: 'Pénalités de retard : 12 % l’an.\nPas d’escompte pour paiement anticipé.',
    });
    const issued = await issue(alice, invoice);
    const res = await pdfOf(alice, 'invoices', issued.id);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('Pénalités de retard : 12 % l’an.');
    expect(text).not.toContain('trois fois le taux');
    expect(text).not.toContain('Escompte : néant');
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement : 40 €');
    const xml = facturX(res.rawPayload);
    expect(xml).toContain('<ram:Content>Pénalités de retard : 12 % l’an.</ram:Content><ram:SubjectCode>PMD</ram:SubjectCode>');
    expect(xml).toContain('<ram:Content>Pas d’escompte pour paiement anticipé.</ram:Content><ram:SubjectCode>AAB</ram:SubjectCode>');
  });

  it(
    'makes issued invoices valid Factur-X EN 16931 e-invoices at 20 %, 5.5 % (several pages) and 0 % VAT',
    async () => {
      const carolClient = (await call(carol, 'POST', '/api/contacts/', { name: 'Boulangerie Potier', email: 'potier@exemple.fr' })).body;
      const many = Array.from({ length: 45 }, (_, i) =>
        line(`Séance ${i + 1}`, 1 + (i % 3), 87.35, i % 4 === 0 ? 'Préparation, animation et compte rendu de la séance. '.repeat(3) : ''),
      );
      const cases = [
        { who: alice, clientId: client.id, extra: { tax_rate: 20 } },
        { who: alice, clientId: client.id, extra: { tax_rate: 5.5, line_items: many } },
        { who: carol, clientId: carolClient.id, extra: { tax_rate: 0 } },
      ];
      const pdfs: { file: string; total: number; text: string; xml: string; pages: number; number: string }[] = [];
      for (const { who, clientId, extra } of cases) {
        const issued = await issue(who, await create(who, 'invoices', extra, clientId), clientId);
        expect(issued.invoice_number).toMatch(new RegExp(`^FAC-${year}-\\d{4}$`));
        const res = await pdfOf(who, 'invoices', issued.id);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toContain(`filename="facture_${issued.invoice_number}.pdf"`);
        expect(attachedFiles(res.rawPayload)).toEqual(['factur-x.xml']);
        pdfs.push({
          file: savePdf(res.rawPayload), total: issued.total_amount, text: pdfText(res.rawPayload), xml: facturX(res.rawPayload),
          pages: pdfPages(res.rawPayload), number: issued.invoice_number,
        });
      }

      for (const pdf of pdfs) {
        // The XML's totals are the API's, and the PDF shows the same amount.
        expect(Number(xmlValue(pdf.xml, 'GrandTotalAmount'))).toBe(pdf.total);
        expect(Number(xmlValue(pdf.xml, 'DuePayableAmount'))).toBe(pdf.total);
        expect(xmlValue(pdf.xml, 'ID')).toBe('urn:cen.eu:en16931:2017');
        expect(pdf.xml).toContain(`<ram:ID>${pdf.number}</ram:ID>`);
        for (const code of ['PMD', 'PMT', 'AAB']) expect(pdf.xml).toContain(`<ram:SubjectCode>${code}</ram:SubjectCode>`);
        expect(pdf.text).toContain(shown(pdf.total));
        expect(pdf.text).toContain(pdf.number);
      }
      const [, multi, franchise] = pdfs;
      expect(multi.pages).toBeGreaterThan(1);
      expect(multi.text).toContain(`Page ${multi.pages} / ${multi.pages}`);
      // The table header is repeated on each page that continues the table.
      expect(multi.text.match(/Désignation/g)!.length).toBeGreaterThanOrEqual(multi.pages - 1);
      expect(multi.text).toContain('Séance 45');
      expect(franchise.text).toContain('TVA non applicable, art. 293 B du CGI');
      expect(franchise.xml).toContain('<ram:CategoryCode>E</ram:CategoryCode>');
      expect(franchise.xml).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');

      const run = promisify(execFile);
      const results = await Promise.all(
        pdfs.map((pdf) =>
          run(VALIDATE, [pdf.file], { env: { ...process.env, XSLT3 } }).then(
            ({ stdout }) => ({ ok: true, output: stdout }),
            (err: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
          ),
        ),
      );
      for (const result of results) {
        expect(result.output).toContain('valid Factur-X EN 16931');
        expect(result.ok).toBe(true);
      }
    },
    360000,
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

  it('sends a quote to the client with the PDF, from the sender, reply-to the user; the draft becomes sent', async () => {
    const quote = await create(alice, 'quotes', { expiration_date: '2030-06-30' });
    const before = received.length;
    const res = await call(alice, 'POST', `/api/quotes/${quote.id}/send_email/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Le devis a été envoyé par e-mail avec succès !', status: 'sent', quote_number: quote.quote_number });
    expect(received.length).toBe(before + 1);

    const mail = lastMailTo('colette@exemple.fr')!;
    expect(mail.header('From')).toContain('envoi@carnet.test');
    expect(mail.header('Reply-To')).toBe(alice.email);
    expect(mail.header('Subject')).toContain(`Devis ${quote.quote_number}`);
    expect(mail.header('Subject')).toBe(`Devis ${quote.quote_number} — Studio Dupont — ${euros(3101.47)} TTC`);
    expect(mail.text).toContain(`le devis ${quote.quote_number} « Refonte du site »`);
    expect(mail.text).toContain(`${euros(3101.47)} TTC`);
    expect(mail.text).toContain('valable jusqu’au 30/06/2030');
    // The profile's signature notice closes the message when the quote has none.
    expect(mail.text.trim().endsWith('Jeanne Dupont — Studio Dupont')).toBe(true);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `devis_${quote.quote_number}.pdf`, contentType: 'application/pdf' });
    expect(pdfText(mail.attachments[0].content)).toContain(quote.quote_number);

    expect((await call(alice, 'GET', `/api/quotes/${quote.id}/`)).body.status).toBe('sent');
    const activity = (await call(alice, 'GET', '/api/recent-activity/?limit=5')).body;
    expect(activity[0]).toMatchObject({ object_type: 'quote', object_id: quote.id, action: 'mis à jour', changes: '(Statut: Brouillon → Envoyé)' });
  });

  it('issues a draft invoice with its legal number when sending, the sent PDF carrying that number and its XML', async () => {
    const invoice = await create(alice, 'invoices', { due_date: '2030-07-15', signature_notice: 'IBAN FR76 3000 6000 0112 3456 7890 189' });
    expect(invoice.invoice_number).toBeNull();
    const res = await call(alice, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'La facture a été envoyée par e-mail avec succès !', status: 'sent' });
    const number = res.body.invoice_number;
    expect(number).toMatch(new RegExp(`^FAC-${year}-\\d{4}$`));
    expect((await call(alice, 'GET', `/api/invoices/${invoice.id}/`)).body).toMatchObject({ status: 'sent', invoice_number: number });

    const mail = lastMailTo('colette@exemple.fr')!;
    expect(mail.header('Subject')).toContain(`Facture ${number}`);
    expect(mail.text).toContain(`la facture ${number} « Refonte du site », d’un montant de ${euros(3101.47)} TTC`);
    expect(mail.text).toContain('payable au plus tard le 15/07/2030');
    expect(mail.text.trim().endsWith('IBAN FR76 3000 6000 0112 3456 7890 189')).toBe(true);
    const [pdf] = mail.attachments;
    expect(pdf.filename).toBe(`facture_${number}.pdf`);
    expect(attachedFiles(pdf.content)).toEqual(['factur-x.xml']);
    expect(xmlValue(facturX(pdf.content), 'GrandTotalAmount')).toBe('3101.47');
    expect(pdfText(pdf.content)).not.toContain('BROUILLON');

    const activity = (await call(alice, 'GET', '/api/recent-activity/?limit=5')).body;
    expect(activity[0]).toMatchObject({
      object_type: 'invoice', object_id: invoice.id, action: 'mis à jour', changes: `(Numéro: — → ${number}; Statut: Brouillon → Envoyée)`,
    });

    // Sending again re-sends without changing anything.
    const again = await call(alice, 'POST', `/api/invoices/${invoice.id}/send_email/`);
    expect(again.body).toMatchObject({ status: 'sent', invoice_number: number });
  });

  it('changes nothing when the client has no e-mail (400) or the mail server refuses the message (502)', async () => {
    const dave = await signUpThroughSmtp();
    const noEmail = (await call(dave, 'POST', '/api/contacts/', { name: 'Sans Courriel' })).body;
    const withEmail = (await call(dave, 'POST', '/api/contacts/', { name: 'Atelier Rivière', email: 'riviere@exemple.fr' })).body;
    const activityCount = async () => (await call(dave, 'GET', '/api/recent-activity/?limit=200')).body.length;

    const first = await create(dave, 'invoices', {}, noEmail.id);
    const entries = await activityCount();
    const sent = received.length;
    const res = await call(dave, 'POST', `/api/invoices/${first.id}/send_email/`);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('n’a pas d’adresse e-mail');

    const second = await create(dave, 'invoices', {}, withEmail.id);
    refuse = true;
    const refused = await call(dave, 'POST', `/api/invoices/${second.id}/send_email/`);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ error: expect.stringContaining('L’envoi de l’e-mail a échoué') });
    const quote = await create(dave, 'quotes', {}, withEmail.id);
    expect((await call(dave, 'POST', `/api/quotes/${quote.id}/send_email/`)).status).toBe(502);
    refuse = false;

    expect(received.length).toBe(sent);
    for (const [kind, doc] of [['invoices', first], ['invoices', second], ['quotes', quote]] as const) {
      const now = (await call(dave, 'GET', `/api/${kind}/${doc.id}/`)).body;
      expect(now.status).toBe('draft');
      if (kind === 'invoices') expect(now.invoice_number).toBeNull();
    }
    expect(await activityCount()).toBe(entries + 2); // the two creations only

    // The refused send consumed no number: the first invoice actually sent is n° 1.
    const ok = await call(dave, 'POST', `/api/invoices/${second.id}/send_email/`);
    expect(ok.status).toBe(200);
    expect(ok.body.invoice_number).toBe(`FAC-${year}-0001`);
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
    expect((await call(alice, 'GET', `/api/invoices/${invoice.id}/`)).body.status).toBe('draft');
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
      for (let i = 0; i < 20; i++) {
        expect((await inject('POST', `/api/quotes/${quote.id}/send_email/`)).statusCode).toBe(400);
      }
      const res = await inject('POST', `/api/quotes/${quote.id}/send_email/`);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: 'Trop d’envois. Veuillez réessayer plus tard.', detail: 'Trop d’envois. Veuillez réessayer plus tard.' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
