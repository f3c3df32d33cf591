import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { cdarXsdErrors } from '@/server/test/cdar-xsd';
import { LIFECYCLE_STATUS_LABELS, type LifecycleStatusCode } from '@/shared/einvoicing-lifecycle';
import { LifecycleMessageError, buildLifecycleMessage, format204, parseLifecycleMessage, type LifecycleMessageInput } from '../cdar';

/**
 * Issue 26: lifecycle (CDAR) messages. The official examples of XP Z12-012 annex B
 * (../shared/einvoicing/examples/lifecycle, copied beside this test so that a clone without
 * ../shared runs it) read as the status and invoice they state; what Carnet writes is valid
 * against the UN/CEFACT D22B XSD (../shared/einvoicing/cdar-d22b, copied to src/server/einvoicing/xsd).
 */

const EXAMPLES = path.join(__dirname, 'official-examples', 'lifecycle');
const example = (name: string) => readFileSync(path.join(EXAMPLES, name), 'utf8');
const xsdErrors = cdarXsdErrors;

describe('the official examples', () => {
  // File name → the status it states and who states it (MDT-40: WK the platform, BY the buyer, SE the seller).
  const cases: [string, LifecycleStatusCode, string][] = [
    ['UC1_F202500003_01-CDV-200_Deposee.xml', 200, 'WK'],
    ['UC1_F202500003_01-CDV-200_Deposee_POUR_PPF.xml', 200, 'WK'],
    ['UC1_F202500003_02-CDV-202_Recue.xml', 202, 'WK'],
    ['UC1_F202500003_03-CDV-203_Mise_a_disposition.xml', 203, 'WK'],
    ['UC1_F202500003_04-CDV-204_Prise_en_charge.xml', 204, 'BY'],
    ['UC1_F202500003_05-CDV-205_Approuvee.xml', 205, 'BY'],
    ['UC1_F202500003_06-CDV-211_Paiement_transmis.xml', 211, 'BY'],
    ['UC1_F202500003_07-CDV-212_Encaissee.xml', 212, 'SE'],
    ['UC1_F202500003_07-CDV-212_Encaissee_POUR_PPF.xml', 212, 'SE'],
  ];
  /** 'Mise_a_disposition' and 'Mise à disposition' alike. */
  const loose = (label: string) => label.normalize('NFD').replace(/\p{M}/gu, '').replace(/_/g, ' ').toLowerCase();

  it('lists every example file', () => {
    expect(readdirSync(EXAMPLES).sort()).toEqual(cases.map(([name]) => name).sort());
  });

  it.each(cases)('%s states %i on invoice F202500003', (name, code, role) => {
    const xml = example(name);
    const message = parseLifecycleMessage(xml);
    expect(message.statuses).toHaveLength(1);
    const [status] = message.statuses;
    expect(status).toMatchObject({
      invoiceNumber: 'F202500003', invoiceTypeCode: '380', invoiceDate: '2025-07-01', code, label: LIFECYCLE_STATUS_LABELS[code],
    });
    // The message's own label (MDT-106) says the same as Carnet's, spelt its way.
    expect(loose(/<ram:ProcessCondition>([^<]*)</.exec(xml)![1])).toBe(loose(LIFECYCLE_STATUS_LABELS[code]));
    expect(status.issuerRole).toBe(role);
    expect(message.id).toBe(/<rsm:ExchangedDocument>\s*<ram:ID>([^<]*)</.exec(xml)![1]);
    // Read independently of the parser: MDT-78 as written, taken as Paris time (summer: UTC+2).
    const written = /<rsm:AcknowledgementDocument>[\s\S]*?<udt:DateTimeString format="204">(\d{14})</.exec(xml)![1];
    const [, y, mo, d, h, mi] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)/.exec(written)!;
    expect(status.at).toBe(new Date(Date.UTC(+y, +mo - 1, +d, +h - 2, +mi)).toISOString());
  });

  it('reads what was cashed in a 212, per VAT rate, in cents', () => {
    const [status] = parseLifecycleMessage(example('UC1_F202500003_07-CDV-212_Encaissee.xml')).statuses;
    expect(status.amounts).toEqual([{ amountCents: 1_200_000, vatRate: '20.00' }]);
    expect(status.issuerSiren).toBe('100000009');
  });

  it('are valid against the D22B XSD (the validator itself is sound)', async () => {
    expect(await xsdErrors(example('UC1_F202500003_05-CDV-205_Approuvee.xml'))).toEqual([]);
    const broken = example('UC1_F202500003_05-CDV-205_Approuvee.xml').replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Typecode>380</ram:Typecode>');
    expect((await xsdErrors(broken)).length).toBeGreaterThan(0);
  });
});

