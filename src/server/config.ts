import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `sqlite:<file>` or a postgres:// URL. */
  databaseUrl: string;
  appUrl: string;
  secretKey: string;
  /**
   * Seals the journal of issued documents (HMAC, modules/ledger/ledger-seal.ts): LEDGER_KEY, else
   * DATA_DIR/ledger_key, created once. Never in the database, and separate from the secret key so
   * that rotating the sessions' key never breaks the journal. Every process on one database needs the same.
   */
  ledgerKey: string;
  /** SMTP connection URL; null writes e-mails to `<dataDir>/outbox/`. */
  smtpUrl: string | null;
  mailFrom: string;
  analyticsScriptUrl: string | null;
  /** Directory holding the built SPA (index.html); null disables static serving. */
  publicDir: string | null;
  /** Multiplies every rate limit (tests and load benchmarks raise it). */
  rateLimitScale: number;
  /**
   * Reverse proxies in front of the server, whose X-Forwarded-For is believed (rate limits
   * key on the client address): none (false), a hop count, or their addresses.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** PDF rendering threads (documents/pdf-pool.ts): one per core unless PDF_WORKERS says otherwise. */
  pdfWorkers: number;
  /** Longest a PDF may take, queue included, before the request gets a French 503. */
  pdfTimeoutMs: number;
  /** How long a process holds a document e-mail it is sending (renewed meanwhile) before another may take it over. */
  mailLeaseMs: number;
  /** NODE_ENV=development (`npm run dev`): the API's readable documentation page at /api/docs/. */
  development: boolean;
}

export class ConfigError extends Error {}

/** HS256 keys: at least 32 characters, from SECRET_KEY or DATA_DIR/secret_key alike. */
export const SECRET_KEY_MIN_LENGTH = 32;

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || protocols.some((p) => v.startsWith(p)),
      `doit commencer par ${protocols.join(' ou ')}`,
    );

/**
 * TRUST_PROXY: unset, `false` or `0` → no proxy; `1`, `2`… → that many proxies in front; or
 * their addresses / CIDR ranges, comma-separated (`10.0.0.0/8,127.0.0.1`). Not `true`: that
 * would believe an X-Forwarded-For written by the client itself. Null when invalid.
 */
function parseTrustProxy(value: string): false | number | string[] | null {
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const addresses = value.split(',').map((a) => a.trim());
  return addresses.every((a) => /^[\da-f.:]+(\/\d{1,3})?$/i.test(a)) ? addresses : null;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://', 'sqlite:']),
  APP_URL: optionalUrl(['http://', 'https://']),
  SECRET_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim().length >= SECRET_KEY_MIN_LENGTH, `doit compter au moins ${SECRET_KEY_MIN_LENGTH} caractères`),
  LEDGER_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim().length >= SECRET_KEY_MIN_LENGTH, `doit compter au moins ${SECRET_KEY_MIN_LENGTH} caractères`),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: z.string().default('Carnet <no-reply@carnet.local>'),
  ANALYTICS_SCRIPT_URL: optionalUrl(['https://', 'http://']),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  TRUST_PROXY: z.string().optional().transform((value, ctx) => {
    const parsed = parseTrustProxy(value?.trim() ?? '');
    if (parsed === null) ctx.addIssue({ code: 'custom', message: 'nombre de proxys ou liste d’adresses (IP, CIDR) attendu' });
    return parsed ?? false;
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).default(() => availableParallelism()),
  PDF_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  MAIL_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(120),
  NODE_ENV: z.string().optional(),
});

/**
 * Reads the secret from DATA_DIR, creating it once so that tokens survive restarts. A short one
 * (an empty file, a placeholder) would sign tokens anyone can forge: the server refuses to start.
 */
function persistentSecret(dataDir: string, name = 'secret_key'): string {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) {
    const secret = randomBytes(32).toString('hex');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < SECRET_KEY_MIN_LENGTH) {
    throw new ConfigError(
      `Configuration invalide :\n  ${file} : la clé secrète compte ${secret.length} caractère(s), il en faut au moins ${SECRET_KEY_MIN_LENGTH}.` +
        (name === 'secret_key'
          ? `\n  Supprimez ce fichier pour qu’une clé soit générée (les sessions et les liens envoyés ne seront plus valides), ou définissez SECRET_KEY.`
          : `\n  Restaurez ce fichier depuis votre sauvegarde (sans lui, le journal des factures ne peut plus être vérifié), ou définissez LEDGER_KEY.`),
    );
  }
  return secret;
}

/** Environment → validated config. Throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, publicDir: string | null = null): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // The database, the secret and the outbox's live links: for the server's user only. An existing
  // directory is left as it is (it may be shared); what the server writes in it is 0600 / 0700.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'carnet.sqlite3')}`,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    secretKey: e.SECRET_KEY ?? persistentSecret(dataDir),
    ledgerKey: e.LEDGER_KEY ?? persistentSecret(dataDir, 'ledger_key'),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL ?? null,
    publicDir,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    pdfWorkers: e.PDF_WORKERS,
    pdfTimeoutMs: Math.round(e.PDF_TIMEOUT_SECONDS * 1000),
    mailLeaseMs: Math.round(e.MAIL_LEASE_SECONDS * 1000),
    development: e.NODE_ENV === 'development',
  };
}
