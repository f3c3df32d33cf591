/** The revenue chart's value axis (the monthly sums come from GET invoices/monthly_revenue/). */

/** A round upper bound for the value axis, with `ticks` equal steps (1, 2, 2.5 or 5 × 10^n). */
export function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (!(max > 0)) return { top: ticks, step: 1 };
  const rough = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough)!;
  return { top: step * ticks, step };
}
