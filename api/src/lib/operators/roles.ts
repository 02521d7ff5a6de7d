/**
 * Granting and revoking staff roles (supervisor, reviewer, admin): one statement each, so two
 * operators at once cannot lose a role, and an audit entry in the same transaction. A role counts
 * from the account's next call (the session check reads the roles on every request).
 */
import { sql } from 'drizzle-orm';
import type { StaffRole } from '@scholars/shared-contracts/authorization';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { appendAudit, type AuditEntry } from './audit';

export interface RoleChange {
  email: string;
  role: StaffRole;
  actor: Pick<AuditEntry, 'actorId' | 'actorLabel'>;
  reason?: string | null;
  /** Refuse to revoke `admin` from the last administrator (the users screen; the command line may). */
  keepOneAdministrator?: boolean;
  /** Called in the change's transaction once the role changed (the users screen mails the member). */
  onChanged?: (tx: Db, userId: number) => Promise<void>;
}

export type RoleChangeResult =
  | { status: 'changed' | 'unchanged' | 'last-administrator'; userId: number; roles: StaffRole[] }
  | { status: 'no-account' };

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

async function change(db: Db, action: 'grant' | 'revoke', input: RoleChange): Promise<RoleChangeResult> {
  return db.transaction(async (tx) => {
    // The administrators are locked first (always in the same order), so two administrators
    // revoking each other at once cannot both succeed and leave the platform without one.
    const admins =
      action === 'revoke' && input.role === 'admin' && input.keepOneAdministrator
        ? await tx.select({ id: users.id, email: users.email }).from(users).where(sql`'admin' = any(${users.roles})`).orderBy(users.id).for('update')
        : null;
    const [account] = await tx.select({ id: users.id, roles: users.roles }).from(users).where(byEmail(input.email)).for('update');
    if (!account) return { status: 'no-account' } as const;
    const has = account.roles.includes(input.role);
    if ((action === 'grant') === has) return { status: 'unchanged', userId: account.id, roles: account.roles as StaffRole[] } as const;
    if (admins && admins.length <= 1) return { status: 'last-administrator', userId: account.id, roles: account.roles as StaffRole[] } as const;
    const next = action === 'grant' ? [...account.roles, input.role] : account.roles.filter((role) => role !== input.role);
    await tx.update(users).set({ roles: next }).where(sql`${users.id} = ${account.id}`);
    await appendAudit(tx as unknown as Db, {
      ...input.actor,
      action,
      targetType: 'user',
      targetId: account.id,
      reason: input.reason ?? null,
      details: { role: input.role },
    });
    await input.onChanged?.(tx as unknown as Db, account.id);
    return { status: 'changed', userId: account.id, roles: next as StaffRole[] } as const;
  });
}

export const grantRole = (db: Db, input: RoleChange) => change(db, 'grant', input);
export const revokeRole = (db: Db, input: RoleChange) => change(db, 'revoke', input);

/** Whether any account holds the administrator role. */
export async function administratorExists(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`'admin' = any(${users.roles})`).limit(1);
  return Boolean(row);
}
