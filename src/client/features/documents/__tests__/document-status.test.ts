import { INVOICE_CONFIG, QUOTE_CONFIG } from '../document-kinds';
import { endDateTone } from '../document-status';

const TODAY = '2025-11-21';

describe('endDateTone', () => {
  it('colours an open quote red when past, orange within 7 days, plain later', () => {
    expect(endDateTone(QUOTE_CONFIG, { status: 'sent', end_date: '2025-11-20' }, TODAY)).toBe('overdue');
    expect(endDateTone(QUOTE_CONFIG, { status: 'draft', end_date: TODAY }, TODAY)).toBe('soon');
    expect(endDateTone(QUOTE_CONFIG, { status: 'sent', end_date: '2025-11-28' }, TODAY)).toBe('soon');
    expect(endDateTone(QUOTE_CONFIG, { status: 'sent', end_date: '2025-11-29' }, TODAY)).toBeNull();
    expect(endDateTone(QUOTE_CONFIG, { status: 'sent', end_date: null }, TODAY)).toBeNull();
  });

  it('leaves closed quotes plain', () => {
    for (const status of ['accepted', 'rejected', 'expired']) {
      expect(endDateTone(QUOTE_CONFIG, { status, end_date: '2025-01-01' }, TODAY)).toBeNull();
    }
  });

  it('colours an overdue invoice red whatever its date, and leaves paid or cancelled ones plain', () => {
    expect(endDateTone(INVOICE_CONFIG, { status: 'sent', is_overdue: true, end_date: '2026-05-01' }, TODAY)).toBe('overdue');
    expect(endDateTone(INVOICE_CONFIG, { status: 'sent', end_date: '2025-11-01' }, TODAY)).toBe('overdue');
    expect(endDateTone(INVOICE_CONFIG, { status: 'partially_paid', end_date: '2025-11-25' }, TODAY)).toBe('soon');
    expect(endDateTone(INVOICE_CONFIG, { status: 'paid', end_date: '2025-11-01' }, TODAY)).toBeNull();
    expect(endDateTone(INVOICE_CONFIG, { status: 'cancelled', end_date: '2025-11-22' }, TODAY)).toBeNull();
  });
});
