/**
 * The rate limits are fixed windows (1, 5 and 10 minutes, an hour: plugins/rate-limit.ts and
 * memory-rate-limit.ts): attempts straddling a window's end count afresh, so a test that counts
 * up to the 429 fails when its run crosses a boundary (a run at 03:45:00 did; CI failed on 120
 * token refreshes in 5 minutes on a loaded machine).
 *
 * From this call until `mockRestore()`, `Date.now` starts one second after the last 10-minute
 * boundary and runs on at the real pace: every boundary of those windows is a multiple of 60 s
 * and falls on the 10-minute grid or inside it, so the test has 59 s before a one-minute window
 * turns and 299 s before a 5-minute or longer one does. Only `Date.now` moves (what the limiters,
 * the tokens and the links read); timers stay real. Going back at most 10 minutes keeps the access
 * tokens of users made before valid (10-minute lifetime, no `iat` check).
 */
export function startRateWindowsAfresh(): jest.SpyInstance<number, []> {
  const origin = Date.now();
  const anchor = origin - (origin % 600_000) + 1_000;
  // Elapsed time from the monotonic clock: Date.now is the one being replaced.
  const started = performance.now();
  return jest.spyOn(Date, 'now').mockImplementation(() => anchor + Math.floor(performance.now() - started));
}

/** Runs `run` under {@link startRateWindowsAfresh}, the real clock back after. */
export async function inOneRateWindow<T>(run: () => Promise<T>): Promise<T> {
  const clock = startRateWindowsAfresh();
  try {
    return await run();
  } finally {
    clock.mockRestore();
  }
}
