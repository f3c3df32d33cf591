import { compactBic, compactIban } from '@/shared/identifiers';
import { lineUnitOf } from '@/shared/units';
import { withoutNonXmlChars } from '@/shared/xml-text';
import { countryCode } from './countries';
import { DEFAULT_DISCOUNT_REASON } from '@/shared/documents';
import { documentDiscountOf, documentTotals, paidDepositsCents, rateHundredths, type Party, type PostalAddress, type RenderableDocument } from './document-model';
import { legalMentions } from './legal-mentions';
import { lineCategory, vatGroups, type VatCategory } from './vat-treatment';

/**
 * The Factur-X XML (UN/CEFACT CII D16B, profile EN 16931) of an issued invoice. Amounts come
 * from the shared computeTotals, so the XML, the PDF and the API agree to the cent; the
 * EN 16931 rules (BR-CO-10…16, BR-S/E/AE/K/G-08…10) hold by construction: one VAT breakdown
 * per rate, each the sum of its lines less its share of the document's discount (issue 25), no charges; what is due is the total less
 * the deposits paid that a final invoice deducts (BR-CO-16).
 */

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const escapeXml = (text: string) =>
  // What XML 1.0 cannot hold (control characters, U+FFFE, U+FFFF, lone surrogates) is dropped: the
  // API refuses it at input, but text stored before issue 23 may still have it.
  withoutNonXmlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const el = (name: string, content: string, attrs = '') => `<${name}${attrs}>${content}</${name}>`;
const text = (name: string, value: string, attrs = '') => el(name, escapeXml(value), attrs);
/** An element only when the value is not empty (once what XML cannot hold is dropped). */
const opt = (name: string, value: string, attrs = '') => {
  const kept = withoutNonXmlChars(value).trim();
  return kept ? text(name, kept, attrs) : '';
};
const amount = (cents: number) => (cents / 100).toFixed(2);
const decimal = (value: number) => value.toFixed(2);
/**
 * A quantity (BT-129) or a unit price (BT-146): up to 4 decimals (issue 25), at least 2, so that a
 * value of 2 decimals at most (every one issued before) is written as it always was.
 */
const decimal4 = (value: number) => value.toFixed(4).replace(/(\.\d\d\d?)0$/, '$1').replace(/(\.\d\d)0$/, '$1');
/**
 * BT-152 / BT-119 (`rate` in hundredths of a percent); none where the operation is not subject to VAT
 * (category O: BR-O-05 on a line; BR-48 lets the breakdown go without one).
 */
const rateOf = (category: VatCategory, rate: number) => (category === 'O' ? '' : text('ram:RateApplicablePercent', decimal(rate / 100)));
const date102 = (iso: string) => el('udt:DateTimeString', iso.replace(/-/g, ''), ' format="102"');

/** 'FR 12 345678901' → 'FR12345678901'; digits only get the party's country prefix (BR-CO-09). */
export function normalizeVatNumber(vat: string, country: string): string {
  const compact = vat.replace(/[\s.-]/g, '').toUpperCase();
  if (!compact) return '';
  return /^[A-Z]{2}/.test(compact) ? compact : `${country}${compact}`;
}

function address(party: PostalAddress): string {
  return el(
    'ram:PostalTradeAddress',
    opt('ram:PostcodeCode', party.postalCode) +
      // LineOne/LineTwo: the address field may hold several lines.
      party.address
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(0, 3)
        .map((line, i) => text(['ram:LineOne', 'ram:LineTwo', 'ram:LineThree'][i], line))
        .join('') +
      opt('ram:CityName', party.city) +
      text('ram:CountryID', countryCode(party.country)),
  );
}

/**
 * `notSubjectToVat`: an invoice of category O (services outside the scope of French VAT, art.
 * 259-1° CGI) carries neither the seller's VAT identifier (BT-31) nor the buyer's (BT-48) in its
 * XML (BR-O-02); the PDF still prints them (art. 242 nonies A du CGI).
 */
