import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Platform secrets at rest (issue 26): AES-256-GCM under a key kept in DATA_DIR/einvoicing_key,
 * never in the database, so that a copy of the database alone does not give away the user's
 * platform credentials. The key file is created 0600 on first use; every process on one database
 * needs the same file (back it up apart from the database, like ledger_key).
 */
export const EINVOICING_KEY_FILE = 'einvoicing_key';
const FORMAT = 'v1';

export class SecretBoxError extends Error {}

/** Reads the key, creating it once (`wx`: two processes starting together keep the first one's). */
function loadKey(dataDir: string): Buffer {
  const file = path.join(dataDir, EINVOICING_KEY_FILE);
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new SecretBoxError(`${file} : clé invalide (64 caractères hexadécimaux attendus).`);
  return key;
}

export interface SecretBox {
  /** `context` binds the ciphertext to its row (the owner): copied onto another row it no longer opens. */
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

export function createSecretBox(dataDir: string): SecretBox {
  let key: Buffer | null = null;
  // Loaded on first use: an instance that never stores a secret creates no key file.
  const current = () => (key ??= loadKey(dataDir));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current(), iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [format, iv, tag, data] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || data === undefined) throw new SecretBoxError('Secret chiffré illisible.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', current(), Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('Le secret enregistré ne peut pas être déchiffré (clé einvoicing_key changée ?).');
      }
    },
  };
}
