/** Raw HTTP exchange (node:http): unlike fetch, it keeps compressed bodies as they travelled. */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Response headers worth replaying: everything but what the HTTP layer recomputes. */
export function replayableHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (!skip.has(key) && value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The body as text, inflated when it travelled gzipped. */
export function bodyText(res: RawResponse): string {
  return (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString('utf8');
}

/** A JSON exchange with fetch (`body` sent as JSON when given): the status, the parsed body (text when not JSON), the headers. */
export async function jsonRequest(baseUrl: string, method: string, url: string, body?: unknown, authorization?: string) {
  const res = await fetch(baseUrl + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(authorization ? { authorization } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  const parsed: any = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, body: parsed, text, headers: res.headers };
}
