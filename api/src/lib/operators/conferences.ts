/**
 * Conferences in the operator console (issue 19): a record in the shape the console's form saves
 * (wall-clock start and end in the conference's zone, agenda, speakers, important dates), its
 * columns and child rows from a save, the console's list, the registrants and their CSV.
 *
 * Every save writes the `conferences` row (its version goes up), so the public reads cached for
 * it are dropped by that table's trigger on every API process, also when only the agenda,
 * speakers or dates changed (their tables have no trigger).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminConference,
  AdminConferenceItem,
  AdminRegistration,
  AdminWaitingMember,
  adminConferencesQuerySchema,
  adminRegistrationsQuerySchema,
  adminWaitingListQuerySchema,
  ConferenceWrite,
} from '@scholars/shared-contracts/schemas';
import { localDateTime, zonedTimeToInstant, type Locale } from '@scholars/shared-contracts/locale';
import type { Db } from '../../db/client';
import {
  conferenceAgendaItems,
  conferenceCategories,
  conferenceImportantDates,
  conferenceRegistrations,
  conferenceWaitingList,
  conferenceRequests,
  conferenceSpeakers,
  conferences,
  users,
} from '../../db/schema';
import type { Executor } from '../invoices/numbering';
import { buildSearchText } from '../arabic-search';
import { AppError, notFound } from '../errors';
import { toCsv } from '../csv';
import { phaseOf } from '../conference-phase';
import { isSuspended } from '../accounts/suspension';
import { foldedSearchConditions, pageOffset, searchConditions } from '../pagination';

type ConferenceRow = typeof conferences.$inferSelect;

/** Active registrations of the conference in the row being read (the outer column named with its table: see admin-conference-categories.ts). */
const activeRegistrations = sql<number>`(select count(*) from ${conferenceRegistrations} where ${conferenceRegistrations.conferenceId} = ${conferences}."id" and ${conferenceRegistrations.status} = 'registered')`.mapWith(Number);
/** Members on the waiting list of the conference in the row being read. */
const waitingMembers = sql<number>`(select count(*) from ${conferenceWaitingList} where ${conferenceWaitingList.conferenceId} = ${conferences}."id")`.mapWith(Number);

/** The `conferences` columns of a save; 400 when the category does not exist or the zone turns the end before the start. */
export async function conferenceColumns(db: Executor, data: ConferenceWrite) {
  if (data.category_id !== null) {
    const [category] = await db.select({ id: conferenceCategories.id }).from(conferenceCategories).where(eq(conferenceCategories.id, data.category_id));
    if (!category) throw new AppError(400, 'validation.conferenceCategoryUnknown', {}, { category_id: 'validation.conferenceCategoryUnknown' });
  }
  const startDate = zonedTimeToInstant(data.start_date, data.start_time, data.timezone);
  const endDate = zonedTimeToInstant(data.end_date, data.end_time, data.timezone);
  // Wall clocks were compared by the schema; a daylight-saving gap may still turn them around.
  if (endDate < startDate) throw new AppError(400, 'validation.conferenceEndBeforeStart', {}, { end_date: 'validation.conferenceEndBeforeStart' });
  const venue = data.venue || null;
  const venueEn = data.venue_en || null;
  return {
    categoryId: data.category_id,
    title: data.title,
    titleEn: data.title_en,
    description: data.description,
    descriptionEn: data.description_en,
    overview: data.overview,
    overviewEn: data.overview_en,
    objectives: data.objectives,
    objectivesEn: data.objectives_en,
    excerpts: data.excerpts || null,
    excerptsEn: data.excerpts_en || null,
    mode: data.mode,
    venue,
    venueEn,
    timezone: data.timezone,
    startDate,
    endDate,
    capacity: data.capacity,
    registrationOpen: data.registration_open,
    image: data.image,
    keywords: data.keywords,
    searchText: buildSearchText(data.title, data.title_en, data.description, data.description_en, venue, venueEn, data.keywords),
  };
}

