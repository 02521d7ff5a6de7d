/**
 * Accounts (spec 4, 5, 7, 8; decisions.md "Accounts and security"):
 *
 * - POST auth/register        sign-up; e-mails a 6-digit code (verify_email)
 * - POST auth/verify-otp      verify_email: e-mail verified and signed in; reset_password: a reset token
 * - POST auth/resend-otp      a new code (1 a minute, 5 an hour per address and purpose)
 * - POST auth/login           sign-in (rate limited per account and per client address)
 * - POST auth/forgot-password e-mails a code and a link; always the same answer
 * - POST auth/reset-password  new password from the link token or verify-otp's reset_token
 * - GET  auth/me              the signed-in user
 *
 * Answers use the envelope; failures carry a localized `msg` and `err` (the HTTP status, or a code
 * the client branches on: 'email_unverified', 'otp_invalid', 'otp_expired', 'otp_locked',
 * 'captcha_invalid', 'reset_token_invalid', 'account_suspended').
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  meResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resendOtpRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  type MessageParams,
  type ValidationMessageKey,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { otpCodes, passwordResetTokens, users } from '../db/schema';
import { hashPassword, needsRehash, verifyPassword } from '../lib/passwords';
import { otpMail, passwordChangedMail, passwordResetMail } from '../lib/mail/templates';
import { checkOtp, issueOtp, OTP_TTL_SECONDS, type OtpPurpose } from '../lib/accounts/otp';
import {
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  OTP_SEND_MIN_INTERVAL,
  OTP_SEND_PER_HOUR,
  clearHits,
  loginAccountBucket,
  loginAddressBucket,
  otpBucket,
  releaseHits,
  reserveHits,
} from '../lib/accounts/rate-limits';
import { randomToken, sha256 } from '../lib/accounts/secrets';
import { revokeAllSessions, startSession } from '../lib/accounts/sessions';
import { isSuspended, notSuspended } from '../lib/accounts/suspension';
import { errorResponses } from './schemas';
import { formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { ROUTES } from '@scholars/shared-contracts/routes';

/** Reset links and verify-otp reset tokens live 30 minutes. */
export const RESET_TOKEN_TTL_SECONDS = 30 * 60;

type UserRow = typeof users.$inferSelect;

/** A failed answer: `{ status: false, msg, err }` with HTTP `status`. */
export function fail(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: ValidationMessageKey,
  options: { params?: MessageParams; err?: string | number; field?: string } = {},
) {
  const msg = request.t(key, options.params);
  return reply.code(status).send({
    status: false as const,
    msg,
    err: options.err ?? status,
    ...(options.field ? { errors: { [options.field]: msg } } : {}),
  });
}

/** The account is suspended: said with its end, in the caller's language and the platform's zone, when it has one (sign-in, a refresh). */
export function failSuspended(request: FastifyRequest, reply: FastifyReply, status: 401 | 403, until: Date | null) {
  if (!until) return fail(request, reply, status, 'validation.accountSuspended', { err: 'account_suspended' });
  return fail(request, reply, status, 'validation.accountSuspendedUntil', { err: 'account_suspended', params: { date: formatDate(until, request.locale, 'dateTime') } });
}

/** 400 with the captcha message when the payload is missing, forged, expired or used. */
export async function checkCaptcha(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, payload: string) {
  const result = await app.captcha.verify(payload);
  if (result.ok) return true;
  request.log.info({ reason: result.reason }, 'captcha refused');
  await fail(request, reply, 400, 'validation.captchaInvalid', { err: 'captcha_invalid', field: 'captcha' });
  return false;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account of an address; a closed account has none (it answers like an unknown one). */
async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, isNull(users.closedAt)));
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

interface Wait {
  key: ValidationMessageKey;
  params: MessageParams;
  seconds: number;
}

/**
 * Takes one of the code e-mails allowed to this address for this purpose (counted whether or not
 * the account exists, and before the mail is sent, so concurrent requests cannot all pass), or
 * says how long to wait.
 */
