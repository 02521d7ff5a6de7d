/**
 * Conference registration (issue 3): `POST conference/{id}/register` for the signed-in user, with
 * a confirmation e-mail in the user's language carrying the conference's .ics; and the user's own
 * registrations (`GET conference-registrations/mine`, for the profile: canceled ones too, and
 * those of conferences no longer public); `DELETE conference/{id}/register` cancels one until the
 * conference ends (seat freed, e-mailed with a METHOD:CANCEL .ics that takes the conference out of
 * the member's calendar). Published conferences only; a conference with seats (`capacity`) refuses
 * a registration once they are all taken, counted under a lock on the conference row so two last
 * registrations cannot both get in.
 *
 * The member's calendar entry: the registration mail's .ics carries the registration's
 * `ics_sequence` and the platform as ORGANIZER; each cancellation (the member's here, the
 * organizers' in admin-conferences.ts) raises it and sends METHOD:CANCEL for the same UID
 * ({@link registrationCancellationIcs}); a revived registration raises it again, so its new
 * calendar is newer than the cancellation.
 *
 * A registration the organizers marked as present (admin-conferences.ts) gives its member a
 * certificate of attendance (`GET conference-registrations/{id}/certificate`, a PDF in their
 * language).
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conferenceRegisterResponseSchema,
  conferenceWaitingListResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  localeSchema,
  myRegistrationsResponseSchema,
  myWaitingPlacesResponseSchema,
  translateMessage,
} from '@scholars/shared-contracts/schemas';
import { conferenceRegistrations, conferences, conferenceWaitingList, users } from '../db/schema';
import type { Executor } from '../lib/invoices/numbering';
import { notSuspended } from '../lib/accounts/suspension';
import { AppError, notFound } from '../lib/errors';
import { certificateNumber, renderCertificatePdf } from '../lib/conference-certificate';
import { sendPdf } from '../lib/pdf-text';
import { conferenceCalendar, conferenceCancellation, type CalendarConference, type CalendarPerson } from '../lib/ical';
import type { MailAttachment } from '../lib/mail/transport';
import { isolate, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { greeting, PRODUCT_NAME, renderMail, type RenderedMail } from '../lib/mail/templates';
import { calendarConferenceOf, findConference, formatConferenceWhen, phaseOf, platformOrganizer, registeredCount, registrationStatus, toListItem, waitingPlace, type ConferenceRow } from './conferences';
import { errorResponses, notFoundResponse } from './schemas';

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };

const TEXTS = {
  en: {
    subject: (title: string) => `Registration confirmed: ${title}`,
    registered: (title: string) => `You are registered for “${title}”.`,
    when: 'When',
    where: 'Where',
    online: 'Online',
    details: 'The conference’s page',
    calendar: 'The attached calendar file adds the conference and its important dates to your calendar.',
    canceledSubject: (title: string) => `Registration canceled: ${title}`,
    canceled: (title: string) => `Your registration for “${title}” is canceled, as you asked. If it is still open, you can register again from the conference’s page.`,
    calendarCanceled: 'The attached calendar file (.ics) takes the conference out of your calendar.',
    seatedSubject: (title: string) => `A seat is yours: ${title}`,
    seated: (title: string) =>
      `A seat was freed at “${title}”, and you were next on its waiting list: you are registered. If you can no longer come, cancel from the conference’s page so the seat goes to the next member waiting.`,
  },
  ar: {
    subject: (title: string) => `تأكيد التسجيل: ${title}`,
    registered: (title: string) => `تم تسجيلك في «${title}».`,
    when: 'الموعد',
    where: 'المكان',
    online: 'عبر الإنترنت',
    details: 'صفحة المؤتمر',
    calendar: 'يضيف ملف التقويم المرفق المؤتمرَ وتواريخه المهمة إلى تقويمك.',
    canceledSubject: (title: string) => `إلغاء التسجيل: ${title}`,
    canceled: (title: string) => `أُلغي تسجيلك في «${title}» كما طلبت. يمكنك التسجيل من جديد من صفحة المؤتمر ما دام التسجيل مفتوحًا.`,
    calendarCanceled: 'يزيل ملف التقويم المرفق (.ics) المؤتمرَ من تقويمك.',
    seatedSubject: (title: string) => `لك مقعد في: ${title}`,
    seated: (title: string) =>
      `تحرّر مقعد في «${title}» وكنت التالي في قائمة الانتظار: تم تسجيلك. إن لم يعد بإمكانك الحضور فألغِ تسجيلك من صفحة المؤتمر ليذهب المقعد إلى العضو التالي في الانتظار.`,
  },
} as const;

/** The confirmation e-mail of a registration, in `locale` (the site's one mail layout; the .ics goes with it). */
export function registrationMail(row: ConferenceRow, name: string, locale: Locale, url: string, fromWaitingList = false): RenderedMail {
  const texts = TEXTS[locale];
  // Typed texts keep their own direction in the sentences (lib/mail/templates.ts, greeting).
  const title = isolate(pickLocalized(locale, row.title, row.titleEn));
  const venue = pickLocalized(locale, row.venue, row.venueEn) || (row.mode === 'online' ? texts.online : '');
  const when = formatConferenceWhen(row, locale);
  // A seat given from the waiting list says so; the rest of the mail is a registration's.
  const [template, subject, opening] = fromWaitingList
    ? ['conference-seat-from-waiting-list', texts.seatedSubject(title), texts.seated(title)]
    : ['conference-registration', texts.subject(title), texts.registered(title)];
  return renderMail(locale, template, subject, greeting(locale, name), [
    opening,
    [`${texts.when}: ${when}`, ...(venue ? [`${texts.where}: ${isolate(venue)}`] : [])].join('\n'),
    { link: url, label: texts.details },
    texts.calendar,
  ]);
}

