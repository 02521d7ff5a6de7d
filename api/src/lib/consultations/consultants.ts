/**
 * Consultants: the public cards (fields, rating, next free slot), the Arabic-aware search over
 * names, bios, tags and field names of both languages, the consultant's own profile (apply, edit),
 * and the operator list.
 */
import { and, asc, avg, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  CONSULTANT_PAGE_REVIEWS,
  clockToMinutes,
  minutesToClock,
  type AdminConsultant,
  type ConsultantCard,
  type ConsultantProfile,
  type ConsultantProfileBody,
  type ConsultantReview,
  type consultantProfileBodySchema,
} from '@scholars/shared-contracts/schemas';
import type { z } from 'zod';
import type { Executor } from '../invoices/numbering';
import { communityCategories, consultantAvailability, consultantExceptions, consultantFields, consultants, consultations, users } from '../../db/schema';
import { foldedSearchConditions } from '../pagination';
import { AppError } from '../errors';
import { refuseStale } from '../operators/content';
import { freeSlots } from './slots';
import { slotRulesOf, type ConsultantRow } from './sessions';

type ProfileBody = z.output<typeof consultantProfileBodySchema>;
export type { ProfileBody, ConsultantProfileBody };

/** The text a consultant is found by: name, both bios, both tag lists, the names of their fields in both languages. */
export function consultantSearchConditions(search: string): SQL[] {
  const fieldNames = sql`(SELECT string_agg(${communityCategories.name} || ' ' || ${communityCategories.nameEn}, ' ') FROM ${consultantFields} JOIN ${communityCategories} ON ${communityCategories.id} = ${consultantFields.categoryId} WHERE ${consultantFields.consultantId} = ${consultants.id})`;
  return foldedSearchConditions(
    [users.name, consultants.bio, consultants.bioEn, sql`array_to_string(${consultants.tags}, ' ')`, sql`array_to_string(${consultants.tagsEn}, ' ')`, fieldNames],
    search,
  );
}

/** Ratings shown publicly: given, not hidden. */
const visibleRating = and(isNotNull(consultations.rating), isNull(consultations.reviewHiddenReason));

/** Average (one decimal) and count of each consultant's visible ratings. */
export async function ratingsOf(db: Executor, ids: number[]): Promise<Map<number, { average: number | null; count: number }>> {
  const out = new Map<number, { average: number | null; count: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: consultations.consultantId, average: avg(consultations.rating), n: count() })
    .from(consultations)
    .where(and(inArray(consultations.consultantId, ids), visibleRating))
    .groupBy(consultations.consultantId);
  for (const row of rows) out.set(row.id, { average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10, count: row.n });
  return out;
}

async function fieldsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ consultantId: consultantFields.consultantId, id: communityCategories.id, name: communityCategories.name, nameEn: communityCategories.nameEn })
    .from(consultantFields)
    .innerJoin(communityCategories, eq(communityCategories.id, consultantFields.categoryId))
    .where(inArray(consultantFields.consultantId, ids))
    .orderBy(asc(communityCategories.sortOrder), asc(communityCategories.id));
}

/** The public cards of `rows` (consultant + user name and avatar), each with its next free slot at `now`. */
export async function consultantCards(db: Executor, rows: Array<{ consultant: ConsultantRow; name: string; avatar: string | null }>, now: Date): Promise<ConsultantCard[]> {
  const ids = rows.map((row) => row.consultant.id);
  const [fields, ratings] = await Promise.all([fieldsOf(db, ids), ratingsOf(db, ids)]);
  const next = await Promise.all(rows.map(async ({ consultant }) => freeSlots(await slotRulesOf(db, consultant, now), { now })[0]?.start ?? null));
  return rows.map(({ consultant, name, avatar }, index) => ({
    id: consultant.id,
    name,
    avatar,
    bio: consultant.bio,
    bioEn: consultant.bioEn,
    fields: fields.filter((field) => field.consultantId === consultant.id).map(({ id, name: fieldName, nameEn }) => ({ id, name: fieldName, nameEn })),
    tags: consultant.tags,
    tagsEn: consultant.tagsEn,
    languages: consultant.languages as ConsultantCard['languages'],
    timeZone: consultant.timeZone,
    sessionMinutes: consultant.sessionMinutes,
    rating: ratings.get(consultant.id) ?? { average: null, count: 0 },
    nextSlot: next[index]?.toISOString() ?? null,
  }));
}

export const cardColumns = { consultant: consultants, name: users.name, avatar: users.avatar };

/** The latest visible reviews of a consultant (the member's first name only). */
export async function latestReviews(db: Executor, consultantId: number): Promise<ConsultantReview[]> {
  const rows = await db
    .select({ rating: consultations.rating, review: consultations.review, memberName: users.name, ratedAt: consultations.ratedAt })
    .from(consultations)
    .innerJoin(users, eq(users.id, consultations.memberId))
    .where(and(eq(consultations.consultantId, consultantId), visibleRating))
    .orderBy(desc(consultations.ratedAt), desc(consultations.id))
    .limit(CONSULTANT_PAGE_REVIEWS);
  return rows.map((row) => ({
    rating: row.rating!,
    review: row.review,
    memberName: row.memberName.trim().split(/\s+/)[0] ?? '',
    ratedAt: row.ratedAt!.toISOString(),
  }));
}

