/**
 * The signed-in user's own profile (`/profile`, spec 2 and 3 "User"):
 *
 * - `GET profile`, `PUT profile` (every editable field at once; the newsletter flag also
 *   (un)subscribes the address from the newsletter list; `locale`, the language of every e-mail and
 *   notice to the member, is kept when a client omits it);
 * - the e-mail: a new address in `PUT profile` needs the current password and an address no
 *   verified account uses; it is not applied then: the other fields are saved, a 6-digit code
 *   (lib/accounts/otp.ts, purpose `change_email`) goes to the new address and a notice to the old
 *   one, and `pending_email` names it. `POST profile/email/confirm { code }` applies it (the old
 *   address is told), `POST profile/email/resend` sends a new code, `DELETE profile/email` drops
 *   the request. A pending address blocks nobody: whoever verifies a sign-up with it first keeps
 *   it, and the confirmation then fails (409) without changing anything;
 * - `POST profile/avatar` (multipart `avatar`: PNG, JPEG or WebP recognised by content, at most
 *   2 MB, else 400 / 413), `DELETE profile/avatar`;
 * - `POST profile/change-password` `{ current_password, password, confirmPassword }`: signs every
 *   other session out (refresh tokens revoked, access tokens issued before the change refused) and
 *   answers a new session for this device (access token + refresh cookie, like a sign-in);
 * - `GET profile/research-submissions`: the user's research submissions (ID, date, title, status);
 * - `POST profile/close` `{ current_password }`: the member closes their own account
 *   (lib/accounts/closing.ts): refused (409) while something would be left running; otherwise
 *   personal data erased, every session ended, the refresh cookie cleared;
 * - `GET profile/export`: the member's own data as a JSON file to download (lib/accounts/export.ts,
 *   decisions.md "Your data"), a few an hour per account and per client address (429), audit-logged.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipartPlugin from '../plugins/external/multipart';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarResponseSchema,
  changePasswordSchema,
  closeAccountSchema,
  confirmEmailChangeSchema,
  dataExportSchema,
  errorEnvelopeSchema,
  mySubmissionsResponseSchema,
  okSchema,
  profileResponseSchema,
  profileUpdateSchema,
  sessionResponseSchema,
  type Profile,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { otpCodes, passwordResetTokens, researchSubmissions, users } from '../db/schema';
import { subscribeAccountAddress, unsubscribeAccountExcept, unsubscribeAddress } from '../lib/newsletter/subscribers';
import { AppError } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { clearRefreshCookie, revokeAllSessions, startSession } from '../lib/accounts/sessions';
import { closeAccount } from '../lib/accounts/closing';
import { gatherMemberData, recordExport } from '../lib/accounts/export';
import { removeUnusedFiles } from '../lib/operators/content-files';
import { notSuspended } from '../lib/accounts/suspension';
import { checkOtp, issueOtp, OTP_TTL_SECONDS, pendingEmailChange, voidUserOtps } from '../lib/accounts/otp';
import {
  DATA_EXPORT_PER_ACCOUNT,
  DATA_EXPORT_PER_ADDRESS,
  dataExportAccountBucket,
  dataExportAddressBucket,
  OTP_SEND_MIN_INTERVAL,
  OTP_SEND_PER_HOUR,
  otpBucket,
  reserveHits,
} from '../lib/accounts/rate-limits';
import { emailChangeCodeMail, emailChangedMail, emailChangeRequestedMail, passwordChangedMail } from '../lib/mail/templates';
import { fail } from './auth';
import { megabytes, readMultipartForm, removeStored, type UploadRule } from '../lib/uploads';
import { errorResponses } from './schemas';
import { primaryRole, type StaffRole } from '@scholars/shared-contracts/authorization';
import { ROUTES } from '@scholars/shared-contracts/routes';

type UserRow = typeof users.$inferSelect;

export function profileView(row: UserRow, pendingEmail: string | null = null): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    gender: row.gender,
    bio: row.bio,
    avatar: row.avatar,
    data_access: row.dataAccess,
    newsletter: row.newsletter,
    locale: row.locale,
    role: primaryRole(row.roles as StaffRole[]),
    roles: row.roles as StaffRole[],
    created_at: row.createdAt.toISOString(),
    pending_email: pendingEmail,
  };
}

export const AVATAR_RULE: UploadRule = {
  field: 'avatar',
  types: AVATAR_TYPES,
  maxBytes: AVATAR_MAX_BYTES,
  root: 'public',
  folder: 'images/avatars',
  typeError: 'validation.avatarInvalidType',
  requiredError: 'validation.avatarRequired',
  fallbackName: 'avatar',
  // Shown as a small circle: 512 px is sharp at any density it is drawn.
  image: { maxSide: 512 },
};

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };
/** Wrong current passwords are throttled per client address. */
const passwordRateLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