/** Replaces the agenda, the speakers and the important dates of conference `id` with those of `data`. */
export async function replaceChildren(db: Executor, id: number, data: ConferenceWrite): Promise<void> {
  await db.delete(conferenceAgendaItems).where(eq(conferenceAgendaItems.conferenceId, id));
  await db.delete(conferenceSpeakers).where(eq(conferenceSpeakers.conferenceId, id));
  if (data.agenda.length > 0) {
    await db.insert(conferenceAgendaItems).values(
      data.agenda.map((row, index) => ({
        conferenceId: id,
        day: row.date,
        startTime: row.start_time,
        endTime: row.end_time,
        title: row.title,
        titleEn: row.title_en,
        speaker: row.speaker || null,
        speakerEn: row.speaker_en || null,
        location: row.location || null,
        locationEn: row.location_en || null,
        sortOrder: index + 1,
      })),
    );
  }
  if (data.speakers.length > 0) {
    await db.insert(conferenceSpeakers).values(
      data.speakers.map((speaker, index) => ({
        conferenceId: id,
        name: speaker.name,
        nameEn: speaker.name_en,
        title: speaker.title,
        titleEn: speaker.title_en,
        bio: speaker.bio,
        bioEn: speaker.bio_en,
        image: speaker.image,
        sortOrder: index + 1,
      })),
    );
  }
  const dates = data.important_dates;
  const values = {
    paperSubmissionDeadline: dates.paper_submission_deadline,
    notificationOfAcceptance: dates.notification_of_acceptance,
    cameraReadySubmission: dates.camera_ready_submission,
    startDate: dates.start_date,
    endDate: dates.end_date,
    abstractDeadline: dates.abstract_deadline,
    fullPaperDeadline: dates.full_paper_deadline,
    earlyBirdDeadline: dates.early_bird_deadline,
    paperSubmissionId: dates.paper_submission_id,
  };
  await db
    .insert(conferenceImportantDates)
    .values({ conferenceId: id, ...values })
    .onConflictDoUpdate({ target: conferenceImportantDates.conferenceId, set: values });
}

