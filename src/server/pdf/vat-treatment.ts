import { largestRemainder, type VatBreakdownRow } from '@/shared/documents';
import { normalizeSearch } from '@/shared/search';
import { exemptionMention, VAT_EXEMPTIONS, VAT_FRANCHISE, type VatExemptionKey } from '@/shared/vat';
import { countryCode } from './countries';
import { documentTotals, type DocumentLine, type RenderableDocument } from './document-model';

/**
 * How VAT applies to each rate of a document: the EN 16931 category (BT-118/BT-151), and at 0 %
 * the exemption reason (BT-120, also printed) and its VATEX code (BT-121). One place for the PDF,
 * the Factur-X XML and the checks made before issuing.
 *
 * Issue 25: the 0 % lines may give different reasons (a line's own, or the document's), one per
 * VAT category as EN 16931 allows (BG-23 is per category and rate): the 0 % rate then makes one
 * group per reason. Totals stay computed per rate (computeScaledTotals): at 0 % the VAT is nil
 * whatever the reason, and the groups share the rate's base and discount to the cent.
 */

/** O: services outside the scope of French VAT (art. 259-1° CGI), with no rate (BR-O-05, BR-48). */
export type VatCategory = 'S' | 'E' | 'AE' | 'K' | 'G' | 'O';

export interface VatExemptionText {
  reason: string;
  code: string;
}

export interface VatGroup extends VatBreakdownRow {
  category: VatCategory;
  exemption: VatExemptionText | null;
  /** At 0 %: the reason's key, '' when none was given (a document made before reasons existed) or in the franchise. */
  exemptionKey: VatExemptionKey | '';
}

/** Documents issued before VAT regimes existed stated their 0 % reason in the legal notice. */
const STATED_EXEMPTION = /exonerat|autoliquidation|tva non applicable|article 2[0-9]{2}|art\. ?2[0-9]{2}/;

/** The reason a 0 % line carries no VAT: its own, else its document's ('' : none given; the franchise: none applies). */
export const lineExemptionKey = (doc: RenderableDocument, line: Pick<DocumentLine, 'vatExemption'>): VatExemptionKey | '' =>
  doc.vatRegime === 'franchise' ? '' : (line.vatExemption ?? doc.vatExemption);

function zeroRateTreatment(doc: RenderableDocument, key: VatExemptionKey | ''): { category: VatCategory; exemption: VatExemptionText } {
  if (doc.vatRegime === 'franchise') {
    return { category: VAT_FRANCHISE.category, exemption: { reason: VAT_FRANCHISE.mention, code: VAT_FRANCHISE.vatex } };
  }
  if (key) {
    // Reverse charge cites art. 283-2 for a buyer in France, art. 259-1° CGI / 196 directive in the EU.
    return { category: VAT_EXEMPTIONS[key].category, exemption: { reason: exemptionMention(key, countryCode(doc.client.country)), code: VAT_EXEMPTIONS[key].vatex } };
  }
  // No reason chosen (a document made before reasons existed): exempt, in the user's words if any.
  const stated = doc.legalNotice
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => STATED_EXEMPTION.test(normalizeSearch(line)));
  return { category: 'E', exemption: { reason: stated ?? VAT_EXEMPTIONS.exoneration.mention, code: VAT_EXEMPTIONS.exoneration.vatex } };
}

/**
 * The 0 % row split by reason, in the order the reasons first appear: each takes its lines and a
 * share of the row's document discount in proportion to them (largest remainder), so that the
 * groups sum to the row exactly.
 */
function zeroRateGroups(doc: RenderableDocument, row: VatBreakdownRow, lineTotals: number[]): VatGroup[] {
  const amounts = new Map<VatExemptionKey | '', number>();
  doc.lines.forEach((line, i) => {
    if (line.taxRate !== 0) return;
    const key = lineExemptionKey(doc, line);
    amounts.set(key, (amounts.get(key) ?? 0) + lineTotals[i]);
  });
  if (amounts.size <= 1) {
    const key = [...amounts.keys()][0] ?? lineExemptionKey(doc, {});
    return [{ ...row, ...zeroRateTreatment(doc, key), exemptionKey: key }];
  }
  const keys = [...amounts.keys()];
  const discounts = largestRemainder(row.discount ?? 0, keys.map((key) => Math.max(0, amounts.get(key)!)));
  return keys.map((key, i) => ({
    rate: 0,
    base: amounts.get(key)! - discounts[i],
    tax: 0,
    ...(discounts[i] ? { discount: discounts[i] } : {}),
    ...zeroRateTreatment(doc, key),
    exemptionKey: key,
  }));
}

/** One group per VAT rate of the document, highest rate first, with its category; at 0 %, one per reason. */
export function vatGroups(doc: RenderableDocument): VatGroup[] {
  const totals = documentTotals(doc);
  return totals.breakdown.flatMap((row) =>
    row.rate > 0 ? [{ ...row, category: 'S' as const, exemption: null, exemptionKey: '' as const }] : zeroRateGroups(doc, row, totals.lines),
  );
}

/** The category of a line (BT-151): S when it charges VAT, else its reason's. */
export function lineCategory(doc: RenderableDocument, line: Pick<DocumentLine, 'taxRate' | 'vatExemption'>): VatCategory {
  return line.taxRate > 0 ? 'S' : zeroRateTreatment(doc, lineExemptionKey(doc, line)).category;
}

/** The exemptions printed on the document, one per reason of its 0 % lines (none when every line charges VAT). */
export function vatExemptionsOf(doc: RenderableDocument): VatExemptionText[] {
  return vatGroups(doc).flatMap((group) => (group.exemption ? [group.exemption] : []));
}
