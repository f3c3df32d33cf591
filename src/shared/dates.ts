/** Business dates are Paris calendar days, as 'YYYY-MM-DD'. */
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

export function parisToday(now: Date = new Date()): string {
  return PARIS_DAY.format(now);
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function firstDayOfMonth(isoDate: string): string {
  return `${isoDate.slice(0, 8)}01`;
}
