import { largestRemainder } from '@/shared/documents';

/**
 * What a payment cashes per VAT rate, for the 212 « Encaissée » lifecycle message (XP Z12-012): for
 * services whose VAT is due on receipt (CGI art. 269-2-c), the platform reports to the
 * administration what was cashed at each rate. A payment pays the invoice's rates in proportion to
 * their totals (TTC), shared by largest remainder so that the parts add up to the payment exactly.
 */
export interface VatRateTotal {
  /** Hundredths of a percent (2000 = 20 %). */
  rate: number;
  /** The invoice's total at that rate, TTC, in cents. */
  grossCents: number;
}

export function cashedPerVatRate(paymentCents: number, groups: VatRateTotal[]): { rate: number; amountCents: number }[] {
  const paying = groups.filter((g) => g.grossCents > 0);
  if (!paying.length) return groups.length ? [{ rate: groups[0].rate, amountCents: paymentCents }] : [];
  const shares = largestRemainder(paymentCents, paying.map((g) => g.grossCents));
  return paying.map((g, i) => ({ rate: g.rate, amountCents: shares[i] }));
}
