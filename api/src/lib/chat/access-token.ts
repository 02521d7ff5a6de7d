/**
 * The chat socket's authentication: the same access token as the HTTP calls (JWT, verified by
 * the auth plugin's `app.jwt`), checked the same way: an access token (`typ: 'access'`) of a
 * user who exists, verified their e-mail, is not suspended, has not changed the password
 * since the token was issued, and whose session (the token's `sid`) has not ended.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { refreshTokenFamilies, users } from '../../db/schema';
import { accessTokenSubject, type AccessTokenPayload } from '../../plugins/app/auth';
import type { VerifiedToken } from './session';
import { isSuspended } from '../accounts/suspension';

export async function verifyAccessToken(app: FastifyInstance, token: string): Promise<VerifiedToken | null> {
  let payload: AccessTokenPayload;
  try {
    payload = app.jwt.verify<AccessTokenPayload>(token);
  } catch {
    return null;
  }
  const subject = accessTokenSubject(payload);
  if (!subject || typeof payload.exp !== 'number') return null;
  const id = subject.userId;
  const [row] = await app.db
    .select({ emailVerifiedAt: users.emailVerifiedAt, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .innerJoin(
      refreshTokenFamilies,
      and(eq(refreshTokenFamilies.id, subject.sessionId), eq(refreshTokenFamilies.userId, users.id), isNull(refreshTokenFamilies.revokedAt)),
    )
    .where(eq(users.id, id))
    .limit(1);
  if (!row || isSuspended(row) || !row.emailVerifiedAt) return null;
  if (row.passwordChangedAt && typeof payload.iat === 'number' && payload.iat < Math.floor(row.passwordChangedAt.getTime() / 1000)) {
    return null;
  }
  return { userId: id, expiresAt: payload.exp * 1000 };
}
