import { z } from 'zod';
import { createTestApp, signUp, type TestApp } from '@/server/test/test-app';
import { readyToInvoice, viaInject } from '@/server/test/billing-fixtures';
import { pdfText } from '@/server/test/pdf-reader';
import { checkRenderCost, MAX_RENDER_COST, RENDER_COST, textRenderCost } from '../documents.schemas';

/**
 * A cost bound on what a document prints, refused at save time (issue 23), so that no savable
 * document takes more than about a second to render: pathological text (long lines, stacked
 * combining accents, words without a space, line breaks) is counted as what it costs pdfkit.
 * The weights and the bound: documents.schemas.ts (RENDER_COST, MAX_RENDER_COST).
 */

const TOO_LONG = /^Ce document est trop long pour être mis en page : raccourcissez ce texte ou retirez des lignes \(environ \d+ % de trop\)\.$/;

/** Letters that change from call to call (pdfkit caches the layout of a word it has seen). */
let seed = 7;
const letters = (n: number) =>
  Array.from({ length: n }, () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 'abcdefghijklmnopqrstuvwxyzéèàç'[seed % 30];
  }).join('');
const words = (n: number) => {
  let text = '';
  while (text.length < n) text += `${letters(3 + (text.length % 7))} `;
  return text.slice(0, n);
};
const line = (title: string, description = '') => ({ title, description, quantity: 1, unit_price: 10 });
const costOf = (lines: { title: string; description: string }[]) =>
  lines.reduce((sum, l) => sum + RENDER_COST.line + textRenderCost(l.title) + textRenderCost(l.description), 0);

describe('textRenderCost', () => {
  it('counts characters, and more for long runs without a space, combining marks and line breaks', () => {
    expect(textRenderCost('')).toBe(0);
    expect(textRenderCost(null)).toBe(0);
    expect(textRenderCost('Développement du site')).toBe(21);
    // A run shorter than 200 characters wraps as a word; from 200 on, each of its characters costs more.
    expect(textRenderCost('x'.repeat(199))).toBe(199);
    expect(textRenderCost('x'.repeat(200))).toBe(200 * (1 + RENDER_COST.longRunCharacter));
    expect(textRenderCost(`a${'\u0301'.repeat(10)}`)).toBe(11 + 10 * RENDER_COST.mark);
    expect(textRenderCost('a\nb\n')).toBe(4 + 2 * RENDER_COST.newline);
  });
});

describe('the bound, in any schema that prints lines (credit notes too)', () => {
  const schema = z
    .object({ reason: z.string(), line_items: z.array(z.object({ title: z.string(), description: z.string() })) })
    .superRefine((body, ctx) => checkRenderCost({ texts: { reason: body.reason }, lines: body.line_items }, ctx));

  it('accepts a document at the bound and refuses one character more, under the field that weighs most', () => {
    const lines = Array.from({ length: 8 }, () => ({ title: 'Prestation', description: words(4000) }));
    const rest = MAX_RENDER_COST - costOf(lines) - RENDER_COST.line - 'Fin'.length;
    expect(rest).toBeGreaterThan(0);
    lines.push({ title: 'Fin', description: words(rest) });
    expect(costOf(lines)).toBe(MAX_RENDER_COST);
    expect(schema.safeParse({ reason: '', line_items: lines }).success).toBe(true);

    const over = schema.safeParse({ reason: 'x', line_items: lines });
    expect(over.success).toBe(false);
    expect(over.error?.issues).toEqual([expect.objectContaining({ path: ['line_items'], message: expect.stringMatching(TOO_LONG) })]);
    expect(over.error?.issues[0].message).toContain('environ 1 % de trop');
  });
});

describe('POST /api/invoices/', () => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  let send: ReturnType<typeof viaInject>;
  let client: number;

  beforeAll(async () => {
    t = await createTestApp({ PDF_WORKERS: '1' });
    user = await signUp(t);
    send = viaInject(t, user);
    client = await readyToInvoice(send, user.email);
  });
  afterAll(() => t.close());

  const draft = (body: object) => send('POST', '/api/invoices/', { title: 'Refonte', client_id: client, ...body });

  it.each([
    ['500 lines of 3,500 characters', Array.from({ length: 500 }, (_, i) => line(`Ligne ${i + 1}`, words(3500)))],
    ['180 lines of a letter and 5,000 combining accents', Array.from({ length: 180 }, () => line('Accents', `${letters(1)}${'\u0301'.repeat(4999)}`))],
    ['ten words of 5,000 characters', Array.from({ length: 10 }, () => line('Mot', letters(5000)))],
    ['ten descriptions of 2,500 line breaks', Array.from({ length: 10 }, () => line('Lignes', `${letters(1)}\n`.repeat(2500)))],
    ['500 lines with 300-character titles', Array.from({ length: 500 }, () => line(words(300)))],
  ])('refuses %s with a French 400 naming line_items, and saves nothing', async (_name, lineItems) => {
    const res = await draft({ line_items: lineItems });
    expect(res).toEqual({ status: 400, body: { line_items: [expect.stringMatching(TOO_LONG)] } });
    expect((await send('GET', '/api/invoices/')).body).toEqual([]);
  });

  it('refuses a credit note with lines too long to render the same way, numbering nothing', async () => {
    const invoice = await send('POST', '/api/invoices/', { title: 'Mission', client_id: client, status: 'sent', line_items: [line('Audit')] });
    expect(invoice.status).toBe(201);
    const res = await send('POST', `/api/invoices/${invoice.body.id}/credit_note/`, {
      line_items: Array.from({ length: 180 }, () => ({ ...line('Accents', `${letters(1)}${'\u0301'.repeat(4999)}`), unit_price: 0.01 })),
    });
    expect(res).toEqual({ status: 400, body: { line_items: [expect.stringMatching(TOO_LONG)] } });
    expect((await send('GET', '/api/credit-notes/')).body).toEqual([]);
  });

  it('names the description when it weighs most', async () => {
    const res = await draft({ description: letters(10_000), line_items: [line('Audit')] });
    expect(res).toEqual({ status: 400, body: { description: [expect.stringMatching(TOO_LONG)] } });
  });

  it('saves and renders a pathological document right at the bound (long words, stacked accents, line breaks)', async () => {
    const lineItems = [
      line('Mot sans espace', letters(2000)),
      line('Accents', `${letters(1)}${'\u0301'.repeat(999)}`),
      line('Lignes', `${letters(1)}\n`.repeat(300)),
      ...Array.from({ length: 200 }, (_, i) => line(`Ligne ${i + 1} ${letters(10)}`)),
    ];
    // Filled up to the bound with lines of words (no space at either end: the server trims).
    for (let rest = MAX_RENDER_COST - costOf(lineItems); rest > 0; rest = MAX_RENDER_COST - costOf(lineItems)) {
      lineItems.push(line('Fin', `${words(Math.min(rest - RENDER_COST.line - 'Fin'.length, 4000) - 1)}z`));
    }
    expect(costOf(lineItems)).toBe(MAX_RENDER_COST);

    const saved = await draft({ line_items: lineItems });
    expect(saved.status).toBe(201);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${saved.body.id}/generate_pdf/`, headers: user.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Mot sans espace');
    expect(text).toContain('Ligne 200');
  });
});
