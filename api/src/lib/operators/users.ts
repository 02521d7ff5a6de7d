/**
 * The users screen's data (administrators): the list with the platform's Arabic-aware search over
 * name and e-mail, a user's whole page, and the changes (supervisor link, suspension, lift), each
 * in one transaction with its audit entry and, for a suspension or its lift, the user's e-mail.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { formatInvoiceNumber } from '@scholars/shared-contracts/schemas';
import type {
  AdminSubscription,
  AdminUserDetails,
  AdminUserItem,
  adminUsersQuerySchema,
  AuditEntry as AuditEntryView,
  auditLogExportQuerySchema,
  auditLogQuerySchema,
  Suspension,
} from '@scholars/shared-contracts/schemas';
import type { StaffRole } from '@scholars/shared-contracts/authorization';
import type { Db } from '../../db/client';
import {
  auditLog,
  invoices,
  researchSubmissions,
  subscriptionPlans,
  subscriptions,
  supervisionInvitations,
  userSuspensions,
  users,
} from '../../db/schema';
import { foldedSearchConditions, pageOffset } from '../pagination';
import { isSuspended, notSuspended, suspendedNow } from '../accounts/suspension';
import { removalCounts } from '../moderation/removals';
import { toCsv } from '../csv';
import { subscriptionStatus } from '../payments/summary';

type UserRow = typeof users.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function stateOf(row: Pick<UserRow, 'suspendedAt' | 'suspendedUntil' | 'emailVerifiedAt' | 'closedAt'>, now = new Date()): AdminUserItem['state'] {
  if (row.closedAt) return 'closed';
  if (isSuspended(row, now)) return 'suspended';
  return row.emailVerifiedAt ? 'active' : 'unverified';
}

const itemOf = (row: UserRow): AdminUserItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roles: row.roles as StaffRole[],
  state: stateOf(row),
  suspended_until: isSuspended(row) ? iso(row.suspendedUntil) : null,
  created_at: row.createdAt.toISOString(),
});

export async function listUsers(db: Db, query: z.output<typeof adminUsersQuerySchema>): Promise<{ items: AdminUserItem[]; total: number }> {
  const where: SQL[] = [];
  // Name and e-mail folded in the query: the users table has no `search_text` column.
  where.push(...foldedSearchConditions([users.name, users.email], query.q ?? ''));
  if (query.role === 'user') where.push(sql`cardinality(${users.roles}) = 0`);
  else if (query.role) where.push(sql`${query.role} = any(${users.roles})`);
  if (query.state === 'closed') where.push(isNotNull(users.closedAt));
  else if (query.state) where.push(isNull(users.closedAt));
  if (query.state === 'suspended') where.push(suspendedNow());
  else if (query.state === 'active') where.push(and(notSuspended(), sql`${users.emailVerifiedAt} is not null`)!);
  else if (query.state === 'unverified') where.push(and(notSuspended(), isNull(users.emailVerifiedAt))!);
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return { items: rows.map(itemOf), total: total?.n ?? 0 };
}

export async function userDetails(db: Db, id: number): Promise<AdminUserDetails | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) return null;
  const creator = alias(users, 'creator');
  const lifter = alias(users, 'lifter');
  const [supervisor, students, submissions, subs, removals, suspensions] = await Promise.all([
    row.supervisorId
      ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, row.supervisorId))
      : Promise.resolve([]),
    db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.supervisorId, id)).orderBy(users.name, users.id),
    db
      .select({
        id: researchSubmissions.id,
        title: researchSubmissions.title,
        title_en: researchSubmissions.titleEn,
        status: researchSubmissions.status,
        createdAt: researchSubmissions.createdAt,
      })
      .from(researchSubmissions)
      .where(eq(researchSubmissions.ownerId, id))
      .orderBy(desc(researchSubmissions.createdAt), desc(researchSubmissions.id)),
    userSubscriptions(db, id),
    removalCounts(db, id),
    db
      .select({ s: userSuspensions, createdBy: creator.name, liftedBy: lifter.name })
      .from(userSuspensions)
      .leftJoin(creator, eq(creator.id, userSuspensions.createdBy))
      .leftJoin(lifter, eq(lifter.id, userSuspensions.liftedBy))
      .where(eq(userSuspensions.userId, id))
      .orderBy(desc(userSuspensions.createdAt), desc(userSuspensions.id)),
  ]);
  return {
    ...itemOf(row),
    phone: row.phone,
    country: row.country,
    locale: row.locale,
    avatar: row.avatar,
    email_verified_at: iso(row.emailVerifiedAt),
    supervisor: supervisor[0] ?? null,
    students,
    submissions: submissions.map(({ createdAt, ...rest }) => ({ ...rest, created_at: createdAt.toISOString() })),
    subscriptions: subs,
    removals,
    suspensions: suspensions.map(
      ({ s, createdBy, liftedBy }): Suspension => ({
        id: s.id,
        reason: s.reason,
        ends_at: iso(s.endsAt),
        created_at: s.createdAt.toISOString(),
        created_by: createdBy,
        lifted_at: iso(s.liftedAt),
        lifted_by: liftedBy,
        lift_reason: s.liftReason,
      }),
    ),
  };
}

/** A user's subscriptions, newest first, each with its last payment (the one a refund gives back). */
async function userSubscriptions(db: Db, userId: number): Promise<AdminSubscription[]> {
  const rows = await db
    .select({ row: subscriptions, plan: subscriptionPlans.name, planEn: subscriptionPlans.nameEn })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id));
  const ids = rows.map(({ row }) => row.id);
  const payments = ids.length
    ? await db.select().from(invoices).where(inArray(invoices.subscriptionId, ids)).orderBy(desc(invoices.issuedAt), desc(invoices.number))
    : [];
  const now = new Date();
  return rows.map(({ row, plan, planEn }) => {
    const status = subscriptionStatus(row, now);
    const last = payments.find((invoice) => invoice.subscriptionId === row.id);
    return {
      id: row.id,
      plan,
      plan_en: planEn,
      status,
      live: status === 'active',
      renews: status === 'active' && !row.cancelAtPeriodEnd,
      price: row.price,
      currency: row.currency,
      provider: row.provider,
      starts_at: iso(row.currentPeriodStart),
      ends_at: iso(row.currentPeriodEnd),
      ended_at: iso(row.endedAt),
      last_payment: last
        ? { invoice_id: last.id, display_number: formatInvoiceNumber(last.number), amount: last.amount, currency: last.currency, status: last.status, refunded_at: iso(last.refundedAt) }
        : null,
    };
  });
}

