import { computeScaledTotals, largestRemainder, MAX_AMOUNT, QUANTITY_SCALE, type ScaledDiscount } from '@/shared/documents';

export { largestRemainder };

/**
 * Totals and VAT breakdown in stored units (quantities and unit prices in ten-thousandths since
 * issue 25, amounts in cents, rates in hundredths of a percent), by the one calculation the form
 * shares (computeScaledTotals in src/shared/documents.ts: each line rounded to the cent, BT-131;
 * VAT per rate, rounded to the cent half up, EN 16931 BT-117).
 */

export interface StoredAmounts {
  quantity: number;
  unit_price: number;
  tax_rate: number;
  /** Hundredths of a percent, or cents (issue 25); 0 or absent, none. */
  discount_percent?: number;
  discount_cents?: number;
}

/** A document's discount as its row stores it (hundredths of a percent, or cents; bigint columns may come back as strings). */
export const storedDiscount = (row: { discount_percent?: number | string | null; discount_cents?: number | string | null }): Required<ScaledDiscount> => ({
  percent: Number(row.discount_percent ?? 0),
  cents: Number(row.discount_cents ?? 0),
});

/** Per line, per VAT rate and the document's totals of lines in stored units, less the document's discount. */
export const linesTotals = (lines: StoredAmounts[], defaultRate: number, discount?: ScaledDiscount) =>
  computeScaledTotals(
    lines.map((l) => ({
      quantity: Number(l.quantity), unit_price: Number(l.unit_price), tax_rate: Number(l.tax_rate),
      discount_percent: Number(l.discount_percent ?? 0), discount_cents: Number(l.discount_cents ?? 0),
    })),
    Number(defaultRate),
    discount,
  );

/** Cents → the stored unit price (ten-thousandths of a euro). */
export const centsToUnitPrice = (cents: number) => cents * 100;
/** One unit, as a stored quantity. */
export const ONE_UNIT = QUANTITY_SCALE;

/** Beyond MAX_AMOUNT TTC some amount could stop being an exact integer of cents (issue 16). */
export const exceedsMaxAmount = (totalCents: number) => totalCents > MAX_AMOUNT * 100;

/** The HT part of `amountCents` of a document worth `subtotalCents` HT and `totalCents` TTC. */
export const htShare = (amountCents: number, subtotalCents: number, totalCents: number) =>
  totalCents === 0 ? 0 : Math.round((amountCents * subtotalCents) / totalCents);

/** TTC of `ht` cents HT alone at `rate` (hundredths of a percent), by the shared calculation. */
export const ttcAt = (rate: number, ht: number) => linesTotals([{ quantity: ONE_UNIT, unit_price: centsToUnitPrice(ht), tax_rate: rate }], 0).total;

/** A stored line's amounts, as its row holds them (bigint columns may come back as strings). */
export type StoredLineAmounts = { quantity: number; unit_price_centicents: number; tax_rate: number; discount_percent?: number; discount_cents?: number };

/**
 * `ht` cents at 0 % shared between the exemption reasons of `lines`' 0 % lines (issue 25: one
 * reason per VAT category, EN 16931 BG-23), in proportion to their amounts (largest remainder):
 * what a credit of a balance or a deposit bills under each. A line's reason is its own, '' for the
 * document's; a reason whose share is nothing is left out (unless nothing is left at all).
 */
export function splitZeroRate(ht: number, lines: (StoredLineAmounts & { vat_exemption?: string })[]): { ht: number; vat_exemption: string }[] {
  const untaxed = lines.filter((l) => Number(l.tax_rate) === 0);
  const { lines: amounts } = linesTotals(untaxed.map((l) => ({ ...l, unit_price: Number(l.unit_price_centicents) })), 0);
  const byReason = new Map<string, number>();
  untaxed.forEach((l, i) => byReason.set(l.vat_exemption ?? '', (byReason.get(l.vat_exemption ?? '') ?? 0) + Math.max(0, amounts[i])));
  if (byReason.size <= 1) return [{ ht, vat_exemption: [...byReason.keys()][0] ?? '' }];
  const reasons = [...byReason.keys()];
  const shares = largestRemainder(ht, [...byReason.values()]);
  return reasons.map((reason, i) => ({ ht: shares[i], vat_exemption: reason })).filter((r, i, all) => r.ht > 0 || (i === 0 && all.every((a) => a.ht === 0)));
}

