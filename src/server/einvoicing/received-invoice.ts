import { toHundredths, toTenThousandths } from '@/shared/money';
import { PdfAttachmentError } from './pdf-attachment-error';
import { UnreadableXmlError, attributeAt, child, children, textAt, textOf, xmlReader, type XmlNode } from './xml-read';

/**
 * A supplier's invoice as Carnet files it (issue 26, « Factures reçues »), read from any of the three
 * formats of the reform (XP Z12-012): a Factur-X PDF (its embedded CII), a UN/CEFACT CII XML or an
 * OASIS UBL 2.1 XML. The same EN 16931 terms from each (BT-… in the comments); amounts in cents,
 * quantities and unit prices in ten-thousandths, VAT rates in basis points (20 % = 2000).
 */

export type ReceivedInvoiceFormat = 'factur-x' | 'cii' | 'ubl';

export interface ReceivedParty {
  name: string;
  /** SIREN (legal registration, scheme 0002), or null when the invoice gives none. */
  siren: string | null;
  vatNumber: string | null;
  address: { line1: string; line2: string; postalCode: string; city: string; country: string };
  email: string | null;
}

export interface ReceivedLine {
  name: string;
  description: string;
  quantity: number;
  unitCode: string;
  /** BT-146, net unit price, ten-thousandths of a euro. */
  unitPrice: number;
  /** BT-131, cents. */
  netAmountCents: number;
  vatCategory: string;
  vatRateBasisPoints: number;
}

export interface ReceivedVatBreakdown {
  category: string;
  rateBasisPoints: number;
  baseCents: number;
  taxCents: number;
}

export interface ReceivedInvoice {
  format: ReceivedInvoiceFormat;
  /** BT-1, BT-3 (380 invoice, 381 credit note, 386 deposit…), BT-2, BT-9. */
  number: string;
  typeCode: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  seller: ReceivedParty;
  buyer: ReceivedParty;
  lines: ReceivedLine[];
  vat: ReceivedVatBreakdown[];
  /** BT-106, BT-109, BT-110, BT-112, BT-113, BT-115. */
  totals: { linesCents: number; netCents: number; vatCents: number; grossCents: number; prepaidCents: number; dueCents: number };
  payment: { iban: string; bic: string | null } | null;
  /** BG-1 notes as written (legal mentions, penalties…). */
  notes: string[];
  /**
   * What does not add up (EN 16931 BR-CO rules): the invoice is still filed, and the user sees
   * these before approving it.
   */
  problems: string[];
}

/** Thrown with a French reason when the file is not an invoice Carnet can read. */
export class ReceivedInvoiceError extends Error {}

/** An invoice's XML is tens of kilobytes; a PDF a few megabytes. */
export const RECEIVED_XML_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIVED_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** More lines than any real invoice: refused rather than filed half-read. */
export const RECEIVED_MAX_LINES = 5000;

const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const UBL_NAMESPACES = ['urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2'];
/** The names Factur-X (and ZUGFeRD, XRechnung in a PDF) give the embedded XML. */
const EMBEDDED_XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml', 'ZUGFeRD-invoice.xml'];

const readXml = xmlReader({
  repeated: new Set(['IncludedSupplyChainTradeLineItem', 'ApplicableTradeTax', 'IncludedNote', 'InvoiceLine', 'CreditNoteLine', 'TaxSubtotal', 'Note', 'SpecifiedTradeSettlementPaymentMeans', 'PaymentMeans', 'SpecifiedTaxRegistration', 'PartyTaxScheme', 'TaxTotal']),
  maxBytes: RECEIVED_XML_MAX_BYTES,
  what: 'Fichier XML',
});

// ---------------------------------------------------------------------------------------------
// Values

function cents(value: string | null, what: string): number {
  const parsed = value === null ? null : toHundredths(value);
  if (parsed === null) throw new ReceivedInvoiceError(`Montant illisible ou manquant : ${what}.`);
  return parsed;
}
const optionalCents = (value: string | null, what: string) => (value === null || value === '' ? 0 : cents(value, what));

function tenThousandths(value: string | null, what: string): number {
  const parsed = value === null ? null : toTenThousandths(value);
  if (parsed === null) throw new ReceivedInvoiceError(`Valeur illisible ou manquante : ${what}.`);
  return parsed;
}

