import { parisToday } from '../dates';

/** parisToday keeps its answer for the minute: it must still turn at Paris midnight, both ways. */
describe('parisToday', () => {
  it('turns at midnight in Paris, winter (UTC+1) and summer (UTC+2), not at UTC midnight', () => {
    expect(parisToday(new Date('2026-01-14T22:59:59.999Z'))).toBe('2026-01-14');
    expect(parisToday(new Date('2026-01-14T23:00:00.000Z'))).toBe('2026-01-15');
    expect(parisToday(new Date('2026-07-14T21:59:59.999Z'))).toBe('2026-07-14');
    expect(parisToday(new Date('2026-07-14T22:00:00.000Z'))).toBe('2026-07-15');
    // Back in time within the same minute and across it.
    expect(parisToday(new Date('2026-07-14T21:59:30.000Z'))).toBe('2026-07-14');
    expect(parisToday(new Date('2026-07-14T22:00:30.000Z'))).toBe('2026-07-15');
  });

  it('answers the day of the date given, whatever was asked before', () => {
    expect(parisToday(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29'); // the night clocks go forward
    expect(parisToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(parisToday(new Date('2025-12-31T22:59:00Z'))).toBe('2025-12-31');
  });
});