/**
 * Links `studentId` to `supervisorId` (or unlinks: null) in the caller's transaction: the
 * student's submissions waiting for a supervisor follow, and a pending invitation the student
 * sent to someone else is withdrawn (the administrator decided).
 */
export async function setSupervisor(tx: Db, studentId: number, supervisorId: number | null): Promise<{ previous: number | null }> {
  const [before] = await tx.select({ supervisorId: users.supervisorId }).from(users).where(eq(users.id, studentId)).for('update');
  await tx.update(users).set({ supervisorId }).where(eq(users.id, studentId));
  await tx
    .update(researchSubmissions)
    .set({ supervisorId })
    .where(and(eq(researchSubmissions.ownerId, studentId), inArray(researchSubmissions.status, ['pending_supervisor'])));
  await tx
    .update(supervisionInvitations)
    .set({ state: 'withdrawn', decidedAt: sql`now()` })
    .where(and(eq(supervisionInvitations.studentId, studentId), eq(supervisionInvitations.state, 'pending')));
  return { previous: before?.supervisorId ?? null };
}

type AuditFilter = z.output<typeof auditLogExportQuerySchema>;

function auditFilter(query: AuditFilter): SQL | undefined {
  const where: SQL[] = [];
  if (query.actor_id) where.push(eq(auditLog.actorId, query.actor_id));
  if (query.target_type) where.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id) where.push(eq(auditLog.targetId, query.target_id));
  if (query.action) where.push(eq(auditLog.action, query.action));
  return where.length ? and(...where) : undefined;
}

/** The most entries one export holds (the newest): a file a spreadsheet opens; narrow the filter for older ones. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/** The filtered log as CSV, newest first (at most AUDIT_EXPORT_LIMIT entries): the actor by name as the screen shows it, the details as JSON. */
export async function auditCsv(db: Db, query: AuditFilter): Promise<string> {
  const actor = alias(users, 'actor');
  const rows = await db
    .select({ entry: auditLog, actorName: actor.name })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .where(auditFilter(query))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_EXPORT_LIMIT);
  return toCsv([
    ['id', 'at', 'actor_id', 'actor', 'action', 'target_type', 'target_id', 'reason', 'details'],
    ...rows.map(({ entry, actorName }) => [
      entry.id,
      entry.createdAt.toISOString(),
      entry.actorId,
      actorName ?? entry.actorLabel,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.reason,
      Object.keys(entry.details).length ? JSON.stringify(entry.details) : '',
    ]),
  ]);
}

export async function auditPage(db: Db, query: z.output<typeof auditLogQuerySchema>): Promise<{ items: AuditEntryView[]; total: number }> {
  const condition = auditFilter(query);
  const actor = alias(users, 'actor');
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: actor.name })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return {
    items: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      // An account by its name (its label if it was deleted since); the command line or the setup link by their label.
      actor: { id: entry.actorId, label: actorName ?? entry.actorLabel },
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason,
      details: entry.details,
      created_at: entry.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
