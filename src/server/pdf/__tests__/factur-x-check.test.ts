import { party, renderableInvoice } from '@/server/test/renderable-fixtures';
import { facturXml, validateFacturX } from '@/server/test/pdf-reader';
import { buildFacturX } from '../factur-x';
import { facturXmlProblems, stopFacturXmlChecks, validateFacturXml } from '../factur-x-check';
import { renderDocumentPdf } from '../pdf-renderer';

/**
 * Issue 23: the Factur-X XML is parsed by libxml2 (xmllint-wasm) and validated against the
 * Factur-X 1.09 EN 16931 XSD shipped in src/server/pdf/xsd, as the official kit's first step
 * (`xmllint --schema`) does; and the generator no longer emits what XML 1.0 cannot hold.
 */

afterAll(() => stopFacturXmlChecks());

const line = renderableInvoice().lines[0];
/** What XML 1.0 does not allow: U+FFFF, U+FFFE, a C0 control character, lone surrogates (high and low). */
const FORBIDDEN = ['\uffff', '\ufffe', '\u0001', '\u001f', '\ud800', '\udfff'];
/** The characters of `text` outside XML 1.0's Char production, written out independently of shared/xml-text.ts. */
const nonXmlChars = (text: string) =>
  [...text].filter((char) => {
    const cp = char.codePointAt(0)!;
    return !(cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000);
  });

