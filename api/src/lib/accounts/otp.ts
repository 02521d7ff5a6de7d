/**
 * One-time codes (decisions.md): 6 digits, 10 minutes, single use, stored as an HMAC, locked
 * after 5 wrong tries (then only a new code helps). A new code for the same address and purpose
 * replaces the ones before it.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { hashOtp, randomOtp, sameHex } from './secrets';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpPurpose = 'verify_email' | 'reset_password';

type Executor = Pick<Db, 'insert' | 'update'>;

/** Creates a code (the earlier unused ones of this address and purpose stop working) and returns it. */
export async function issueOtp(
  app: FastifyInstance,
  db: Executor,
  input: { userId: number; email: string; purpose: OtpPurpose },
): Promise<string> {
  const email = input.email.toLowerCase();
  await db
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(sql`lower(${otpCodes.email}) = ${email}`, eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)));
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
  | { ok: true; userId: number | null }
  | { ok: false; reason: 'wrong' | 'expired' | 'locked' };

/** Checks `code` against the newest unused code of the address and purpose; consumes it when right. */
export async function checkOtp(app: FastifyInstance, input: { email: string; purpose: OtpPurpose; code: string }): Promise<OtpCheck> {
  const email = input.email.toLowerCase();
  const [row] = await app.db
    .select()
    .from(otpCodes)
    .where(and(sql`lower(${otpCodes.email}) = ${email}`, eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!row) return { ok: false, reason: 'wrong' };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'locked' };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  const right = sameHex(hashOtp(app.serverKey('otp'), email, input.purpose, input.code), row.codeHash);
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
  return { ok: true, userId: row.userId };
}
