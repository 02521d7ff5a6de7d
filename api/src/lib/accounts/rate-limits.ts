/**
 * Account rate limits counted in the database (table `rate_limit_hits`), so every API process
 * sharing it sees the same counts: sign-in failures per account and per client address, one-time
 * code e-mails per address. A rule is `max` hits per `windowSeconds`.
 */
import { and, asc, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

export interface RateRule {
  max: number;
  windowSeconds: number;
}

/** Sign-in: failures per account (e-mail) and per client address, over 15 minutes. */
export const LOGIN_PER_ACCOUNT: RateRule = { max: 5, windowSeconds: 15 * 60 };
export const LOGIN_PER_ADDRESS: RateRule = { max: 20, windowSeconds: 15 * 60 };
/** One-time codes e-mailed to one address: one a minute, five an hour (per purpose). */
export const OTP_SEND_MIN_INTERVAL: RateRule = { max: 1, windowSeconds: 60 };
export const OTP_SEND_PER_HOUR: RateRule = { max: 5, windowSeconds: 60 * 60 };
/** Contact-form messages per client address (each one mails the staff and the given address). */
export const CONTACT_PER_ADDRESS: RateRule = { max: 30, windowSeconds: 60 * 60 };
/** Rows older than this are deleted. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

type Executor = Pick<Db, 'select' | 'insert' | 'delete'>;

/** Seconds until `bucket` is under `rule` again; 0 when it is already. */
export async function retryAfterSeconds(db: Executor, bucket: string, rule: RateRule): Promise<number> {
  const since = sql`now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
  if (!row || row.hits < rule.max) return 0;
  // The window frees up when its oldest counted hits leave it: find the hit that must expire.
  const [blocking] = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)))
    .orderBy(asc(rateLimitHits.createdAt))
    .offset(row.hits - rule.max)
    .limit(1);
  const oldest = blocking?.createdAt ?? row.oldest ?? new Date();
  const seconds = Math.ceil((new Date(oldest).getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000);
  return Math.max(seconds, 1);
}

export async function recordHit(db: Executor, bucket: string): Promise<void> {
  await db.insert(rateLimitHits).values({ bucket });
}

export async function clearHits(db: Executor, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}

export async function pruneHits(db: Executor): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, sql`now() - make_interval(secs => ${RATE_LIMIT_RETENTION_SECONDS})`));
}

export const loginAccountBucket = (email: string) => `login:account:${email.toLowerCase()}`;
export const loginAddressBucket = (ip: string) => `login:ip:${ip}`;
export const contactBucket = (ip: string) => `contact:ip:${ip}`;
export const otpBucket = (purpose: string, email: string) => `otp:${purpose}:${email.toLowerCase()}`;