/** A share of an amount under one VAT treatment: a rate and, at 0 %, the reason ('' : the document's). */
export interface TreatmentShare {
  rate: number;
  ht: number;
  vat_exemption: string;
}

/** splitByRate, the 0 % share then shared between its exemption reasons (splitZeroRate): one line each for a credit or a deposit. */
export const splitByTreatment = (amount: number, lines: (StoredLineAmounts & { vat_exemption?: string })[], defaultRate: number, discount?: ScaledDiscount): TreatmentShare[] =>
  splitByRate(amount, lines, defaultRate, discount).flatMap(({ rate, ht }) =>
    rate === 0 ? splitZeroRate(ht, lines).map((share) => ({ rate, ...share })) : [{ rate, ht, vat_exemption: '' }],
  );

/** The distinct VAT rates of stored lines, highest first. */
export const lineRates = (lines: { tax_rate: number }[]) => [...new Set(lines.map((l) => Number(l.tax_rate)))].sort((a, b) => b - a);

/**
 * `amount` cents TTC as an HT amount per VAT rate of `lines` (rates in hundredths of a percent,
 * highest first), in proportion to each rate's TTC: what a credit of a balance, or a deposit on a
 * quote, bills at each rate (its lines and discount as the document has them). A rate whose share is nothing is left out (unless nothing is left at
 * all). The TTC of the result, by the shared calculation, is `amount`, or when no combination
 * lands on it the next TTC above (one cent more).
 *
 * Rounding: the amount is first shared between the rates in proportion to each rate's TTC
 * (largest remainder, so the shares sum to the amount). VAT is rounded per rate on its base, so a
 * rate's TTC skips some values (999,99 € at 20 % has no HT amount): each rate takes the largest
 * HT whose TTC stays within its share, then the cents still missing are added one HT cent at a
 * time where the TTC grows by exactly what is missing, a cent moving from one rate to another when
 * needed. Only when no combination lands on the amount (a single rate whose TTC skips it) is the
 * next TTC above taken.
 */
export function splitByRate(amount: number, lines: StoredLineAmounts[], defaultRate: number, discount?: ScaledDiscount): { rate: number; ht: number }[] {
  const { breakdown } = linesTotals(lines.map((l) => ({ ...l, unit_price: Number(l.unit_price_centicents) })), defaultRate, discount);
  const rates = breakdown.length ? breakdown : [{ rate: defaultRate, base: 0, tax: 0 }];
  const shares = largestRemainder(amount, rates.map((r) => r.base + r.tax));
  const hts = rates.map((r, i) => {
    let ht = Math.floor((shares[i] * 10000) / (10000 + r.rate));
    while (ht > 0 && ttcAt(r.rate, ht) > shares[i]) ht--;
    while (ttcAt(r.rate, ht + 1) <= shares[i]) ht++;
    return ht;
  });
  const ttc = () => rates.reduce((sum, r, i) => sum + ttcAt(r.rate, hts[i]), 0);
  const step = (i: number, by: number) => ttcAt(rates[i].rate, hts[i] + by) - ttcAt(rates[i].rate, hts[i]);
  for (let missing = amount - ttc(); missing > 0; missing = amount - ttc()) {
    const exact = rates.findIndex((_, i) => step(i, 1) === missing);
    const below = rates.findIndex((_, i) => step(i, 1) < missing);
    // Two cents up on one rate, one cent down on another: one cent more in all.
    const up = rates.findIndex((_, i) => step(i, 1) === 2);
    const down = rates.findIndex((_, i) => i !== up && hts[i] > 0 && step(i, -1) === -1);
    if (exact >= 0) hts[exact]++;
    else if (below >= 0) hts[below]++;
    else if (missing === 1 && up >= 0 && down >= 0) {
      hts[up]++;
      hts[down]--;
    } else hts[up >= 0 ? up : 0]++; // no exact combination: the next TTC above
  }
  return rates.map((r, i) => ({ rate: r.rate, ht: hts[i] })).filter((r, i, all) => r.ht > 0 || (i === 0 && all.every((a) => a.ht === 0)));
}