function seller(party: Party, notSubjectToVat: boolean): string {
  const country = countryCode(party.country);
  const siret = party.siret.replace(/\s/g, '');
  // BT-30: the legal registration is the SIREN (first 9 digits of the SIRET), ICD 0002.
  const siren = /^\d{14}$/.test(siret) ? siret.slice(0, 9) : siret;
  const vat = notSubjectToVat ? '' : normalizeVatNumber(party.vatNumber, country);
  return el(
    'ram:SellerTradeParty',
    (siret ? text('ram:GlobalID', siret, ' schemeID="0009"') : '') +
      text('ram:Name', party.name) +
      opt('ram:Description', party.secondaryName) +
      (siren ? el('ram:SpecifiedLegalOrganization', text('ram:ID', siren, ' schemeID="0002"')) : '') +
      contact(party) +
      address(party) +
      (party.email ? el('ram:URIUniversalCommunication', text('ram:URIID', party.email, ' schemeID="EM"')) : '') +
      (vat
        ? el('ram:SpecifiedTaxRegistration', text('ram:ID', vat, ' schemeID="VA"'))
        : // Without a VAT number (franchise en base) the SIRET is the tax registration (BT-32),
          // which BR-E-02 / BR-S-02 require (BR-O-02 does not: none there).
          siret && !notSubjectToVat
          ? el('ram:SpecifiedTaxRegistration', text('ram:ID', siret, ' schemeID="FC"'))
          : ''),
  );
}

function contact(party: Party): string {
  if (!withoutNonXmlChars(party.contactName).trim() && !party.phone) return '';
  return el(
    'ram:DefinedTradeContact',
    opt('ram:PersonName', party.contactName) +
      (party.phone ? el('ram:TelephoneUniversalCommunication', text('ram:CompleteNumber', party.phone)) : ''),
  );
}

function buyer(party: Party, notSubjectToVat: boolean): string {
  const vat = notSubjectToVat ? '' : normalizeVatNumber(party.vatNumber, countryCode(party.country));
  return el(
    'ram:BuyerTradeParty',
    text('ram:Name', party.name) +
      // BT-47: the buyer's SIREN, ICD 0002 (2026 reform: mandatory for French businesses).
      (party.siren ? el('ram:SpecifiedLegalOrganization', text('ram:ID', party.siren, ' schemeID="0002"')) : '') +
      address(party) +
      (party.email ? el('ram:URIUniversalCommunication', text('ram:URIID', party.email, ' schemeID="EM"')) : '') +
      // BT-48.
      (vat ? el('ram:SpecifiedTaxRegistration', text('ram:ID', vat, ' schemeID="VA"')) : ''),
  );
}

/** BG-13: where it is delivered (the client's address unless another is given) and when (BT-72). */
function delivery(doc: RenderableDocument): string {
  const place = doc.delivery ?? doc.client;
  const when = doc.serviceDate && !doc.serviceEndDate
    ? el('ram:ActualDeliverySupplyChainEvent', el('ram:OccurrenceDateTime', date102(doc.serviceDate)))
    : '';
  // Must not be empty (PEPPOL-EN16931-R008).
  return el('ram:ApplicableHeaderTradeDelivery', el('ram:ShipToTradeParty', text('ram:Name', doc.client.name) + address(place)) + when);
}

/** BG-14: the service period (BT-73, BT-74). */
function billingPeriod(doc: RenderableDocument): string {
  if (!doc.serviceDate || !doc.serviceEndDate) return '';
  return el(
    'ram:BillingSpecifiedPeriod',
    el('ram:StartDateTime', date102(doc.serviceDate)) + el('ram:EndDateTime', date102(doc.serviceEndDate)),
  );
}

