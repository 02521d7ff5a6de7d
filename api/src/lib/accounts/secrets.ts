/** Random tokens, one-time codes and how they are stored (hashed; never the value itself). */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url (refresh tokens, reset tokens). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** SHA-256 hex of a high-entropy token (a lookup key: the token itself is never stored). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A uniformly random 6-digit code (000000-999999). */
export const randomOtp = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A one-time code as stored: HMAC-SHA256 keyed by a server secret, bound to the code's row data,
 * so a copy of the database alone cannot be searched for the 10^6 possible codes.
 */
export const hashOtp = (key: Buffer, email: string, purpose: string, code: string): string =>
  createHmac('sha256', key).update(`${email.toLowerCase()}\n${purpose}\n${code}`).digest('hex');

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
