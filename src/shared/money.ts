/**
 * Money is integer cents everywhere it is stored or computed (DESIGN.md section 4); the API
 * exposes euros as JSON numbers with at most two decimals. Hours are stored as hundredths.
 */

/**
 * Parses a decimal (number or string, '.' or ',' separator) into an integer of 10^-`decimals`
 * units, rounding half up; null when it is not a finite number.
 */
function toScaled(value: unknown, decimals: number): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = value.toFixed(decimals + 4);
  }
  if (typeof value !== 'string') return null;
  const match = /^\s*(-)?(\d{1,13})(?:[.,](\d*))?\s*$/.exec(value);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const digits = (fraction + '0'.repeat(decimals + 1)).slice(0, decimals + 1);
  const magnitude = Number(whole) * 10 ** decimals + Math.round(Number(digits) / 10 + 1e-9);
  return minus ? -magnitude : magnitude;
}

/** True when the value has more than `decimals` decimals that matter (16.665 for 2, but not 45.50 or 0.1 + 0.2). */
function hasMoreDecimalsThan(value: unknown, decimals: number): boolean {
  const text = typeof value === 'number' ? value.toFixed(decimals + 4) : String(value).trim();
  const fraction = /[.,](\d*)$/.exec(text)?.[1] ?? '';
  return /[1-9]/.test(fraction.slice(decimals));
}

/** A decimal amount → integer 1/100 units (cents, hundredths of hours). */
export const toHundredths = (value: unknown) => toScaled(value, 2);

/**
 * A decimal → integer 1/10 000 units. Line quantities and unit prices (issue 25: up to 4
 * decimals) are stored so: ten-thousandths of a unit, hundredths of a cent.
 */
export const toTenThousandths = (value: unknown) => toScaled(value, 4);

/** More than four decimals that matter (0,33333, but not 0,33330). */
export const hasMoreThanFourDecimals = (value: unknown) => hasMoreDecimalsThan(value, 4);

/** Ten-thousandths → the JSON number (0,3333 h; 0,0125 €). */
export const fromTenThousandths = (value: number): number => Math.round(value) / 10000;

/** More than two decimals that matter (16.665, but not 45.50 or 0.1 + 0.2). */
export const hasMoreThanTwoDecimals = (value: unknown) => hasMoreDecimalsThan(value, 2);

/** Integer cents (or hundredths of hours) → the JSON number. */
export const fromHundredths = (value: number): number => Math.round(value) / 100;

/** Cost of `centiHours` hours at `rateCents` per hour, rounded to the cent (half up). */
export function timeCostCents(centiHours: number, rateCents: number): number {
  return Math.round((centiHours * rateCents) / 100);
}

/**
 * A number grouped by thousands the French way, with plain spaces as the API's messages write
 * them ('1 000 000 000', '0,5'); the same on every runtime, whatever its ICU data (issue 28).
 */
export const groupThousands = (value: number): string => {
  const [whole, fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
};

/** An amount in euros in a message: '1 000 000 000 €', '1 234,50 €' (cents only when there are some). */
export const eurosText = (amount: number): string => {
  const cents = Math.round(Math.abs(amount) * 100);
  const rest = cents % 100;
  return `${amount < 0 ? '-' : ''}${groupThousands(Math.floor(cents / 100))}${rest ? `,${String(rest).padStart(2, '0')}` : ''} €`;
};