/** BG-16: SEPA credit transfer (code 58) to the seller's IBAN (BT-84) and BIC (BT-86). Invoices only. */
function paymentMeans(doc: RenderableDocument): string {
  if (doc.kind !== 'invoice' || !doc.bank?.iban) return '';
  return el(
    'ram:SpecifiedTradeSettlementPaymentMeans',
    text('ram:TypeCode', '58') +
      el('ram:PayeePartyCreditorFinancialAccount', text('ram:IBANID', compactIban(doc.bank.iban))) +
      (doc.bank.bic ? el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', compactBic(doc.bank.bic))) : ''),
  );
}

/**
 * BT-23, French billing framework: S1 services, B1 goods, M1 mixed (a plain invoice, not yet paid);
 * S4, B4, M4 for a final invoice after deposits.
 */
const BUSINESS_PROCESS = { services: 'S1', goods: 'B1', mixed: 'M1' } as const;
const BUSINESS_PROCESS_AFTER_DEPOSITS = { services: 'S4', goods: 'B4', mixed: 'M4' } as const;

/** UNTDID 1001: 380 commercial invoice, 381 credit note, 386 prepayment (deposit) invoice. */
export const invoiceTypeCode = (doc: Pick<RenderableDocument, 'kind' | 'deposit'>) => (doc.kind === 'credit_note' ? '381' : doc.deposit ? '386' : '380');

/** BT-25 / BT-26: an invoice referred to (the one a credit note corrects, the deposits a final invoice deducts). */
const precedingInvoice = (number: string, issueDate: string) =>
  el(
    'ram:InvoiceReferencedDocument',
    text('ram:IssuerAssignedID', number) +
      el('ram:FormattedIssueDateTime', el('qdt:DateTimeString', issueDate.replace(/-/g, ''), ' format="102"')),
  );

/** UNTDID 5189 code 95 "Discount": the reason code of every allowance Carnet writes (BT-98, BT-140). */
const DISCOUNT_REASON_CODE = '95';

/**
 * An allowance (BG-20 on the document, BG-27 on a line): its percentage and base when it is one
 * (BT-94/BT-93, BT-138/BT-137), its amount (BT-92, BT-136), the reason (code 95 and words:
 * BR-33/BR-42), and on the document its VAT category and rate (BT-95, BT-96).
 */
function allowance(cents: number, percent: number, basisCents: number, reason: string, categoryTax = ''): string {
  return el(
    'ram:SpecifiedTradeAllowanceCharge',
    el('ram:ChargeIndicator', el('udt:Indicator', 'false')) +
      (percent > 0 ? text('ram:CalculationPercent', decimal(percent)) + text('ram:BasisAmount', amount(basisCents)) : '') +
      text('ram:ActualAmount', amount(cents)) +
      text('ram:ReasonCode', DISCOUNT_REASON_CODE) +
      text('ram:Reason', reason) +
      categoryTax,
  );
}

export function buildFacturX(doc: RenderableDocument): string {
  if (doc.kind === 'quote' || !doc.number) throw new Error('Only an issued invoice or credit note has a Factur-X XML.');
  const totals = documentTotals(doc);
  // BT-113 carries only what was paid: a deposit invoiced but unpaid is still due (BT-115), and
  // referenced (BG-3) like the others.
  const prepaid = paidDepositsCents(doc);
  const afterDeposits = (doc.deposits?.length ?? 0) > 0;
  const mentions = legalMentions(doc);
  const tax = (extra = '') => text('ram:TypeCode', 'VAT') + extra;

  const lines = doc.lines
    .map((line, i) => {
      const rate = rateHundredths(line.taxRate);
      const category = lineCategory(doc, line);
      return el(
        'ram:IncludedSupplyChainTradeLineItem',
        el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(i + 1))) +
          el('ram:SpecifiedTradeProduct', text('ram:Name', line.title) + opt('ram:Description', line.description)) +
          el('ram:SpecifiedLineTradeAgreement', el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', decimal4(line.unitPrice)))) +
          // BT-129 with its unit BT-130 (UN/ECE Rec. 20); a line of a snapshot made before units is C62 "one".
          el('ram:SpecifiedLineTradeDelivery', text('ram:BilledQuantity', decimal4(line.quantity), ` unitCode="${lineUnitOf(line.unit)}"`)) +
          el(
            'ram:SpecifiedLineTradeSettlement',
            el('ram:ApplicableTradeTax', tax(text('ram:CategoryCode', category) + rateOf(category, rate))) +
              // BG-27: the line's discount; BT-131 is net of it.
              (totals.lineDiscounts[i] > 0
                ? allowance(totals.lineDiscounts[i], line.discountPercent ?? 0, totals.lines[i] + totals.lineDiscounts[i], DEFAULT_DISCOUNT_REASON)
                : '') +
              el('ram:SpecifiedTradeSettlementLineMonetarySummation', text('ram:LineTotalAmount', amount(totals.lines[i]))),
          ),
      );
    })
    .join('');

  const notes = mentions.notes
    .map((n) => el('ram:IncludedNote', text('ram:Content', n.content) + text('ram:SubjectCode', n.subject)))
    .join('');

  // BG-23, one per rate (at 0 %, one per reason: category). BT-8 = 5 (VAT due on the invoice date) when the seller pays VAT on debits.
  const debits = doc.vatOnDebits && doc.vatRegime === 'assujetti';
  const groups = vatGroups(doc);
  const notSubjectToVat = groups.some((group) => group.category === 'O');
  const breakdown = groups
    .map((group) =>
      el(
        'ram:ApplicableTradeTax',
        text('ram:CalculatedAmount', amount(group.tax)) +
          tax(
            (group.exemption ? text('ram:ExemptionReason', group.exemption.reason) : '') +
              text('ram:BasisAmount', amount(group.base)) +
              text('ram:CategoryCode', group.category) +
              (group.exemption ? text('ram:ExemptionReasonCode', group.exemption.code) : '') +
              (debits && group.category === 'S' ? text('ram:DueDateTypeCode', '5') : '') +
              rateOf(group.category, group.rate),
          ),
      ),
    )
    .join('');

  // BG-20: the document's discount, one allowance per VAT rate (and category) it applies to.
  const discount = documentDiscountOf(doc);
  const allowances = discount
    ? groups
        .filter((group) => (group.discount ?? 0) > 0)
        .map((group) =>
          allowance(
            group.discount!, discount.percent, group.base + group.discount!, discount.reason || DEFAULT_DISCOUNT_REASON,
            el('ram:CategoryTradeTax', tax(text('ram:CategoryCode', group.category) + rateOf(group.category, group.rate))),
          ),
        )
        .join('')
    : '';

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el(
      'rsm:CrossIndustryInvoice',
      el(
        'rsm:ExchangedDocumentContext',
        el(
          'ram:BusinessProcessSpecifiedDocumentContextParameter',
          text('ram:ID', (afterDeposits ? BUSINESS_PROCESS_AFTER_DEPOSITS : BUSINESS_PROCESS)[doc.operationCategory]),
        ) +
          el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', EN16931_GUIDELINE)),
      ) +
        el(
          'rsm:ExchangedDocument',
          text('ram:ID', doc.number) +
            text('ram:TypeCode', invoiceTypeCode(doc)) +
            el('ram:IssueDateTime', date102(doc.issueDate)) +
            notes,
        ) +
        el(
          'rsm:SupplyChainTradeTransaction',
          lines +
            el(
              'ram:ApplicableHeaderTradeAgreement',
              seller(doc.issuer, notSubjectToVat) +
                buyer(doc.client, notSubjectToVat) +
                // BT-14: the quote a deposit or final invoice bills.
                (doc.quote ? el('ram:SellerOrderReferencedDocument', text('ram:IssuerAssignedID', doc.quote.number)) : ''),
            ) +
            delivery(doc) +
            el(
              'ram:ApplicableHeaderTradeSettlement',
              text('ram:InvoiceCurrencyCode', 'EUR') +
                paymentMeans(doc) +
                breakdown +
                billingPeriod(doc) +
                allowances +
                el(
                  'ram:SpecifiedTradePaymentTerms',
                  opt('ram:Description', mentions.paymentTerms ?? '') +
                    el('ram:DueDateDateTime', date102(doc.endDate ?? doc.issueDate)),
                ) +
                el(
                  'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
                  // BT-106 Σ lines, BT-107 the document's discount, BT-109 = BT-106 − BT-107 (BR-CO-13).
                  text('ram:LineTotalAmount', amount(totals.linesTotal)) +
                    (totals.discount > 0 ? text('ram:AllowanceTotalAmount', amount(totals.discount)) : '') +
                    text('ram:TaxBasisTotalAmount', amount(totals.subtotal)) +
                    text('ram:TaxTotalAmount', amount(totals.tax), ' currencyID="EUR"') +
                    text('ram:GrandTotalAmount', amount(totals.total)) +
                    // BT-113: the deposits paid, which a final invoice deducts; BT-115 = BT-112 − BT-113 (BR-CO-16).
                    (prepaid > 0 ? text('ram:TotalPrepaidAmount', amount(prepaid)) : '') +
                    text('ram:DuePayableAmount', amount(totals.total - prepaid)),
                ) +
                (doc.creditedInvoice ? precedingInvoice(doc.creditedInvoice.number, doc.creditedInvoice.issueDate) : '') +
                (doc.deposits ?? []).map((d) => precedingInvoice(d.number, d.issueDate)).join(''),
            ),
        ),
      ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
        ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
        ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
        ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
    )
  );
}