const sameAddress = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/** Another account holds `email` for good: verified, or made without a password (seed authors). */
async function addressTaken(db: Pick<Db, 'select'>, email: string, exceptId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameAddress(email), ne(users.id, exceptId), sql`(${users.emailVerifiedAt} is not null or ${users.passwordHash} is null)`));
  return Boolean(taken);
}

/**
 * Takes one of the code e-mails allowed to `email` for e-mail changes (as for sign-up codes: one a
 * minute, five an hour), or says how long to wait.
 */
async function reserveChangeCode(db: Db, email: string) {
  const bucket = otpBucket('change_email', email);
  const reservation = await reserveHits(db, [
    { bucket, rule: OTP_SEND_MIN_INTERVAL },
    { bucket, rule: OTP_SEND_PER_HOUR },
  ]);
  if (reservation.ok) return undefined;
  const [soon = 0, hourly = 0] = reservation.waits;
  return soon > 0
    ? { key: 'validation.otpResendTooSoon' as const, params: { seconds: soon }, seconds: soon }
    : { key: 'validation.otpResendLimit' as const, params: { minutes: Math.ceil(hourly / 60) }, seconds: hourly };
}

class TooSoon extends Error {
  constructor(readonly wait: NonNullable<Awaited<ReturnType<typeof reserveChangeCode>>>) {
    super('rate limited');
  }
}

/** E-mails a new change code to `newEmail` (rate limited per address; throws TooSoon). */
async function sendChangeCode(app: FastifyInstance, tx: Db, user: UserRow, newEmail: string): Promise<void> {
  const wait = await reserveChangeCode(tx, newEmail);
  if (wait) throw new TooSoon(wait);
  const code = await issueOtp(app, tx, { userId: user.id, email: newEmail, purpose: 'change_email' });
  await app.mail.enqueue(
    { to: newEmail, locale: user.locale, ...emailChangeCodeMail(user.locale, { code, minutes: OTP_TTL_SECONDS / 60, newEmail }) },
    tx,
  );
}

