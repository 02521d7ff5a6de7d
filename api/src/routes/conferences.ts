import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORTANT_DATE_KEYS,
  conferenceByCategoryBodySchema,
  conferenceDetailsResponseSchema,
  conferencePageResponseSchema,
  conferencePaginateBodySchema,
  idParamsSchema,
  localeSchema,
  type AgendaDay,
  type ConferenceDetails,
  type ConferenceListItem,
  type ImportantDateKey,
  type ImportantDates,
} from '@scholars/shared-contracts/schemas';
import {
  conferenceAgendaItems,
  conferenceCategories,
  conferenceImportantDates,
  conferenceRegistrations,
  conferenceSpeakers,
  conferenceWaitingList,
  conferences,
} from '../db/schema';
import { notFound } from '../lib/errors';
import type { Executor } from '../lib/invoices/numbering';
import { conferenceCalendar, type CalendarConference, type CalendarPerson } from '../lib/ical';
import { formatDateRange, formatTimeZone, pickLocalized, zonedTimeToInstant, type Locale } from '@scholars/shared-contracts/locale';
import { conferencePaginate, conferencesByCategory, runPage, type ConferenceListRow } from '../lib/list-queries';
import { phaseOf } from '../lib/conference-phase';
import { errorResponses, notFoundResponse } from './schemas';

/** Kept here for the routes that read a conference with it (the rule is lib/conference-phase.ts's). */
export { phaseOf };

export type ConferenceRow = typeof conferences.$inferSelect;

/** The public list shape (spec 3) of a conference row (the list's columns are enough: lib/list-queries.ts). */
export const toListItem = (row: ConferenceListRow): ConferenceListItem => ({
  id: row.id,
  category_id: row.categoryId,
  title: row.title,
  title_en: row.titleEn,
  description: row.description,
  description_en: row.descriptionEn,
  image: row.image,
  start_date: row.startDate.toISOString(),
  end_date: row.endDate ? row.endDate.toISOString() : null,
  timezone: row.timezone,
  mode: row.mode,
  venue: row.venue,
  venue_en: row.venueEn,
  keywords: row.keywords,
});


/** Labels of the important dates, used in the .ics export and the confirmation e-mail. */
export const IMPORTANT_DATE_LABELS: Record<Locale, Record<ImportantDateKey, string>> = {
  en: {
    paper_submission_deadline: 'Paper submission deadline',
    notification_of_acceptance: 'Notification of acceptance',
    camera_ready_submission: 'Camera-ready submission',
    start_date: 'Start date',
    end_date: 'End date',
    abstract_deadline: 'Abstract deadline',
    full_paper_deadline: 'Full paper deadline',
    early_bird_deadline: 'Early bird registration deadline',
  },
  ar: {
    paper_submission_deadline: 'آخر موعد لتقديم الأوراق',
    notification_of_acceptance: 'الإشعار بالقبول',
    camera_ready_submission: 'تسليم النسخة النهائية',
    start_date: 'تاريخ البدء',
    end_date: 'تاريخ الانتهاء',
    abstract_deadline: 'آخر موعد لتقديم الملخصات',
    full_paper_deadline: 'آخر موعد لتقديم الورقة الكاملة',
    early_bird_deadline: 'آخر موعد للتسجيل المبكر',
  },
};

const ONLINE_LABEL: Record<Locale, string> = { en: 'Online', ar: 'عبر الإنترنت' };

type ImportantDatesRow = typeof conferenceImportantDates.$inferSelect;

function toImportantDates(row: ImportantDatesRow | undefined): ImportantDates {
  return {
    paper_submission_deadline: row?.paperSubmissionDeadline ?? null,
    notification_of_acceptance: row?.notificationOfAcceptance ?? null,
    camera_ready_submission: row?.cameraReadySubmission ?? null,
    start_date: row?.startDate ?? null,
    end_date: row?.endDate ?? null,
    abstract_deadline: row?.abstractDeadline ?? null,
    full_paper_deadline: row?.fullPaperDeadline ?? null,
    early_bird_deadline: row?.earlyBirdDeadline ?? null,
    paper_submission_id: row?.paperSubmissionId ?? null,
  };
}

