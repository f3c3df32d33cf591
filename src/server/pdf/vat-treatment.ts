import type { VatBreakdownRow } from '@/shared/documents';
import { normalizeSearch } from '@/shared/search';
import { exemptionMention, VAT_EXEMPTIONS, VAT_FRANCHISE } from '@/shared/vat';
import { countryCode } from './countries';
import { documentTotals, type RenderableDocument } from './document-model';

/**
 * How VAT applies to each rate of a document: the EN 16931 category (BT-118/BT-151), and at 0 %
 * the exemption reason (BT-120, also printed) and its VATEX code (BT-121). One place for the PDF,
 * the Factur-X XML and the checks made before issuing.
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
}

/** Documents issued before VAT regimes existed stated their 0 % reason in the legal notice. */
const STATED_EXEMPTION = /exonerat|autoliquidation|tva non applicable|article 2[0-9]{2}|art\. ?2[0-9]{2}/;

function zeroRateTreatment(doc: RenderableDocument): { category: VatCategory; exemption: VatExemptionText } {
  if (doc.vatRegime === 'franchise') {
    return { category: VAT_FRANCHISE.category, exemption: { reason: VAT_FRANCHISE.mention, code: VAT_FRANCHISE.vatex } };
  }
  if (doc.vatExemption) {
    const known = VAT_EXEMPTIONS[doc.vatExemption];
    // Reverse charge cites art. 283-2 for a buyer in France, art. 259-1° CGI / 196 directive in the EU.
    const reason = exemptionMention(doc.vatExemption, countryCode(doc.client.country));
    return { category: known.category, exemption: { reason, code: known.vatex } };
  }
  // No reason chosen (a document made before reasons existed): exempt, in the user's words if any.
  const stated = doc.legalNotice
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => STATED_EXEMPTION.test(normalizeSearch(line)));
  return { category: 'E', exemption: { reason: stated ?? VAT_EXEMPTIONS.exoneration.mention, code: VAT_EXEMPTIONS.exoneration.vatex } };
}

/** One group per VAT rate of the document, highest rate first, with its category. */
export function vatGroups(doc: RenderableDocument): VatGroup[] {
  return documentTotals(doc).breakdown.map((row) =>
    row.rate > 0 ? { ...row, category: 'S', exemption: null } : { ...row, ...zeroRateTreatment(doc) },
  );
}

/** The category of a line at `ratePercent`. */
export function lineCategory(doc: RenderableDocument, rateHundredths: number): VatCategory {
  return rateHundredths > 0 ? 'S' : zeroRateTreatment(doc).category;
}

/** The exemption printed on the document, when one of its rates is 0 %. */
export function vatExemptionOf(doc: RenderableDocument): VatExemptionText | null {
  return vatGroups(doc).find((group) => group.exemption)?.exemption ?? null;
}
