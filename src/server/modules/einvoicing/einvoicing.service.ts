import type { Kysely } from 'kysely';
import type { Database } from '@/server/db/schema';
import { ApiError, badRequest, parseBody, type FieldErrors } from '@/server/http/errors';
import type { SecretBox } from '@/server/einvoicing/secret-box';
import { createPlatformClient, PlatformError, type PlatformClientOptions, type PlatformConnection } from '@/server/einvoicing/platform-client';
import {
  einvoicingSettingsBodySchema,
  type EInvoicingSettingsJson,
  type EInvoicingTestJson,
} from '@/shared/contracts/einvoicing';
import { EINVOICING_MESSAGES, EINVOICING_URL_FIELDS, platformUrlError } from '@/shared/einvoicing';
import { einvoicingRepository, type EInvoicingSettingsRow } from './einvoicing.repository';

/** The secret's ciphertext is bound to its owner: copied onto another account's row it does not open. */
const secretContext = (ownerId: number) => `einvoicing_settings.client_secret:${ownerId}`;

const EMPTY: Omit<EInvoicingSettingsRow, 'owner_id' | 'updated_at'> = {
  flow_service_url: '',
  directory_service_url: '',
  token_url: '',
  client_id: '',
  client_secret_encrypted: null,
  enabled: 0,
  enabled_at: null,
  sync_cursor: null,
  last_sync_at: null,
  last_sync_error: null,
};

function toJson(row: EInvoicingSettingsRow | undefined): EInvoicingSettingsJson {
  const r = row ?? { ...EMPTY, updated_at: null };
  return {
    flow_service_url: r.flow_service_url,
    directory_service_url: r.directory_service_url,
    token_url: r.token_url,
    client_id: r.client_id,
    client_secret_set: r.client_secret_encrypted !== null,
    enabled: r.enabled === 1,
    updated_at: r.updated_at,
    last_sync_at: r.last_sync_at,
    last_sync_error: r.last_sync_error,
  };
}

export interface EInvoicingServiceDeps {
  secrets: SecretBox;
  /** The platform client's token cache and network (tests count the token calls, shorten the time limit). */
  platform: PlatformClientOptions;
}

/** The user's approved platform: its settings, and the connection test (issue 26). */
export function einvoicingService(db: Kysely<Database>, { secrets, platform }: EInvoicingServiceDeps) {
  const repo = einvoicingRepository(db);

  async function get(ownerId: number): Promise<EInvoicingSettingsJson> {
    return toJson(await repo.find(ownerId));
  }

  async function save(ownerId: number, raw: unknown): Promise<EInvoicingSettingsJson> {
    const body = parseBody(einvoicingSettingsBodySchema, raw);
    const current = (await repo.find(ownerId)) ?? { ...EMPTY, owner_id: ownerId, updated_at: '' };
    const next: EInvoicingSettingsRow = {
      ...current,
      flow_service_url: body.flow_service_url ?? current.flow_service_url,
      directory_service_url: body.directory_service_url ?? current.directory_service_url,
      token_url: body.token_url ?? current.token_url,
      client_id: body.client_id ?? current.client_id,
      enabled: body.enabled === undefined ? current.enabled : body.enabled ? 1 : 0,
      updated_at: new Date().toISOString(),
    };
    // Switched on now: only what is issued from now on goes through the platform (what came before went by e-mail).
    if (next.enabled && !current.enabled) next.enabled_at = next.updated_at;
    const errors: FieldErrors = {};
    for (const field of EINVOICING_URL_FIELDS) {
      // An address may stay empty while the platform is off (the section filled in several goes).
      const message = next[field] ? platformUrlError(next[field]) : next.enabled ? EINVOICING_MESSAGES.required : null;
      if (message) errors[field] = [message];
    }
    if (next.enabled && !next.client_id) errors.client_id = [EINVOICING_MESSAGES.required];
    const newSecret = body.client_secret ? body.client_secret : null;
    if (next.enabled && !newSecret && next.client_secret_encrypted === null) errors.client_secret = [EINVOICING_MESSAGES.secretRequired];
    if (Object.keys(errors).length) throw badRequest(errors);
    if (newSecret) next.client_secret_encrypted = secrets.seal(newSecret, secretContext(ownerId));
    await repo.save(next);
    return toJson(next);
  }

  /** The saved connection with its secret opened, or a French 400 when something is missing. */
  async function connection(ownerId: number): Promise<PlatformConnection> {
    const row = await repo.find(ownerId);
    if (!row || !row.flow_service_url || !row.token_url || !row.client_id || row.client_secret_encrypted === null) {
      throw new ApiError(400, { detail: EINVOICING_MESSAGES.notConfigured });
    }
    let clientSecret: string;
    try {
      clientSecret = secrets.open(row.client_secret_encrypted, secretContext(ownerId));
    } catch (error) {
      throw new ApiError(400, { detail: `${(error as Error).message} Saisissez à nouveau le secret client.` });
    }
    return {
      flowServiceUrl: row.flow_service_url,
      directoryServiceUrl: row.directory_service_url,
      tokenUrl: row.token_url,
      clientId: row.client_id,
      clientSecret,
    };
  }

  /**
   * « Tester la connexion »: a token, then `GET /v1/healthcheck`. The settings are read first and no
   * transaction is open while the platform is called. A failure is an answer (`ok: false` and what
   * failed), not an error of Carnet's.
   */
  async function test(ownerId: number): Promise<EInvoicingTestJson> {
    const client = createPlatformClient(await connection(ownerId), platform);
    try {
      await client.token();
      await client.healthcheck();
      return { ok: true, message: EINVOICING_MESSAGES.ok };
    } catch (error) {
      if (error instanceof PlatformError) return { ok: false, message: error.message };
      throw error;
    }
  }

  return { get, save, connection, test };
}

export type EInvoicingService = ReturnType<typeof einvoicingService>;
