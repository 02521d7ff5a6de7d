/**
 * A member closes their own account (decisions.md "Closing an account"). The row stays: research,
 * chat messages, invoices, the audit log and some thirty other foreign keys refer to it, and those
 * are scholarly or legal records. What made it a person's account goes, in one transaction:
 *
 * - refused first (409) while closing would leave something running: the only active
 *   administrator, a subscription that still renews, upcoming consultation sessions (as member or
 *   consultant);
 * - erased: name (a neutral one), e-mail (an address that can never receive mail, so the original
 *   is free for a new sign-up), phone, country, gender, bio, picture, password, roles, the privacy
 *   and newsletter flags, the supervisor link; `closed_at` is set;
 * - ended: every session, codes and reset links, the newsletter subscription of the address,
 *   registrations for conferences that have not ended (their seats go to members waiting) and
 *   places on waiting lists, the consultant profile, supervision links
 *   (the students' waiting work waits without a supervisor, as after an unlink), review assignments,
 *   conference requests no one has decided (withdrawn: deleted); the decided ones stay as the
 *   record of a decision, without the requester's name and contact details;
 * - recorded: the audit log (the member is the actor) and a confirmation mailed to the original
 *   address in the account's language, queued before the address is erased.
 *
 * The caller removes the picture from the store after the commit and tells the other processes to
 * close the account's sockets.
 */
import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '@scholars/shared-contracts/locale';
import { ROUTES } from '@scholars/shared-contracts/routes';
import type { Db } from '../../db/client';
import { seatFromWaitingList } from '../../routes/conference-registrations';
import {
  conferenceRegistrations,
  conferenceRequests,
  conferenceWaitingList,
  conferences,
  consultants,
  consultations,
  otpCodes,
  passwordResetTokens,
  researchSubmissions,
  subscriptions,
  supervisionInvitations,
  users,
} from '../../db/schema';
import { AppError } from '../errors';
import { accountClosedMail } from '../mail/templates';
import { unsubscribeAddress } from '../newsletter/subscribers';
import { appendAudit } from '../operators/audit';
import { activeSubscriptionWhere } from '../../plugins/app/paywall';
import { ACTIVE_STATES } from '../consultations/sessions';
import { revokeAllSessions } from './sessions';
import { notSuspended } from './suspension';

/**
 * The name a closed account is shown under, in the account's language: names on this platform are
 * shown as their owner wrote them, to readers of both languages, and this one is no different.
 */
export const NEUTRAL_NAME: Record<Locale, string> = { en: 'Former member', ar: 'عضو سابق' };

/** An address under `.invalid` (RFC 2606): never delivered (the mail service's rule), unique per account. */
export const closedAddress = (userId: number) => `closed-${userId}@closed.invalid`;

type UserRow = typeof users.$inferSelect;

/**
 * Closes `account` in the caller's transaction, or throws the refusal (409, nothing changed).
 * Answers the stored picture, to be removed once committed.
 */