async function reserveOtpSend(db: Db, purpose: OtpPurpose, email: string): Promise<{ ids: number[]; wait?: undefined } | { wait: Wait }> {
  const bucket = otpBucket(purpose, email);
  const reservation = await reserveHits(db, [
    { bucket, rule: OTP_SEND_MIN_INTERVAL },
    { bucket, rule: OTP_SEND_PER_HOUR },
  ]);
  if (reservation.ok) return { ids: reservation.ids };
  const [soon = 0, hourly = 0] = reservation.waits;
  if (soon > 0) return { wait: { key: 'validation.otpResendTooSoon', params: { seconds: soon }, seconds: soon } };
  return { wait: { key: 'validation.otpResendLimit', params: { minutes: Math.ceil(hourly / 60) }, seconds: hourly } };
}

function tooMany(request: FastifyRequest, reply: FastifyReply, wait: Wait) {
  reply.header('Retry-After', String(wait.seconds));
  return fail(request, reply, 429, wait.key, { params: wait.params });
}

/**
 * E-mails a verification code to `user` (the code row and the mail are committed together); the
 * caller has reserved the send (`reserveOtpSend`).
 */
async function sendVerificationCode(app: FastifyInstance, db: Db, user: UserRow): Promise<void> {
  const code = await issueOtp(app, db, { userId: user.id, email: user.email, purpose: 'verify_email' });
  await app.mail.enqueue(
    { to: user.email, locale: user.locale, ...otpMail(user.locale, { name: user.name, code, minutes: OTP_TTL_SECONDS / 60 }) },
    db,
  );
}