/** A registration as the API answers it (register, cancel, the member's list). */
export const registrationView = (row: typeof conferenceRegistrations.$inferSelect) => ({
  id: row.id,
  conference_id: row.conferenceId,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  // A canceled row from before migration 0029 (or a test fixture) was the member's own cancel.
  canceled_by: row.status === 'canceled' ? (row.canceledBy ?? ('member' as const)) : null,
});

/** The platform, the organizer of the conference entries it mails (registration and cancellation). */
export const conferenceOrganizer = (mailFrom: string, locale: Locale): CalendarPerson => platformOrganizer(mailFrom, PRODUCT_NAME[locale]);

/** The registration mail's calendar: the conference and its deadlines, at the registration's SEQUENCE. */
export function registrationIcs(conference: CalendarConference, sequence: number, organizer: CalendarPerson): MailAttachment {
  return {
    filename: `conference-${conference.id}.ics`,
    content: conferenceCalendar({ ...conference, sequence, organizer }),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

/**
 * The cancellation of a member's entry (their cancel, or the organizers'): METHOD:CANCEL, the
 * conference's UID, `sequence` (the registration's, raised by the cancellation), the same organizer.
 */
export function registrationCancellationIcs(conference: CalendarConference, sequence: number, organizer: CalendarPerson, member: CalendarPerson): MailAttachment {
  return {
    filename: `conference-${conference.id}-cancel.ics`,
    content: conferenceCancellation({ ...conference, sequence, organizer, attendee: member }),
    contentType: 'text/calendar; charset=utf-8; method=CANCEL',
  };
}

/** The confirmation of a canceled registration, in `locale`. */
export function registrationCanceledMail(row: ConferenceRow, name: string, locale: Locale, url: string): RenderedMail {
  const texts = TEXTS[locale];
  const title = isolate(pickLocalized(locale, row.title, row.titleEn));
  return renderMail(locale, 'conference-registration-canceled', texts.canceledSubject(title), greeting(locale, name), [
    texts.canceled(title),
    texts.calendarCanceled,
    { link: url, label: texts.details },
  ]);
}

/**
 * Registers `userId` for the conference: a canceled registration comes back to life (its calendar
 * entry a step newer than the cancellation that removed it); null when already registered.
 */
async function insertRegistration(tx: Executor, conferenceId: number, userId: number) {
  const [saved] = await tx
    .insert(conferenceRegistrations)
    .values({ conferenceId, userId })
    .onConflictDoUpdate({
      target: [conferenceRegistrations.conferenceId, conferenceRegistrations.userId],
      set: { status: 'registered', canceledAt: null, canceledBy: null, createdAt: sql`now()`, icsSequence: sql`${conferenceRegistrations.icsSequence} + 1` },
      setWhere: sql`${conferenceRegistrations.status} = 'canceled'`,
    })
    .returning();
  return saved ?? null;
}

/** Who is waiting for a seat and can take one now: not closed, not suspended (they keep their place). */
const canTakeSeat = and(isNull(users.closedAt), notSuspended());

/**
 * Gives the seats free now to the members who have waited longest (decisions.md "Conference waiting
 * lists"): each is registered and e-mailed in their language with the conference's calendar, and
 * leaves the list. Called in the transaction that may have freed seats (a cancellation, an account
 * closed, a save that raised the seats or opened registration, a publication), after it; the
 * conference row is locked here, as a registration locks it, so a seat is never given twice. Only
 * while the conference is published, open for registration and not ended.
 */
export async function seatFromWaitingList(app: FastifyInstance, tx: Executor, conferenceId: number): Promise<number> {
  const [row] = await tx.select().from(conferences).where(eq(conferences.id, conferenceId)).for('update');
  if (!row || row.status !== 'published' || !row.registrationOpen || phaseOf(row) === 'ended') return 0;
  const free = row.capacity === null ? null : row.capacity - (await registeredCount(tx, row.id));
  if (free !== null && free <= 0) return 0;
  const next = tx
    .select({ userId: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(conferenceWaitingList)
    .innerJoin(users, eq(users.id, conferenceWaitingList.userId))
    .where(and(eq(conferenceWaitingList.conferenceId, row.id), canTakeSeat))
    .orderBy(asc(conferenceWaitingList.createdAt), asc(conferenceWaitingList.userId));
  const waiting = free === null ? await next : await next.limit(free);
  if (waiting.length === 0) return 0;
  const url = new URL(`/conference/${row.id}`, app.config.PUBLIC_BASE_URL).toString();
  const calendars = new Map<Locale, CalendarConference>();
  for (const member of waiting) {
    await tx.delete(conferenceWaitingList).where(and(eq(conferenceWaitingList.conferenceId, row.id), eq(conferenceWaitingList.userId, member.userId)));
    const saved = await insertRegistration(tx, row.id, member.userId);
    if (!saved) continue;
    const calendar = calendars.get(member.locale) ?? (await calendarConferenceOf(tx, row, member.locale, app.config.PUBLIC_BASE_URL));
    calendars.set(member.locale, calendar);
    await app.mail.enqueue(
      {
        to: member.email,
        locale: member.locale,
        ...registrationMail(row, member.name, member.locale, url, true),
        attachments: [registrationIcs(calendar, saved.icsSequence, conferenceOrganizer(app.config.MAIL_FROM, member.locale))],
      },
      tx,
    );
  }
  return waiting.length;
}

/** A published conference open for registration (404; 422 when it has ended or registration is closed). */
async function openConference(app: FastifyInstance, id: number): Promise<ConferenceRow> {
  const row = await findConference(app, id);
  if (phaseOf(row) === 'ended') throw new AppError(422, 'validation.conferenceEnded');
  if (!row.registrationOpen) throw new AppError(422, 'validation.conferenceRegistrationClosed');
  return row;
}

const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/conference/:id/register',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'Register the signed-in user for a conference',
        description:
          'Stores the registration and e-mails a confirmation in the user’s language with the conference’s .ics attached. ' +
          '409 when already registered or every seat is taken (`conferenceFull`); 422 when registration is closed or the conference has ended.',
        params: idParamsSchema,
        response: {
          201: conferenceRegisterResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Already registered, or every seat is taken'),
          422: errorEnvelopeSchema.describe('Registration closed, or the conference has ended'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const row = await openConference(app, request.params.id);

      const locale: Locale = user.locale;
      const url = new URL(`/conference/${row.id}`, app.config.PUBLIC_BASE_URL).toString();
      const calendar = await calendarConferenceOf(app.db, row, locale, app.config.PUBLIC_BASE_URL);
      const mail = registrationMail(row, user.name, locale, url);

      const registration = await app.db.transaction(async (tx) => {
        // The conference row, locked: with seats, registrations of this conference wait here for one
        // another (the count is the one the insert follows); always, an archive or unpublish under way
        // (which cancels the registrations it finds) is waited for, and then this one is refused.
        const [locked] = await tx
          .select({ status: conferences.status })
          .from(conferences)
          .where(eq(conferences.id, row.id))
          .for(row.capacity !== null ? 'update' : 'share');
        if (locked?.status !== 'published') throw notFound();
        if (row.capacity !== null) {
          if ((await registrationStatus(tx, row.id, user.id)) !== 'registered' && (await registeredCount(tx, row.id)) >= row.capacity) {
            throw new AppError(409, 'validation.conferenceFull', { capacity: row.capacity });
          }
        }
        const saved = await insertRegistration(tx, row.id, user.id);
        if (!saved) return null;
        // Registered: no longer waiting (a member is on the list or registered, never both).
        await tx.delete(conferenceWaitingList).where(and(eq(conferenceWaitingList.conferenceId, row.id), eq(conferenceWaitingList.userId, user.id)));
        await app.mail.enqueue(
          { to: user.email, locale, ...mail, attachments: [registrationIcs(calendar, saved.icsSequence, conferenceOrganizer(app.config.MAIL_FROM, locale))] },
          tx,
        );
        return saved;
      });
      if (!registration) throw new AppError(409, 'validation.conferenceAlreadyRegistered');

      return reply.code(201).send({
        status: true as const,
        msg: translateMessage(request.locale, 'success.conferenceRegistered'),
        data: registrationView(registration),
      });
    },
  );

  app.delete(
    '/conference/:id/register',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'Cancel the signed-in user’s registration for a conference',
        description:
          'Until the conference ends. The seat is freed (it goes to the member first on the waiting list, if any) and a confirmation ' +
          'is e-mailed in the user’s language; registering again ' +
          'revives the registration. 409 when not registered (`conferenceNotRegistered`); 422 once the conference has ended.',
        params: idParamsSchema,
        response: {
          200: conferenceRegisterResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Not registered'),
          422: errorEnvelopeSchema.describe('The conference has ended'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const row = await findConference(app, request.params.id);
      if (phaseOf(row) === 'ended') throw new AppError(422, 'validation.conferenceEnded');
      const url = new URL(`/conference/${row.id}`, app.config.PUBLIC_BASE_URL).toString();
      const calendar = await calendarConferenceOf(app.db, row, user.locale, app.config.PUBLIC_BASE_URL);
      const canceled = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(conferenceRegistrations)
          .set({ status: 'canceled', canceledAt: sql`now()`, canceledBy: 'member', icsSequence: sql`${conferenceRegistrations.icsSequence} + 1` })
          .where(
            and(
              eq(conferenceRegistrations.conferenceId, row.id),
              eq(conferenceRegistrations.userId, user.id),
              eq(conferenceRegistrations.status, 'registered'),
            ),
          )
          .returning();
        if (!saved) return null;
        // The calendar entry the registration mail added goes too (as a consultation's cancel does).
        const ics = registrationCancellationIcs(calendar, saved.icsSequence, conferenceOrganizer(app.config.MAIL_FROM, user.locale), { name: user.name, email: user.email });
        await app.mail.enqueue({ to: user.email, locale: user.locale, ...registrationCanceledMail(row, user.name, user.locale, url), attachments: [ics] }, tx);
        // The freed seat goes to the member who has waited longest.
        await seatFromWaitingList(app, tx, row.id);
        return saved;
      });
      if (!canceled) throw new AppError(409, 'validation.conferenceNotRegistered');
      return {
        status: true as const,
        msg: translateMessage(request.locale, 'success.conferenceRegistrationCanceled'),
        data: registrationView(canceled),
      };
    },
  );

  app.post(
    '/conference/:id/waiting-list',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'Put the signed-in user on a full conference’s waiting list',
        description:
          'A freed seat goes to the member who has waited longest: registered and e-mailed with the calendar, as a registration is. ' +
          '201 with the caller’s place (1: next). 409 when seats are free (`conferenceNotFull`: register instead), when already ' +
          'registered or already waiting; 422 when registration is closed or the conference has ended.',
        params: idParamsSchema,
        response: {
          201: conferenceWaitingListResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Seats are free, already registered, or already waiting'),
          422: errorEnvelopeSchema.describe('Registration closed, or the conference has ended'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const row = await openConference(app, request.params.id);
      const place = await app.db.transaction(async (tx) => {
        // Under the conference's lock, as a registration and a freed seat take it: the count is the one the list follows.
        const [locked] = await tx.select({ status: conferences.status, capacity: conferences.capacity }).from(conferences).where(eq(conferences.id, row.id)).for('update');
        if (locked?.status !== 'published') throw notFound();
        if ((await registrationStatus(tx, row.id, user.id)) === 'registered') throw new AppError(409, 'validation.conferenceAlreadyRegistered');
        if (locked.capacity === null || (await registeredCount(tx, row.id)) < locked.capacity) throw new AppError(409, 'validation.conferenceNotFull');
        const [added] = await tx.insert(conferenceWaitingList).values({ conferenceId: row.id, userId: user.id }).onConflictDoNothing().returning();
        if (!added) throw new AppError(409, 'validation.conferenceAlreadyWaiting');
        return (await waitingPlace(tx, row.id, user.id))!;
      });
      return reply.code(201).send({ status: true as const, msg: translateMessage(request.locale, 'success.conferenceWaitingJoined', { place }), data: { place } });
    },
  );

  app.delete(
    '/conference/:id/waiting-list',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'Take the signed-in user off a conference’s waiting list',
        description: '409 when not on it (`conferenceNotWaiting`).',
        params: idParamsSchema,
        response: {
          200: conferenceWaitingListResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Not on the waiting list'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      // Leaving works on any conference there is (an unpublished one's list is kept for its return).
      const [conference] = await app.db.select({ id: conferences.id }).from(conferences).where(eq(conferences.id, request.params.id));
      if (!conference) throw notFound();
      const [left] = await app.db
        .delete(conferenceWaitingList)
        .where(and(eq(conferenceWaitingList.conferenceId, request.params.id), eq(conferenceWaitingList.userId, request.user!.id)))
        .returning();
      if (!left) throw new AppError(409, 'validation.conferenceNotWaiting');
      return { status: true as const, msg: translateMessage(request.locale, 'success.conferenceWaitingLeft'), data: { place: null } };
    },
  );

  app.get(
    '/conference-waiting-lists/mine',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'The signed-in user’s places on waiting lists (profile), the longest waited first',
        description:
          '`place` 1: the next seat freed is theirs. Only conferences that have not ended (a place on an ended one means nothing ' +
          'now; the data export keeps it). `conference_public` false: the conference is not on the public site (a list closes when ' +
          'its conference leaves the site before it ends, so this is rare).',
        response: { 200: myWaitingPlacesResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const rows = (
        await app.db
          .select({ joinedAt: conferenceWaitingList.createdAt, conference: conferences })
          .from(conferenceWaitingList)
          .innerJoin(conferences, eq(conferences.id, conferenceWaitingList.conferenceId))
          .where(eq(conferenceWaitingList.userId, userId))
          .orderBy(asc(conferenceWaitingList.createdAt), asc(conferenceWaitingList.conferenceId))
      ).filter(({ conference }) => phaseOf(conference) !== 'ended');
      const places = await Promise.all(rows.map(({ conference }) => waitingPlace(app.db, conference.id, userId)));
      return {
        status: true as const,
        data: rows.map(({ joinedAt, conference }, index) => ({
          conference_id: conference.id,
          place: places[index]!,
          joined_at: joinedAt.toISOString(),
          conference: toListItem(conference),
          conference_public: conference.status === 'published',
        })),
      };
    },
  );

  app.get(
    '/conference-registrations/mine',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'The signed-in user’s conference registrations (profile), newest first',
        description:
          'Every registration, canceled ones included (`canceled_by`: the member or the organizers), also of conferences ' +
          'no longer on the public site (`conference_public` false: their page is a 404, so the profile does not link it).',
        response: { 200: myRegistrationsResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ registration: conferenceRegistrations, conference: conferences })
        .from(conferenceRegistrations)
        .innerJoin(conferences, eq(conferences.id, conferenceRegistrations.conferenceId))
        .where(eq(conferenceRegistrations.userId, request.user!.id))
        .orderBy(desc(conferenceRegistrations.createdAt), desc(conferenceRegistrations.id));
      return {
        status: true as const,
        data: rows.map(({ registration, conference }) => ({
          ...registrationView(registration),
          conference: toListItem(conference),
          conference_public: conference.status === 'published',
          attended: registration.attendedAt !== null,
        })),
      };
    },
  );

  app.get(
    '/conference-registrations/:id/certificate',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conferences'],
        summary: 'The certificate of attendance of one of the signed-in user’s registrations (PDF)',
        description:
          'Once the organizers marked the member as present (409 `certificateNotAvailable` before). In `lang`, else the ' +
          'account’s language. Another member’s registration is a 404, as if it did not exist.',
        params: idParamsSchema,
        querystring: z.object({ lang: localeSchema.optional().describe('Language of the certificate (default: the account’s)') }),
        produces: ['application/pdf'],
        response: { ...authErrors, ...notFoundResponse, 409: errorEnvelopeSchema.describe('Not marked as present'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const [found] = await app.db
        .select({ registration: conferenceRegistrations, conference: conferences, name: users.name, locale: users.locale })
        .from(conferenceRegistrations)
        .innerJoin(conferences, eq(conferences.id, conferenceRegistrations.conferenceId))
        .innerJoin(users, eq(users.id, conferenceRegistrations.userId))
        .where(and(eq(conferenceRegistrations.id, request.params.id), eq(conferenceRegistrations.userId, user.id)));
      if (!found) throw notFound();
      const { registration, conference } = found;
      if (!registration.attendedAt) throw new AppError(409, 'validation.certificateNotAvailable');
      const locale = request.query.lang ?? found.locale;
      const pdf = await renderCertificatePdf({
        locale,
        name: found.name,
        title: pickLocalized(locale, conference.title, conference.titleEn),
        startDate: conference.startDate,
        endDate: conference.endDate,
        timezone: conference.timezone,
        venue: pickLocalized(locale, conference.venue ?? '', conference.venueEn ?? '') || null,
        online: conference.mode === 'online',
        number: certificateNumber(conference.id, registration.id),
        issuedAt: registration.attendedAt,
      });
      return sendPdf(reply, `certificate-${certificateNumber(conference.id, registration.id)}.pdf`, pdf);
    },
  );
};
export default registrationRoutes;
