import { createHash, randomUUID } from 'node:crypto';
import createClient, { type Middleware } from 'openapi-fetch';
import type { components as FlowComponents, paths as FlowPaths } from './generated/flow-service';
import type { components as DirectoryComponents, paths as DirectoryPaths } from './generated/directory-service';

/**
 * Carnet's client of the user's approved platform (issue 26), typed from the official AFNOR
 * XP Z12-013 OpenAPI files (generated/, `npm run einvoicing:generate`): Flow Service (submit,
 * search, download flows; healthcheck) and Directory Service (SIREN look-ups).
 *
 * - OAuth2 client credentials at the platform's token URL; the token is kept until shortly before
 *   it expires (TokenCache, one per app, keyed by the connection's credentials).
 * - Every call carries an `X-Request-Id` (a UUID: the platform's support finds the call by it) and a
 *   time limit (AbortSignal.timeout).
 * - Every failure is a PlatformError with a French message: token refused, platform unreachable,
 *   no answer in time, or the platform's own `Error` body (`errorCode`, `errorMessage`).
 * Infrastructure: it knows nothing of Carnet's modules; it never logs, and no message carries the secret.
 */

export type FlowSchemas = FlowComponents['schemas'];
export type DirectorySchemas = DirectoryComponents['schemas'];
export type FlowInfo = FlowSchemas['FlowInfo'];
export type FullFlowInfo = FlowSchemas['FullFlowInfo'];
export type Flow = FlowSchemas['Flow'];
export type SearchFlowParams = FlowSchemas['SearchFlowParams'];
export type SearchFlowContent = FlowSchemas['SearchFlowContent'];
export type LegalUnit = DirectorySchemas['legalUnitPayloadHistory'];

/** What Carnet needs to reach a user's platform (the secret in clear, in memory only). */
export interface PlatformConnection {
  flowServiceUrl: string;
  directoryServiceUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}

export type PlatformErrorKind = 'token' | 'unreachable' | 'timeout' | 'platform';

export class PlatformError extends Error {
  constructor(
    message: string,
    readonly kind: PlatformErrorKind,
    /** The platform's HTTP status, when it answered. */
    readonly status?: number,
    /** The platform's `errorCode` (e.g. `AlreadyExistingFlow`) or OAuth2 `error`. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

/** Default time limit of one call (token included separately). */
export const PLATFORM_TIMEOUT_MS = 15_000;
/** A token is renewed this long before the platform says it expires (clock skew, a call in flight). */
const EXPIRY_MARGIN_MS = 30_000;
/** When the token answer gives no `expires_in`. */
const DEFAULT_TOKEN_LIFETIME_MS = 5 * 60_000;

const STATUS_LABELS: Record<number, string> = {
  400: 'requête refusée',
  401: 'jeton refusé',
  403: 'accès refusé',
  404: 'ressource introuvable',
  408: 'délai dépassé',
  413: 'fichier trop volumineux',
  422: 'données refusées',
  429: 'trop de requêtes, réessayez plus tard',
  500: 'erreur interne de la plateforme',
  501: 'fonction non proposée par la plateforme',
  503: 'service indisponible',
};

const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connexion refusée',
  ENOTFOUND: 'adresse inconnue',
  EAI_AGAIN: 'adresse introuvable pour le moment',
  ECONNRESET: 'connexion interrompue',
  EHOSTUNREACH: 'hôte injoignable',
  ENETUNREACH: 'réseau injoignable',
  CERT_HAS_EXPIRED: 'certificat expiré',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificat non reconnu',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificat non reconnu',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificat non reconnu',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificat d’un autre nom de domaine',
};

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** A fetch failure (no answer) as a PlatformError naming the service and why. */
function networkError(error: unknown, what: string, url: string, timeoutMs: number): PlatformError {
  const err = error as { name?: string; cause?: { code?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') {
    return new PlatformError(`${capitalize(what)} n’a pas répondu dans les ${Math.round(timeoutMs / 1000)} secondes (${hostOf(url)}).`, 'timeout');
  }
  const code = err?.cause?.code ?? '';
  const why = NETWORK_CAUSES[code] ?? (code ? `erreur réseau ${code}` : 'erreur réseau');
  return new PlatformError(`Impossible de joindre ${what} : ${why} (${hostOf(url)}).`, 'unreachable');
}

/** Reads a platform's error answer: the Flow Service's `Error` ({errorCode, errorMessage}), the Directory's problem+json ({message, details}). */
async function platformError(response: Response, what: string): Promise<PlatformError> {
  let code: string | undefined;
  let text: string | undefined;
  try {
    const body = (await response.json()) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 300) : undefined);
    code = str(body.errorCode) ?? str(body.error);
    text = str(body.errorMessage) ?? str(body.message) ?? str(body.error_description) ?? str(body.details);
  } catch {
    // Not JSON: the status says enough.
  }
  const label = STATUS_LABELS[response.status] ?? 'erreur';
  const detail = [code, text].filter(Boolean).join(' : ');
  return new PlatformError(`${what} a répondu ${response.status} (${label})${detail ? ` : ${detail}` : ''}.`, 'platform', response.status, code);
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

/**
 * Access tokens by connection, until shortly before they expire. The key holds a digest of the
 * secret, never the secret: a changed secret (or token URL, or id) gets a new token.
 */
export class TokenCache {
  private readonly tokens = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<CachedToken>>();
  constructor(private readonly now: () => number = Date.now) {}

