/**
 * One-time codes (decisions.md): 6 digits, 10 minutes, single use, stored as an HMAC, locked
 * after 5 wrong tries (then only a new code helps). A new code for the same address and purpose
 * replaces the ones before it.
 *
 * `change_email` codes belong to the account that asked for the change, not to the address: a
 * new one replaces that account's earlier request (whatever its address) and never another
 * account's, and they are checked by account (`userId`), so nobody else can confirm them.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { hashOtp, randomOtp, sameHex } from './secrets';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpPurpose = 'verify_email' | 'reset_password' | 'change_email';

type Executor = Pick<Db, 'insert' | 'update'>;

/** Creates a code (the earlier unused ones of this address and purpose stop working) and returns it. */
export async function issueOtp(
  app: FastifyInstance,
  db: Executor,
  input: { userId: number; email: string; purpose: OtpPurpose },
): Promise<string> {
  const email = input.email.toLowerCase();
  const owner = input.purpose === 'change_email' ? eq(otpCodes.userId, input.userId) : sql`lower(${otpCodes.email}) = ${email}`;
  await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(owner, eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)));
  const code = randomOtp();
  await db.insert(otpCodes).values({
    userId: input.userId,
    email,
    purpose: input.purpose,
    codeHash: hashOtp(app.serverKey('otp'), email, input.purpose, code),
    expiresAt: sql`now() + make_interval(secs => ${OTP_TTL_SECONDS})`,
  });
  return code;
}

export type OtpCheck =
  | { ok: true; userId: number | null; email: string }
  | { ok: false; reason: 'wrong' | 'expired' | 'locked' };

/** Whose code is checked: an address's (sign-up, reset) or an account's (`change_email`). */
export type OtpOwner = { email: string } | { userId: number };

const ownerCondition = (owner: OtpOwner) =>
  'email' in owner ? sql`lower(${otpCodes.email}) = ${owner.email.toLowerCase()}` : eq(otpCodes.userId, owner.userId);

/** Checks `code` against the newest unused code of the owner and purpose; consumes it when right. */
export async function checkOtp(app: FastifyInstance, input: OtpOwner & { purpose: OtpPurpose; code: string }): Promise<OtpCheck> {
  const [row] = await app.db
    .select()
    .from(otpCodes)
    .where(and(ownerCondition(input), eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!row) return { ok: false, reason: 'wrong' };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'locked' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  // Codes are stored with the address in lower case (issueOtp).
  const right = sameHex(hashOtp(app.serverKey('otp'), row.email, input.purpose, input.code), row.codeHash);
  if (!right) {
    const [updated] = await app.db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, row.id))
      .returning({ attempts: otpCodes.attempts });
    return { ok: false, reason: (updated?.attempts ?? OTP_MAX_ATTEMPTS) >= OTP_MAX_ATTEMPTS ? 'locked' : 'wrong' };
  }
  // Single use, also under concurrent requests: only one UPDATE finds the row unused.
  const consumed = await app.db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(otpCodes.id, row.id),
        isNull(otpCodes.consumedAt),
        sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`,
        sql`${otpCodes.expiresAt} > now()`,
      ),
    )
    .returning({ id: otpCodes.id });
  if (consumed.length === 0) return { ok: false, reason: 'wrong' };
  return { ok: true, userId: row.userId, email: row.email };
}

/** How long an asked-for e-mail change waits for its code (a new code can be sent meanwhile). */
export const EMAIL_CHANGE_PENDING_SECONDS = 60 * 60;

/**
 * The address of the account's pending e-mail change: the one of its newest unused code sent
 * less than an hour ago (expired or locked, a new code can still be sent to it); else null.
 */
export async function pendingEmailChange(db: Pick<Db, 'select'>, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: otpCodes.email })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, userId),
        eq(otpCodes.purpose, 'change_email'),
        isNull(otpCodes.consumedAt),
        sql`${otpCodes.createdAt} > now() - make_interval(secs => ${EMAIL_CHANGE_PENDING_SECONDS})`,
      ),
    )
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  return row?.email ?? null;
}

/** Voids the account's unused codes of `purpose` (an e-mail change canceled or done). */
export async function voidUserOtps(db: Pick<Db, 'update'>, userId: number, purpose: OtpPurpose): Promise<void> {
  await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)));
}