/** '20.00' → 2000. */
function basisPoints(value: string | null): number {
  const parsed = value === null || value === '' ? 0 : toHundredths(value);
  if (parsed === null) throw new ReceivedInvoiceError(`Taux de TVA illisible : « ${String(value).slice(0, 20)} ».`);
  return parsed;
}

function required(value: string | null, what: string): string {
  if (value === null || value.trim() === '') throw new ReceivedInvoiceError(`Facture incomplète : ${what} manquant.`);
  return value.trim();
}

/** Format 102 (CCYYMMDD, CII) or ISO (UBL) → YYYY-MM-DD; null when it is neither. */
function isoDate(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(`${y}-${m}-${d}T00:00:00Z`);
  return date.getUTCMonth() + 1 === Number(m) && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : null;
}

function requiredDate(value: string | null, what: string): string {
  const date = isoDate(value);
  if (!date) throw new ReceivedInvoiceError(`Facture incomplète : ${what} manquante ou illisible.`);
  return date;
}

const plain = (value: string | null) => (value ?? '').trim();
const orNull = (value: string | null) => (value && value.trim() ? value.trim() : null);

// ---------------------------------------------------------------------------------------------
// CII (and Factur-X, whose XML is a CII)

function ciiParty(party: unknown): ReceivedParty {
  const legal = child(party, 'SpecifiedLegalOrganization');
  const registrations = children(party, 'SpecifiedTaxRegistration');
  const vat = registrations.find((r) => attributeAt(r, 'ID', 'schemeID') === 'VA');
  const address = child(party, 'PostalTradeAddress');
  return {
    name: required(textAt(party, 'Name'), 'nom d’une partie (BT-27 / BT-44)'),
    siren: attributeAt(legal, 'ID', 'schemeID') === '0002' ? orNull(textAt(legal, 'ID')) : null,
    vatNumber: orNull(textOf((vat as XmlNode | undefined)?.ID)),
    address: {
      line1: plain(textAt(address, 'LineOne')),
      line2: plain(textAt(address, 'LineTwo')),
      postalCode: plain(textAt(address, 'PostcodeCode')),
      city: plain(textAt(address, 'CityName')),
      country: plain(textAt(address, 'CountryID')),
    },
    email: orNull(textAt(party, 'DefinedTradeContact/EmailURIUniversalCommunication/URIID')),
  };
}

