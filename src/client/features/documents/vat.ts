/**
 * The VAT choices of the document screens (issue 14): rates, operation categories and exemption
 * reasons as select options, from the shared lists (src/shared/vat.ts).
 */
import {
  OPERATION_CATEGORIES, OPERATION_CATEGORY_LABELS, VAT_EXEMPTIONS, VAT_EXEMPTION_KEYS, VAT_FRANCHISE, VAT_RATES, type VatExemptionKey,
} from '@/shared/vat';
import { formatNumber } from '@/client/lib/format';
import type { SelectOption } from '@/client/ui/form-fields';
import { useGetProfileQuery } from '@/client/features/profile';

/** 5.5 → '5,5 %'. */
export const rateLabel = (rate: number | string) => `${formatNumber(rate)} %`;

const RATE_OPTIONS: SelectOption[] = VAT_RATES.map((rate) => ({ value: String(rate), label: rateLabel(rate) }));

/** The French rates; `current` first when it is none of them (a document made through the API). */
export function rateOptions(current?: string): SelectOption[] {
  return current && !RATE_OPTIONS.some((o) => o.value === current) ? [{ value: current, label: rateLabel(current) }, ...RATE_OPTIONS] : RATE_OPTIONS;
}

export const OPERATION_OPTIONS: SelectOption[] = OPERATION_CATEGORIES.map((value) => ({ value, label: OPERATION_CATEGORY_LABELS[value] }));

export const EXEMPTION_OPTIONS: SelectOption[] = VAT_EXEMPTION_KEYS.map((value) => ({ value, label: VAT_EXEMPTIONS[value].label }));

/** A select's value as an exemption reason: one of VAT_EXEMPTION_KEYS, else '' (none: for a line, the document's). */
export const exemptionOf = (value: string): VatExemptionKey | '' =>
  (VAT_EXEMPTION_KEYS as readonly string[]).includes(value) ? (value as VatExemptionKey) : '';

/** The first choice of a line's own reason (issue 25): none, the line follows the document's. */
export const DOCUMENT_EXEMPTION_OPTION = 'Celui du document';

/** What the totals of a seller in the franchise say instead of a VAT row. */
export const FRANCHISE_MENTION = VAT_FRANCHISE.mention;

/**
 * Whether an issued document's amounts go without "HT" nor "TTC" (shared/amount-labels.ts): the
 * seller is in the franchise (art. 293 B du CGI) and the document charged no VAT.
 */
export function useVatFree(taxAmount: number): boolean {
  return useGetProfileQuery().data?.vat_regime === 'franchise' && taxAmount === 0;
}
