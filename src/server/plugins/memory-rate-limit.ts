import { ApiError } from '../http/errors';
import type { RateLimitRule } from './rate-limit';

/**
 * A fixed-window rate limiter in this process's memory: the first wall of public routes that a
 * stranger can flood (the client portal, issue 27), checked before any database work, so that a
 * flood of guessed tokens is answered 429 without a query.
 *
 * Why per-process state is harmless here (DESIGN.md section 8): behind a load balancer each
 * process counts only what it sees, so this wall can only ever refuse *earlier* than a shared
 * counter would, never let through what the shared one refuses: the shared limits (database or
 * Redis, plugins/rate-limit.ts) stay in place behind it where they matter (accept, decline). A
 * client spread over N processes gets at most N times this budget from it, which is the point of
 * a first wall: cheap, not exact. `scale` is config.rateLimitScale, as for the shared limits.
 */
export function createMemoryRateLimiter(scale: number, options: { maxKeys?: number; now?: () => number } = {}) {
  const maxKeys = options.maxKeys ?? 100_000;
  // Read at each hit (not captured): a test may hold the clock within one window.
  const now = options.now ?? (() => Date.now());
  const windows = new Map<string, { start: number; hits: number }>();
  let lastSweep = 0;

  /** Drops finished windows (at most once a second); past `maxKeys` the oldest go first. */
  function sweep(at: number) {
    if (at - lastSweep < 1000 && windows.size < maxKeys) return;
    lastSweep = at;
    for (const [key, w] of windows) if (w.start < at - 3_600_000) windows.delete(key);
    while (windows.size >= maxKeys) windows.delete(windows.keys().next().value!);
  }

  return {
    /** Counts one hit of `subject` under `rule`; throws the French 429 (with Retry-After) past the limit. */
    enforce(rule: RateLimitRule, subject: string): void {
      const at = now();
      sweep(at);
      const seconds = Math.floor(at / 1000);
      const start = seconds - (seconds % rule.windowSeconds);
      const key = `${rule.name}:${subject}`;
      let w = windows.get(key);
      if (!w || w.start !== start) {
        w = { start, hits: 0 };
        windows.delete(key);
        windows.set(key, w);
      }
      w.hits++;
      if (w.hits > Math.ceil(rule.max * scale)) {
        const retryAfter = start + rule.windowSeconds - seconds;
        throw new ApiError(429, { detail: `Trop de tentatives. Veuillez réessayer dans ${retryAfter} secondes.` }, { 'retry-after': String(retryAfter) });
      }
    },
  };
}

export type MemoryRateLimiter = ReturnType<typeof createMemoryRateLimiter>;
