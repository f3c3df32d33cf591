import { toHundredths, fromHundredths } from '../../../shared/money';

/** The revenue chart covers the current month and the 11 before it. */
export const REVENUE_MONTHS = 12;

export interface MonthRevenue {
  /** 'YYYY-MM' */
  month: string;
  /** Paid amount HT, in euros. */
  total: number;
  /** Number of invoices paid that month. */
  count: number;
}

/** 'YYYY-MM' of the `count` months ending with today's, oldest first. */
export function lastMonths(today: string, count = REVENUE_MONTHS): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** First day of the chart's window (the `payment_date__gte` of the paid invoices request). */
export function revenueWindowStart(today: string, count = REVENUE_MONTHS): string {
  return `${lastMonths(today, count)[0]}-01`;
}

/**
 * Paid invoices summed HT by payment month, one entry per month of the window (zero when
 * nothing was paid). Sums are made in cents so that 0.1 + 0.2 stays 0.30.
 */
export function monthlyRevenue(
  invoices: readonly { payment_date: string | null; subtotal: number }[],
  today: string,
  count = REVENUE_MONTHS,
): MonthRevenue[] {
  const months = lastMonths(today, count);
  const cents = new Map(months.map((m) => [m, { cents: 0, count: 0 }]));
  for (const invoice of invoices) {
    const bucket = invoice.payment_date ? cents.get(invoice.payment_date.slice(0, 7)) : undefined;
    if (!bucket) continue;
    bucket.cents += toHundredths(invoice.subtotal) ?? 0;
    bucket.count += 1;
  }
  return months.map((month) => {
    const bucket = cents.get(month)!;
    return { month, total: fromHundredths(bucket.cents), count: bucket.count };
  });
}

/** A round upper bound for the value axis, with `ticks` equal steps (1, 2, 2.5 or 5 × 10^n). */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!;
  return { top: step * ticks, step };
}