  static keyOf(c: PlatformConnection): string {
    return createHash('sha256').update(`${c.tokenUrl}\n${c.clientId}\n${c.clientSecret}`).digest('hex');
  }

  async get(key: string, fetchToken: () => Promise<CachedToken>): Promise<string> {
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - EXPIRY_MARGIN_MS > this.now()) return cached.accessToken;
    // Calls made together share one token request.
    let pending = this.pending.get(key);
    if (!pending) {
      pending = fetchToken().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const token = await pending;
    this.tokens.set(key, token);
    return token.accessToken;
  }

  forget(key: string): void {
    this.tokens.delete(key);
  }
}

export interface PlatformClientOptions {
  tokens: TokenCache;
  timeoutMs?: number;
  /** Tests count or fake the network; defaults to the global fetch. */
  fetch?: typeof fetch;
  now?: () => number;
}

/** The OAuth2 client-credentials request (RFC 6749 §4.4), credentials in HTTP Basic (§2.3.1). */
async function requestToken(c: PlatformConnection, fetchImpl: typeof fetch, timeoutMs: number, now: () => number): Promise<CachedToken> {
  const what = 'le serveur d’authentification';
  const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString('base64');
  let response: Response;
  try {
    response = await fetchImpl(c.tokenUrl, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'X-Request-Id': randomUUID() },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    throw networkError(error, what, c.tokenUrl, timeoutMs);
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    const refused = await platformError(response, 'Le serveur d’authentification');
    throw new PlatformError(
      `La plateforme a refusé l’identifiant ou le secret client (${refused.code ?? `HTTP ${response.status}`}). Vérifiez-les auprès de votre plateforme.`,
      'token',
      response.status,
      refused.code,
    );
  }
  if (!response.ok) {
    const failed = await platformError(response, 'Le serveur d’authentification');
    throw new PlatformError(failed.message, 'token', response.status, failed.code);
  }
  let body: { access_token?: unknown; expires_in?: unknown };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new PlatformError('Le serveur d’authentification a répondu sans jeton lisible (JSON attendu).', 'token', response.status);
  }
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new PlatformError('Le serveur d’authentification a répondu sans jeton (access_token absent).', 'token', response.status);
  }
  const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : DEFAULT_TOKEN_LIFETIME_MS;
  return { accessToken: body.access_token, expiresAt: now() + lifetime };
}

