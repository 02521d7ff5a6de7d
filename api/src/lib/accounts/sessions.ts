/**
 * Sessions (decisions.md): a short-lived access token in the answer body, and a refresh token in
 * an httpOnly cookie, rotated on every refresh. Refresh tokens form a family (one per sign-in);
 * using a token that was already rotated means it was copied, so the whole family is revoked and
 * the newer token stops working too.
 *
 * Cookie: `refresh_token`, httpOnly, SameSite=Strict, Path=/api/tokens (sent to the refresh and
 * logout calls only), Secure when PUBLIC_BASE_URL is https, 30 days (renewed on each refresh).
 * Stored: SHA-256 of the token only.
 *
 * A family is also the session of the access tokens issued with it (their `sid` claim): when it
 * is revoked (logout, reuse, password change or reset) they are refused at once (plugins/app/auth.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionResponse, SessionUser } from '@scholars/shared-contracts/schemas';
import { refreshTokenFamilies, refreshTokens, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../plugins/app/auth';
import { randomToken, sha256 } from './secrets';
import { isSuspended } from './suspension';
import { primaryRole, type StaffRole } from '@scholars/shared-contracts/authorization';

export const REFRESH_COOKIE = 'refresh_token';
export const REFRESH_COOKIE_PATH = '/api/tokens';
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;

type UserRow = typeof users.$inferSelect;

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    gender: row.gender,
    avatar: row.avatar,
    role: primaryRole(row.roles as StaffRole[]),
    roles: row.roles as StaffRole[],
    locale: row.locale,
  };
}

export function refreshCookieOptions(app: FastifyInstance, maxAge = REFRESH_TTL_SECONDS) {
  return {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: app.config.PUBLIC_BASE_URL.startsWith('https:'),
    maxAge,
  };
}

export function setRefreshCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, refreshCookieOptions(app));
}

export function clearRefreshCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { ...refreshCookieOptions(app), maxAge: 0 });
}

async function insertToken(db: Pick<Db, 'insert'>, familyId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({
    familyId,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(secs => ${REFRESH_TTL_SECONDS})`,
  });
  return token;
}

/** A new session (refresh-token family) of `userId`; its id goes into the access tokens' `sid`. */
export async function openSession(
  db: Pick<Db, 'insert'>,
  userId: number,
  client: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<string> {
  const [family] = await db
    .insert(refreshTokenFamilies)
    .values({ userId, userAgent: client.userAgent?.slice(0, 300) ?? null, ip: client.ip ?? null })
    .returning({ id: refreshTokenFamilies.id });
  return family!.id;
}

/** The answer of a sign-in: a new family and refresh cookie, an access token, the user. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  msg?: string,
): Promise<SessionResponse> {
  const { token, familyId } = await app.db.transaction(async (tx) => {
    const familyId = await openSession(tx, user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
    return { token: await insertToken(tx, familyId), familyId };
  });
  setRefreshCookie(app, reply, token);
  const accessToken = app.issueAccessToken(user, familyId);
  return {
    status: true,
    ...(msg ? { msg } : {}),
    accessToken,
    data: { accessToken, expires_in: ACCESS_TOKEN_TTL_SECONDS, user: toSessionUser(user) },
  };
}

export type RotateResult =
  | { ok: true; token: string; user: UserRow; familyId: string }
  | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'revoked' | 'reused' | 'user' }
  /** The account is suspended now (its sessions were ended by the suspension): told so, with its end. */
  | { ok: false; reason: 'suspended'; until: Date | null };

/**
 * Exchanges a refresh token for a new one. A token already rotated (or rotated concurrently)
 * revokes its family: every token of it, the newest included, stops working.
 */
export async function rotateRefreshToken(app: FastifyInstance, presented: string | undefined): Promise<RotateResult> {
  if (!presented || presented.length > 200) return { ok: false, reason: 'missing' };
  const [found] = await app.db
    .select({ token: refreshTokens, family: refreshTokenFamilies })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokens.familyId, refreshTokenFamilies.id))
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (!found) return { ok: false, reason: 'unknown' };
  if (found.family.revokedAt) {
    // A suspension ends every session: the member whose page refreshes is told why, not "expired".
    const [owner] = await app.db.select({ suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, found.family.userId));
    return owner && isSuspended(owner) ? { ok: false, reason: 'suspended', until: owner.suspendedUntil } : { ok: false, reason: 'revoked' };
  }
  if (found.token.rotatedAt) {
    await revokeFamily(app.db, found.family.id, 'reuse');
    app.log.warn({ familyId: found.family.id, userId: found.family.userId }, 'refresh token reused: session family revoked');
    return { ok: false, reason: 'reused' };
  }
  if (found.token.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };

  const [user] = await app.db.select().from(users).where(eq(users.id, found.family.userId));
  if (!user || isSuspended(user) || !user.emailVerifiedAt || user.closedAt) {
    await revokeFamily(app.db, found.family.id, 'user');
    return user && isSuspended(user) ? { ok: false, reason: 'suspended', until: user.suspendedUntil } : { ok: false, reason: 'user' };
  }

  const token = await app.db.transaction(async (tx) => {
    // Only one request may rotate a token: the loser of a race is treated as a reuse.
    const rotated = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, found.token.id), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (rotated.length === 0) return undefined;
    await tx
      .update(refreshTokenFamilies)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(refreshTokenFamilies.id, found.family.id));
    return insertToken(tx, found.family.id);
  });
  if (!token) {
    await revokeFamily(app.db, found.family.id, 'reuse');
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, token, user, familyId: found.family.id };
}

export async function revokeFamily(db: Pick<Db, 'update'>, familyId: string, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

/** Revokes the family of a presented refresh token (logout); unknown tokens are ignored. */
export async function revokeByToken(db: Db, presented: string | undefined, reason: string): Promise<void> {
  if (!presented || presented.length > 200) return;
  const [found] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  if (found) await revokeFamily(db, found.familyId, reason);
}

/** Every session of a user (password reset). */
export async function revokeAllSessions(db: Pick<Db, 'update'>, userId: number, reason: string): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}
