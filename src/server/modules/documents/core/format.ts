import { formatCents } from '@/server/pdf/format';
import { exemptionKeyOf, VAT_EXEMPTIONS } from '@/shared/vat';
import { percent } from '@/shared/contracts/documents';
import type { TreatmentShare } from './totals';

export { percent, rateList } from '@/shared/contracts/documents';

/**
 * What tells apart the lines of a credit of a balance or of a deposit, one per VAT treatment:
 * ' (TVA 20 %)', ' (TVA 0 %, autoliquidation)' when several reasons share 0 %; '' for a single line.
 */
export function treatmentSuffix(shares: TreatmentShare[], share: TreatmentShare, documentReason: string): string {
  if (shares.length <= 1) return '';
  const reason = exemptionKeyOf(share.vat_exemption || documentReason);
  const severalReasons = shares.filter((s) => s.rate === 0).length > 1;
  return ` (TVA ${percent(share.rate)}${share.rate === 0 && severalReasons && reason ? `, ${VAT_EXEMPTIONS[reason].short}` : ''})`;
}

/** '1 234,56 €' with plain spaces, for messages. */
export const euros = (cents: number) => formatCents(cents).replace(/[\u202f\u00a0]/g, ' ');