/** The platform's two services for one connection. */
export function createPlatformClient(connection: PlatformConnection, options: PlatformClientOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? PLATFORM_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const tokenKey = TokenCache.keyOf(connection);
  const token = () => options.tokens.get(tokenKey, () => requestToken(connection, fetchImpl, timeoutMs, now));

  const auth: Middleware = {
    async onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${await token()}`);
      if (!request.headers.has('X-Request-Id')) request.headers.set('X-Request-Id', randomUUID());
      return request;
    },
  };
  // openapi-fetch hands the custom fetch a Request; the time limit is set per call (signal).
  const baseFetch = (request: Request) => fetchImpl(request);
  const flows = createClient<FlowPaths>({ baseUrl: connection.flowServiceUrl.replace(/\/+$/, ''), fetch: baseFetch });
  const directory = createClient<DirectoryPaths>({ baseUrl: connection.directoryServiceUrl.replace(/\/+$/, ''), fetch: baseFetch });
  flows.use(auth);
  directory.use(auth);

  /**
   * One call: its time limit, French errors; a 401 once the token was accepted means it was revoked
   * or expired early: forgotten, and the call is made once more with a new one.
   */
  async function call<T extends { response: Response; error?: unknown }>(what: string, baseUrl: string, send: (signal: AbortSignal) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let result: T;
      try {
        result = await send(AbortSignal.timeout(timeoutMs));
      } catch (error) {
        if (error instanceof PlatformError) throw error;
        throw networkError(error, what, baseUrl, timeoutMs);
      }
      if (result.response.ok) return result;
      if (result.response.status === 401 && attempt === 0) {
        options.tokens.forget(tokenKey);
        continue;
      }
      throw await platformError(result.response.bodyUsed ? new Response(JSON.stringify(result.error ?? null), { status: result.response.status }) : result.response, capitalize(what));
    }
  }

  const FLOW = 'la plateforme (Flow Service)';
  const DIRECTORY = 'l’annuaire de la plateforme (Directory Service)';

  return {
    /** The OAuth2 token alone (the connection test names a refused token apart). */
    token,

    /** `GET /v1/healthcheck`: resolves when the Flow Service answers 200. */
    async healthcheck(): Promise<void> {
      await call(FLOW, connection.flowServiceUrl, (signal) => flows.GET('/v1/healthcheck', { signal, parseAs: 'text' }));
    },

    /**
     * `POST /v1/flows`: multipart `flowInfo` (JSON) + the file. The platform answers the flow's id;
     * a repeated trackingId is refused with `AlreadyExistingFlow` (PlatformError.code).
     */
    async submitFlow(flowInfo: FlowInfo, file: { bytes: Uint8Array; name: string; contentType: 'application/pdf' | 'application/xml' }): Promise<FullFlowInfo> {
      const { data } = await call(FLOW, connection.flowServiceUrl, (signal) =>
        flows.POST('/v1/flows', {
          signal,
          body: { flowInfo, file: file.name },
          bodySerializer: () => {
            const form = new FormData();
            form.append('flowInfo', new Blob([JSON.stringify(flowInfo)], { type: 'application/json' }));
            form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.contentType }), file.name);
            return form;
          },
        }),
      );
      return data!;
    },

    /** `POST /v1/flows/search` (paged by `updatedAfter`). */
    async searchFlows(params: SearchFlowParams): Promise<SearchFlowContent> {
      const { data } = await call(FLOW, connection.flowServiceUrl, (signal) => flows.POST('/v1/flows/search', { signal, body: params }));
      return data!;
    },

    /** `GET /v1/flows/{flowId}`: the flow's metadata. */
    async getFlow(flowId: string): Promise<Flow> {
      const { data } = await call(FLOW, connection.flowServiceUrl, (signal) =>
        flows.GET('/v1/flows/{flowId}', { signal, headers: { Accept: 'application/json' }, params: { path: { flowId }, query: { docType: 'Metadata' } } }),
      );
      return data as Flow;
    },

    /**
     * `GET /v1/flows/{flowId}?docType=Original|Converted|ReadableView`: the file's bytes, read up to
     * `maxBytes` (a platform sending more is refused before it fills the memory).
     */
    async downloadFlow(flowId: string, docType: 'Original' | 'Converted' | 'ReadableView', maxBytes: number): Promise<Uint8Array> {
      const { data } = await call(FLOW, connection.flowServiceUrl, (signal) =>
        flows.GET('/v1/flows/{flowId}', { signal, headers: { Accept: 'application/octet-stream' }, params: { path: { flowId }, query: { docType } }, parseAs: 'stream' }),
      );
      const tooLarge = () => new PlatformError(`La plateforme a envoyé un fichier de plus de ${Math.round(maxBytes / 1024 / 1024)} Mo pour le flux ${flowId} : il n’est pas lu.`, 'platform', 413);
      const chunks: Uint8Array[] = [];
      let size = 0;
      const reader = (data as unknown as ReadableStream<Uint8Array>).getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        size += part.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw tooLarge();
        }
        chunks.push(part.value);
      }
      return Buffer.concat(chunks);
    },

    /** `GET /v1/siren/code-insee:{siren}`: the legal unit, or null when the directory does not know it (404). */
    async lookupSiren(siren: string): Promise<LegalUnit | null> {
      try {
        const { data } = await call(DIRECTORY, connection.directoryServiceUrl, (signal) =>
          directory.GET('/v1/siren/code-insee:{siren}', { signal, params: { path: { siren } } }),
        );
        return data ?? null;
      } catch (error) {
        if (error instanceof PlatformError && error.status === 404) return null;
        throw error;
      }
    },

    /** `POST /v1/siren/search` on one SIREN: the legal units found. */
    async searchSiren(siren: string): Promise<LegalUnit[]> {
      const { data } = await call(DIRECTORY, connection.directoryServiceUrl, (signal) =>
        directory.POST('/v1/siren/search', { signal, body: { filters: { siren: { op: 'contains', value: siren } }, limit: 10 } }),
      );
      return data?.results ?? [];
    },
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
