import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * HTTP and process helpers shared by the server-process tests (server-process.ts), the load balancer
 * in front of them (load-balancer.ts) and the bench scripts: nothing here needs jest.
 */

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface HttpResult {
  status: number;
  // Tests read the JSON bodies of many endpoints; typing each one would add nothing here.
  body: any;
  headers: Headers;
}

export interface HttpRequestOptions {
  body?: unknown;
  token?: string;
}

/** One request to `baseUrl` (a server process or the load balancer in front of them), JSON in and out. */
export async function httpRequest(baseUrl: string, method: string, url: string, options: HttpRequestOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(baseUrl + url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: res.headers };
}

/** What answers HTTP requests: a server process, or a load balancer in front of several. */
export interface HttpEndpoint {
  request(method: string, url: string, options?: HttpRequestOptions): Promise<HttpResult>;
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