/** What a conference's calendar files say, in `locale`: texts, place, times, its page, its deadlines. */
export async function calendarConferenceOf(db: Executor, row: ConferenceRow, locale: Locale, site: string): Promise<CalendarConference> {
  const [dates] = await db.select().from(conferenceImportantDates).where(eq(conferenceImportantDates.conferenceId, row.id));
  const importantDates = toImportantDates(dates);
  const venue = pickLocalized(locale, row.venue, row.venueEn) || null;
  return {
    id: row.id,
    title: pickLocalized(locale, row.title, row.titleEn),
    description: pickLocalized(locale, row.description, row.descriptionEn),
    location: venue ?? (row.mode === 'online' ? ONLINE_LABEL[locale] : null),
    timezone: row.timezone,
    start: row.startDate,
    end: row.endDate,
    url: new URL(`/conference/${row.id}`, site).toString(),
    updatedAt: row.updatedAt,
    // The deadlines around it; its start and end days are the event itself, not entries of their own.
    importantDates: IMPORTANT_DATE_KEYS.flatMap((key) => {
      const date = importantDates[key];
      return date && key !== 'start_date' && key !== 'end_date' ? [{ key, label: IMPORTANT_DATE_LABELS[locale][key], date }] : [];
    }),
  };
}

/** The .ics text of a conference in `locale` (conference, VTIMEZONE, each important date): the public download. */
export async function conferenceIcs(app: FastifyInstance, row: ConferenceRow, locale: Locale): Promise<string> {
  return conferenceCalendar(await calendarConferenceOf(app.db, row, locale, app.config.PUBLIC_BASE_URL));
}

/**
 * The platform as the organizer of the conference entries it mails (a registration's calendar and
 * its cancellation name the same one): the name and address of MAIL_FROM (`Name <address>` or an
 * address alone).
 */
export function platformOrganizer(mailFrom: string, name: string): CalendarPerson {
  const angle = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(mailFrom);
  if (angle) return { name: angle[1]!.replace(/^"|"$/g, '') || name, email: angle[2]! };
  return { name, email: mailFrom.trim() };
}

/** 'Tue, 16 Feb 2027, 09:00 – Wed, 17 Feb 2027, 17:00 (Gulf Standard Time)' in `locale`, in the conference's zone, named as the site names it. */
export function formatConferenceWhen(row: Pick<ConferenceRow, 'startDate' | 'endDate' | 'timezone'>, locale: Locale): string {
  return `${formatDateRange(row.startDate, row.endDate, locale, row.timezone)} (${formatTimeZone(row.timezone, locale, row.startDate)})`;
}

/** A conference the public site shows: published only (a draft or an archived one is 404, as if it did not exist). */
export async function findConference(app: FastifyInstance, id: number): Promise<ConferenceRow> {
  const [row] = await app.db.select().from(conferences).where(and(eq(conferences.id, id), eq(conferences.status, 'published')));
  if (!row) throw notFound();
  return row;
}

/** Active registrations of conference `id`. */
export async function registeredCount(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conferenceRegistrations)
    .where(and(eq(conferenceRegistrations.conferenceId, id), eq(conferenceRegistrations.status, 'registered')));
  return row?.n ?? 0;
}

/** The member's registration for conference `id`: `registered`, `canceled`, or undefined when they never registered. */
export async function registrationStatus(db: Executor, id: number, userId: number) {
  const [row] = await db
    .select({ status: conferenceRegistrations.status })
    .from(conferenceRegistrations)
    .where(and(eq(conferenceRegistrations.conferenceId, id), eq(conferenceRegistrations.userId, userId)));
  return row?.status;
}

