/**
 * A member's own data, as one document (decisions.md "Your data"; `GET profile/export`): the right
 * of access and portability. Everything the platform holds that is the member's: the account, their
 * research with the decisions and notes addressed to them, the chat messages they sent, conference
 * registrations, places on waiting lists and requests, subscriptions and invoices, consultations (as member and as
 * consultant) and their consultant profile, supervision links and invitations, the newsletter entry
 * of their address, staff decisions on their account (from the audit log), the reports they filed
 * and their contact messages.
 *
 * Other people appear only as the member already sees them on the platform: the supervisor's,
 * consultant's or member's name where a page shows it, a reviewer's name only on a decision they
 * signed (the author's timeline, lib/research-timeline.ts), never another person's e-mail address
 * (not even the one the member typed to invite a supervisor), never others' chat messages. Files are
 * named with their sizes, not included. Secrets and machinery stay out: password hash, codes,
 * tokens, sessions, the provider's identifiers, the mail outbox, the rate-limit counts.
 *
 * Reads only; the caller records the audit entry (`recordExport`).
 */
import { toRequest } from '../conference-requests';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION, formatInvoiceNumber, type DataExport } from '@scholars/shared-contracts/schemas';
import type { Db } from '../../db/client';
import {
  auditLog,
  communityCategories,
  conferenceRegistrations,
  conferenceWaitingList,
  conferenceRequests,
  conferences,
  consultants,
  consultationFiles,
  consultations,
  contactMessages,
  contactReplies,
  contentReports,
  invoices,
  newsletterSubscribers,
  researchChatMessages,
  researchReviewTransitions,
  researchSubmissions,
  subscriptionPlans,
  subscriptions,
  supervisionInvitations,
  users,
} from '../../db/schema';
import type { Executor } from '../invoices/numbering';
import { appendAudit } from '../operators/audit';
import { authorTransitionView } from '../research-timeline';
import { pendingEmailChange } from './otp';

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** Staff decisions on an account, read from the audit log. */
const ACCOUNT_ACTIONS = ['grant', 'revoke', 'suspend', 'lift', 'link', 'unlink', 'subscription.end'] as const;
/**
 * The decisions whose reason was given to the member (mailed with the decision): a suspension, the
 * end of a subscription by the administrators, a moderation decision on their content, a decision on their consultant profile. The reason of a role
 * change, a lift or a supervisor link is the staff's note to the log, not something said to them.
 */
const REASON_TOLD = new Set(['suspend', 'subscription.end', 'moderation.decide', 'consultant.reject', 'consultant.suspend', 'consultant.approve', 'consultant.reinstate']);