function readCii(root: XmlNode, format: 'cii' | 'factur-x'): ReceivedInvoice {
  const document = child(root, 'ExchangedDocument');
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const items = children(transaction, 'IncludedSupplyChainTradeLineItem');
  if (items.length > RECEIVED_MAX_LINES) throw new ReceivedInvoiceError(`Plus de ${RECEIVED_MAX_LINES} lignes : facture refusée.`);
  const means = children(settlement, 'SpecifiedTradeSettlementPaymentMeans').find((m) => textAt(m, 'PayeePartyCreditorFinancialAccount/IBANID'));
  return {
    format,
    number: required(textAt(document, 'ID'), 'numéro (BT-1)'),
    typeCode: required(textAt(document, 'TypeCode'), 'type (BT-3)'),
    issueDate: requiredDate(textAt(document, 'IssueDateTime/DateTimeString'), 'date (BT-2)'),
    dueDate: isoDate(textAt(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')),
    currency: required(textAt(settlement, 'InvoiceCurrencyCode'), 'devise (BT-5)'),
    seller: ciiParty(child(agreement, 'SellerTradeParty')),
    buyer: ciiParty(child(agreement, 'BuyerTradeParty')),
    lines: items.map((item, i) => {
      const tax = child(child(item, 'SpecifiedLineTradeSettlement'), 'ApplicableTradeTax');
      const price = child(child(item, 'SpecifiedLineTradeAgreement'), 'NetPriceProductTradePrice');
      const quantity = child(child(item, 'SpecifiedLineTradeDelivery'), 'BilledQuantity');
      return {
        name: required(textAt(item, 'SpecifiedTradeProduct/Name'), `désignation de la ligne ${i + 1} (BT-153)`),
        description: plain(textAt(item, 'SpecifiedTradeProduct/Description')),
        quantity: tenThousandths(textOf(quantity), `quantité de la ligne ${i + 1} (BT-129)`),
        unitCode: plain(attributeAt(item, 'SpecifiedLineTradeDelivery/BilledQuantity', 'unitCode')),
        unitPrice: tenThousandths(textAt(price, 'ChargeAmount'), `prix unitaire de la ligne ${i + 1} (BT-146)`),
        netAmountCents: cents(textAt(item, 'SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount'), `montant de la ligne ${i + 1} (BT-131)`),
        vatCategory: plain(textAt(tax, 'CategoryCode')),
        vatRateBasisPoints: basisPoints(textAt(tax, 'RateApplicablePercent')),
      };
    }),
    vat: children(settlement, 'ApplicableTradeTax').map((tax) => ({
      category: plain(textAt(tax, 'CategoryCode')),
      rateBasisPoints: basisPoints(textAt(tax, 'RateApplicablePercent')),
      baseCents: cents(textAt(tax, 'BasisAmount'), 'base de TVA (BT-116)'),
      taxCents: cents(textAt(tax, 'CalculatedAmount'), 'montant de TVA (BT-117)'),
    })),
    totals: {
      linesCents: cents(textAt(summation, 'LineTotalAmount'), 'total des lignes (BT-106)'),
      netCents: cents(textAt(summation, 'TaxBasisTotalAmount'), 'total HT (BT-109)'),
      // BT-110 is the TaxTotalAmount in the invoice's currency (a second one may give it in the VAT currency).
      vatCents: optionalCents(textOf(children(summation, 'TaxTotalAmount').find((t) => !(t as XmlNode)['@currencyID'] || (t as XmlNode)['@currencyID'] === textAt(settlement, 'InvoiceCurrencyCode')) ?? null), 'total TVA (BT-110)'),
      grossCents: cents(textAt(summation, 'GrandTotalAmount'), 'total TTC (BT-112)'),
      prepaidCents: optionalCents(textAt(summation, 'TotalPrepaidAmount'), 'déjà payé (BT-113)'),
      dueCents: cents(textAt(summation, 'DuePayableAmount'), 'montant à payer (BT-115)'),
    },
    payment: means
      ? { iban: plain(textAt(means, 'PayeePartyCreditorFinancialAccount/IBANID')).replace(/\s+/g, ''), bic: orNull(textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution/BICID')) }
      : null,
    notes: children(document, 'IncludedNote').map((note) => plain(textAt(note, 'Content'))).filter(Boolean),
    problems: [],
  };
}

// ---------------------------------------------------------------------------------------------
// UBL 2.1 (Invoice or CreditNote)

function ublParty(party: unknown): ReceivedParty {
  const legal = child(party, 'PartyLegalEntity');
  const vat = children(party, 'PartyTaxScheme').find((scheme) => textAt(scheme, 'TaxScheme/ID') === 'VAT');
  const address = child(party, 'PostalAddress');
  return {
    name: required(textAt(legal, 'RegistrationName') ?? textAt(party, 'PartyName/Name'), 'nom d’une partie (BT-27 / BT-44)'),
    siren: attributeAt(legal, 'CompanyID', 'schemeID') === '0002' ? orNull(textAt(legal, 'CompanyID')) : null,
    vatNumber: orNull(textAt(vat, 'CompanyID')),
    address: {
      line1: plain(textAt(address, 'StreetName')),
      line2: plain(textAt(address, 'AdditionalStreetName')),
      postalCode: plain(textAt(address, 'PostalZone')),
      city: plain(textAt(address, 'CityName')),
      country: plain(textAt(address, 'Country/IdentificationCode')),
    },
    email: orNull(textAt(party, 'Contact/ElectronicMail')),
  };
}

function readUbl(root: XmlNode, creditNote: boolean): ReceivedInvoice {
  const lineName = creditNote ? 'CreditNoteLine' : 'InvoiceLine';
  const items = children(root, lineName);
  if (items.length > RECEIVED_MAX_LINES) throw new ReceivedInvoiceError(`Plus de ${RECEIVED_MAX_LINES} lignes : facture refusée.`);
  const currency = required(textAt(root, 'DocumentCurrencyCode'), 'devise (BT-5)');
  // BT-110 is the TaxTotal in the invoice's currency (the one with subtotals).
  const taxTotals = children(root, 'TaxTotal');
  const taxTotal = taxTotals.find((t) => children(t, 'TaxSubtotal').length > 0) ?? taxTotals[0];
  const monetary = child(root, 'LegalMonetaryTotal');
  const means = children(root, 'PaymentMeans').find((m) => textAt(m, 'PayeeFinancialAccount/ID'));
  return {
    format: 'ubl',
    number: required(textAt(root, 'ID'), 'numéro (BT-1)'),
    typeCode: required(textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'), 'type (BT-3)'),
    issueDate: requiredDate(textAt(root, 'IssueDate'), 'date (BT-2)'),
    dueDate: isoDate(textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans/PaymentDueDate')),
    currency,
    seller: ublParty(child(child(root, 'AccountingSupplierParty'), 'Party')),
    buyer: ublParty(child(child(root, 'AccountingCustomerParty'), 'Party')),
    lines: items.map((item, i) => {
      const quantityName = creditNote ? 'CreditedQuantity' : 'InvoicedQuantity';
      return {
        name: required(textAt(item, 'Item/Name'), `désignation de la ligne ${i + 1} (BT-153)`),
        description: plain(textAt(item, 'Item/Description')),
        quantity: tenThousandths(textAt(item, quantityName), `quantité de la ligne ${i + 1} (BT-129)`),
        unitCode: plain(attributeAt(item, quantityName, 'unitCode')),
        unitPrice: tenThousandths(textAt(item, 'Price/PriceAmount'), `prix unitaire de la ligne ${i + 1} (BT-146)`),
        netAmountCents: cents(textAt(item, 'LineExtensionAmount'), `montant de la ligne ${i + 1} (BT-131)`),
        vatCategory: plain(textAt(item, 'Item/ClassifiedTaxCategory/ID')),
        vatRateBasisPoints: basisPoints(textAt(item, 'Item/ClassifiedTaxCategory/Percent')),
      };
    }),
    vat: children(taxTotal, 'TaxSubtotal').map((subtotal) => ({
      category: plain(textAt(subtotal, 'TaxCategory/ID')),
      rateBasisPoints: basisPoints(textAt(subtotal, 'TaxCategory/Percent')),
      baseCents: cents(textAt(subtotal, 'TaxableAmount'), 'base de TVA (BT-116)'),
      taxCents: cents(textAt(subtotal, 'TaxAmount'), 'montant de TVA (BT-117)'),
    })),
    totals: {
      linesCents: cents(textAt(monetary, 'LineExtensionAmount'), 'total des lignes (BT-106)'),
      netCents: cents(textAt(monetary, 'TaxExclusiveAmount'), 'total HT (BT-109)'),
      vatCents: optionalCents(textAt(taxTotal, 'TaxAmount'), 'total TVA (BT-110)'),
      grossCents: cents(textAt(monetary, 'TaxInclusiveAmount'), 'total TTC (BT-112)'),
      prepaidCents: optionalCents(textAt(monetary, 'PrepaidAmount'), 'déjà payé (BT-113)'),
      dueCents: cents(textAt(monetary, 'PayableAmount'), 'montant à payer (BT-115)'),
    },
    payment: means ? { iban: plain(textAt(means, 'PayeeFinancialAccount/ID')).replace(/\s+/g, ''), bic: orNull(textAt(means, 'PayeeFinancialAccount/FinancialInstitutionBranch/ID')) } : null,
    // UBL writes a note's subject as a '#REG#' prefix (EN 16931 UBL binding); CII in its own element.
    notes: children(root, 'Note').map((note) => plain(textOf(note)).replace(/^#[A-Z]{3}#/, '').trim()).filter(Boolean),
    problems: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Checks: what must add up (EN 16931 BR-CO-10, -13, -14, -15, -16 and each VAT group)

const euros = (c: number) => `${(c / 100).toFixed(2).replace('.', ',')} €`;

function problemsOf(invoice: ReceivedInvoice): string[] {
  const problems: string[] = [];
  const { totals } = invoice;
  const sumLines = invoice.lines.reduce((sum, line) => sum + line.netAmountCents, 0);
  if (sumLines !== totals.linesCents) {
    problems.push(`La somme des lignes (${euros(sumLines)}) diffère du total des lignes annoncé (${euros(totals.linesCents)}).`);
  }
  const sumVat = invoice.vat.reduce((sum, group) => sum + group.taxCents, 0);
  if (sumVat !== totals.vatCents) problems.push(`La somme de la TVA par taux (${euros(sumVat)}) diffère du total de TVA (${euros(totals.vatCents)}).`);
  const sumBases = invoice.vat.reduce((sum, group) => sum + group.baseCents, 0);
  if (sumBases !== totals.netCents) problems.push(`La somme des bases de TVA (${euros(sumBases)}) diffère du total HT (${euros(totals.netCents)}).`);
  if (totals.netCents + totals.vatCents !== totals.grossCents) {
    problems.push(`Le total TTC (${euros(totals.grossCents)}) n’est pas le total HT plus la TVA (${euros(totals.netCents + totals.vatCents)}).`);
  }
  if (totals.grossCents - totals.prepaidCents !== totals.dueCents) {
    problems.push(`Le montant à payer (${euros(totals.dueCents)}) n’est pas le total TTC moins ce qui a été payé d’avance (${euros(totals.grossCents - totals.prepaidCents)}).`);
  }
  for (const group of invoice.vat) {
    // Each group's tax is its base at its rate, rounded to the cent (one cent of tolerance, BR-CO-17).
    const expected = Math.round((group.baseCents * group.rateBasisPoints) / 10_000);
    if (Math.abs(expected - group.taxCents) > 1) {
      problems.push(`La TVA à ${group.rateBasisPoints / 100} % (${euros(group.taxCents)}) ne correspond pas à sa base (${euros(group.baseCents)}).`);
    }
  }
  if (invoice.currency !== 'EUR') problems.push(`Facture en ${invoice.currency} : Carnet compte en euros.`);
  if (invoice.dueDate && invoice.dueDate < invoice.issueDate) problems.push('L’échéance est antérieure à la date de la facture.');
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Entry points

/** Reads an invoice's XML, CII or UBL (from a platform's flow, a PDF, or an upload). */
export function readInvoiceXml(xml: string, format: 'cii' | 'factur-x' = 'cii'): ReceivedInvoice {
  let document: XmlNode;
  try {
    document = readXml(xml);
  } catch (error) {
    throw error instanceof UnreadableXmlError ? new ReceivedInvoiceError(error.message) : error;
  }
  let invoice: ReceivedInvoice;
  const cii = child(document, 'CrossIndustryInvoice');
  if (cii && xml.includes(CII_NAMESPACE)) invoice = readCii(cii, format);
  else if (child(document, 'Invoice') && xml.includes(UBL_NAMESPACES[0])) invoice = readUbl(child(document, 'Invoice')!, false);
  else if (child(document, 'CreditNote') && xml.includes(UBL_NAMESPACES[1])) invoice = readUbl(child(document, 'CreditNote')!, true);
  else throw new ReceivedInvoiceError('Ce fichier n’est pas une facture électronique (Factur-X, CII ou UBL).');
  return { ...invoice, problems: problemsOf(invoice) };
}

/**
 * Reads a received file, whatever of the three formats it is: a PDF must carry its Factur-X XML (a
 * PDF alone is not an e-invoice); an XML is CII or UBL.
 */
export async function readReceivedInvoice(file: Uint8Array): Promise<ReceivedInvoice> {
  if (file.byteLength > RECEIVED_FILE_MAX_BYTES) throw new ReceivedInvoiceError('Fichier trop volumineux (20 Mo au plus).');
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    let xml: Buffer | null;
    try {
      // pdf-lib (some 200 modules) loaded when a PDF first arrives, not with the app. A require, not an
      // import(): the e2e tests run the sandbox platform (which reads PDFs) under Playwright's loader,
      // whose import() of a .ts file fails (« Cannot use import statement outside a module »).
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { pdfAttachment } = require('./pdf-attachments') as typeof import('./pdf-attachments');
      xml = await pdfAttachment(bytes, EMBEDDED_XML_NAMES);
    } catch (error) {
      throw error instanceof PdfAttachmentError ? new ReceivedInvoiceError(error.message) : error;
    }
    if (!xml) throw new ReceivedInvoiceError('Ce PDF ne contient pas de facture électronique (aucun XML Factur-X joint).');
    return readInvoiceXml(xml.toString('utf8'), 'factur-x');
  }
  return readInvoiceXml(bytes.toString('utf8'));
}