export async function closeAccount(app: FastifyInstance, tx: Db, account: UserRow): Promise<{ avatar: string | null }> {
  const userId = account.id;
  if (account.roles.includes('admin')) {
    // The administrators are locked in one order (as a revoke does, lib/operators/roles.ts), so two
    // administrators closing at once cannot both leave.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`'admin' = any(${users.roles})`, isNull(users.closedAt), notSuspended()))
      .orderBy(users.id)
      .for('update');
    if (!admins.some((admin) => admin.id !== userId)) throw new AppError(409, 'validation.closeAccountLastAdministrator');
  }
  const [locked] = await tx.select().from(users).where(and(eq(users.id, userId), isNull(users.closedAt))).for('update');
  if (!locked) throw new AppError(401, 'validation.signInRequired');

  const [renewing] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(activeSubscriptionWhere(userId), eq(subscriptions.cancelAtPeriodEnd, false)))
    .limit(1);
  if (renewing) throw new AppError(409, 'validation.closeAccountSubscriptionRenews');

  const [upcoming] = await tx
    .select({ id: consultations.id })
    .from(consultations)
    .innerJoin(consultants, eq(consultants.id, consultations.consultantId))
    .where(
      and(
        inArray(consultations.state, [...ACTIVE_STATES]),
        sql`${consultations.endsAt} > now()`,
        or(eq(consultations.memberId, userId), eq(consultants.userId, userId)),
      ),
    )
    .limit(1);
  if (upcoming) throw new AppError(409, 'validation.closeAccountUpcomingConsultations');

  // Seats of conferences that have not ended are freed (as DELETE conference/{id}/register does).
  const canceled = await tx
    .update(conferenceRegistrations)
    .set({ status: 'canceled', canceledAt: sql`now()`, canceledBy: 'member' })
    .where(
      and(
        eq(conferenceRegistrations.userId, userId),
        eq(conferenceRegistrations.status, 'registered'),
        inArray(
          conferenceRegistrations.conferenceId,
          tx.select({ id: conferences.id }).from(conferences).where(gte(sql`coalesce(${conferences.endDate}, ${conferences.startDate})`, sql`now()`)),
        ),
      ),
    )
    .returning({ conferenceId: conferenceRegistrations.conferenceId });

  // Off every waiting list; each seat freed goes to the member waiting longest.
  await tx.delete(conferenceWaitingList).where(eq(conferenceWaitingList.userId, userId));
  for (const { conferenceId } of canceled) await seatFromWaitingList(app, tx, conferenceId);

  // As their supervisor: the students are unlinked and their waiting work waits without one.
  const students = await tx.update(users).set({ supervisorId: null }).where(eq(users.supervisorId, userId)).returning({ id: users.id });
  await tx
    .update(researchSubmissions)
    .set({ supervisorId: null })
    .where(and(eq(researchSubmissions.supervisorId, userId), eq(researchSubmissions.status, 'pending_supervisor')));
  // As a student: their invitation to a supervisor is withdrawn.
  await tx
    .update(supervisionInvitations)
    .set({ state: 'withdrawn', decidedAt: sql`now()` })
    .where(and(eq(supervisionInvitations.studentId, userId), eq(supervisionInvitations.state, 'pending')));
  // As a reviewer: what was assigned to them goes back to the unassigned queue.
  const unassigned = await tx
    .update(researchSubmissions)
    .set({ assignedReviewerId: null })
    .where(and(eq(researchSubmissions.assignedReviewerId, userId), eq(researchSubmissions.status, 'under_review')))
    .returning({ id: researchSubmissions.id });
  // As a consultant: no longer listed or bookable; the past sessions stay for their members.
  const consultant = await tx
    .update(consultants)
    .set({ status: 'suspended', statusReason: 'account closed', bio: '', bioEn: '', tags: [], tagsEn: [] })
    .where(eq(consultants.userId, userId))
    .returning({ id: consultants.id });

  // As the proposer of conferences: what staff have not decided is withdrawn (nothing to decide for
  // an account that cannot hear the answer); a decided request stays as the record of its
  // decision (and of the conference it created), without whom to contact.
  const withdrawn = await tx
    .delete(conferenceRequests)
    .where(and(eq(conferenceRequests.ownerId, userId), inArray(conferenceRequests.status, ['pending', 'changes_requested'])))
    .returning({ id: conferenceRequests.id });
  await tx
    .update(conferenceRequests)
    .set({ fullName: NEUTRAL_NAME[locked.locale], universityEmail: '', phone: '' })
    .where(eq(conferenceRequests.ownerId, userId));

  // Codes and links mailed earlier no longer open anything.
  await tx
    .update(otpCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(or(eq(otpCodes.userId, userId), sql`lower(${otpCodes.email}) = ${locked.email.toLowerCase()}`), isNull(otpCodes.consumedAt)));
  await tx
    .update(passwordResetTokens)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.consumedAt)));
  await unsubscribeAddress(tx, locked.email);

  const closedAt = new Date();
  const neutralName = NEUTRAL_NAME[locked.locale];
  // Queued while the original address is still known.
  const site = app.config.PUBLIC_BASE_URL;
  const mail = accountClosedMail(locked.locale, {
    name: locked.name,
    closedAt,
    neutralName,
    registrationsCanceled: canceled.length > 0,
    contactLink: `${site}${ROUTES.contact}`,
  });
  await app.mail.enqueue({ to: locked.email, locale: locked.locale, ...mail }, tx);

  await tx
    .update(users)
    .set({
      name: neutralName,
      email: closedAddress(userId),
      phone: null,
      country: null,
      gender: null,
      bio: null,
      avatar: null,
      passwordHash: null,
      roles: [],
      newsletter: false,
      dataAccess: false,
      supervisorId: null,
      closedAt,
      // Access tokens issued before this second are refused too (the session check reads it).
      passwordChangedAt: closedAt,
    })
    .where(eq(users.id, userId));
  await revokeAllSessions(tx, userId, 'account_closed');
  await appendAudit(tx, {
    actorId: userId,
    actorLabel: 'account',
    action: 'account.close',
    targetType: 'user',
    targetId: userId,
    details: {
      roles: locked.roles,
      registrations_canceled: canceled.map((row) => row.conferenceId),
      students_unlinked: students.map((row) => row.id),
      reviews_unassigned: unassigned.map((row) => row.id),
      consultant_id: consultant[0]?.id ?? null,
      conference_requests_withdrawn: withdrawn.map((row) => row.id),
    },
  });
  return { avatar: locked.avatar };
}
