/**
 * The rules of a session (docs/decisions.md "Issue 23: consultations"): who sees it, what each
 * participant may do now (the booleans of the answer, so the UI never re-derives them), the plan
 * allowance per subscription year, booking under the two exclusion constraints, and the state
 * changes with their e-mails. Routes stay thin: they parse, call these, answer.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { CONSULTATION_ANSWER_HOURS, CONSULTATION_NOTICE_HOURS, CONSULTATION_RATING_EDIT_DAYS, type Consultation } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../invoices/numbering';
import {
  communityCategories,
  consultantAvailability,
  consultantExceptions,
  consultants,
  consultationFiles,
  consultations,
  subscriptionPlans,
  subscriptions,
  users,
} from '../../db/schema';
import { AppError, notFound } from '../errors';
import type { MailService } from '../../plugins/app/mail';
import { freeSlots, type SlotRules, type TimeRange } from './slots';
import { sessionInvitation, sessionMail, type FormerTime, type MailPerson, type SessionMailContext, type SessionMailKind } from './mails';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type ConsultationRow = typeof consultations.$inferSelect;
export type ConsultantRow = typeof consultants.$inferSelect;
export const ACTIVE_STATES = ['requested', 'accepted'] as const;

/** Who is asking: the signed-in account and whether it is an administrator. */
export interface Viewer {
  id: number;
  admin: boolean;
}

/** The deadline of the consultant's answer: 48 hours after the request, and never after the start. */
export function acceptByFor(requestedAt: Date, start: Date): Date {
  return new Date(Math.min(requestedAt.getTime() + CONSULTATION_ANSWER_HOURS * HOUR, start.getTime()));
}

/** Whether a change at `now` is still "in time" (at least 24 hours before the start). */
export const inTime = (row: Pick<ConsultationRow, 'startsAt'>, now: Date) => row.startsAt.getTime() - now.getTime() >= CONSULTATION_NOTICE_HOURS * HOUR;

/** What the viewer may do with the session now (the answer's booleans). */
export function sessionAbilities(row: ConsultationRow, consultantUserId: number, viewer: Viewer, now: Date) {
  const isMember = viewer.id === row.memberId;
  const isConsultant = viewer.id === consultantUserId;
  const active = row.state === 'requested' || row.state === 'accepted';
  const upcoming = active && now < row.startsAt;
  const early = inTime(row, now);
  // A request still waiting is the consultant's to decline (with a reason, the slot freed), not to cancel.
  const canCancel = upcoming && (isMember || (isConsultant && early && row.state === 'accepted'));
  const rated = row.ratedAt !== null;
  return {
    canCancel,
    // A member's late cancel counts, unless the staff gave the session (it never did).
    cancelCounts: canCancel && isMember && !early && row.subscriptionId !== null,
    canReschedule: isMember && upcoming && early,
    canRate:
      isMember &&
      row.state === 'accepted' &&
      row.endsAt.getTime() < now.getTime() &&
      (!rated || now.getTime() - row.ratedAt!.getTime() <= CONSULTATION_RATING_EDIT_DAYS * DAY),
    canAnswer: isConsultant && row.state === 'requested' && now < row.acceptBy,
    canWriteNotes: isConsultant && row.state === 'accepted' && now >= row.startsAt,
  };
}

