/** A signed-in API session for bench scripts: access tokens live 10 minutes, so it renews them itself. */

export interface Credentials {
  email: string;
  password: string;
}

/** Renew a little before the 10-minute access token expires. */
const RENEW_AFTER_MS = 8 * 60 * 1000;

export class ApiSession {
  private access = '';
  private refresh = '';
  private obtainedAt = 0;

  private constructor(readonly baseUrl: string, readonly credentials: Credentials) {}

  static async signIn(baseUrl: string, { email, password }: Credentials): Promise<ApiSession> {
    const session = new ApiSession(baseUrl, { email, password });
    await session.renew(true);
    return session;
  }

  private renewing: Promise<void> | null = null;

  /**
   * Refresh through /api/token/refresh/ (or sign in again) when the token is getting old. Callers
   * sharing the session share one renewal: refresh tokens rotate, a second use would be refused.
   */
  async renew(force = false): Promise<void> {
    if (!force && Date.now() - this.obtainedAt < RENEW_AFTER_MS) return;
    this.renewing ??= this.obtain().finally(() => (this.renewing = null));
    return this.renewing;
  }

  private async obtain(): Promise<void> {
    if (this.refresh) {
      const res = await fetch(`${this.baseUrl}/api/token/refresh/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: this.refresh }),
      });
      if (res.ok) {
        const body = (await res.json()) as { access: string; refresh?: string };
        this.access = body.access;
        if (body.refresh) this.refresh = body.refresh;
        this.obtainedAt = Date.now();
        return;
      }
    }
    const res = await fetch(`${this.baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.credentials),
    });
    if (!res.ok) throw new Error(`connexion refusée (${res.status}) : ${await res.text()}`);
    const body = (await res.json()) as { access: string; refresh: string };
    this.access = body.access;
    this.refresh = body.refresh;
    this.obtainedAt = Date.now();
  }

  /** Current Authorization header value (call renew() first in long runs). */
  get authorization(): string {
    return `Bearer ${this.access}`;
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    await this.renew();
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: this.authorization,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }

  /** JSON of a 2xx answer; throws with the body otherwise. */
  async json<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }
}
