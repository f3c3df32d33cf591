import { formatDate, formatDateTime, formatMoney, formatNumber, formatQuantity, formatUnitPrice } from '../format';

// Intl output uses U+00A0 / U+202F spaces: normalise them for readable expectations.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney (fr-FR, EUR, 2 decimals)', () => {
  it('formats amounts the French way', () => {
    expect(plain(formatMoney(1234.5))).toBe('1 234,50 €');
    expect(plain(formatMoney('99.999'))).toBe('100,00 €');
    expect(plain(formatMoney(-12))).toBe('-12,00 €');
  });

  it('shows zero for an empty or invalid amount', () => {
    expect(plain(formatMoney(null))).toBe('0,00 €');
    expect(plain(formatMoney(undefined))).toBe('0,00 €');
    expect(plain(formatMoney(''))).toBe('0,00 €');
    expect(plain(formatMoney('abc'))).toBe('0,00 €');
  });
});

describe('formatNumber', () => {
  it('formats with a decimal comma, "—" when empty', () => {
    expect(plain(formatNumber(1234.25))).toBe('1 234,25');
    expect(formatNumber(null)).toBe('—');
  });
});

describe('line quantities and unit prices: up to 4 decimals (issue 25)', () => {
  it('keeps what a line holds, never rounded to the cent', () => {
    expect(formatQuantity(0.3333)).toBe('0,3333');
    expect(plain(formatQuantity(1500))).toBe('1 500');
    expect(formatQuantity(null)).toBe('—');
    expect(plain(formatUnitPrice(0.0125))).toBe('0,0125 €');
    expect(plain(formatUnitPrice(65))).toBe('65,00 €');
    expect(plain(formatUnitPrice('12.345'))).toBe('12,345 €');
  });
});

describe('formatDate (day, abbreviated month, year; Europe/Paris)', () => {
  it('formats calendar dates without shifting the day', () => {
    expect(formatDate('2025-11-21')).toBe('21 nov. 2025');
    expect(formatDate('2026-01-01')).toBe('1 janv. 2026');
  });

  it('uses the Paris day for instants', () => {
    // 23:30 UTC on 30 June is already 1 July in Paris (UTC+2), whatever the machine's zone.
    expect(formatDate('2025-06-30T23:30:00Z')).toBe('1 juil. 2025');
    expect(formatDate(new Date('2025-12-31T22:59:00Z'))).toBe('31 déc. 2025');
  });

  it('shows "—" for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('pas une date')).toBe('—');
    expect(formatDate('2025-13-45')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('shows the Paris date and time', () => {
    const text = plain(formatDateTime('2025-06-30T22:30:00Z'));
    expect(text).toMatch(/^1 juil\. 2025( à|,) 00:30$/);
  });

  it('shows "—" for invalid values', () => {
    expect(formatDateTime('nope')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('formatters are created once per module', () => {
  it('does not construct Intl formatters per call', () => {
    const numberSpy = jest.spyOn(Intl, 'NumberFormat');
    const dateSpy = jest.spyOn(Intl, 'DateTimeFormat');
    formatMoney(1);
    formatDate('2025-01-01');
    formatDateTime('2025-01-01T10:00:00Z');
    expect(numberSpy).not.toHaveBeenCalled();
    expect(dateSpy).not.toHaveBeenCalled();
    numberSpy.mockRestore();
    dateSpy.mockRestore();
  });
});