const profile: FastifyPluginAsyncZod = async (app) => {
  // Only the routes of this plugin read multipart/form-data (plugins/external/multipart.ts).
  await app.register(multipartPlugin);
  async function currentRow(id: number): Promise<UserRow> {
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new AppError(401, 'validation.signInRequired');
    return row;
  }

  app.get(
    '/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const row = await currentRow(request.user!.id);
      return { status: true as const, data: profileView(row, await pendingEmailChange(app.db, row.id)) };
    },
  );

  app.put(
    '/profile',
    {
      onRequest: app.authenticate,
      config: passwordRateLimit,
      schema: {
        tags: ['profile'],
        summary:
          'Update the profile. A new e-mail needs the current password; it is not applied yet: a code is e-mailed to it (pending_email) for POST profile/email/confirm',
        security: [{ bearerAuth: [] }],
        body: profileUpdateSchema,
        response: {
          200: profileResponseSchema,
          ...authErrors,
          409: errorEnvelopeSchema.describe('The e-mail address belongs to another account'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const current = await currentRow(request.user!.id);
      const body = request.body;
      const newEmail = body.email.trim().toLowerCase();
      const emailChanged = newEmail !== current.email.toLowerCase();
      // The address stays the account's until the new one is confirmed.
      const email = current.email;
      if (emailChanged) {
        if (!body.current_password) {
          throw new AppError(400, 'validation.currentPasswordRequired', {}, { current_password: 'validation.currentPasswordRequired' });
        }
        if (!(await verifyPassword(body.current_password, current.passwordHash))) {
          throw new AppError(400, 'validation.currentPasswordWrong', {}, { current_password: 'validation.currentPasswordWrong' });
        }
        // An unverified sign-up of the address does not block it (whoever proves the mailbox wins).
        if (await addressTaken(app.db, newEmail, current.id)) {
          throw new AppError(409, 'validation.emailInUse', {}, { email: 'validation.emailInUse' });
        }
      }
      // The account's language: as chosen (older clients send none: the stored one stays).
      const locale = body.locale ?? current.locale;
      let updated: UserRow | undefined;
      try {
        updated = await app.db.transaction(async (tx) => {
          // First: a refused code e-mail (too soon) saves nothing. Written in the language chosen with it.
          if (emailChanged) await sendChangeCode(app, tx as unknown as Db, { ...current, locale }, newEmail);
          const [row] = await tx
            .update(users)
            .set({
              name: body.name,
              phone: body.phone,
              country: body.country,
              gender: body.gender,
              bio: body.bio,
              dataAccess: body.data_access,
              newsletter: body.newsletter,
              locale,
            })
            .where(eq(users.id, current.id))
            .returning();
          if (!row) return undefined;
          // The newsletter flag and the newsletter list agree (the list is keyed by address; the
          // account's address is verified, so ticking the box confirms it: lib/newsletter/subscribers.ts).
          if (body.newsletter !== current.newsletter) await unsubscribeAccountExcept(tx, current.id, email);
          if (body.newsletter) await subscribeAccountAddress(tx, { id: row.id, email, locale: row.locale });
          else if (body.newsletter !== current.newsletter) await unsubscribeAddress(tx, email);
          if (emailChanged) {
            await app.mail.enqueue(
              { to: current.email, locale: row.locale, ...emailChangeRequestedMail(row.locale, { name: row.name, newEmail }) },
              tx as unknown as Db,
            );
          }
          return row;
        });
      } catch (error) {
        if (error instanceof TooSoon) {
          reply.header('Retry-After', String(error.wait.seconds));
          return fail(request, reply, 429, error.wait.key, { params: error.wait.params });
        }
        throw error;
      }
      if (!updated) throw new AppError(401, 'validation.signInRequired');
      if (emailChanged) {
        return { status: true as const, msg: request.t('success.emailChangeCodeSent', { email: newEmail }), data: profileView(updated, newEmail) };
      }
      return { status: true as const, msg: request.t('success.profileUpdated'), data: profileView(updated, await pendingEmailChange(app.db, updated.id)) };
    },
  );

  app.post(
    '/profile/email/confirm',
    {
      onRequest: app.authenticate,
      config: passwordRateLimit,
      schema: {
        tags: ['profile'],
        summary: 'Confirm the pending e-mail change with the code e-mailed to the new address; the old address is told',
        security: [{ bearerAuth: [] }],
        body: confirmEmailChangeSchema,
        response: {
          200: profileResponseSchema,
          ...authErrors,
          409: errorEnvelopeSchema.describe('The address was registered and verified by another account meanwhile: nothing changed'),
          ...errorResponses,
          400: errorEnvelopeSchema.describe("Wrong code ('otp_invalid', also when no change is pending), expired ('otp_expired'), locked after 5 wrong tries ('otp_locked')"),
        },
      },
    },
    async (request, reply) => {
      const current = await currentRow(request.user!.id);
      // Only this account's own code: another account's code for the same address does not match.
      const check = await checkOtp(app, { userId: current.id, purpose: 'change_email', code: request.body.code });
      if (!check.ok) {
        if (check.reason === 'expired') return fail(request, reply, 400, 'validation.otpExpired', { err: 'otp_expired', field: 'code' });
        if (check.reason === 'locked') return fail(request, reply, 400, 'validation.otpLocked', { err: 'otp_locked', field: 'code' });
        return fail(request, reply, 400, 'validation.otpWrong', { err: 'otp_invalid', field: 'code' });
      }
      const newEmail = check.email;
      const oldEmail = current.email;
      let updated: UserRow | undefined;
      try {
        updated = await app.db.transaction(async (tx) => {
          if (await addressTaken(tx, newEmail, current.id)) return undefined;
          // An unfinished sign-up of the address can only be finished through its mailbox, whose
          // owner has just proven it here: the address comes to this account.
          await tx.delete(users).where(and(sameAddress(newEmail), ne(users.id, current.id), isNull(users.emailVerifiedAt)));
          const [row] = await tx
            .update(users)
            .set({ email: newEmail, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
            .where(and(eq(users.id, current.id), notSuspended()))
            .returning();
          if (!row) throw new AppError(401, 'validation.signInRequired');
          // Codes and reset links mailed to the old address no longer open the account.
          await tx
            .update(otpCodes)
            .set({ consumedAt: sql`now()` })
            .where(and(sql`lower(${otpCodes.email}) = ${oldEmail.toLowerCase()}`, isNull(otpCodes.consumedAt)));
          await tx
            .update(passwordResetTokens)
            .set({ consumedAt: sql`now()` })
            .where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.consumedAt)));
          // The newsletter list is keyed by address: the subscription moves with it.
          if (row.newsletter) {
            await unsubscribeAccountExcept(tx, row.id, newEmail);
            await subscribeAccountAddress(tx, { id: row.id, email: newEmail, locale: row.locale });
          }
          await app.mail.enqueue(
            { to: oldEmail, locale: row.locale, ...emailChangedMail(row.locale, { name: row.name, newEmail }) },
            tx as unknown as Db,
          );
          return row;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      if (!updated) {
        await voidUserOtps(app.db, current.id, 'change_email');
        throw new AppError(409, 'validation.emailChangeTakenMeanwhile');
      }
      return { status: true as const, msg: request.t('success.emailChangeConfirmed', { email: newEmail }), data: profileView(updated) };
    },
  );

  app.post(
    '/profile/email/resend',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'A new code for the pending e-mail change (the earlier one stops working); 429 after 1 a minute or 5 an hour',
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const current = await currentRow(request.user!.id);
      const pending = await pendingEmailChange(app.db, current.id);
      if (!pending) return fail(request, reply, 400, 'validation.emailChangeNonePending');
      try {
        await app.db.transaction(async (tx) => sendChangeCode(app, tx as unknown as Db, current, pending));
      } catch (error) {
        if (!(error instanceof TooSoon)) throw error;
        reply.header('Retry-After', String(error.wait.seconds));
        return fail(request, reply, 429, error.wait.key, { params: error.wait.params });
      }
      return { status: true as const, msg: request.t('success.emailChangeCodeSent', { email: pending }), data: profileView(current, pending) };
    },
  );

  app.delete(
    '/profile/email',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Drop the pending e-mail change (its code stops working); the address stays the same',
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const current = await currentRow(request.user!.id);
      await voidUserOtps(app.db, current.id, 'change_email');
      return { status: true as const, msg: request.t('success.emailChangeCanceled'), data: profileView(current) };
    },
  );

  app.post(
    '/profile/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Upload the profile picture (multipart field `avatar`; PNG, JPEG or WebP by content; at most 2 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: avatarResponseSchema,
          ...authErrors,
          413: errorEnvelopeSchema.describe('Larger than 2 MB, or more than 40 megapixels'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, [AVATAR_RULE], app.storage);
      const problem = form.problems.avatar;
      const file = form.files.avatar;
      if (problem || !file) {
        await removeStored(app.storage, [file?.path]);
        const status = problem?.status ?? 400;
        // A file over the byte limit gets the avatar's own message; a picture with too many
        // pixels, or that does not decode, keeps its key.
        const key = problem?.key === 'validation.fileTooLarge' ? 'validation.avatarTooLarge' : (problem?.key ?? 'validation.avatarRequired');
        const msg = request.t(key, key === 'validation.avatarTooLarge' ? { maximum: megabytes(AVATAR_MAX_BYTES) } : problem?.params);
        return reply.code(status).send({ status: false, err: status, msg, errors: { avatar: msg } });
      }
      const current = await currentRow(request.user!.id);
      await app.db.update(users).set({ avatar: file.path }).where(eq(users.id, current.id));
      await removeStored(app.storage, [current.avatar]);
      return { status: true as const, msg: request.t('success.avatarUpdated'), data: { avatar: file.path } };
    },
  );

  app.delete(
    '/profile/avatar',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Remove the profile picture',
        security: [{ bearerAuth: [] }],
        response: { 200: avatarResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const current = await currentRow(request.user!.id);
      await app.db.update(users).set({ avatar: null }).where(eq(users.id, current.id));
      await removeStored(app.storage, [current.avatar]);
      return { status: true as const, msg: request.t('success.avatarRemoved'), data: { avatar: null } };
    },
  );

  app.post(
    '/profile/change-password',
    {
      onRequest: app.authenticate,
      config: passwordRateLimit,
      schema: {
        tags: ['profile'],
        summary: 'Change the password with the current one; other sessions end, this one gets a new access token and refresh cookie',
        security: [{ bearerAuth: [] }],
        body: changePasswordSchema,
        response: {
          200: sessionResponseSchema,
          ...authErrors,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const current = await currentRow(request.user!.id);
      const { current_password: currentPassword, password } = request.body;
      if (!(await verifyPassword(currentPassword, current.passwordHash))) {
        throw new AppError(400, 'validation.currentPasswordWrong', {}, { current_password: 'validation.currentPasswordWrong' });
      }
      if (currentPassword === password) {
        throw new AppError(400, 'validation.newPasswordSameAsCurrent', {}, { password: 'validation.newPasswordSameAsCurrent' });
      }
      const passwordHash = await hashPassword(password, app.config.PASSWORD_SCRYPT_LOG_N);
      // Access tokens issued before this second stop working (auth.ts) and every refresh family is
      // revoked: other devices are signed out; this one starts a new session.
      const updated = await app.db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, current.id)).returning();
        await revokeAllSessions(tx, current.id, 'password_change');
        if (row) {
          const resetLink = `${app.config.PUBLIC_BASE_URL}${ROUTES.forgotPassword}`;
          await app.mail.enqueue({ to: row.email, locale: row.locale, ...passwordChangedMail(row.locale, { name: row.name, how: 'change', resetLink }) }, tx);
        }
        return row;
      });
      if (!updated) throw new AppError(401, 'validation.signInRequired');
      return startSession(app, request, reply, updated, request.t('success.passwordChanged'));
    },
  );

  app.post(
    '/profile/close',
    {
      onRequest: app.authenticate,
      config: passwordRateLimit,
      schema: {
        tags: ['profile'],
        summary:
          'Close the account (decisions.md "Closing an account"): personal data erased, every session ended, a confirmation mailed to the address; ' +
          'research, chat messages and invoices stay under a neutral name',
        security: [{ bearerAuth: [] }],
        body: closeAccountSchema,
        response: {
          200: okSchema,
          ...authErrors,
          409: errorEnvelopeSchema.describe(
            'Refused, nothing changed: the only active administrator, a subscription that still renews, or upcoming consultation sessions (see `msg`)',
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const current = await currentRow(request.user!.id);
      if (!(await verifyPassword(request.body.current_password, current.passwordHash))) {
        throw new AppError(400, 'validation.currentPasswordWrong', {}, { current_password: 'validation.currentPasswordWrong' });
      }
      const { avatar } = await app.db.transaction((tx) => closeAccount(app, tx as unknown as Db, current));
      // Once committed: the account's open chat sockets close on every process, its picture leaves the store.
      await app.bus.publish({ kind: 'sessions-ended', user_id: current.id });
      await removeUnusedFiles(app.db, app.storage, [avatar]);
      clearRefreshCookie(app, reply);
      return { status: true as const, msg: request.t('success.accountClosed') };
    },
  );

  app.get(
    '/profile/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary:
          'Download my data (decisions.md "Your data"): everything the platform holds that is the member\'s, as one JSON file ' +
          '(`Content-Disposition: attachment`, not enveloped); 5 an hour per account, 30 per client address',
        security: [{ bearerAuth: [] }],
        produces: ['application/json'],
        response: {
          200: dataExportSchema,
          ...authErrors,
          ...errorResponses,
          429: errorEnvelopeSchema.describe('Downloaded too often: `msg` says in how many minutes to try again (`Retry-After`)'),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      // Counted in the database: every API process sees the same counts.
      const reservation = await reserveHits(app.db, [
        { bucket: dataExportAccountBucket(userId), rule: DATA_EXPORT_PER_ACCOUNT },
        { bucket: dataExportAddressBucket(request.ip), rule: DATA_EXPORT_PER_ADDRESS },
      ]);
      if (!reservation.ok) {
        reply.header('Retry-After', String(reservation.retryAfter));
        return fail(request, reply, 429, 'validation.dataExportRateLimited', { params: { minutes: Math.ceil(reservation.retryAfter / 60) } });
      }
      // One snapshot on one connection: the file's parts agree with each other (a message and the
      // research it names), and a download never holds more than one of the pool's connections.
      const data = await app.db.transaction((tx) => gatherMemberData(tx, userId), { isolationLevel: 'repeatable read', accessMode: 'read only' });
      if (!data) throw new AppError(401, 'validation.signInRequired');
      await recordExport(app.db, userId, data);
      // Checked against the route's schema here, then written indented (this answer's own
      // serializer): a file a person may open and read.
      const document = dataExportSchema.parse(data);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="scholars-hub-data-${document.exported_at.slice(0, 10)}.json"`)
        .header('Cache-Control', 'no-store')
        .serializer((payload) => JSON.stringify(payload, null, 2))
        .send(document);
    },
  );

  app.get(
    '/profile/research-submissions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's research submissions, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: mySubmissionsResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({
          id: researchSubmissions.id,
          title: researchSubmissions.title,
          titleEn: researchSubmissions.titleEn,
          status: researchSubmissions.status,
          createdAt: researchSubmissions.createdAt,
          updatedAt: researchSubmissions.updatedAt,
        })
        .from(researchSubmissions)
        .where(eq(researchSubmissions.ownerId, request.user!.id))
        .orderBy(desc(researchSubmissions.createdAt), desc(researchSubmissions.id));
      return {
        status: true as const,
        data: rows.map((row) => ({
          id: row.id,
          title: row.title,
          title_en: row.titleEn,
          status: row.status,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        })),
      };
    },
  );
};
export default profile;