/** The member's place on the conference's waiting list (1: next), null when not on it. */
export async function waitingPlace(db: Executor, conferenceId: number, userId: number): Promise<number | null> {
  // In the list's order (joined, then user id), up to and including the member; 0 when not on it.
  const [row] = await db
    .select({ place: count() })
    .from(conferenceWaitingList)
    .where(
      and(
        eq(conferenceWaitingList.conferenceId, conferenceId),
        sql`(${conferenceWaitingList.createdAt}, ${conferenceWaitingList.userId}) <= (SELECT w.created_at, w.user_id FROM conference_waiting_list w WHERE w.conference_id = ${conferenceId} AND w.user_id = ${userId})`,
      ),
    );
  return row?.place ? row.place : null;
}

const icsQuerySchema = z.object({
  lang: localeSchema.optional().describe('Language of the calendar texts (default: Accept-Language)'),
});

const conferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/conference/paginate',
    {
      // `upcoming` compares with now(): kept one minute at most (writes drop it at once).
      ...app.readCache.route({ tables: ['conferences'], ttlSeconds: 60 }),
      schema: {
        tags: ['catalog'],
        summary: 'A page of conferences and events',
        description:
          'Body `{ limit, page, col, search, category_id?, order? }`. `col` sorts (title, title_en, start_date, id; ' +
          '`relevance`: best match first when there is a search term, else as start_date; ' +
          '`upcoming`: not yet ended first, soonest first, then past ones, latest first); ' +
          '`search` matches titles, descriptions, venue and keywords in both languages, Arabic-aware; ' +
          '`tot` counts every match. A page past the end is empty with the same `tot`.',
        body: conferencePaginateBodySchema,
        response: { 200: conferencePageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { category_id: categoryId, ...body } = request.body;
      const { rows, tot } = await runPage(conferencePaginate(app.db, { ...body, categoryId }), app.readCache);
      return { status: true as const, data: rows.map(toListItem), tot };
    },
  );

  app.post(
    '/conference/by-category',
    {
      // `upcoming` compares with now(): kept one minute at most.
      ...app.readCache.route({ tables: ['conferences'], ttlSeconds: 60 }),
      schema: {
        tags: ['conferences'],
        summary: 'A page of the conferences of one category (screen /conferences/{categoryId})',
        description:
          'Body `{ category_id, limit, page, col, search, mode?, order? }`, answer `{ status, data, tot }` as paginate. ' +
          '`col`: `upcoming` (default: not yet ended first, soonest first, then past ones, latest first), ' +
          '`start_date`, `title`, `title_en`, `id`, `relevance` (best match first when there is a search term, else as upcoming). `mode` filters online, onsite or hybrid. An unknown category has no conferences.',
        body: conferenceByCategoryBodySchema,
        response: { 200: conferencePageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { category_id: categoryId, ...body } = request.body;
      const { rows, tot } = await runPage(conferencesByCategory(app.db, { ...body, categoryId }), app.readCache);
      return { status: true as const, data: rows.map(toListItem), tot };
    },
  );

  app.get(
    '/conference/:id',
    {
      preHandler: app.optionalAuthenticate,
      schema: {
        tags: ['conferences'],
        summary: 'Conference details (screen /conference/{id})',
        description:
          'Overview, objectives, category, mode, venue, time zone; agenda rows grouped by day (wall-clock times of the ' +
          "conference's zone plus the same instants in ISO form); speakers; excerpts (null until the conference has " +
          'ended); the important dates of spec 3; `registered` for a signed-in caller (null for a visitor). ' +
          '`registration_open` is false when the organizers closed it, every seat is taken, or it has ended. Published conferences only.',
        params: idParamsSchema,
        response: { 200: conferenceDetailsResponseSchema, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await findConference(app, request.params.id);
      const userId = request.user?.id;
      const [category, agendaRows, speakerRows, dates, registration, taken, waiting] = await Promise.all([
        row.categoryId
          ? app.db
              .select({ id: conferenceCategories.id, name: conferenceCategories.name, name_en: conferenceCategories.nameEn })
              .from(conferenceCategories)
              .where(eq(conferenceCategories.id, row.categoryId))
          : Promise.resolve([]),
        app.db
          .select()
          .from(conferenceAgendaItems)
          .where(eq(conferenceAgendaItems.conferenceId, row.id))
          .orderBy(asc(conferenceAgendaItems.day), asc(conferenceAgendaItems.startTime), asc(conferenceAgendaItems.sortOrder), asc(conferenceAgendaItems.id)),
        app.db
          .select()
          .from(conferenceSpeakers)
          .where(eq(conferenceSpeakers.conferenceId, row.id))
          .orderBy(asc(conferenceSpeakers.sortOrder), asc(conferenceSpeakers.id)),
        app.db.select().from(conferenceImportantDates).where(eq(conferenceImportantDates.conferenceId, row.id)),
        userId ? registrationStatus(app.db, row.id, userId) : Promise.resolve(undefined),
        row.capacity === null ? Promise.resolve(0) : registeredCount(app.db, row.id),
        userId && row.capacity !== null ? waitingPlace(app.db, row.id, userId) : Promise.resolve(null),
      ]);

      const agenda: AgendaDay[] = [];
      for (const item of agendaRows) {
        let day = agenda[agenda.length - 1];
        if (!day || day.date !== item.day) {
          day = { date: item.day, items: [] };
          agenda.push(day);
        }
        const startsAt = zonedTimeToInstant(item.day, item.startTime, row.timezone);
        let endsAt = zonedTimeToInstant(item.day, item.endTime, row.timezone);
        // A session ending after midnight ends on the next day.
        if (endsAt < startsAt) endsAt = new Date(endsAt.getTime() + 86_400_000);
        day.items.push({
          id: item.id,
          title: item.title,
          title_en: item.titleEn,
          speaker: item.speaker,
          speaker_en: item.speakerEn,
          location: item.location,
          location_en: item.locationEn,
          date: item.day,
          start_time: item.startTime.slice(0, 5),
          end_time: item.endTime.slice(0, 5),
          starts_at: startsAt.toISOString(),
          ends_at: endsAt.toISOString(),
        });
      }

      const phase = phaseOf(row);
      const ended = phase === 'ended';
      const data: ConferenceDetails = {
        ...toListItem(row),
        category: category[0] ?? null,
        overview: row.overview,
        overview_en: row.overviewEn,
        objectives: row.objectives,
        objectives_en: row.objectivesEn,
        phase,
        registration_open: row.registrationOpen && !ended && (row.capacity === null || taken < row.capacity),
        full: row.registrationOpen && !ended && row.capacity !== null && taken >= row.capacity,
        excerpts: ended ? (row.excerpts ?? null) : null,
        excerpts_en: ended ? (row.excerptsEn ?? null) : null,
        agenda,
        speakers: speakerRows.map((speaker) => ({
          id: speaker.id,
          name: speaker.name,
          name_en: speaker.nameEn,
          title: speaker.title,
          title_en: speaker.titleEn,
          bio: speaker.bio,
          bio_en: speaker.bioEn,
          image: speaker.image,
        })),
        important_dates: toImportantDates(dates[0]),
        registered: userId ? registration === 'registered' : null,
        waiting,
      };
      return { status: true as const, data };
    },
  );

  app.get(
    '/conference/:id/ics',
    {
      schema: {
        tags: ['conferences'],
        summary: 'The conference as an iCalendar file (.ics)',
        description:
          '`text/calendar` attachment: a VCALENDAR with the VTIMEZONE of the conference, the conference as a timed ' +
          'event (DTSTART/DTEND with TZID) and each important date as an all-day event. Texts in `lang`, else Accept-Language.',
        params: idParamsSchema,
        querystring: icsQuerySchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe('text/calendar; charset=utf-8'),
          ...notFoundResponse,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const row = await findConference(app, request.params.id);
      const locale = request.query.lang ?? request.locale;
      const body = await conferenceIcs(app, row, locale);
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="conference-${row.id}.ics"`)
        .header('Cache-Control', 'no-cache')
        .send(body);
    },
  );
};
export default conferenceRoutes;