describe('messages Carnet writes', () => {
  const seller = { siren: '100000009', name: 'Léa Martin & Associés <EI>', role: 'SE' as const };
  const buyer = { siren: '200000008', name: 'ACHETEUR', role: 'BY' as const, electronicAddress: '200000008' };
  const base: LifecycleMessageInput = {
    code: 212,
    invoice: { number: 'FAC-2026-0042', typeCode: '380', issueDate: '2026-11-02', receivedAt: new Date('2026-11-02T09:30:00Z') },
    issuer: seller,
    recipient: buyer,
    at: new Date('2026-11-27T15:00:00Z'),
    createdAt: new Date('2026-11-27T15:00:05Z'),
    cashed: [{ amountCents: 100_000, vatRate: '20.00' }, { amountCents: 5_050, vatRate: '5.50' }],
  };

  it('212 Encaissée: valid against the XSD, shaped like the official example, and reads back', async () => {
    const xml = buildLifecycleMessage(base);
    expect(await xsdErrors(xml)).toEqual([]);
    expect(xml).toContain('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
    expect(xml).toContain('<ram:StatusCode>47</ram:StatusCode>');
    expect(xml).toContain('<ram:GlobalID schemeID="0238">9998</ram:GlobalID>');
    expect(xml).toContain('Léa Martin &amp; Associés &lt;EI&gt;');
    const message = parseLifecycleMessage(xml);
    expect(message.createdAt).toBe('2026-11-27T15:00:05.000Z');
    expect(message.statuses).toEqual([{
      invoiceNumber: 'FAC-2026-0042', invoiceTypeCode: '380', invoiceDate: '2026-11-02', code: 212, label: 'Encaissée',
      at: '2026-11-27T15:00:00.000Z', issuerRole: 'SE', issuerSiren: '100000009', reasonCode: null, reason: null,
      amounts: [{ amountCents: 100_000, vatRate: '20.00' }, { amountCents: 5_050, vatRate: '5.50' }],
    }]);
  });

  it.each([204, 205, 206, 207, 210, 211] as LifecycleStatusCode[])('%i stated by the buyer of a received invoice: valid, and reads back', async (code) => {
    const reason = code === 207 || code === 210 ? { code: 'REF_ERR', text: 'La référence de commande ne correspond pas.' } : undefined;
    const xml = buildLifecycleMessage({ ...base, code, issuer: buyer, recipient: seller, cashed: undefined, reason });
    expect(await xsdErrors(xml)).toEqual([]);
    const [status] = parseLifecycleMessage(xml).statuses;
    expect(status).toMatchObject({ code, issuerRole: 'BY', issuerSiren: '200000008', reasonCode: reason?.code ?? null, reason: reason?.text ?? null });
  });

  it('drops what XML cannot hold from free text instead of writing a broken message', async () => {
    const xml = buildLifecycleMessage({ ...base, code: 210, issuer: buyer, recipient: seller, cashed: undefined, reason: { code: 'X', text: 'Motif\u0001 \uFFFEici' } });
    expect(await xsdErrors(xml)).toEqual([]);
    expect(parseLifecycleMessage(xml).statuses[0].reason).toBe('Motif ici');
  });

  it('writes times in Paris time, winter and summer', () => {
    expect(format204(new Date('2026-01-15T23:30:00Z'))).toBe('20260116003000');
    expect(format204(new Date('2026-07-15T23:30:00Z'))).toBe('20260716013000');
  });
});

describe('what a platform might send instead', () => {
  const valid = example('UC1_F202500003_05-CDV-205_Approuvee.xml');
  const refused: [string, string, RegExp][] = [
    ['a DTD (entity expansion)', `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]>${valid.replace(/^[\s\S]*?\?>/, '')}`, /DTD/],
    ['not XML', 'Bonjour', /n’est pas un message de cycle de vie|illisible/],
    ['malformed XML', valid.slice(0, 2000), /XML illisible|incomplet/],
    ['another document (an invoice)', '<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>', /n’est pas un message de cycle de vie/],
    ['an unknown status code', valid.replace('<ram:ProcessConditionCode>205<', '<ram:ProcessConditionCode>299<'), /Code de statut inconnu/],
    ['no status code', valid.replace(/<ram:ProcessConditionCode>205<\/ram:ProcessConditionCode>/, ''), /code de statut/],
    ['no invoice number', valid.replace(/<ram:IssuerAssignedID>F202500003<\/ram:IssuerAssignedID>/, ''), /numéro de facture/],
    ['an impossible date', valid.replace('20250702100000', '20251302100000'), /Date et heure illisibles/],
    ['an unreadable amount', example('UC1_F202500003_07-CDV-212_Encaissee.xml').replace('>12000<', '>douze mille<'), /Montant illisible/],
    ['a huge message', valid.replace('</rsm:CrossDomainAcknowledgementAndResponse>', `<!--${'x'.repeat(1_100_000)}--></rsm:CrossDomainAcknowledgementAndResponse>`), /trop volumineux/],
  ];
  it.each(refused)('refuses %s with a French reason, never another error', (_, xml, reason) => {
    expect(() => parseLifecycleMessage(xml)).toThrow(LifecycleMessageError);
    expect(() => parseLifecycleMessage(xml)).toThrow(reason);
  });

  it('reads every status of a message that names several invoices (MULTI)', () => {
    const reference = /<ram:ReferenceReferencedDocument>[\s\S]*<\/ram:ReferenceReferencedDocument>/.exec(valid)![0];
    const multi = valid.replace(reference, reference + reference.replace('F202500003', 'F202500004'));
    expect(parseLifecycleMessage(multi).statuses.map((s) => s.invoiceNumber)).toEqual(['F202500003', 'F202500004']);
  });
});
