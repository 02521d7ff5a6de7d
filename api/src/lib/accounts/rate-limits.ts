/**
 * Rate limits counted in the database (table `rate_limit_hits`), so every API process sharing it
 * sees the same counts: sign-in failures per account and per client address, one-time code
 * e-mails per address, contact-form messages per client and receipts per address, chat posts per
 * user, data files per account and per client address. A rule is `max` hits per `windowSeconds`.
 *
 * There is one way to count: `reserveHits` checks and records in one transaction that holds a
 * lock per bucket, so concurrent requests queue for the count instead of all reading the same
 * one (a check before slow work and a record after it let 40 simultaneous sign-ins through).
 * The hit is taken before the work it limits; the caller gives it back with `releaseHits` when
 * the attempt turns out not to count (a right password, a retried chat post).
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
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
/** Contact-form messages per client address. */
export const CONTACT_PER_ADDRESS: RateRule = { max: 5, windowSeconds: 60 * 60 };
/** Contact-form receipts to one e-mail address (beyond: stored and sent to the staff, no receipt). */
export const CONTACT_RECEIPTS_PER_EMAIL: RateRule = { max: 3, windowSeconds: 60 * 60 };
/**
 * A member's data file (`GET profile/export`): a few an hour per account, and per client address
 * (many members may share one behind a university's NAT, so that one is wider).
 */
export const DATA_EXPORT_PER_ACCOUNT: RateRule = { max: 5, windowSeconds: 60 * 60 };
export const DATA_EXPORT_PER_ADDRESS: RateRule = { max: 30, windowSeconds: 60 * 60 };
/** Rows older than this are deleted (longer than every window above). */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

export interface RateLimit {
  bucket: string;
  rule: RateRule;
}

export type Reservation =
  /** Counted: one hit per distinct bucket, `ids` for `releaseHits`. */
  | { ok: true; ids: number[] }
  /**
   * Not counted, nothing recorded. `waits[i]`: seconds until `limits[i]` lets a hit through (0:
   * it does now); `retryAfter`: the largest of them.
   */
  | { ok: false; waits: number[]; retryAfter: number };

/**
 * Counts `limits` and, when every one of them is under its rule, records one hit in each of
 * their buckets, atomically: a transaction (a savepoint inside the caller's) takes a
 * transaction-level advisory lock per bucket, in a fixed order so two reservations never wait on
 * each other, and only then counts, so concurrent reservations of a bucket (in this process or
 * another one on the same PostgreSQL) see each other's hits. PGlite runs one transaction at a
 * time, which serializes them the same way. Called inside a transaction, the locks are held until
 * it ends and the hits disappear if it rolls back.
 */
export async function reserveHits(db: Db, limits: RateLimit[]): Promise<Reservation> {
  const buckets = [...new Set(limits.map((limit) => limit.bucket))].sort();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${sql.join(
      buckets.map((bucket) => sql`pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`),
      sql`, `,
    )}`);
    const waits: number[] = [];
    for (const { bucket, rule } of limits) {
      // The window frees up when the max-th newest hit in it leaves it.
      const window = sql`make_interval(secs => ${rule.windowSeconds})`;
      const [blocking] = await tx
        .select({ wait: sql<number>`ceil(extract(epoch from ${rateLimitHits.createdAt} + ${window} - now()))::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), sql`${rateLimitHits.createdAt} > now() - ${window}`))
        .orderBy(sql`${rateLimitHits.createdAt} desc`)
        .offset(rule.max - 1)
        .limit(1);
      waits.push(blocking ? Math.max(Number(blocking.wait), 1) : 0);
    }
    const retryAfter = Math.max(0, ...waits);
    if (retryAfter > 0) return { ok: false as const, waits, retryAfter };
    const rows = await tx
      .insert(rateLimitHits)
      .values(buckets.map((bucket) => ({ bucket })))
      .returning({ id: rateLimitHits.id });
    return { ok: true as const, ids: rows.map((row) => row.id) };
  });
}

/** Gives back the hits of a reservation (the attempt did not count after all). */
export async function releaseHits(db: Pick<Db, 'delete'>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
}

export async function clearHits(db: Pick<Db, 'delete'>, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}

export async function pruneHits(db: Pick<Db, 'delete'>): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, sql`now() - make_interval(secs => ${RATE_LIMIT_RETENTION_SECONDS})`));
}

export const loginAccountBucket = (email: string) => `login:account:${email.toLowerCase()}`;
export const loginAddressBucket = (ip: string) => `login:ip:${ip}`;
export const contactBucket = (ip: string) => `contact:ip:${ip}`;
export const contactReceiptBucket = (email: string) => `contact:receipt:${email.trim().toLowerCase()}`;
export const otpBucket = (purpose: string, email: string) => `otp:${purpose}:${email.toLowerCase()}`;
export const chatBucket = (userId: number) => `chat:user:${userId}`;
export const dataExportAccountBucket = (userId: number) => `data-export:user:${userId}`;
export const dataExportAddressBucket = (ip: string) => `data-export:ip:${ip}`;