/** The sessions as the viewer sees them (batch: one query per related table). */
export async function consultationViews(db: Executor, rows: ConsultationRow[], viewer: Viewer, now = new Date()): Promise<Consultation[]> {
  if (rows.length === 0) return [];
  const consultantIds = [...new Set(rows.map((row) => row.consultantId))];
  const categoryIds = [...new Set(rows.map((row) => row.categoryId).filter((id): id is number => id !== null))];
  const [people, consultantRows, categories, files] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((row) => row.memberId))])),
    db
      .select({ id: consultants.id, userId: consultants.userId, timeZone: consultants.timeZone, name: users.name })
      .from(consultants)
      .innerJoin(users, eq(users.id, consultants.userId))
      .where(inArray(consultants.id, consultantIds)),
    categoryIds.length ? db.select().from(communityCategories).where(inArray(communityCategories.id, categoryIds)) : Promise.resolve([]),
    db
      .select({ id: consultationFiles.id, consultationId: consultationFiles.consultationId, name: consultationFiles.name })
      .from(consultationFiles)
      .where(
        inArray(
          consultationFiles.consultationId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(consultationFiles.id)),
  ]);
  return rows.map((row) => {
    const consultant = consultantRows.find((entry) => entry.id === row.consultantId)!;
    const category = categories.find((entry) => entry.id === row.categoryId);
    return {
      id: row.id,
      state: row.state,
      member: { id: row.memberId, name: people.find((person) => person.id === row.memberId)?.name ?? '' },
      consultant: { id: consultant.id, userId: consultant.userId, name: consultant.name, timeZone: consultant.timeZone },
      topic: row.topic,
      category: category ? { id: category.id, name: category.name, nameEn: category.nameEn } : null,
      language: row.language as Consultation['language'],
      mode: row.mode,
      place: row.place,
      description: row.description,
      attachment: row.attachmentName ? { name: row.attachmentName } : null,
      start: row.startsAt.toISOString(),
      end: row.endsAt.toISOString(),
      acceptBy: row.acceptBy.toISOString(),
      meetingLink: row.meetingLink,
      decisionReason: row.decisionReason,
      rescheduled:
        row.rescheduledFrom && row.rescheduledAt
          ? { from: row.rescheduledFrom.toISOString(), at: row.rescheduledAt.toISOString(), reason: row.rescheduleReason ?? '' }
          : null,
      cancelReason: row.cancelReason,
      canceledBy: row.canceledBy,
      counts: row.counts,
      rating: row.rating,
      review: row.review,
      reviewHidden: row.reviewHiddenReason !== null,
      ratedAt: row.ratedAt?.toISOString() ?? null,
      notes: row.consultantNotes,
      files: files.filter((file) => file.consultationId === row.id).map((file) => ({ id: file.id, name: file.name })),
      ...sessionAbilities(row, consultant.userId, viewer, now),
      version: row.version,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function consultationView(db: Executor, row: ConsultationRow, viewer: Viewer, now = new Date()): Promise<Consultation> {
  const [view] = await consultationViews(db, [row], viewer, now);
  return view!;
}

/**
 * The session `id` with the viewer's part in it: its member, its consultant, or an administrator.
 * Anyone else meets 404 (as if it did not exist).
 */
export async function findSession(db: Executor, id: number, viewer: Viewer): Promise<{ row: ConsultationRow; consultant: ConsultantRow; role: 'member' | 'consultant' | 'admin' }> {
  const [found] = await db.select({ row: consultations, consultant: consultants }).from(consultations).innerJoin(consultants, eq(consultants.id, consultations.consultantId)).where(eq(consultations.id, id));
  if (!found) throw notFound();
  const role = found.row.memberId === viewer.id ? 'member' : found.consultant.userId === viewer.id ? 'consultant' : viewer.admin ? 'admin' : null;
  if (!role) throw notFound();
  return { ...found, role };
}

// ------------------------------------------------------------------------------------ slots
/** The slot rules of a consultant, with the sessions holding their time (but `except`, a session being moved). */
export async function slotRulesOf(db: Executor, consultant: ConsultantRow, now: Date, except?: number): Promise<SlotRules> {
  const [availability, exceptions, busy] = await Promise.all([
    db.select().from(consultantAvailability).where(eq(consultantAvailability.consultantId, consultant.id)),
    db.select({ day: consultantExceptions.day }).from(consultantExceptions).where(eq(consultantExceptions.consultantId, consultant.id)),
    db
      .select({ id: consultations.id, start: consultations.startsAt, end: consultations.endsAt })
      .from(consultations)
      .where(and(eq(consultations.consultantId, consultant.id), inArray(consultations.state, [...ACTIVE_STATES]), gte(consultations.endsAt, now))),
  ]);
  return {
    timeZone: consultant.timeZone,
    sessionMinutes: consultant.sessionMinutes,
    availability: availability.map((row) => ({ weekday: row.weekday, startMinute: row.startMinute, endMinute: row.endMinute })),
    exceptions: exceptions.map((row) => row.day),
    busy: busy.filter((row) => row.id !== except),
  };
}

/**
 * The slot a booking or a reschedule asks for: 400 when `start` is none of the consultant's slots
 * at all, 409 `consultationSlotTaken` when it is one but taken meanwhile (a concurrent booking).
 */
export function requireSlot(rules: SlotRules, start: Date, now: Date): TimeRange {
  const day = { now, from: start, to: start };
  const free = freeSlots(rules, day).find((slot) => slot.start.getTime() === start.getTime());
  if (free) return free;
  const any = freeSlots({ ...rules, busy: [] }, day).some((slot) => slot.start.getTime() === start.getTime());
  throw new AppError(any ? 409 : 400, any ? 'validation.consultationSlotTaken' : 'validation.consultationSlotUnavailable');
}

// ------------------------------------------------------------------------------------ allowance
export interface Allowance {
  subscriptionId: number;
  included: number;
  used: number;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * The member's subscription year: the active subscription (the one with the most sessions when
 * several run), its current period, the plan's sessions and those counted in the period. With
 * `lock`, the subscription row is locked until the transaction ends: bookings of one member wait
 * for one another, so two cannot both take the last session.
 */
export async function allowanceOf(db: Executor, memberId: number, now: Date, { lock = false } = {}): Promise<Allowance | null> {
  const query = db
    .select({ subscription: subscriptions, included: subscriptionPlans.consultationSessions })
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.userId, memberId),
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.endedAt} IS NULL`,
        sql`(${subscriptions.currentPeriodEnd} IS NULL OR ${subscriptions.currentPeriodEnd} > ${now})`,
      ),
    )
    .orderBy(desc(subscriptionPlans.consultationSessions), desc(subscriptions.currentPeriodEnd), desc(subscriptions.id))
    .limit(1);
  const [found] = lock ? await query.for('update', { of: subscriptions }) : await query;
  if (!found) return null;
  const periodStart = found.subscription.currentPeriodStart ?? found.subscription.createdAt;
  const periodEnd = found.subscription.currentPeriodEnd ?? new Date(periodStart.getTime() + 365 * DAY);
  const [used] = await db
    .select({ n: count() })
    .from(consultations)
    .where(and(eq(consultations.memberId, memberId), eq(consultations.counts, true), gte(consultations.createdAt, periodStart), lt(consultations.createdAt, periodEnd)));
  return { subscriptionId: found.subscription.id, included: found.included, used: used?.n ?? 0, periodStart, periodEnd };
}

// ------------------------------------------------------------------------------------ constraint errors
/** The exclusion constraint a write broke (SQLSTATE 23P01), or null. */
export function exclusionViolation(error: unknown): 'consultant' | 'member' | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23P01') return String(e.constraint ?? '').includes('member') ? 'member' : 'consultant';
  }
  return null;
}

/** Runs `write`, turning an overlap refused by the database into the user's 409. */
export async function withOverlapCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const which = exclusionViolation(error);
    if (which === 'consultant') throw new AppError(409, 'validation.consultationSlotTaken');
    if (which === 'member') throw new AppError(409, 'validation.consultationMemberOverlap');
    throw error;
  }
}

// ------------------------------------------------------------------------------------ mail
const personColumns = { id: users.id, name: users.name, email: users.email, locale: users.locale };

/** What the session's mails need: both people, the consultant's zone, the site address. */
export async function mailContext(db: Executor, row: ConsultationRow, site: string): Promise<SessionMailContext> {
  const [member] = await db.select(personColumns).from(users).where(eq(users.id, row.memberId));
  const [consultant] = await db
    .select({ ...personColumns, consultantId: consultants.id, timeZone: consultants.timeZone })
    .from(consultants)
    .innerJoin(users, eq(users.id, consultants.userId))
    .where(eq(consultants.id, row.consultantId));
  return {
    id: row.id,
    topic: row.topic,
    start: row.startsAt,
    end: row.endsAt,
    acceptBy: row.acceptBy,
    timeZone: consultant!.timeZone,
    mode: row.mode,
    place: row.place,
    meetingLink: row.meetingLink,
    sequence: row.icsSequence,
    member: member as MailPerson,
    consultant: consultant as MailPerson & { consultantId: number },
    site: site.replace(/\/$/, ''),
  };
}

/**
 * Queues the mail of `kind` to `to` (the session's people), in the transaction, each in their
 * language; `invitation` attaches the `.ics` (REQUEST or CANCEL). `former`: a reschedule's former
 * time, told in the mail; a CANCEL then names that time (the entry it removes), at the session's
 * new SEQUENCE.
 */
export async function sendSessionMail(
  mail: MailService,
  db: Executor,
  kind: SessionMailKind,
  context: SessionMailContext,
  to: ReadonlyArray<'member' | 'consultant'>,
  { reason = null, invitation, former = null }: { reason?: string | null; invitation?: 'REQUEST' | 'CANCEL'; former?: FormerTime | null } = {},
): Promise<void> {
  const calendarContext = invitation === 'CANCEL' && former ? { ...context, start: former.start, end: former.end } : context;
  for (const who of to) {
    const person: MailPerson = who === 'member' ? context.member : context.consultant;
    const rendered = sessionMail(kind, context, person, reason, former);
    await mail.enqueue(
      {
        to: person.email,
        locale: person.locale as Locale,
        ...rendered,
        ...(invitation ? { attachments: [sessionInvitation(calendarContext, invitation, person.locale as Locale)] } : {}),
      },
      db,
    );
  }
}

// ------------------------------------------------------------------------------------ transitions
/**
 * Updates the session if it is still in one of `from` (a conditional UPDATE: two answers at once
 * cannot both apply), raising its version; 409 `consultationStateChanged` otherwise.
 */
export async function moveSession(db: Executor, row: ConsultationRow, from: readonly ConsultationRow['state'][], values: PgUpdateSetSource<typeof consultations>): Promise<ConsultationRow> {
  const [saved] = await db
    .update(consultations)
    .set({ ...values, version: sql`${consultations.version} + 1` })
    .where(and(eq(consultations.id, row.id), inArray(consultations.state, [...from]), eq(consultations.version, row.version)))
    .returning();
  if (!saved) throw new AppError(409, 'validation.consultationStateChanged');
  return saved;
}

/** The next SEQUENCE of the session's invitation (a change its participants' calendars must see). */
export const nextSequence = sql`${consultations.icsSequence} + 1`;
