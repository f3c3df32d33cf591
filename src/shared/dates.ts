import { once } from './once';

/** Business dates are Paris calendar days, as 'YYYY-MM-DD'. */
const PARIS_DAY = once(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }));

let cachedMinute = NaN;
let cachedDay = '';

/**
 * Today in Paris, 'YYYY-MM-DD'. ICU's time-zone formatting cost ~5 % of a dashboard figure's CPU
 * (bench/api.ts), so the day is kept for the minute: Paris changes offset by whole hours, so its
 * days begin on a minute boundary.
 */
export function parisToday(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== cachedMinute) {
    cachedDay = PARIS_DAY().format(now);
    cachedMinute = minute;
  }
  return cachedDay;
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000);
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function firstDayOfMonth(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}

/** 'YYYY-MM' of the `count` calendar months ending with the month of `isoDate`, oldest first. */
export function monthsEndingWith(isoDate: string, count: number): string[] {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - (count - 1 - i), 1)).toISOString().slice(0, 7));
}
