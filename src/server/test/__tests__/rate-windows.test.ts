import { startRateWindowsAfresh } from '../rate-windows';

const window = (ms: number, seconds: number) => Math.floor(ms / 1000 / seconds);

it('starts the clock just after a 10-minute boundary, so that a run of minutes stays in one 5-minute and one hour window', () => {
  const real = Date.UTC(2026, 10, 29, 11, 59, 59, 500); // half a second before 12:00: the case that failed
  let elapsed = 0;
  const host = jest.spyOn(Date, 'now').mockReturnValue(real);
  const monotonic = jest.spyOn(performance, 'now').mockImplementation(() => 1_000 + elapsed);
  try {
    const clock = startRateWindowsAfresh();
    const first = Date.now();
    expect(new Date(first).toISOString()).toBe('2026-11-29T11:50:01.000Z');
    elapsed = 240_000; // four minutes of test
    expect(Date.now() - first).toBe(240_000);
    for (const seconds of [300, 600, 3600]) expect(window(Date.now(), seconds)).toBe(window(first, seconds));
    clock.mockRestore();
  } finally {
    host.mockRestore();
    monotonic.mockRestore();
  }
});