/** The consultant's own record as the profile tab edits it. */
export async function profileOf(db: Executor, row: ConsultantRow): Promise<ConsultantProfile> {
  const [fields, availability, exceptions] = await Promise.all([
    fieldsOf(db, [row.id]),
    db.select().from(consultantAvailability).where(eq(consultantAvailability.consultantId, row.id)).orderBy(asc(consultantAvailability.weekday), asc(consultantAvailability.startMinute)),
    db.select({ day: consultantExceptions.day }).from(consultantExceptions).where(eq(consultantExceptions.consultantId, row.id)).orderBy(asc(consultantExceptions.day)),
  ]);
  return {
    id: row.id,
    status: row.status,
    statusReason: row.statusReason,
    bio: row.bio,
    bioEn: row.bioEn,
    categoryIds: fields.map((field) => field.id),
    fields: fields.map(({ id, name, nameEn }) => ({ id, name, nameEn })),
    tags: row.tags,
    tagsEn: row.tagsEn,
    languages: row.languages as ConsultantProfile['languages'],
    timeZone: row.timeZone,
    sessionMinutes: row.sessionMinutes,
    availability: availability.map((entry) => ({ weekday: entry.weekday, start: minutesToClock(entry.startMinute), end: minutesToClock(entry.endMinute) })),
    exceptions: exceptions.map((entry) => entry.day),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Creates the caller's application (`pending`) or updates their record: an approved consultant
 * stays approved; a rejected one applies again (back to `pending`); fields, availability and
 * exceptions are replaced as a whole. 409 `staleEdit` when `version` is not the stored one.
 */
export async function saveProfile(tx: Executor, userId: number, body: ProfileBody): Promise<{ row: ConsultantRow; created: boolean }> {
  const known = await tx.select({ id: communityCategories.id }).from(communityCategories).where(inArray(communityCategories.id, body.categoryIds));
  if (known.length !== body.categoryIds.length) throw new AppError(400, 'validation.consultantFieldsRequired', {}, { categoryIds: 'validation.consultantFieldsRequired' });
  const values = {
    bio: body.bio,
    bioEn: body.bioEn,
    tags: body.tags,
    tagsEn: body.tagsEn,
    languages: body.languages,
    timeZone: body.timeZone,
    sessionMinutes: body.sessionMinutes,
  };
  const [current] = await tx.select().from(consultants).where(eq(consultants.userId, userId)).for('update');
  let row: ConsultantRow;
  if (!current) {
    [row] = (await tx
      .insert(consultants)
      .values({ userId, ...values })
      .onConflictDoNothing()
      .returning()) as [ConsultantRow];
    if (!row) throw new AppError(409, 'validation.staleEdit');
  } else {
    if (body.version !== undefined) refuseStale(current, body.version);
    [row] = (await tx
      .update(consultants)
      .set({ ...values, ...(current.status === 'rejected' ? { status: 'pending' as const, statusReason: null } : {}), version: sql`${consultants.version} + 1` })
      .where(eq(consultants.id, current.id))
      .returning()) as [ConsultantRow];
    await tx.delete(consultantFields).where(eq(consultantFields.consultantId, row.id));
    await tx.delete(consultantAvailability).where(eq(consultantAvailability.consultantId, row.id));
    await tx.delete(consultantExceptions).where(eq(consultantExceptions.consultantId, row.id));
  }
  await tx.insert(consultantFields).values(body.categoryIds.map((categoryId) => ({ consultantId: row.id, categoryId })));
  if (body.availability.length) {
    await tx
      .insert(consultantAvailability)
      .values(body.availability.map((entry) => ({ consultantId: row.id, weekday: entry.weekday, startMinute: clockToMinutes(entry.start), endMinute: clockToMinutes(entry.end) })));
  }
  if (body.exceptions.length) await tx.insert(consultantExceptions).values(body.exceptions.map((day) => ({ consultantId: row.id, day })));
  return { row, created: !current };
}

/** The operator list's rows. */
export async function adminConsultantItems(db: Executor, rows: Array<{ consultant: ConsultantRow; name: string; email: string }>): Promise<AdminConsultant[]> {
  const ids = rows.map((row) => row.consultant.id);
  const [ratings, sessions] = await Promise.all([
    ratingsOf(db, ids),
    ids.length
      ? db
          .select({ id: consultations.consultantId, n: count() })
          .from(consultations)
          .where(and(inArray(consultations.consultantId, ids), inArray(consultations.state, ['requested', 'accepted'])))
          .groupBy(consultations.consultantId)
      : Promise.resolve([]),
  ]);
  return Promise.all(
    rows.map(async ({ consultant, name, email }) => ({
      ...(await profileOf(db, consultant)),
      userId: consultant.userId,
      name,
      email,
      rating: ratings.get(consultant.id) ?? { average: null, count: 0 },
      sessions: sessions.find((entry) => entry.id === consultant.id)?.n ?? 0,
    })),
  );
}
