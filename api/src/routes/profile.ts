/**
 * The signed-in user's own profile (`/profile`, spec 2 and 3 "User"):
 *
 * - `GET profile`, `PUT profile` (every editable field at once; changing the e-mail needs the
 *   current password and an address no other account uses; the newsletter flag also
 *   (un)subscribes the address from the newsletter list);
 * - `POST profile/avatar` (multipart `avatar`: PNG, JPEG or WebP recognised by content, at most
 *   2 MB, else 400 / 413), `DELETE profile/avatar`;
 * - `POST profile/change-password` `{ current_password, password, confirmPassword }`: signs every
 *   other session out (refresh tokens revoked, access tokens issued before the change refused) and
 *   answers a new session for this device (access token + refresh cookie, like a sign-in);
 * - `GET profile/research-submissions`: the user's research submissions (ID, date, title, status).
 */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipartPlugin from '../plugins/external/multipart';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  avatarResponseSchema,
  changePasswordSchema,
  errorEnvelopeSchema,
  mySubmissionsResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
  sessionResponseSchema,
  type Profile,
} from '@scholars/shared-contracts/schemas';
import { newsletterSubscribers, researchSubmissions, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { revokeAllSessions, startSession } from '../lib/accounts/sessions';
import { megabytes, readMultipartForm, removeStored, type UploadRule } from '../lib/uploads';
import { errorResponses } from './schemas';

type UserRow = typeof users.$inferSelect;

export function profileView(row: UserRow): Profile {
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
    role: row.role,
    created_at: row.createdAt.toISOString(),
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
};

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };
/** Wrong current passwords are throttled per client address. */
const passwordRateLimit = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

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
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: "The signed-in user's profile",
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: profileView(await currentRow(request.user!.id)) }),
  );

  app.put(
    '/profile',
    {
      preHandler: app.authenticate,
      config: passwordRateLimit,
      schema: {
        tags: ['profile'],
        summary: 'Update the profile (a new e-mail needs the current password)',
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
    async (request) => {
      const current = await currentRow(request.user!.id);
      const body = request.body;
      const email = body.email;
      const emailChanged = email.toLowerCase() !== current.email.toLowerCase();
      if (emailChanged) {
        if (!body.current_password) {
          throw new AppError(400, 'validation.currentPasswordRequired', {}, { current_password: 'validation.currentPasswordRequired' });
        }
        if (!(await verifyPassword(body.current_password, current.passwordHash))) {
          throw new AppError(400, 'validation.currentPasswordWrong', {}, { current_password: 'validation.currentPasswordWrong' });
        }
        const [taken] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, current.id)));
        if (taken) throw new AppError(409, 'validation.emailInUse', {}, { email: 'validation.emailInUse' });
      }
      let updated: UserRow | undefined;
      try {
        updated = await app.db.transaction(async (tx) => {
          const [row] = await tx
            .update(users)
            .set({
              name: body.name,
              email,
              phone: body.phone,
              country: body.country,
              gender: body.gender,
              bio: body.bio,
              dataAccess: body.data_access,
              newsletter: body.newsletter,
            })
            .where(eq(users.id, current.id))
            .returning();
          if (!row) return undefined;
          // The newsletter flag and the newsletter list agree (the list is keyed by address).
          if (emailChanged || body.newsletter !== current.newsletter) {
            await tx
              .update(newsletterSubscribers)
              .set({ unsubscribedAt: new Date() })
              .where(and(eq(newsletterSubscribers.userId, current.id), sql`lower(${newsletterSubscribers.email}) <> lower(${email})`));
          }
          if (body.newsletter) {
            await tx.execute(
              sql`INSERT INTO ${newsletterSubscribers} (email, locale, user_id) VALUES (${email}, ${row.locale}, ${row.id})
                  ON CONFLICT (lower(email)) DO UPDATE SET unsubscribed_at = NULL, user_id = EXCLUDED.user_id`,
            );
          } else if (body.newsletter !== current.newsletter) {
            await tx
              .update(newsletterSubscribers)
              .set({ unsubscribedAt: new Date() })
              .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);
          }
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'validation.emailInUse', {}, { email: 'validation.emailInUse' });
        throw error;
      }
      if (!updated) throw new AppError(401, 'validation.signInRequired');
      return { status: true as const, msg: request.t('validation.profileUpdated'), data: profileView(updated) };
    },
  );

  app.post(
    '/profile/avatar',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Upload the profile picture (multipart field `avatar`; PNG, JPEG or WebP by content; at most 2 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: avatarResponseSchema,
          ...authErrors,
          413: errorEnvelopeSchema.describe('Larger than 2 MB'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, [AVATAR_RULE], app.config.FILES_DIR);
      const problem = form.problems.avatar;
      const file = form.files.avatar;
      if (problem || !file) {
        await removeStored(app.config.FILES_DIR, [file?.path]);
        const status = problem?.status ?? 400;
        const key = status === 413 ? 'validation.avatarTooLarge' : (problem?.key ?? 'validation.avatarRequired');
        const msg = request.t(key, { maximum: megabytes(AVATAR_MAX_BYTES) });
        return reply.code(status).send({ status: false, err: status, msg, errors: { avatar: msg } });
      }
      const current = await currentRow(request.user!.id);
      await app.db.update(users).set({ avatar: file.path }).where(eq(users.id, current.id));
      await removeStored(app.config.FILES_DIR, [current.avatar]);
      return { status: true as const, msg: request.t('validation.avatarUpdated'), data: { avatar: file.path } };
    },
  );

  app.delete(
    '/profile/avatar',
    {
      preHandler: app.authenticate,
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
      await removeStored(app.config.FILES_DIR, [current.avatar]);
      return { status: true as const, msg: request.t('validation.avatarRemoved'), data: { avatar: null } };
    },
  );

  app.post(
    '/profile/change-password',
    {
      preHandler: app.authenticate,
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
        return row;
      });
      if (!updated) throw new AppError(401, 'validation.signInRequired');
      return startSession(app, request, reply, updated, request.t('validation.passwordChanged'));
    },
  );

  app.get(
    '/profile/research-submissions',
    {
      preHandler: app.authenticate,
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