/** The record of conference `id` as the console edits it; null when there is none. */
export async function adminConference(db: Executor, id: number): Promise<AdminConference | null> {
  const [row] = await db.select().from(conferences).where(eq(conferences.id, id));
  if (!row) return null;
  const [agenda, speakers, dates, [registered], [waiting], [request]] = await Promise.all([
    db
      .select()
      .from(conferenceAgendaItems)
      .where(eq(conferenceAgendaItems.conferenceId, id))
      .orderBy(asc(conferenceAgendaItems.day), asc(conferenceAgendaItems.startTime), asc(conferenceAgendaItems.sortOrder), asc(conferenceAgendaItems.id)),
    db.select().from(conferenceSpeakers).where(eq(conferenceSpeakers.conferenceId, id)).orderBy(asc(conferenceSpeakers.sortOrder), asc(conferenceSpeakers.id)),
    db.select().from(conferenceImportantDates).where(eq(conferenceImportantDates.conferenceId, id)),
    db
      .select({ n: count() })
      .from(conferenceRegistrations)
      .where(and(eq(conferenceRegistrations.conferenceId, id), eq(conferenceRegistrations.status, 'registered'))),
    db.select({ n: count() }).from(conferenceWaitingList).where(eq(conferenceWaitingList.conferenceId, id)),
    db.select({ id: conferenceRequests.id }).from(conferenceRequests).where(eq(conferenceRequests.conferenceId, id)).limit(1),
  ]);
  const start = localDateTime(row.timezone, row.startDate);
  const end = localDateTime(row.timezone, row.endDate ?? row.startDate);
  const date = dates[0];
  return {
    id: row.id,
    status: row.status,
    version: row.version,
    title: row.title,
    title_en: row.titleEn,
    description: row.description,
    description_en: row.descriptionEn,
    overview: row.overview,
    overview_en: row.overviewEn,
    objectives: row.objectives,
    objectives_en: row.objectivesEn,
    excerpts: row.excerpts ?? '',
    excerpts_en: row.excerptsEn ?? '',
    category_id: row.categoryId,
    mode: row.mode,
    venue: row.venue ?? '',
    venue_en: row.venueEn ?? '',
    timezone: row.timezone,
    start_date: start.date,
    start_time: start.time,
    end_date: end.date,
    end_time: end.time,
    capacity: row.capacity,
    registration_open: row.registrationOpen,
    image: row.image,
    keywords: row.keywords,
    agenda: agenda.map((item) => ({
      date: item.day,
      start_time: item.startTime.slice(0, 5),
      end_time: item.endTime.slice(0, 5),
      title: item.title,
      title_en: item.titleEn,
      speaker: item.speaker ?? '',
      speaker_en: item.speakerEn ?? '',
      location: item.location ?? '',
      location_en: item.locationEn ?? '',
    })),
    speakers: speakers.map((speaker) => ({
      name: speaker.name,
      name_en: speaker.nameEn,
      title: speaker.title,
      title_en: speaker.titleEn,
      bio: speaker.bio,
      bio_en: speaker.bioEn,
      image: speaker.image,
    })),
    important_dates: {
      paper_submission_deadline: date?.paperSubmissionDeadline ?? null,
      notification_of_acceptance: date?.notificationOfAcceptance ?? null,
      camera_ready_submission: date?.cameraReadySubmission ?? null,
      start_date: date?.startDate ?? null,
      end_date: date?.endDate ?? null,
      abstract_deadline: date?.abstractDeadline ?? null,
      full_paper_deadline: date?.fullPaperDeadline ?? null,
      early_bird_deadline: date?.earlyBirdDeadline ?? null,
      paper_submission_id: date?.paperSubmissionId ?? null,
    },
    registrations: registered?.n ?? 0,
    waiting: waiting?.n ?? 0,
    ended: phaseOf(row) === 'ended',
    started: phaseOf(row) !== 'upcoming',
    request_id: request?.id ?? null,
    first_published_at: row.firstPublishedAt ? row.firstPublishedAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The top-level fields of a save that differ from the record before it (the audit entry's `changed`). */
export function changedFields(before: AdminConference, after: ConferenceWrite): string[] {
  return (Object.keys(after) as Array<keyof ConferenceWrite>).filter(
    (key) => JSON.stringify(after[key] ?? null) !== JSON.stringify((before as unknown as Record<string, unknown>)[key] ?? null),
  );
}

/** `GET admin/conferences`: every status, Arabic-aware search, newest first or by start (latest first). */
export async function listConferences(db: Db, query: z.output<typeof adminConferencesQuerySchema>): Promise<{ items: AdminConferenceItem[]; total: number }> {
  const where: SQL[] = searchConditions(conferences, query.q ?? '');
  if (query.status) where.push(eq(conferences.status, query.status));
  if (query.category_id) where.push(eq(conferences.categoryId, query.category_id));
  const condition = where.length ? and(...where) : undefined;
  const order = query.sort === 'start' ? [desc(conferences.startDate), desc(conferences.id)] : [desc(conferences.createdAt), desc(conferences.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: {
          id: conferences.id,
          title: conferences.title,
          titleEn: conferences.titleEn,
          status: conferences.status,
          startDate: conferences.startDate,
          endDate: conferences.endDate,
          timezone: conferences.timezone,
          capacity: conferences.capacity,
          version: conferences.version,
          updatedAt: conferences.updatedAt,
        },
        category: { id: conferenceCategories.id, name: conferenceCategories.name, name_en: conferenceCategories.nameEn },
        registrations: activeRegistrations,
        waiting: waitingMembers,
      })
      .from(conferences)
      .leftJoin(conferenceCategories, eq(conferenceCategories.id, conferences.categoryId))
      .where(condition)
      .orderBy(...order)
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(conferences).where(condition),
  ]);
  return {
    total: total?.n ?? 0,
    items: rows.map(({ row, category, registrations, waiting }) => ({
      id: row.id,
      title: row.title,
      title_en: row.titleEn,
      status: row.status,
      start_date: row.startDate.toISOString(),
      end_date: row.endDate ? row.endDate.toISOString() : null,
      timezone: row.timezone,
      category: category?.id ? category : null,
      registrations,
      waiting,
      capacity: row.capacity,
      version: row.version,
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

/** The conference row `id`, or 404. */
export async function conferenceRow(db: Executor, id: number): Promise<ConferenceRow> {
  const [row] = await db.select().from(conferences).where(eq(conferences.id, id));
  if (!row) throw notFound();
  return row;
}

const registrantColumns = {
  id: conferenceRegistrations.id,
  userId: conferenceRegistrations.userId,
  status: conferenceRegistrations.status,
  createdAt: conferenceRegistrations.createdAt,
  canceledAt: conferenceRegistrations.canceledAt,
  canceledBy: conferenceRegistrations.canceledBy,
  attendedAt: conferenceRegistrations.attendedAt,
  name: users.name,
  email: users.email,
  phone: users.phone,
  locale: users.locale,
};
interface RegistrantRow {
  id: number;
  userId: number;
  status: AdminRegistration['status'];
  createdAt: Date;
  canceledAt: Date | null;
  canceledBy: 'member' | 'organizers' | null;
  attendedAt: Date | null;
  name: string;
  email: string;
  phone: string | null;
  locale: Locale;
}

const registrantOf = (row: RegistrantRow): AdminRegistration => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  email: row.email,
  phone: row.phone,
  locale: row.locale,
  status: row.status,
  registered_at: row.createdAt.toISOString(),
  canceled_at: row.canceledAt ? row.canceledAt.toISOString() : null,
  canceled_by: row.status === 'canceled' ? (row.canceledBy ?? 'member') : null,
  attended_at: row.attendedAt ? row.attendedAt.toISOString() : null,
});

/** `GET admin/conferences/{id}/registrations`: newest first; `q` over name and e-mail (Arabic-aware). */
export async function listRegistrations(db: Db, conferenceId: number, query: z.output<typeof adminRegistrationsQuerySchema>): Promise<{ items: AdminRegistration[]; total: number }> {
  const where: SQL[] = [eq(conferenceRegistrations.conferenceId, conferenceId), ...foldedSearchConditions([users.name, users.email], query.q ?? '')];
  if (query.status) where.push(eq(conferenceRegistrations.status, query.status));
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(registrantColumns)
      .from(conferenceRegistrations)
      .innerJoin(users, eq(users.id, conferenceRegistrations.userId))
      .where(condition)
      .orderBy(desc(conferenceRegistrations.createdAt), desc(conferenceRegistrations.id))
      .limit(query.limit)
      .offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(conferenceRegistrations).innerJoin(users, eq(users.id, conferenceRegistrations.userId)).where(condition),
  ]);
  return { items: rows.map(registrantOf), total: total?.n ?? 0 };
}

/**
 * A page of a conference's waiting list in its order (joined, then user id: the order seats are
 * given in), each with their place; a suspended member keeps theirs and is passed over.
 */
export async function listWaitingMembers(db: Db, conferenceId: number, query: z.output<typeof adminWaitingListQuerySchema>): Promise<{ items: AdminWaitingMember[]; total: number }> {
  const offset = pageOffset(query.page, query.limit);
  const onList = eq(conferenceWaitingList.conferenceId, conferenceId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: conferenceWaitingList.userId,
        joinedAt: conferenceWaitingList.createdAt,
        name: users.name,
        email: users.email,
        phone: users.phone,
        suspendedAt: users.suspendedAt,
        suspendedUntil: users.suspendedUntil,
      })
      .from(conferenceWaitingList)
      .innerJoin(users, eq(users.id, conferenceWaitingList.userId))
      .where(onList)
      .orderBy(asc(conferenceWaitingList.createdAt), asc(conferenceWaitingList.userId))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(conferenceWaitingList).where(onList),
  ]);
  const now = new Date();
  const items = rows.map((row, index) => ({
    place: offset + index + 1,
    user_id: row.userId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    joined_at: row.joinedAt.toISOString(),
    suspended: isSuspended(row, now),
  }));
  return { items, total: total?.n ?? 0 };
}