describe('validateFacturXml', () => {
  it('accepts the XML of the fixtures invoice, and of the variants the generator writes (credit note, deposits, franchise, period, delivery, IBAN)', async () => {
    const variants = [
      renderableInvoice(),
      renderableInvoice({ kind: 'credit_note', number: 'AV-2026-0001', creditedInvoice: { number: 'FAC-2026-0007', issueDate: '2026-03-15', reason: 'Erreur' } }),
      renderableInvoice({ deposit: true, quote: { number: 'DEV-2026-0002', issueDate: '2026-03-01' } }),
      renderableInvoice({ deposits: [{ number: 'FAC-2026-0003', issueDate: '2026-03-02', amountCents: 1000 }] }),
      renderableInvoice({ vatRegime: 'franchise', taxRate: 0, lines: [{ ...line, taxRate: 0 }], issuer: party({ vatNumber: '' }) }),
      renderableInvoice({ serviceDate: '2026-03-01', serviceEndDate: '2026-03-31', bank: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' } }),
      renderableInvoice({ delivery: { address: '3 quai Est\nBâtiment B', postalCode: '69002', city: 'Lyon', country: 'France' }, serviceDate: '2026-03-10' }),
    ];
    for (const doc of variants) expect(await validateFacturXml(buildFacturX(doc))).toEqual([]);
  });

  it('refuses a line title holding U+FFFF, as the official kit does ("Char 0xFFFF out of allowed range"), naming the character and the line', async () => {
    // What the generator wrote before issue 23.
    const xml = buildFacturX(renderableInvoice()).replace('<ram:Name>Conception</ram:Name>', '<ram:Name>Con\uffffception</ram:Name>');
    const problems = await validateFacturXml(xml);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Le fichier Factur-X de ce document n’est pas valide \(ligne 2\) : un texte contient un caractère non autorisé \(U\+FFFF\)\. \[xmllint : .*invalid Char value 65535\]$/);
  });

  it.each([
    ['a C0 control character', '\u0001', 'U+0001'],
    ['U+FFFE', '\ufffe', 'U+FFFE'],
  ])('refuses %s in the XML', async (_what, char, label) => {
    const xml = buildFacturX(renderableInvoice()).replace('>Conception<', `>Con${char}ception<`);
    expect(await validateFacturXml(xml)).toEqual([expect.stringContaining(`caractère non autorisé (${label})`)]);
  });

  it('checks the bytes the PDF embeds: a lone surrogate, which UTF-8 cannot encode, is U+FFFD there (valid)', async () => {
    // Buffer.from(xml, 'utf8'), as pdfa.ts writes it. The generator drops lone surrogates anyway (below).
    const xml = buildFacturX(renderableInvoice()).replace('>Conception<', '>Con\ud800ception<');
    expect(Buffer.from(xml, 'utf8').toString('utf8')).toContain('>Con\ufffdception<');
    expect(await validateFacturXml(xml)).toEqual([]);
  });

  it('refuses XML that is not well-formed', async () => {
    const xml = buildFacturX(renderableInvoice()).replace('</rsm:CrossIndustryInvoice>', '');
    const problems = await validateFacturXml(xml);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/n’est pas valide \(ligne 2\) : le XML est mal formé\. \[xmllint : parser error : Premature end of data/);
  });

  it('refuses schema violations: a missing mandatory element, an amount that is not a number, an unknown element', async () => {
    const xml = buildFacturX(renderableInvoice());
    const withoutType = await validateFacturXml(xml.replace('<ram:TypeCode>380</ram:TypeCode>', ''));
    expect(withoutType).toEqual([
      expect.stringMatching(/^Le fichier Factur-X de ce document n’est pas valide \(ligne 2\) : l’élément IssueDateTime ne respecte pas le schéma Factur-X EN 16931\. \[xmllint : .*Expected is .*TypeCode/),
    ]);
    const badAmount = await validateFacturXml(xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>71,96<'));
    expect(badAmount).toEqual([expect.stringContaining('l’élément GrandTotalAmount ne respecte pas le schéma Factur-X EN 16931')]);
    expect(badAmount[0]).toContain("'71,96' is not a valid value");
    const unknown = await validateFacturXml(xml.replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '<ram:Currency>EUR</ram:Currency>'));
    expect(unknown).toEqual([expect.stringContaining('l’élément Currency ne respecte pas le schéma')]);
    // The same XML untouched is valid: the refusals come from the edits.
    expect(await validateFacturXml(xml)).toEqual([]);
  });

  it('reports at most 20 problems', async () => {
    const lines = Array.from({ length: 30 }, () => line);
    const xml = buildFacturX(renderableInvoice({ lines })).replace(/<ram:LineTotalAmount>([\d.]+)</g, '<ram:LineTotalAmount>x$1<');
    const problems = await validateFacturXml(xml);
    expect(problems).toHaveLength(21);
    expect(problems[20]).toBe('… et 11 autres problèmes.');
  });

  it('runs concurrent checks independently', async () => {
    const good = buildFacturX(renderableInvoice());
    const bad = good.replace('>Conception<', '>\uffff<');
    const results = await Promise.all([good, bad, good, bad, good].map((xml) => validateFacturXml(xml)));
    expect(results.map((r) => r.length > 0)).toEqual([false, true, false, true, false]);
  });

  it('starts again after being stopped', async () => {
    await stopFacturXmlChecks();
    expect(await validateFacturXml(buildFacturX(renderableInvoice()))).toEqual([]);
  });
});

describe('facturXmlProblems', () => {
  it('passes the fixtures invoice, numbered or about to be numbered (a provisional number), and has nothing to say of a quote', async () => {
    expect(await facturXmlProblems(renderableInvoice())).toEqual([]);
    expect(await facturXmlProblems(renderableInvoice({ number: null, status: 'draft' }))).toEqual([]);
    expect(await facturXmlProblems(renderableInvoice({ kind: 'credit_note', number: null }))).toEqual([]);
    expect(await facturXmlProblems(renderableInvoice({ kind: 'quote', number: null }))).toEqual([]);
  });

  it('checks what the PDF embeds: text stored before issue 23 with forbidden characters gives a valid XML without them', async () => {
    const dirty = (text: string) => FORBIDDEN.reduce((s, char, i) => (i % 2 ? s + char : char + s), text);
    const doc = renderableInvoice({
      lines: [{ ...line, title: dirty('Conception'), description: dirty('Maquettes') }, { ...line, title: '\uffff\ud800' }],
      issuer: party({ name: dirty('Studio Dupont'), address: dirty('12 rue des Lilas'), contactName: '\uffff' }),
      client: party({ name: dirty('Librairie Colette'), city: dirty('Lyon'), vatNumber: '', siret: '' }),
      legalNotice: dirty('Pénalités de retard : 12 % l’an.'),
    });
    expect(await facturXmlProblems(doc)).toEqual([]);
    const xml = buildFacturX(doc);
    expect(nonXmlChars(xml)).toEqual([]);
    expect(nonXmlChars(dirty('x'))).toHaveLength(FORBIDDEN.length);
    expect(xml).toContain('<ram:Name>Conception</ram:Name><ram:Description>Maquettes</ram:Description>');
    expect(xml).toContain('<ram:Name>Librairie Colette</ram:Name>');
    // A contact name made only of forbidden characters is left out, as an empty one is.
    expect(xml).not.toContain('<ram:DefinedTradeContact>');

    // The XML the PDF embeds is this one, read back, and factur-x-kit reads it too.
    const pdf = await renderDocumentPdf(doc);
    const embedded = await facturXml(pdf);
    expect(embedded).toBe(xml);
    expect(await validateFacturX(pdf)).toEqual([]);
  });

  it('finds the generator’s own mistakes: an XML that would not validate is refused', async () => {
    // A mistake the XSD sees and valid data cannot cause: a quantity that is not a number ('NaN').
    const problems = await facturXmlProblems(renderableInvoice({ lines: [{ ...line, quantity: Number.NaN }] }));
    expect(problems).toEqual(expect.arrayContaining([expect.stringContaining('l’élément BilledQuantity ne respecte pas le schéma Factur-X EN 16931')]));
  });
});
