/**
 * fr-FR formatting helpers (EUR, Europe/Paris).
 * Every Intl formatter is created once here, never per call, and on its first use: creating them
 * all when the app starts cost a third of its start-up script on a slow phone (issue 18).
 */

import { once } from '@/shared/once';

export const EMPTY_VALUE = '—';

const moneyFormatter = once(() => new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
}));

const numberFormatter = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }));

/** Line quantities and unit prices carry up to 4 decimals (issue 25: 0,3333 h at 0,0125 €). */
const quantityFormatter = once(() => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 }));
const unitPriceFormatter = once(() => new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
}));

const dateFormatter = once(() => new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Europe/Paris',
}));

// Calendar dates (YYYY-MM-DD) have no time zone: format them as-is.
const calendarDateFormatter = once(() => new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
}));

const dateTimeFormatter = once(() => new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
}));

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** 1234.5 → '1 234,50 €'; empty or invalid amount → '0,00 €'. */
export function formatMoney(value: number | string | null | undefined): string {
  return moneyFormatter().format(toNumber(value) ?? 0);
}

/** A line's quantity, up to 4 decimals ('0,3333'); empty → '—'. */
export function formatQuantity(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : quantityFormatter().format(n);
}

/** A line's unit price, 2 to 4 decimals ('0,0125 €', '65,00 €'). */
export function formatUnitPrice(value: number | string | null | undefined): string {
  return unitPriceFormatter().format(toNumber(value) ?? 0);
}

/** Plain French number (up to 2 decimals); empty → '—'. */
export function formatNumber(value: number | string | null | undefined): string {
  const n = toNumber(value);
  return n === null ? EMPTY_VALUE : numberFormatter().format(n);
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2025-11-21' → '21 nov. 2025' (Europe/Paris); invalid or missing → '—'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const date = toDate(`${value}T00:00:00Z`);
    return date ? calendarDateFormatter().format(date) : EMPTY_VALUE;
  }
  const date = toDate(value);
  return date ? dateFormatter().format(date) : EMPTY_VALUE;
}

/** ISO date-time → '21 nov. 2025, 14:05' (Europe/Paris); invalid or missing → '—'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormatter().format(date) : EMPTY_VALUE;
}