/** One registration of a conference as the console shows it; 404 when it is not one of that conference's. */
export async function registrantOfConference(db: Executor, conferenceId: number, registrationId: number): Promise<AdminRegistration> {
  const [row] = await db
    .select(registrantColumns)
    .from(conferenceRegistrations)
    .innerJoin(users, eq(users.id, conferenceRegistrations.userId))
    .where(and(eq(conferenceRegistrations.conferenceId, conferenceId), eq(conferenceRegistrations.id, registrationId)));
  if (!row) throw notFound();
  return registrantOf(row);
}

/** Every registrant of a conference, oldest first (the CSV export and the e-mail to all). */
export async function allRegistrants(db: Executor, conferenceId: number, onlyActive = false): Promise<AdminRegistration[]> {
  const rows = await db
    .select(registrantColumns)
    .from(conferenceRegistrations)
    .innerJoin(users, eq(users.id, conferenceRegistrations.userId))
    .where(and(eq(conferenceRegistrations.conferenceId, conferenceId), onlyActive ? eq(conferenceRegistrations.status, 'registered') : undefined))
    .orderBy(asc(conferenceRegistrations.createdAt), asc(conferenceRegistrations.id));
  return rows.map(registrantOf);
}

const CSV_TEXTS: Record<Locale, { head: string[]; status: Record<AdminRegistration['status'] | 'canceledByOrganizers', string>; present: string }> = {
  en: {
    head: ['Name', 'E-mail', 'Phone', 'Registered at (Asia/Dubai)', 'Status', 'Present'],
    status: { registered: 'Registered', canceled: 'Canceled', canceledByOrganizers: 'Canceled by the organizers' },
    present: 'Yes',
  },
  ar: {
    head: ['الاسم', 'البريد الإلكتروني', 'الهاتف', 'تاريخ التسجيل (Asia/Dubai)', 'الحالة', 'الحضور'],
    status: { registered: 'مسجّل', canceled: 'ملغى', canceledByOrganizers: 'ألغاه المنظمون' },
    present: 'نعم',
  },
};

/** The registrants as CSV, headed in `locale`; times are the platform zone's wall clock (`2027-02-16 09:00`); who was present marked. */
export function registrantsCsv(rows: readonly AdminRegistration[], locale: Locale, timeZone: string): string {
  const texts = CSV_TEXTS[locale];
  return toCsv([
    texts.head,
    ...rows.map((row) => {
      const at = localDateTime(timeZone, new Date(row.registered_at));
      const status = texts.status[row.canceled_by === 'organizers' ? 'canceledByOrganizers' : row.status];
      return [row.name, row.email, row.phone, `${at.date} ${at.time}`, status, row.attended_at ? texts.present : ''];
    }),
  ]);
}
