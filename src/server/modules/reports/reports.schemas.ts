import { badRequest, echo, type FieldErrors } from '@/server/http/errors';
import { DATE_FORMAT_ERROR, isCalendarDate } from '@/server/http/fields';
import { parisToday } from '@/shared/dates';
import { RECEIPTS_FORMATS, REPORT_MAX_YEAR, REPORT_MIN_YEAR, SALES_JOURNAL_FORMATS } from '@/shared/reports';
import type { ReceiptsQuery, ReportQueryParams, SalesJournalQuery } from '@/shared/contracts/reports';

/**
 * Query strings of the reports. Unknown parameters are ignored (as on the lists); a known one
 * that is malformed is a 400 naming it, all such fields at once.
 */

function format<F extends string>(params: ReportQueryParams, allowed: readonly F[], errors: FieldErrors): F {
  const value = params.format;
  if (value === undefined || value === '') return allowed[0];
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as F;
  errors.format = [`« ${echo(value)} » n'est pas un choix valide. Formats possibles : ${allowed.join(', ')}.`];
  return allowed[0];
}

function year(params: ReportQueryParams, errors: FieldErrors): number {
  const value = params.year;
  const current = Number(parisToday().slice(0, 4));
  if (value === undefined || value === '') return current;
  if (typeof value !== 'string' || !/^\d{4}$/.test(value)) {
    errors.year = ['Indiquez une année sur quatre chiffres, par exemple 2026.'];
    return current;
  }
  const n = Number(value);
  if (n < REPORT_MIN_YEAR || n > REPORT_MAX_YEAR) errors.year = [`Indiquez une année entre ${REPORT_MIN_YEAR} et ${REPORT_MAX_YEAR}.`];
  return n;
}

function date(params: ReportQueryParams, name: 'from' | 'to', fallback: string, errors: FieldErrors): string {
  const value = params[name];
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'string' && isCalendarDate(value) && value >= `${REPORT_MIN_YEAR}-01-01` && value <= `${REPORT_MAX_YEAR}-12-31`) {
    return value;
  }
  errors[name] = [typeof value === 'string' && isCalendarDate(value) ? `Indiquez une date entre ${REPORT_MIN_YEAR} et ${REPORT_MAX_YEAR}.` : DATE_FORMAT_ERROR];
  return fallback;
}

function done<T>(errors: FieldErrors, value: T): T {
  if (Object.keys(errors).length) throw badRequest(errors);
  return value;
}

/** `?year=YYYY` (the current year by default) `&format=json|csv|pdf`. */
export function receiptsQuery(params: ReportQueryParams): Required<ReceiptsQuery> {
  const errors: FieldErrors = {};
  return done(errors, { year: year(params, errors), format: format(params, RECEIPTS_FORMATS, errors) });
}

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` (inclusive) `&format=json|csv`. Without them, the current year;
 * with one of them, the rest of its year.
 */
export function salesJournalQuery(params: ReportQueryParams): Required<SalesJournalQuery> {
  const errors: FieldErrors = {};
  const current = parisToday().slice(0, 4);
  const given = (name: 'from' | 'to') => (typeof params[name] === 'string' && isCalendarDate(params[name]) ? params[name].slice(0, 4) : null);
  const from = date(params, 'from', `${given('to') ?? current}-01-01`, errors);
  const to = date(params, 'to', `${given('from') ?? current}-12-31`, errors);
  if (!errors.from && !errors.to && from > to) errors.to = ['La date de fin doit être postérieure ou égale à la date de début.'];
  return done(errors, { from, to, format: format(params, SALES_JOURNAL_FORMATS, errors) });
}
