import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exited, httpRequest, portIsFree, sleep, type HttpEndpoint, type HttpRequestOptions, type HttpResult } from './http-process';

/**
 * HAProxy from Debian (`apt-get install haproxy`) in front of Carnet's server processes, as a
 * hosted Carnet would run two instances on one PostgreSQL (issue 29): round robin per request,
 * the client's address passed on in X-Forwarded-For (the servers run with TRUST_PROXY=1), and the
 * answering backend named in `X-Carnet-Instance` so that a test can see both instances answer.
 * Used by the load-balancer tests (`npm run test:haproxy`) and `bench/two-instances.ts`.
 */

export const INSTANCE_HEADER = 'x-carnet-instance';

/** Whether HAProxy is installed (CI installs it; `npm test` never needs it). */
export const haproxyInstalled = () => spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

export interface Backend {
  name: string;
  port: number;
}

export class LoadBalancer implements HttpEndpoint {
  constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    private readonly configDir: string,
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  request(method: string, url: string, options: HttpRequestOptions = {}): Promise<HttpResult> {
    return httpRequest(this.baseUrl, method, url, options);
  }

  /** The backend that answered `result` (HAProxy's server name). */
  static instanceOf(result: HttpResult): string | null {
    return result.headers.get(INSTANCE_HEADER);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGTERM');
    await exited(this.child);
    rmSync(this.configDir, { recursive: true, force: true });
  }
}

function config(port: number, backends: Backend[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  option http-keep-alive',
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    'frontend carnet',
    `  bind 127.0.0.1:${port}`,
    // The client's address for the rate limits: appended to X-Forwarded-For, read by TRUST_PROXY=1.
    '  option forwardfor',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    `  http-response set-header ${INSTANCE_HEADER} %s`,
    ...backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`),
    '',
  ].join('\n');
}

/** Starts HAProxy on the first free port from `firstPort` and resolves once it answers /api/health/. */
export async function startLoadBalancer(backends: Backend[], firstPort: number): Promise<LoadBalancer> {
  let port = firstPort;
  while (!(await portIsFree(port))) port++;
  const configDir = mkdtempSync(path.join(tmpdir(), 'carnet-haproxy-'));
  const file = path.join(configDir, 'haproxy.cfg');
  writeFileSync(file, config(port, backends));
  // -db: in the foreground, so that killing this child stops it.
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  process.once('exit', () => child.kill('SIGKILL'));
  const balancer = new LoadBalancer(child, port, configDir);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited at startup:\n${output}`);
    try {
      if ((await balancer.request('GET', '/api/health/')).status === 200) return balancer;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  await balancer.stop();
  throw new Error(`HAProxy on port ${port} not answering after 15 s:\n${output}`);
}
