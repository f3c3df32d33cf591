import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { checkPasswordStrength } from '@/shared/password-strength';

// scrypt parameters (N = 2^15, r = 8, p = 1: ~32 MiB, a few tens of ms) are stored with each hash
// so that they can be raised later without invalidating existing passwords.
export const SCRYPT_N = 32768;
let N = SCRYPT_N;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 128 * n * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Test suites only (test-app.ts): hashes at a lower cost, so that the thousand sign-ups of a run
 * don't spend minutes in scrypt. The hash still records its N, and verifying reads it from there.
 */
export function useTestScryptCost(n: number): void {
  N = n;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password: verifying against it costs the same as a real one (no enumeration by timing). */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * French messages for a password that is too weak, empty when it is acceptable: registration,
 * reset and the profile's password change all go through here (rules in shared/password-rules.ts).
 */
export function passwordStrengthErrors(password: string, email = ''): string[] {
  return checkPasswordStrength(password, email).problems;
}
