/**
 * Time entries (issue 28): durations as typed in a timesheet cell, the rounding steps billing may
 * apply, and the week a date belongs to. Shared by the server and the client.
 */

/** The rounding steps a user may choose, in minutes (0: none). */
export const TIME_ROUNDING_STEPS = [0, 1, 5, 6, 10, 15] as const;
export type TimeRoundingStep = (typeof TIME_ROUNDING_STEPS)[number];

export const TIME_ROUNDING_LABELS: Record<TimeRoundingStep, string> = {
  0: 'Aucun arrondi (durée exacte)',
  1: 'À la minute supérieure',
  5: 'Aux 5 minutes supérieures',
  6: 'Aux 6 minutes supérieures (dixième d’heure)',
  10: 'Aux 10 minutes supérieures',
  15: 'Au quart d’heure supérieur',
};

/** The longest a single entry may last: 10,000 hours (a migrated task total can be long). */
export const MAX_ENTRY_SECONDS = 10_000 * 3600;

/** Seconds → the seconds billed with a rounding step (each entry rounded up, never stored rounded). */
export function roundedSeconds(seconds: number, stepMinutes: number): number {
  if (!(seconds > 0)) return 0;
  if (!stepMinutes) return seconds;
  const step = stepMinutes * 60;
  return Math.ceil(seconds / step) * step;
}

/** Seconds → hours in ten-thousandths (an invoice line's quantity), to the nearest. */
export const secondsToTenThousandthHours = (seconds: number) => Math.round((seconds * 10000) / 3600);

export const DURATION_FORMAT_ERROR = 'Durée illisible : écrivez par exemple « 1:30 », « 1,5 » ou « 90 min ».';

/**
 * A typed duration → seconds: « 1:30 » (hours:minutes), « 1,5 » or « 1.5 » (hours), « 90 min »,
 * « 2 h », « 1h30 », « 45m ». Empty → 0. Unreadable or negative → null.
 */
export function parseDuration(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (value === '') return 0;
  let m = /^(\d{1,5}):([0-5]?\d)$/.exec(value);
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60;
  m = /^(\d{1,5}) ?h ?(?:([0-5]?\d) ?(?:min|m)?)?$/.exec(value);
  if (m) return Number(m[1]) * 3600 + Number(m[2] ?? 0) * 60;
  m = /^(\d{1,6}) ?(?:min|mn|m)$/.exec(value);
  if (m) return Number(m[1]) * 60;
  m = /^(\d{0,5})(?:[.,](\d{1,4}))?$/.exec(value);
  if (m && (m[1] || m[2])) return Math.round(Number(`${m[1] || '0'}.${m[2] ?? '0'}`) * 3600);
  return null;
}

/** Seconds → « 1:30 » (hours:minutes, minutes rounded to the nearest); 0 → ''. */
export function formatDuration(seconds: number): string {
  if (!(seconds > 0)) return '';
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The Monday of the week of a 'YYYY-MM-DD' day. */
export function mondayOf(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const back = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}
