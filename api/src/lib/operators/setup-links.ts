/**
 * The first administrator's one-time setup link: while no account holds the administrator role,
 * every start issues a new link (`/setup/<token>`, valid 24 hours, stored as a SHA-256 hash; the
 * previous unused ones stop working) that the person at the terminal opens to make the first
 * administrator. Used once; refused once an administrator exists. Never a default password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminSetupTokens, users } from '../../db/schema';
import { administratorExists } from './roles';

export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new setup token while no administrator exists (the older unused ones end), else null. */
export async function issueSetupToken(db: Db, now: Date = new Date()): Promise<{ token: string; expiresAt: Date } | null> {
  if (await administratorExists(db)) return null;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
  await db.transaction(async (tx) => {
    await tx.update(adminSetupTokens).set({ expiresAt: now }).where(and(isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)));
    await tx.insert(adminSetupTokens).values({ tokenHash: hashOf(token), expiresAt });
  });
  return { token, expiresAt };
}

export type SetupTokenState = { state: 'valid'; id: number; expiresAt: Date } | { state: 'invalid' } | { state: 'administrator-exists' };

/** What a token opens: valid (unused, unexpired, and still no administrator), or why not. */
export async function checkSetupToken(db: Db, token: string, now: Date = new Date()): Promise<SetupTokenState> {
  if (await administratorExists(db)) return { state: 'administrator-exists' };
  const [row] = await db
    .select({ id: adminSetupTokens.id, expiresAt: adminSetupTokens.expiresAt })
    .from(adminSetupTokens)
    .where(and(eq(adminSetupTokens.tokenHash, hashOf(token)), isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)));
  return row ? { state: 'valid', id: row.id, expiresAt: row.expiresAt } : { state: 'invalid' };
}

/**
 * Spends the token for `userId` inside the caller's transaction: true for the one caller that got
 * it (a second use, even a simultaneous one, gets false).
 */
export async function spendSetupToken(tx: Db, token: string, userId: number, now: Date = new Date()): Promise<boolean> {
  const spent = await tx
    .update(adminSetupTokens)
    .set({ usedAt: now, usedBy: userId })
    .where(and(eq(adminSetupTokens.tokenHash, hashOf(token)), isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, now)))
    .returning({ id: adminSetupTokens.id });
  // Another administrator made meanwhile (a second link, the command line) also ends it.
  const [other] = await tx.select({ id: users.id }).from(users).where(and(sql`'admin' = any(${users.roles})`, ne(users.id, userId))).limit(1);
  return spent.length === 1 && !other;
}
