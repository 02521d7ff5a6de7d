/**
 * Suspensions (decisions.md, "Suspensions and the audit log"): `users.suspended_at` says since
 * when, `users.suspended_until` until when (null: until lifted). A suspension whose end has passed
 * no longer counts, without anyone lifting it: every check of "is this account suspended" goes
 * through {@link isSuspended} (a row already read) or {@link notSuspended} (a SQL condition).
 */
import { sql, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';

export interface SuspensionColumns {
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
}

/** Whether the account is suspended at `now` (a suspension with a past end is over). */
export function isSuspended(row: SuspensionColumns, now: Date = new Date()): boolean {
  return row.suspendedAt !== null && (row.suspendedUntil === null || row.suspendedUntil.getTime() > now.getTime());
}

/** The SQL condition "this user is not suspended now" (the same rule as {@link isSuspended}). */
export const notSuspended = (): SQL =>
  sql`(${users.suspendedAt} is null or (${users.suspendedUntil} is not null and ${users.suspendedUntil} <= now()))`;

/** The SQL condition "this user is suspended now". */
export const suspendedNow = (): SQL => sql`not ${notSuspended()}`;
