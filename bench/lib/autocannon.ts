/** Thin promise wrapper around autocannon's programmatic API, returning the figures the bench prints. */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (path, body or headers): called per request with a running counter. */
  vary?: (n: number) => { path?: string; body?: string; headers?: Record<string, string> };
}

export interface LoadFigures {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** non-2xx answers plus socket errors and timeouts */
  failures: number;
  /** The same, by cause, to tell a refused request from a slow one. */
  failureCauses: { non2xx: number; errors: number; timeouts: number };
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  let n = 0;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    ...(options.vary
      ? {
          requests: [
            {
              setupRequest: (req: Record<string, unknown>) => ({ ...req, ...options.vary!(n++) }),
            },
          ],
        }
      : {}),
  } as autocannon.Options);
  return {
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    failureCauses: { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
  };
}