/** The member's data as the file holds it; undefined when the account does not exist (any more). */
export async function gatherMemberData(db: Db, userId: number, now = new Date()): Promise<DataExport | undefined> {
  const supervisor = alias(users, 'supervisor');
  const [account] = await db
    .select({ user: users, supervisorName: supervisor.name })
    .from(users)
    .leftJoin(supervisor, eq(supervisor.id, users.supervisorId))
    .where(and(eq(users.id, userId), sql`${users.closedAt} is null`));
  if (!account) return undefined;
  const user = account.user;
  const [consultant] = await db.select().from(consultants).where(eq(consultants.userId, userId));

  const [
    pendingEmail,
    research,
    chat,
    registrations,
    waitingLists,
    requests,
    subscriptionRows,
    invoiceRows,
    asMember,
    asConsultant,
    students,
    invitationsSent,
    invitationsReceived,
    newsletter,
    decisions,
    reports,
    contact,
  ] = await Promise.all([
    pendingEmailChange(db, userId),
    researchOf(db, userId),
    db
      .select({
        id: researchChatMessages.id,
        researchId: researchChatMessages.researchId,
        title: researchSubmissions.title,
        titleEn: researchSubmissions.titleEn,
        body: researchChatMessages.body,
        createdAt: researchChatMessages.createdAt,
        deletedAt: researchChatMessages.deletedAt,
      })
      .from(researchChatMessages)
      .innerJoin(researchSubmissions, eq(researchSubmissions.id, researchChatMessages.researchId))
      .where(eq(researchChatMessages.senderId, userId))
      .orderBy(asc(researchChatMessages.createdAt), asc(researchChatMessages.id)),
    db
      .select({
        conferenceId: conferenceRegistrations.conferenceId,
        title: conferences.title,
        titleEn: conferences.titleEn,
        start: conferences.startDate,
        status: conferenceRegistrations.status,
        createdAt: conferenceRegistrations.createdAt,
        canceledAt: conferenceRegistrations.canceledAt,
        canceledBy: conferenceRegistrations.canceledBy,
        attendedAt: conferenceRegistrations.attendedAt,
      })
      .from(conferenceRegistrations)
      .innerJoin(conferences, eq(conferences.id, conferenceRegistrations.conferenceId))
      .where(eq(conferenceRegistrations.userId, userId))
      .orderBy(asc(conferenceRegistrations.createdAt), asc(conferenceRegistrations.id)),
    db
      .select({ conferenceId: conferenceWaitingList.conferenceId, title: conferences.title, titleEn: conferences.titleEn, start: conferences.startDate, joinedAt: conferenceWaitingList.createdAt })
      .from(conferenceWaitingList)
      .innerJoin(conferences, eq(conferences.id, conferenceWaitingList.conferenceId))
      .where(eq(conferenceWaitingList.userId, userId))
      .orderBy(asc(conferenceWaitingList.createdAt), asc(conferenceWaitingList.conferenceId)),
    db
      .select({ row: conferenceRequests, conferenceStatus: conferences.status })
      .from(conferenceRequests)
      .leftJoin(conferences, eq(conferences.id, conferenceRequests.conferenceId))
      .where(eq(conferenceRequests.ownerId, userId))
      .orderBy(asc(conferenceRequests.createdAt), asc(conferenceRequests.id)),
    db
      .select({ row: subscriptions, plan: subscriptionPlans.name, planEn: subscriptionPlans.nameEn })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id)),
    db
      .select({ row: invoices, plan: subscriptionPlans.name, planEn: subscriptionPlans.nameEn })
      .from(invoices)
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invoices.planId))
      .where(eq(invoices.userId, userId))
      .orderBy(asc(invoices.number)),
    consultationsAsMember(db, userId),
    consultant ? consultationsAsConsultant(db, consultant.id) : Promise.resolve([]),
    db.select({ id: users.id, name: users.name }).from(users).where(eq(users.supervisorId, userId)).orderBy(asc(users.id)),
    db
      .select({ row: supervisionInvitations, supervisorName: users.name })
      .from(supervisionInvitations)
      .leftJoin(users, eq(users.id, supervisionInvitations.supervisorId))
      .where(eq(supervisionInvitations.studentId, userId))
      .orderBy(asc(supervisionInvitations.createdAt), asc(supervisionInvitations.id)),
    db
      .select({ row: supervisionInvitations, studentName: users.name })
      .from(supervisionInvitations)
      .innerJoin(users, eq(users.id, supervisionInvitations.studentId))
      .where(or(sql`lower(${supervisionInvitations.email}) = ${user.email.toLowerCase()}`, eq(supervisionInvitations.supervisorId, userId)))
      .orderBy(asc(supervisionInvitations.createdAt), asc(supervisionInvitations.id)),
    db.select().from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${user.email.toLowerCase()}`),
    db
      .select()
      .from(auditLog)
      .where(
        or(
          and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), inArray(auditLog.action, [...ACCOUNT_ACTIONS])),
          // Moderation of their content (a message, a research, their profile), except a dismissal (nothing done to them).
          and(eq(auditLog.action, 'moderation.decide'), sql`${auditLog.details}->>'author_id' = ${String(userId)}`, sql`${auditLog.details}->>'action' <> 'dismiss'`),
          // Decisions on their consultant profile.
          and(eq(auditLog.targetType, 'consultant'), sql`${auditLog.action} like 'consultant.%'`, sql`${auditLog.details}->>'user_id' = ${String(userId)}`),
        ),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    db.select().from(contentReports).where(eq(contentReports.reporterId, userId)).orderBy(asc(contentReports.createdAt), asc(contentReports.id)),
    contactOf(db, userId),
  ]);

  return {
    format: DATA_EXPORT_FORMAT,
    version: DATA_EXPORT_VERSION,
    exported_at: iso(now),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      country: user.country,
      gender: user.gender,
      bio: user.bio,
      picture: user.avatar,
      language: user.locale,
      roles: [...user.roles],
      newsletter: user.newsletter,
      data_access: user.dataAccess,
      supervisor_name: account.supervisorName,
      created_at: iso(user.createdAt),
      email_verified_at: isoOrNull(user.emailVerifiedAt),
      pending_email: pendingEmail,
    },
    research,
    chat_messages: chat.map((row) => ({
      id: row.id,
      research_id: row.researchId,
      research_title: row.title,
      research_title_en: row.titleEn,
      text: row.body,
      sent_at: iso(row.createdAt),
      removed: row.deletedAt !== null,
      removed_at: isoOrNull(row.deletedAt),
    })),
    conference_registrations: registrations.map((row) => ({
      conference_id: row.conferenceId,
      conference_title: row.title,
      conference_title_en: row.titleEn,
      conference_start: iso(row.start),
      status: row.status,
      registered_at: iso(row.createdAt),
      canceled_at: isoOrNull(row.canceledAt),
      // As the registrations tab shows it (routes/conference-registrations.ts registrationView): a
      // canceled row from before migration 0029 was the member's own.
      canceled_by: row.status === 'canceled' ? (row.canceledBy ?? ('member' as const)) : null,
      attended_at: isoOrNull(row.attendedAt),
    })),
    conference_waiting_lists: waitingLists.map((row) => ({
      conference_id: row.conferenceId,
      conference_title: row.title,
      conference_title_en: row.titleEn,
      conference_start: iso(row.start),
      joined_at: iso(row.joinedAt),
    })),
    // As the owner sees them on the platform (the conference an approval made, once published).
    conference_requests: requests.map(({ row, conferenceStatus }) => toRequest(row, conferenceStatus === 'published')),
    subscriptions: subscriptionRows.map(({ row, plan, planEn }) => ({
      id: row.id,
      plan,
      plan_en: planEn,
      status: row.status,
      price: row.price,
      currency: row.currency,
      interval: row.interval,
      provider: row.provider,
      payment_method: row.paymentMethod,
      auto_renew: !row.cancelAtPeriodEnd,
      current_period_start: isoOrNull(row.currentPeriodStart),
      current_period_end: isoOrNull(row.currentPeriodEnd),
      canceled_at: isoOrNull(row.canceledAt),
      ended_at: isoOrNull(row.endedAt),
      created_at: iso(row.createdAt),
    })),
    invoices: invoiceRows.map(({ row, plan, planEn }) => ({
      number: formatInvoiceNumber(row.number),
      subscription_id: row.subscriptionId,
      plan,
      plan_en: planEn,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      payment_method: row.paymentMethod,
      period_start: isoOrNull(row.periodStart),
      period_end: isoOrNull(row.periodEnd),
      issued_at: iso(row.issuedAt),
      canceled_at: isoOrNull(row.canceledAt),
      refunded_at: isoOrNull(row.refundedAt),
    })),
    consultations_as_member: asMember,
    consultations_as_consultant: asConsultant,
    consultant_profile: consultant
      ? {
          id: consultant.id,
          status: consultant.status,
          status_reason: consultant.statusReason,
          bio: consultant.bio,
          bio_en: consultant.bioEn,
          tags: consultant.tags,
          tags_en: consultant.tagsEn,
          languages: consultant.languages,
          time_zone: consultant.timeZone,
          session_minutes: consultant.sessionMinutes,
          created_at: iso(consultant.createdAt),
        }
      : null,
    supervision: {
      supervisor_name: account.supervisorName,
      students,
      invitations_sent: invitationsSent.map(({ row, supervisorName }) => ({
        state: row.state,
        // The account that answered: the member's supervisor (accepted) or the one who declined, as the student was told.
        supervisor_name: row.state === 'accepted' || row.state === 'declined' ? supervisorName : null,
        created_at: iso(row.createdAt),
        reminded_at: isoOrNull(row.remindedAt),
        decided_at: isoOrNull(row.decidedAt),
      })),
      invitations_received: invitationsReceived.map(({ row, studentName }) => ({
        student_name: studentName,
        state: row.state,
        created_at: iso(row.createdAt),
        decided_at: isoOrNull(row.decidedAt),
      })),
    },
    newsletter: newsletter[0]
      ? {
          email: newsletter[0].email,
          language: newsletter[0].locale,
          subscribed_at: iso(newsletter[0].createdAt),
          confirmed_at: isoOrNull(newsletter[0].confirmedAt),
          unsubscribed_at: isoOrNull(newsletter[0].unsubscribedAt),
        }
      : null,
    account_decisions: decisions.map((entry) => {
      const details = entry.details as Record<string, unknown>;
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      return {
        action: entry.action,
        at: iso(entry.createdAt),
        role: entry.action === 'grant' || entry.action === 'revoke' ? text(details.role) : null,
        reason: REASON_TOLD.has(entry.action) ? entry.reason : null,
        ends_at: entry.action === 'suspend' ? text(details.ends_at) : null,
        outcome: entry.action === 'moderation.decide' ? text(details.action) : null,
      };
    }),
    reports_filed: reports.map((row) => ({
      item_type: row.itemType,
      item_id: row.itemId,
      reason: row.reason,
      text: row.text,
      created_at: iso(row.createdAt),
      decided: row.decisionId !== null,
    })),
    contact_messages: contact,
  };
}

async function researchOf(db: Db, userId: number): Promise<DataExport['research']> {
  const rows = await db
    .select({ row: researchSubmissions, category: communityCategories.name })
    .from(researchSubmissions)
    .leftJoin(communityCategories, eq(communityCategories.id, researchSubmissions.categoryId))
    .where(eq(researchSubmissions.ownerId, userId))
    .orderBy(asc(researchSubmissions.createdAt), asc(researchSubmissions.id));
  if (rows.length === 0) return [];
  const transitions = await db
    .select({
      researchId: researchReviewTransitions.researchId,
      from: researchReviewTransitions.fromStatus,
      to: researchReviewTransitions.toStatus,
      at: researchReviewTransitions.createdAt,
      note: researchReviewTransitions.note,
      actorId: researchReviewTransitions.actorId,
      signed: researchReviewTransitions.signed,
      actorName: users.name,
    })
    .from(researchReviewTransitions)
    .leftJoin(users, eq(users.id, researchReviewTransitions.actorId))
    .where(inArray(researchReviewTransitions.researchId, rows.map(({ row }) => row.id)))
    .orderBy(asc(researchReviewTransitions.createdAt), asc(researchReviewTransitions.id));
  return rows.map(({ row, category }) => ({
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    description: row.description,
    description_en: row.descriptionEn,
    abstract: row.abstract,
    research_type: row.researchType,
    category: category ?? row.otherCategory,
    status: row.status,
    file: { name: row.fileOriginalName, size: row.fileSize },
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    submitted_at: iso(row.submittedAt),
    published_at: isoOrNull(row.publishedAt),
    history: transitions.filter((t) => t.researchId === row.id).map((t) => authorTransitionView(t, userId)),
  }));
}

type ConsultationRow = typeof consultations.$inferSelect;

const consultationCommon = (row: ConsultationRow) => ({
  id: row.id,
  topic: row.topic,
  description: row.description,
  language: row.language,
  mode: row.mode,
  place: row.place,
  starts_at: iso(row.startsAt),
  ends_at: iso(row.endsAt),
  state: row.state,
  meeting_link: row.meetingLink,
  decision_reason: row.decisionReason,
  rescheduled_from: isoOrNull(row.rescheduledFrom),
  rescheduled_at: isoOrNull(row.rescheduledAt),
  reschedule_reason: row.rescheduleReason,
  canceled_by: row.canceledBy,
  cancel_reason: row.cancelReason,
  created_at: iso(row.createdAt),
});

/** The files a consultant left for each of `ids` (names and sizes). */
async function filesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, Array<{ name: string; size: number; added_at: string }>>();
  const rows = await db
    .select()
    .from(consultationFiles)
    .where(inArray(consultationFiles.consultationId, ids))
    .orderBy(asc(consultationFiles.createdAt), asc(consultationFiles.id));
  const byConsultation = new Map<number, Array<{ name: string; size: number; added_at: string }>>();
  for (const row of rows) {
    const list = byConsultation.get(row.consultationId) ?? [];
    list.push({ name: row.name, size: row.size, added_at: iso(row.createdAt) });
    byConsultation.set(row.consultationId, list);
  }
  return byConsultation;
}

async function consultationsAsMember(db: Db, userId: number): Promise<DataExport['consultations_as_member']> {
  const rows = await db
    .select({ row: consultations, consultantName: users.name })
    .from(consultations)
    .innerJoin(consultants, eq(consultants.id, consultations.consultantId))
    .innerJoin(users, eq(users.id, consultants.userId))
    .where(eq(consultations.memberId, userId))
    .orderBy(asc(consultations.startsAt), asc(consultations.id));
  const files = await filesOf(db, rows.map(({ row }) => row.id));
  return rows.map(({ row, consultantName }) => ({
    ...consultationCommon(row),
    consultant_name: consultantName,
    attachment: row.attachmentName ? { name: row.attachmentName, size: row.attachmentSize ?? 0 } : null,
    files_received: files.get(row.id) ?? [],
    rating: row.rating,
    review: row.review,
    rated_at: isoOrNull(row.ratedAt),
  }));
}

async function consultationsAsConsultant(db: Db, consultantId: number): Promise<DataExport['consultations_as_consultant']> {
  const rows = await db
    .select({ row: consultations, memberName: users.name })
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.memberId))
    .where(eq(consultations.consultantId, consultantId))
    .orderBy(asc(consultations.startsAt), asc(consultations.id));
  const files = await filesOf(db, rows.map(({ row }) => row.id));
  return rows.map(({ row, memberName }) => ({
    ...consultationCommon(row),
    member_name: memberName,
    notes: row.consultantNotes,
    files_left: files.get(row.id) ?? [],
  }));
}

async function contactOf(db: Db, userId: number): Promise<DataExport['contact_messages']> {
  const rows = await db.select().from(contactMessages).where(eq(contactMessages.userId, userId)).orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
  if (rows.length === 0) return [];
  const replies = await db
    .select({ messageId: contactReplies.messageId, body: contactReplies.body, createdAt: contactReplies.createdAt })
    .from(contactReplies)
    .where(inArray(contactReplies.messageId, rows.map((row) => row.id)))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return rows.map((row) => ({
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    sent_at: iso(row.createdAt),
    client_address: row.ip,
    browser: row.userAgent,
    replies: replies.filter((reply) => reply.messageId === row.id).map((reply) => ({ text: reply.body, sent_at: iso(reply.createdAt) })),
  }));
}

/** The audit entry of a download: the member is the actor; the details count what the file held. */
export async function recordExport(db: Executor, userId: number, data: DataExport): Promise<void> {
  await appendAudit(db, {
    actorId: userId,
    actorLabel: 'account',
    action: 'account.export',
    targetType: 'user',
    targetId: userId,
    details: {
      research: data.research.length,
      chat_messages: data.chat_messages.length,
      conference_registrations: data.conference_registrations.length,
      conference_requests: data.conference_requests.length,
      subscriptions: data.subscriptions.length,
      invoices: data.invoices.length,
      consultations: data.consultations_as_member.length + data.consultations_as_consultant.length,
      account_decisions: data.account_decisions.length,
    },
  });
}
