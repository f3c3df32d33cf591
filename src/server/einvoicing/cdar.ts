import { XMLBuilder } from 'fast-xml-parser';
import { toHundredths } from '@/shared/money';
import { withoutNonXmlChars } from '@/shared/xml-text';
import { UnreadableXmlError, child, children, textOf, xmlReader, type XmlNode } from './xml-read';
import { LIFECYCLE_STATUS_LABELS, isLifecycleStatusCode, type LifecycleStatusCode } from '@/shared/einvoicing-lifecycle';

/**
 * Lifecycle messages of the e-invoicing reform (XP Z12-012 annex B): UN/CEFACT Cross Domain
 * Acknowledgement And Response D22B (« CDAR », « CDV »). Read with a real XML parser, written with
 * its builder, shaped like the official examples (src/server/einvoicing/__tests__/official-examples,
 * copied from ../shared/einvoicing) and valid against the D22B XSD (xsd/cdar-d22b, checked by the
 * tests).
 */

export const CDAR_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';
/** A lifecycle message is a few kilobytes; a platform answer far larger is refused unread. */
export const CDAR_MAX_BYTES = 1_000_000;

/** One status of one invoice, as a CDAR message states it. */
export interface LifecycleStatus {
  /** BT-1 of the invoice (MDT-87). */
  invoiceNumber: string;
  /** BT-3 (MDT-91): 380 invoice, 381 credit note, 386 deposit… */
  invoiceTypeCode: string;
  /** BT-2 (MDT-100), YYYY-MM-DD, when given. */
  invoiceDate: string | null;
  /** MDT-105. */
  code: LifecycleStatusCode;
  /** Carnet's label of the code (the message's own text, MDT-106, may differ in spelling). */
  label: string;
  /** When the status was set (MDT-78), ISO 8601 UTC. */
  at: string;
  /** Who states it (MDT-38, MDT-40): SE seller, BY buyer, WK a platform; null when the message doesn't say. */
  issuerRole: string | null;
  issuerSiren: string | null;
  /** Why (a refusal, a dispute, a rejection): the standard's code and its text, when given. */
  reasonCode: string | null;
  reason: string | null;
  /** Amounts the status carries (212 Encaissée: what was cashed, per VAT rate), in cents. */
  amounts: { amountCents: number; vatRate: string | null }[];
}

export interface LifecycleMessage {
  /** MDT-4: the message's own id (a platform may deliver one twice). */
  id: string;
  /** MDT-8, ISO 8601 UTC. */
  createdAt: string;
  statuses: LifecycleStatus[];
}

/** A message Carnet cannot read, with why (in French: it ends up in the sync's report). */
export class LifecycleMessageError extends Error {}

// ---------------------------------------------------------------------------------------------
// Dates: UN/CEFACT formats 204 (CCYYMMDDHHMMSS) and 102 (CCYYMMDD). They carry no time zone; the
// reform's messages are French, so a time is read as Paris time.

const PARIS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

function parisParts(date: Date) {
  const parts = Object.fromEntries(PARIS_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return { y: parts.year, m: parts.month, d: parts.day, h: parts.hour, mi: parts.minute, s: parts.second };
}

/** A Date as format 204 in Paris time. */
export function format204(date: Date): string {
  const p = parisParts(date);
  return `${p.y}${p.m}${p.d}${p.h}${p.mi}${p.s}`;
}

/** Paris wall-clock time → the instant (the offset found by asking Intl what Paris reads then). */
function parisWallClock(y: number, m: number, d: number, h: number, mi: number, s: number): Date {
  const asUtc = Date.UTC(y, m - 1, d, h, mi, s);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const p = parisParts(new Date(guess));
    const seen = Date.UTC(+p.y, +p.m - 1, +p.d, +p.h, +p.mi, +p.s);
    guess += asUtc - seen;
  }
  return new Date(guess);
}

function parseDateTime(text: string, where: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  const parts = match?.slice(1).map(Number);
  if (!parts || parts[1] < 1 || parts[1] > 12 || parts[2] < 1 || parts[2] > 31 || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) {
    throw new LifecycleMessageError(`Date et heure illisibles (${where}) : « ${text.slice(0, 40)} ».`);
  }
  const [y, m, d, h, mi, s] = parts;
  return parisWallClock(y, m, d, h, mi, s).toISOString();
}

