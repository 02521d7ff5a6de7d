/**
 * The first administrator (docs/decisions.md, "Accounts and security"): while no account holds the
 * administrator role, each start prints a one-time link (lib/operators/setup-links.ts) that opens
 * the setup page, which calls:
 * - `GET setup/{token}`: is the link good (404 used, expired or replaced; 409 an administrator exists);
 * - `POST setup/{token}`: make the administrator: a new account (name, e-mail, password), verified
 *   by the link itself, or `{ promote: true }` for the account signed in with the request. The link
 *   is spent in the same transaction: of two simultaneous uses, one wins and the other changes nothing.
 * Every use is in the audit log.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  setupRequestSchema,
  setupResponseSchema,
  setupStateResponseSchema,
  setupTokenParamsSchema,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { appendAudit } from '../lib/operators/audit';
import { checkSetupToken, spendSetupToken } from '../lib/operators/setup-links';
import { hashPassword } from '../lib/passwords';
import { normalizeEmail } from './auth';
import { errorResponses } from './schemas';

const refusal = (state: 'invalid' | 'administrator-exists') =>
  state === 'invalid' ? new AppError(404, 'validation.setupLinkInvalid') : new AppError(409, 'validation.setupAdministratorExists');

const setup: FastifyPluginAsyncZod = async (app) => {
  const refusals = {
    404: errorEnvelopeSchema.describe('The link was used, has expired or was replaced by a newer one'),
    409: errorEnvelopeSchema.describe('An administrator exists: the link no longer opens anything; or (POST) an account has this e-mail: sign in with it and promote it'),
  };

  app.get(
    '/setup/:token',
    {
      schema: {
        tags: ['operators'],
        summary: 'Whether a first-administrator setup link is good',
        params: setupTokenParamsSchema,
        response: { 200: setupStateResponseSchema, ...refusals, ...errorResponses },
      },
    },
    async (request) => {
      const state = await checkSetupToken(app.db, request.params.token);
      if (state.state !== 'valid') throw refusal(state.state);
      return { status: true as const, data: { expires_at: state.expiresAt.toISOString() } };
    },
  );

  app.post(
    '/setup/:token',
    {
      onRequest: app.optionalAuthenticate,
      schema: {
        tags: ['operators'],
        summary: 'Make the first administrator: a new account, or the signed-in one (`promote`)',
        params: setupTokenParamsSchema,
        body: setupRequestSchema,
        response: {
          200: setupResponseSchema,
          401: errorEnvelopeSchema.describe('`promote` without a signed-in account'),
          ...refusals,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { token } = request.params;
      const body = request.body;
      const state = await checkSetupToken(app.db, token);
      if (state.state !== 'valid') throw refusal(state.state);
      if ('promote' in body && !request.user) throw new AppError(401, 'validation.unauthorized');
      // Hashed before the transaction: a slow hash must not hold the row locks.
      const passwordHash = 'promote' in body ? null : await hashPassword(body.password, app.config.PASSWORD_SCRYPT_LOG_N);

      const made = await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        let account: { id: number; email: string };
        if ('promote' in body) {
          account = { id: request.user!.id, email: request.user!.email };
          await db.update(users).set({ roles: sql`array_append(array_remove(${users.roles}, 'admin'), 'admin')` }).where(eq(users.id, account.id));
        } else {
          const email = normalizeEmail(body.email);
          const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
          if (taken) throw new AppError(409, 'validation.emailTaken');
          const [created] = await db
            .insert(users)
            .values({ name: body.name, email, passwordHash, roles: ['admin'], locale: request.locale, emailVerifiedAt: new Date() })
            .returning({ id: users.id, email: users.email });
          account = created!;
        }
        if (!(await spendSetupToken(db, token, account.id))) throw new AppError(404, 'validation.setupLinkInvalid');
        await appendAudit(db, {
          actorId: account.id,
          actorLabel: 'setup-link',
          action: 'setup',
          targetType: 'user',
          targetId: account.id,
          details: { role: 'admin', way: 'promote' in body ? 'promoted' : 'created' },
        });
        return account;
      });
      request.log.info({ userId: made.id }, 'first administrator made through the setup link');
      return { status: true as const, msg: request.t('success.setupDone'), data: { user_id: made.id, email: made.email } };
    },
  );
};

export default setup;