/** E-mails a reset code and a reset link to `user` (the caller has reserved the send). */
async function sendPasswordReset(app: FastifyInstance, db: Db, user: UserRow, locale: Locale): Promise<void> {
  const code = await issueOtp(app, db, { userId: user.id, email: user.email, purpose: 'reset_password' });
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(secs => ${RESET_TOKEN_TTL_SECONDS})`,
  });
  const link = `${app.config.PUBLIC_BASE_URL}/reset-password/${token}`;
  await app.mail.enqueue(
    {
      to: user.email,
      locale,
      ...passwordResetMail(locale, {
        name: user.name,
        code,
        link,
        codeMinutes: OTP_TTL_SECONDS / 60,
        linkMinutes: RESET_TOKEN_TTL_SECONDS / 60,
      }),
    },
    db,
  );
}

const canReceiveReset = (user: UserRow | undefined): user is UserRow => Boolean(user && user.passwordHash && !isSuspended(user));

const failure = (description: string) => errorEnvelopeSchema.describe(description);

const auth: FastifyPluginAsyncZod = async (app) => {
  const logN = app.config.PASSWORD_SCRYPT_LOG_N;

  // ------------------------------------------------------------------ register
  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign up: stores an unverified account and e-mails a 6-digit code (purpose verify_email)',
        body: registerRequestSchema,
        response: {
          200: registerResponseSchema,
          409: failure('An account with this e-mail already exists'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await checkCaptcha(app, request, reply, body.captcha))) return reply;
      const email = normalizeEmail(body.email);
      const locale = body.locale ?? request.locale;

      const existing = await findUserByEmail(app.db, email);
      // Verified accounts, and accounts made without a password (seeded authors), are taken.
      if (existing && (existing.emailVerifiedAt || !existing.passwordHash)) {
        return fail(request, reply, 409, 'validation.emailTaken');
      }
      const send = await reserveOtpSend(app.db, 'verify_email', email);
      if (send.wait) return tooMany(request, reply, send.wait);

      const passwordHash = await hashPassword(body.password, logN);
      const profile = {
        name: body.name,
        phone: body.phone,
        country: body.country,
        gender: body.gender,
        passwordHash,
        locale,
      };
      try {
        await app.db.transaction(async (tx) => {
          // An unverified account is taken over by whoever proves the mailbox: the new details
          // replace the old ones and only the newest code works.
          const [user] = existing
            ? await tx.update(users).set(profile).where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt))).returning()
            : await tx
                .insert(users)
                .values({ ...profile, email })
                .returning();
          if (!user) throw Object.assign(new Error('verified meanwhile'), { code: '23505' });
          await sendVerificationCode(app, tx as unknown as Db, user);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          // Verified by someone else meanwhile: no code went out.
          await releaseHits(app.db, send.ids);
          return fail(request, reply, 409, 'validation.emailTaken');
        }
        throw error;
      }
      return { status: true as const, msg: request.t('success.registered'), data: { email } };
    },
  );

  // ------------------------------------------------------------------ verify-otp
  app.post(
    '/auth/verify-otp',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Checks a 6-digit code. verify_email: marks the e-mail verified and signs in (refresh cookie set); reset_password: answers a reset token',
        body: verifyOtpRequestSchema,
        response: {
          200: verifyOtpResponseSchema,
          ...errorResponses,
          400: failure("Wrong code ('otp_invalid'), expired ('otp_expired'), locked after 5 wrong tries ('otp_locked'), or invalid input"),
        },
      },
    },
    async (request, reply) => {
      const { code, purpose } = request.body;
      const email = normalizeEmail(request.body.email);
      const check = await checkOtp(app, { email, purpose, code });
      if (!check.ok) {
        if (check.reason === 'expired') return fail(request, reply, 400, 'validation.otpExpired', { err: 'otp_expired', field: 'code' });
        if (check.reason === 'locked') return fail(request, reply, 400, 'validation.otpLocked', { err: 'otp_locked', field: 'code' });
        return fail(request, reply, 400, 'validation.otpWrong', { err: 'otp_invalid', field: 'code' });
      }
      const user = check.userId ? (await app.db.select().from(users).where(eq(users.id, check.userId)))[0] : await findUserByEmail(app.db, email);
      if (!user || isSuspended(user)) return fail(request, reply, 400, 'validation.otpWrong', { err: 'otp_invalid', field: 'code' });

      if (purpose === 'verify_email') {
        const [verified] = await app.db
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(eq(users.id, user.id))
          .returning();
        return startSession(app, request, reply, verified!, request.t('success.emailVerified'));
      }

      const token = randomToken();
      await app.db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: sql`now() + make_interval(secs => ${RESET_TOKEN_TTL_SECONDS})`,
      });
      return {
        status: true as const,
        msg: request.t('success.otpVerified'),
        data: { reset_token: token, expires_in: RESET_TOKEN_TTL_SECONDS },
      };
    },
  );

  // ------------------------------------------------------------------ resend-otp
  app.post(
    '/auth/resend-otp',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "A new code by e-mail (the earlier one stops working). Same answer whether or not the account exists; 429 after 1 a minute or 5 an hour",
        body: resendOtpRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { purpose } = request.body;
      const email = normalizeEmail(request.body.email);
      // Counted for unknown addresses too: the limit does not tell existing accounts apart.
      const send = await reserveOtpSend(app.db, purpose, email);
      if (send.wait) return tooMany(request, reply, send.wait);
      const user = await findUserByEmail(app.db, email);
      await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        if (purpose === 'verify_email' && user && !user.emailVerifiedAt && user.passwordHash && !isSuspended(user)) {
          await sendVerificationCode(app, db, user);
        } else if (purpose === 'reset_password' && canReceiveReset(user)) {
          await sendPasswordReset(app, db, user, request.body.locale ?? user.locale);
        }
      });
      return { status: true as const, msg: request.t('success.otpResent') };
    },
  );

  // ------------------------------------------------------------------ login
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in: an access token in the body, the refresh token as an httpOnly cookie',
        body: loginRequestSchema,
        response: {
          200: sessionResponseSchema,
          401: failure('Invalid e-mail or password'),
          403: failure("E-mail not verified ('email_unverified'; a new code was e-mailed) or account suspended ('account_suspended')"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const accountBucket = loginAccountBucket(email);
      // Failures are counted, but the attempt is reserved as a failure before the password is
      // hashed (the slow part), so simultaneous attempts cannot all be evaluated; a right
      // password gives it back.
      const attempt = await reserveHits(app.db, [
        { bucket: accountBucket, rule: LOGIN_PER_ACCOUNT },
        { bucket: loginAddressBucket(request.ip), rule: LOGIN_PER_ADDRESS },
      ]);
      if (!attempt.ok) {
        const wait = attempt.retryAfter;
        return tooMany(request, reply, { key: 'validation.loginRateLimited', params: { minutes: Math.ceil(wait / 60) }, seconds: wait });
      }

      const user = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(request.body.password, user?.passwordHash, logN);
      if (!user || !ok) return fail(request, reply, 401, 'validation.loginFailed');
      await releaseHits(app.db, attempt.ids);
      if (isSuspended(user)) return failSuspended(request, reply, 403, user.suspendedUntil);
      if (!user.emailVerifiedAt) {
        // The password was right: help the owner finish the sign-up with a fresh code.
        if (!(await reserveOtpSend(app.db, 'verify_email', email)).wait) {
          await app.db.transaction(async (tx) => sendVerificationCode(app, tx as unknown as Db, user));
        }
        return fail(request, reply, 403, 'validation.emailUnverified', { err: 'email_unverified' });
      }
      await clearHits(app.db, accountBucket);
      let current = user;
      if (user.passwordHash && needsRehash(user.passwordHash, logN)) {
        const passwordHash = await hashPassword(request.body.password, logN);
        [current = user] = await app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id)).returning();
      }
      return startSession(app, request, reply, current, request.t('success.loginSucceeded'));
    },
  );

  // ------------------------------------------------------------------ forgot-password
  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'E-mails a 6-digit code (purpose reset_password) and a single-use link /reset-password/<token> (30 minutes). Always the same answer',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const send = await reserveOtpSend(app.db, 'reset_password', email);
      if (send.wait) return tooMany(request, reply, send.wait);
      const user = await findUserByEmail(app.db, email);
      if (canReceiveReset(user)) {
        await app.db.transaction(async (tx) => sendPasswordReset(app, tx as unknown as Db, user, request.body.locale ?? user.locale));
      }
      return { status: true as const, msg: request.t('success.resetEmailSent') };
    },
  );

  // ------------------------------------------------------------------ reset-password
  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "Sets a new password with the link's token or verify-otp's reset_token (single use); every session of the account is signed out",
        body: resetPasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          ...errorResponses,
          400: failure("Invalid, used or expired token ('reset_token_invalid'), or invalid input"),
        },
      },
    },
    async (request, reply) => {
      const tokenHash = sha256(request.body.token);
      const passwordHash = await hashPassword(request.body.password, logN);
      const userId = await app.db.transaction(async (tx) => {
        const [consumed] = await tx
          .update(passwordResetTokens)
          .set({ consumedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              isNull(passwordResetTokens.consumedAt),
              sql`${passwordResetTokens.expiresAt} > now()`,
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!consumed) return undefined;
        const [user] = await tx
          .update(users)
          .set({
            passwordHash,
            passwordChangedAt: sql`now()`,
            // Receiving the code or the link proved the mailbox.
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          })
          .where(and(eq(users.id, consumed.userId), notSuspended()))
          .returning();
        if (!user) return undefined;
        // Every other way into the account that was handed out before now stops working.
        await tx
          .update(passwordResetTokens)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.consumedAt)));
        await tx
          .update(otpCodes)
          .set({ consumedAt: sql`now()` })
          .where(and(sql`lower(${otpCodes.email}) = ${normalizeEmail(user.email)}`, isNull(otpCodes.consumedAt)));
        await revokeAllSessions(tx, user.id, 'password_reset');
        await clearHits(tx, loginAccountBucket(user.email));
        const resetLink = `${app.config.PUBLIC_BASE_URL}${ROUTES.forgotPassword}`;
        await app.mail.enqueue({ to: user.email, locale: user.locale, ...passwordChangedMail(user.locale, { name: user.name, how: 'reset', resetLink }) }, tx);
        return user.id;
      });
      if (!userId) return fail(request, reply, 400, 'validation.resetTokenInvalid', { err: 'reset_token_invalid', field: 'token' });
      return { status: true as const, msg: request.t('success.passwordResetDone') };
    },
  );

  // ------------------------------------------------------------------ me
  app.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user (bearer access token)',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponseSchema, 401: failure('Not signed in'), ...errorResponses },
      },
    },
    // The profile was read with the session check (one query, not two).
    async (request) => ({ status: true as const, data: request.account! }),
  );
};
export default auth;