function parseDate(text: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Elements that may repeat: always read as lists, whether one or several came. */
const REPEATED = new Set(['ReferenceReferencedDocument', 'RecipientTradeParty', 'SpecifiedDocumentStatus', 'SpecifiedDocumentCharacteristic', 'Reason', 'ReasonInformation']);
const readXml = xmlReader({ repeated: REPEATED, maxBytes: CDAR_MAX_BYTES, what: 'Message de cycle de vie' });

const textIn = (node: unknown, name: string) => textOf((node as XmlNode | undefined)?.[name]);
const dateTimeIn = (node: unknown, name: string) => textOf(child(node, name)?.DateTimeString);

function required(value: string | null, what: string): string {
  if (value === null || value === '') throw new LifecycleMessageError(`Message de cycle de vie incomplet : ${what} manquant.`);
  return value;
}

function readStatus(reference: unknown, at: string, statedBy: XmlNode | undefined): LifecycleStatus {
  const codeText = required(textIn(reference, 'ProcessConditionCode'), 'code de statut (MDT-105)');
  const code = Number(codeText);
  if (!/^\d{3}$/.test(codeText) || !isLifecycleStatusCode(code)) {
    throw new LifecycleMessageError(`Code de statut inconnu : « ${codeText.slice(0, 20)} ».`);
  }
  const statuses = children(reference, 'SpecifiedDocumentStatus');
  const firstStatus = statuses[0];
  const reasons = statuses.flatMap((s) => children(s, 'Reason').map(textOf)).filter((r): r is string => !!r);
  const amounts = statuses.flatMap((s) => children(s, 'SpecifiedDocumentCharacteristic')).flatMap((characteristic) => {
    const amount = textIn(characteristic, 'ValueAmount');
    if (amount === null) return [];
    const cents = toHundredths(amount);
    if (cents === null) throw new LifecycleMessageError(`Montant illisible : « ${amount.slice(0, 30)} ».`);
    return [{ amountCents: cents, vatRate: textIn(characteristic, 'ValuePercent') }];
  });
  return {
    invoiceNumber: required(textIn(reference, 'IssuerAssignedID'), 'numéro de facture (MDT-87)'),
    invoiceTypeCode: required(textIn(reference, 'TypeCode'), 'type de facture (MDT-91)'),
    invoiceDate: parseDate(dateTimeIn(reference, 'FormattedIssueDateTime') ?? ''),
    code,
    label: LIFECYCLE_STATUS_LABELS[code],
    at,
    issuerRole: textIn(statedBy, 'RoleCode'),
    issuerSiren: textIn(statedBy, 'GlobalID'),
    reasonCode: textIn(firstStatus, 'ReasonCode'),
    reason: reasons.length ? reasons.join(' ') : null,
    amounts,
  };
}

/**
 * Reads a CDAR message (as a platform delivers it: UTF-8, maybe with a BOM). Throws
 * LifecycleMessageError, in French, on anything that is not a readable lifecycle message; never
 * resolves entities or reads a DTD (a message never needs one: one is refused outright).
 */
export function parseLifecycleMessage(xml: string): LifecycleMessage {
  let document: XmlNode;
  try {
    document = readXml(xml);
  } catch (error) {
    throw error instanceof UnreadableXmlError ? new LifecycleMessageError(error.message) : error;
  }
  const root = child(document, 'CrossDomainAcknowledgementAndResponse');
  if (!root || !xml.includes(CDAR_NAMESPACE)) {
    throw new LifecycleMessageError('Ce n’est pas un message de cycle de vie (CrossDomainAcknowledgementAndResponse D22B).');
  }
  const exchanged = child(root, 'ExchangedDocument');
  const acknowledgement = child(root, 'AcknowledgementDocument');
  const id = required(textIn(exchanged, 'ID'), 'identifiant du message (MDT-4)');
  const createdAt = parseDateTime(required(dateTimeIn(exchanged, 'IssueDateTime'), 'date du message (MDT-8)'), 'MDT-8');
  const at = parseDateTime(required(dateTimeIn(acknowledgement, 'IssueDateTime'), 'date du statut (MDT-78)'), 'MDT-78');
  const references = children(acknowledgement, 'ReferenceReferencedDocument');
  if (references.length === 0) throw new LifecycleMessageError('Message de cycle de vie incomplet : aucune facture référencée.');
  return { id, createdAt, statuses: references.map((reference) => readStatus(reference, at, child(exchanged, 'IssuerTradeParty'))) };
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface LifecycleParty {
  /** SIREN (scheme 0002). */
  siren: string;
  name: string;
  /** SE seller, BY buyer. */
  role: 'SE' | 'BY';
  /** Its electronic address in the directory (scheme 0225), when known. */
  electronicAddress?: string;
}

export interface LifecycleMessageInput {
  code: LifecycleStatusCode;
  invoice: { number: string; typeCode: string; issueDate: string; receivedAt: Date };
  /** Who states the status (the seller for 212; the buyer for 204, 205, 206, 207, 210, 211). */
  issuer: LifecycleParty;
  recipient: LifecycleParty;
  /** When the status was set (MDT-78) and when the message is written (MDT-8). */
  at: Date;
  createdAt: Date;
  reason?: { code: string; text: string };
  /** 212 Encaissée: what was cashed, per VAT rate ('20.00'). */
  cashed?: { amountCents: number; vatRate: string }[];
}

/**
 * The UNECE document status (MDT-88) the official examples give each lifecycle status. The others
 * have no example in ../shared/einvoicing: the element is optional (XSD minOccurs 0) and left out
 * rather than guessed.
 */
const DOCUMENT_STATUS_OF: Partial<Record<LifecycleStatusCode, string>> = { 200: '10', 202: '43', 203: '48', 204: '45', 205: '1', 211: '47', 212: '47' };
/** 305 for what a platform states on receipt, 23 for a business status (the official examples). */
const PLATFORM_STATUSES = new Set<LifecycleStatusCode>([200, 201, 202, 203, 213]);
/** Statuses that are also addressed to the public portal (PPF, 0238 9998) when a party states them. */
const FOR_PPF = new Set<LifecycleStatusCode>([210, 212]);

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true });
const xmlText = (value: string) => withoutNonXmlChars(value).trim();
const compactDate = (isoDate: string) => isoDate.replace(/-/g, '');
const dateTime204 = (date: Date) => ({ 'udt:DateTimeString': { '@format': '204', '#text': format204(date) } });

