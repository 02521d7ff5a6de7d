/**
 * Authentication and authorization (decisions.md, accounts and security).
 *
 * - Access token: a JWT (HS256, JWT_SECRET; 15 minutes) sent as `Authorization: Bearer <token>`,
 *   kept by the client in localStorage under `accessToken` (spec 3). Its claims are only `sub`
 *   (the user id), `sid` (its session: the refresh-token family, lib/accounts/sessions.ts),
 *   `typ: 'access'`, `iat` and `exp` (all required). The user (name, role, locale) and the session
 *   are read from the database on every authenticated request, in one query, so a suspension, a
 *   role change, a password change or the end of the session (logout, refresh-token reuse,
 *   password reset) applies at once.
 * - `app.authenticate`: an onRequest hook (a refused visitor's body is never read or validated:
 *   401 before 400); 401 envelope `{ status: false, msg: 'Please sign in.', err: 401 }`.
 * - `app.optionalAuthenticate`: a hook; sets `request.user` when a valid token is present, never fails.
 * - `app.requireRole(...roles)`: onRequest hook factory; 401 without a session, 403 with another role.
 * - `request.user`: `{ id, email, name, role, locale }` or null; `request.account`: the whole
 *   profile `auth/me` answers (phone, country, gender, avatar too), read by the same query.
 * - `app.issueAccessToken(user, sessionId)`: a new access token of a session (sign-in, refresh).
 *
 * Without JWT_SECRET (allowed outside production) a random secret is made at start: tokens then
 * do not survive a restart (the refresh cookie does, so the client just refreshes).
 */
import { createHmac, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionUser as AccountProfile } from '@scholars/shared-contracts/schemas';
import { refreshTokenFamilies, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isSuspended } from '../../lib/accounts/suspension';
import { primaryRole, rolesAllow, type Role, type StaffRole } from '@scholars/shared-contracts/authorization';
import type { Locale } from '@scholars/shared-contracts/locale';
import { ROUTE_ID_PATTERN } from '@scholars/shared-contracts/routes';

export type UserRole = Role;

/** The signed-in user of a request. */
export interface SessionUser {
  id: number;
  email: string;
  name: string;
  /** The most privileged of `roles` (`user` for none). */
  role: UserRole;
  /** Every staff role the account holds, read on each call: a grant or revoke counts at once. */
  roles: StaffRole[];
  locale: Locale;
}

/** Claims of an access token. */
export interface AccessTokenPayload {
  sub: string;
  /** The session (refresh-token family id): the token dies with it. */
  sid: string;
  typ: 'access';
  iat?: number;
  exp?: number;
}

/** Lifetime of an access token, seconds (decisions.md: 15 minutes). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Claims every access token must carry: a token without `exp` would never expire. */
export const ACCESS_TOKEN_REQUIRED_CLAIMS = ['sub', 'sid', 'typ', 'iat', 'exp'];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user id and session of verified access-token claims, or null when they are not ours. */
export function accessTokenSubject(payload: AccessTokenPayload): { userId: number; sessionId: string } | null {
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !ROUTE_ID_PATTERN.test(payload.sub)) return null;
  if (typeof payload.exp !== 'number' || typeof payload.sid !== 'string' || !UUID_PATTERN.test(payload.sid)) return null;
  const userId = Number(payload.sub);
  if (userId > 2_147_483_647) return null;
  return { userId, sessionId: payload.sid };
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenPayload;
    user: SessionUser | null;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's profile (with `request.user`), or null. */
    account: AccountProfile | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer access token is required (401 envelope otherwise). */
    authenticate: onRequestAsyncHookHandler;
    /** Hook: sets `request.user` when a valid token is present; never fails. */
    optionalAuthenticate: onRequestAsyncHookHandler;
    /** onRequest hook factory: signed in (401) with one of `roles` (403). */
    requireRole(...roles: UserRole[]): onRequestAsyncHookHandler;
    /** A new access token for `user` in the session `sessionId` (a refresh-token family id; 15 minutes). */
    issueAccessToken(user: Pick<SessionUser, 'id'>, sessionId: string): string;
    /** A 32-byte key for `label` derived from JWT_SECRET (e.g. the key of one-time code hashes). */
    serverKey(label: string): Buffer;
  }
}

