import { lastMonths, monthlyRevenue, niceScale, revenueWindowStart } from '../monthly-revenue';

describe('monthly revenue (paid invoices HT)', () => {
  it('covers the current month and the 11 before it, across a year change', () => {
    const months = lastMonths('2026-02-15');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-03');
    expect(months[10]).toBe('2026-01');
    expect(months[11]).toBe('2026-02');
    expect(revenueWindowStart('2026-02-15')).toBe('2025-03-01');
  });

  it('sums subtotals HT by payment month in cents, ignoring payments outside the window or undated', () => {
    const result = monthlyRevenue(
      [
        { payment_date: '2026-02-01', subtotal: 0.1 },
        { payment_date: '2026-02-28', subtotal: 0.2 },
        { payment_date: '2025-03-01', subtotal: 1000 },
        { payment_date: '2025-02-28', subtotal: 999 }, // before the window
        { payment_date: null, subtotal: 50 },
      ],
      '2026-02-15',
    );
    expect(result[11]).toEqual({ month: '2026-02', total: 0.3, count: 2 });
    expect(result[0]).toEqual({ month: '2025-03', total: 1000, count: 1 });
    expect(result.slice(1, 11).every((m) => m.total === 0 && m.count === 0)).toBe(true);
  });

  it('rounds the axis up to a readable step', () => {
    expect(niceScale(1234)).toEqual({ top: 2000, step: 500 });
    expect(niceScale(80)).toEqual({ top: 80, step: 20 });
    expect(niceScale(0)).toEqual({ top: 4, step: 1 });
  });
});