function party(p: LifecycleParty) {
  return {
    'ram:GlobalID': { '@schemeID': '0002', '#text': p.siren },
    'ram:Name': xmlText(p.name),
    'ram:RoleCode': p.role,
    ...(p.electronicAddress
      ? { 'ram:URIUniversalCommunication': { 'ram:URIID': { '@schemeID': '0225', '#text': xmlText(p.electronicAddress) } } }
      : {}),
  };
}

/** A lifecycle message stating one status of one invoice, as the official examples are shaped. */
export function buildLifecycleMessage(input: LifecycleMessageInput): string {
  const { code, invoice } = input;
  const recipients = [party(input.recipient)];
  if (FOR_PPF.has(code)) recipients.push({ 'ram:GlobalID': { '@schemeID': '0238', '#text': '9998' }, 'ram:Name': 'PPF', 'ram:RoleCode': 'DFH' } as never);
  const characteristics = (input.cashed ?? []).map((c) => ({
    'ram:TypeCode': 'MEN',
    'ram:ValueChangedIndicator': { 'udt:IndicatorString': 'false' },
    'ram:ValueAmount': { '@currencyID': 'EUR', '#text': (c.amountCents / 100).toFixed(2) },
    'ram:ValuePercent': c.vatRate,
  }));
  const status = input.reason || characteristics.length
    ? {
        'ram:SpecifiedDocumentStatus': {
          ...(input.reason ? { 'ram:ReasonCode': xmlText(input.reason.code), 'ram:Reason': xmlText(input.reason.text) } : {}),
          ...(characteristics.length ? { 'ram:SpecifiedDocumentCharacteristic': characteristics } : {}),
        },
      }
    : {};
  const label = LIFECYCLE_STATUS_LABELS[code];
  const seller = input.issuer.role === 'SE' ? input.issuer : input.recipient;
  const message = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    'rsm:CrossDomainAcknowledgementAndResponse': {
      '@xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
      '@xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
      '@xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
      '@xmlns:rsm': CDAR_NAMESPACE,
      'rsm:ExchangedDocumentContext': {
        'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': 'REGULATED' },
        'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': 'urn.cpro.gouv.fr:1p0:CDV:invoice' },
      },
      'rsm:ExchangedDocument': {
        // MDT-4 as the examples build it: number_status_receipt#type_date.
        'ram:ID': `${xmlText(invoice.number)}_${code}_${format204(invoice.receivedAt)}#${invoice.typeCode}_${compactDate(invoice.issueDate)}`,
        'ram:Name': `${xmlText(invoice.number)}-CDV-${code}`,
        'ram:IssueDateTime': dateTime204(input.createdAt),
        'ram:SenderTradeParty': { 'ram:RoleCode': 'WK' },
        'ram:IssuerTradeParty': party(input.issuer),
        'ram:RecipientTradeParty': recipients,
      },
      'rsm:AcknowledgementDocument': {
        'ram:MultipleReferencesIndicator': { 'udt:Indicator': 'false' },
        'ram:TypeCode': PLATFORM_STATUSES.has(code) ? '305' : '23',
        'ram:IssueDateTime': dateTime204(input.at),
        'ram:ReferenceReferencedDocument': {
          'ram:IssuerAssignedID': xmlText(invoice.number),
          ...(DOCUMENT_STATUS_OF[code] ? { 'ram:StatusCode': DOCUMENT_STATUS_OF[code] } : {}),
          'ram:TypeCode': invoice.typeCode,
          'ram:ReceiptDateTime': dateTime204(invoice.receivedAt),
          'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@format': '102', '#text': compactDate(invoice.issueDate) } },
          'ram:ProcessConditionCode': String(code),
          'ram:ProcessCondition': label,
          // MDT-129: who issued the invoice, the seller, whichever party states the status.
          'ram:IssuerTradeParty': { 'ram:GlobalID': { '@schemeID': '0002', '#text': seller.siren } },
          ...status,
        },
      },
    },
  };
  return builder.build(message) as string;
}