const unauthorized = () => new AppError(401, 'validation.signInRequired');

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]+)\s*$/i.exec(header);
  return match?.[1];
}

export default fp(
  async (app) => {
    const secret = app.config.JWT_SECRET ?? randomBytes(48).toString('base64url');
    if (!app.config.JWT_SECRET && app.config.NODE_ENV !== 'test') {
      app.log.warn('JWT_SECRET is not set: access tokens will not survive a restart or be shared between processes');
    }
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_SECONDS },
      verify: { algorithms: ['HS256'], requiredClaims: ACCESS_TOKEN_REQUIRED_CLAIMS },
    });

    /** The user behind the request's token, with the profile, or null (no token, bad token, gone, suspended...). */
    async function accountFromRequest(request: FastifyRequest): Promise<AccountProfile | null> {
      const token = bearerToken(request);
      if (!token) return null;
      let payload: AccessTokenPayload;
      try {
        payload = app.jwt.verify<AccessTokenPayload>(token);
      } catch {
        return null;
      }
      const subject = accessTokenSubject(payload);
      if (!subject) return null;
      // One query: the user, and the token's session only while it is live (inner join).
      const [row] = await app.db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          phone: users.phone,
          country: users.country,
          gender: users.gender,
          avatar: users.avatar,
          roles: users.roles,
          locale: users.locale,
          emailVerifiedAt: users.emailVerifiedAt,
          suspendedAt: users.suspendedAt,
          suspendedUntil: users.suspendedUntil,
          passwordChangedAt: users.passwordChangedAt,
          closedAt: users.closedAt,
        })
        .from(users)
        .innerJoin(
          refreshTokenFamilies,
          and(eq(refreshTokenFamilies.id, subject.sessionId), eq(refreshTokenFamilies.userId, users.id), isNull(refreshTokenFamilies.revokedAt)),
        )
        .where(eq(users.id, subject.userId));
      if (!row || isSuspended(row) || !row.emailVerifiedAt || row.closedAt) return null;
      // Issued before the last password change (reset): refused. iat has a one-second resolution.
      if (row.passwordChangedAt && typeof payload.iat === 'number' && payload.iat < Math.floor(row.passwordChangedAt.getTime() / 1000)) {
        return null;
      }
      const { emailVerifiedAt: _verified, suspendedAt: _suspended, suspendedUntil: _until, passwordChangedAt: _changed, closedAt: _closed, roles, ...rest } = row;
      const staffRoles = roles as StaffRole[];
      return { ...rest, role: primaryRole(staffRoles), roles: staffRoles };
    }

    /** Sets `request.user` and `request.account` from the request's token. */
    async function readSession(request: FastifyRequest) {
      const account = await accountFromRequest(request);
      request.account = account;
      request.user = account && { id: account.id, email: account.email, name: account.name, role: account.role, roles: account.roles, locale: account.locale };
    }

    app.decorateRequest('account', null);

    const authenticate: onRequestAsyncHookHandler = async (request, reply) => {
      await readSession(request);
      if (!request.user) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw unauthorized();
      }
    };

    const optionalAuthenticate: onRequestAsyncHookHandler = async (request) => {
      await readSession(request);
    };

    app.decorate('authenticate', authenticate);
    app.decorate('optionalAuthenticate', optionalAuthenticate);
    app.decorate('requireRole', (...roles: UserRole[]): onRequestAsyncHookHandler => {
      return async function requireRole(request, reply) {
        if (!request.user) await authenticate.call(this, request, reply);
        if (!request.user || !rolesAllow(request.user.roles, roles)) throw new AppError(403, 'validation.forbidden');
      };
    });
    app.decorate('issueAccessToken', (user: Pick<SessionUser, 'id'>, sessionId: string) =>
      app.jwt.sign({ sub: String(user.id), sid: sessionId, typ: 'access' }),
    );
    app.decorate('serverKey', (label: string) => createHmac('sha256', secret).update(`scholars:${label}`).digest());
  },
  { name: 'auth', dependencies: ['config', 'db', 'error-handler'] },
);
