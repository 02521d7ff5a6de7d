/**
 * The audit log: every operator action, appended with who, when, what, the target and why. The API
 * only inserts (the database refuses UPDATE and DELETE: migration 0010).
 */
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditAction = 'grant' | 'revoke' | 'setup' | ReviewAuditAction;
/** The review loop's actions (review.ts, supervision.ts): decisions, assignment, supervision answers. */
export type ReviewAuditAction = 'research.decide' | 'research.assign' | 'supervision.accept' | 'supervision.decline';

export interface AuditEntry {
  /** The account that acted; null when it is the command line (`actorLabel: 'cli'`). */
  actorId: number | null;
  /** How the actor is shown: `account`, `cli`, `setup-link`. */
  actorLabel: 'account' | 'cli' | 'setup-link';
  action: AuditAction;
  targetType: 'user' | 'research';
  targetId: number | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function appendAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorLabel: entry.actorLabel,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}
