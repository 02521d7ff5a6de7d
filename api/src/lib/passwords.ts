/**
 * Password hashing: scrypt (memory-hard, node:crypto) at OWASP's parameters, N = 2^17, r = 8,
 * p = 1 (128 MiB, ~0.5 s here), 16-byte random salt, 64-byte key. The stored string carries its
 * parameters, `scrypt$<logN>$<r>$<p>$<salt b64>$<key b64>`, so a hash made at another cost still
 * verifies and can be upgraded at the next sign-in (`needsRehash`). Keys are compared in
 * constant time. Nothing here logs a password.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17 (128 MiB), r=8, p=1. */
export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scryptAsync(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // Node's default maxmem (32 MiB) is below what N=2^17, r=8 needs (128 * N * r bytes).
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 32 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A new hash of `password` (logN: the cost, 2^logN; default OWASP's 17). */
export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, logN, R, P);
  return ['scrypt', logN, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

interface Parsed {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return { logN, r, p, salt: Buffer.from(parts[4]!, 'base64'), key: Buffer.from(parts[5]!, 'base64') };
}

/**
 * True when `password` matches `stored`. A malformed or missing hash never matches, after the
 * same work as a real check at `logN`, so an unknown account is not told apart by timing.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  logN = DEFAULT_SCRYPT_LOG_N,
): Promise<boolean> {
  const parsed = stored ? parse(stored) : undefined;
  if (!parsed || parsed.key.length !== KEY_LENGTH) {
    await scryptAsync(password, DUMMY_SALT, logN, R, P);
    return false;
  }
  const key = await scryptAsync(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
  return timingSafeEqual(key, parsed.key);
}

const DUMMY_SALT = randomBytes(SALT_LENGTH);

/** The stored hash was made at another cost than `logN` (rehash it after a successful sign-in). */
export function needsRehash(stored: string, logN = DEFAULT_SCRYPT_LOG_N): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.logN !== logN || parsed.r !== R || parsed.p !== P;
}
