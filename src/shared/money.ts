/**
 * Money is integer cents everywhere it is stored or computed (DESIGN.md section 4); the API
 * exposes euros as JSON numbers with at most two decimals. Hours are stored as hundredths.
 */

/** Parses a decimal amount (number or string, '.' or ',' separator) into an integer of 1/100 units, rounding half up. Null when it is not a finite number. */
export function toHundredths(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = value.toFixed(6);
  }
  if (typeof value !== 'string') return null;
  const match = /^\s*(-)?(\d{1,13})(?:[.,](\d*))?\s*$/.exec(value);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const digits = (fraction + '000').slice(0, 3);
  const magnitude = Number(whole) * 100 + Math.round(Number(digits) / 10 + 1e-9);
  return minus ? -magnitude : magnitude;
}

/**
 * Parses a decimal (number or string, '.' or ',' separator) into an integer of 1/10 000 units,
 * rounding half up; null when it is not a finite number. Line quantities and unit prices (issue
 * 25: up to 4 decimals) are stored so: ten-thousandths of a unit, hundredths of a cent.
 */
export function toTenThousandths(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = value.toFixed(8);
  }
  if (typeof value !== 'string') return null;
  const match = /^\s*(-)?(\d{1,13})(?:[.,](\d*))?\s*$/.exec(value);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const digits = (fraction + '00000').slice(0, 5);
  const magnitude = Number(whole) * 10000 + Math.round(Number(digits) / 10 + 1e-9);
  return minus ? -magnitude : magnitude;
}

/** True when the value has more than four decimals that matter (0,33333, but not 0,33330). */
export function hasMoreThanFourDecimals(value: unknown): boolean {
  const text = typeof value === 'number' ? value.toFixed(8) : String(value).trim();
  const fraction = /[.,](\d*)$/.exec(text)?.[1] ?? '';
  return /[1-9]/.test(fraction.slice(4));
}

/** Ten-thousandths → the JSON number (0,3333 h; 0,0125 €). */
export const fromTenThousandths = (value: number): number => Math.round(value) / 10000;

/** True when the value has more than two decimals that matter (16.665, but not 45.50 or 0.1 + 0.2). */
export function hasMoreThanTwoDecimals(value: unknown): boolean {
  const text = typeof value === 'number' ? value.toFixed(6) : String(value).trim();
  const fraction = /[.,](\d*)$/.exec(text)?.[1] ?? '';
  return /[1-9]/.test(fraction.slice(2));
}

/** Integer cents (or hundredths of hours) → the JSON number. */
export const fromHundredths = (value: number): number => Math.round(value) / 100;

/** Cost of `centiHours` hours at `rateCents` per hour, rounded to the cent (half up). */
export function timeCostCents(centiHours: number, rateCents: number): number {
  return Math.round((centiHours * rateCents) / 100);
}
