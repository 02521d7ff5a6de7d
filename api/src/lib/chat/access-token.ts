/**
 * The chat socket's authentication: the same access token as the HTTP calls (JWT, verified by
 * the auth plugin's `app.jwt`), checked the same way: an access token (`typ: 'access'`) of a
 * user who exists, verified their e-mail, is not suspended, and has not changed the password
 * since the token was issued.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import type { AccessTokenPayload } from '../../plugins/app/auth';
import type { VerifiedToken } from './session';

export async function verifyAccessToken(app: FastifyInstance, token: string): Promise<VerifiedToken | null> {
  let payload: AccessTokenPayload;
  try {
    payload = app.jwt.verify<AccessTokenPayload>(token);
  } catch {
    return null;
  }
  if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !/^\d{1,10}$/.test(payload.sub)) return null;
  if (typeof payload.exp !== 'number') return null;
  const id = Number(payload.sub);
  if (id > 2_147_483_647) return null;
  const [row] = await app.db
    .select({ emailVerifiedAt: users.emailVerifiedAt, suspendedAt: users.suspendedAt, passwordChangedAt: users.passwordChangedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row || row.suspendedAt || !row.emailVerifiedAt) return null;
  if (row.passwordChangedAt && typeof payload.iat === 'number' && payload.iat < Math.floor(row.passwordChangedAt.getTime() / 1000)) {
    return null;
  }
  return { userId: id, expiresAt: payload.exp * 1000 };
}
