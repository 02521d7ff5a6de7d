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
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conferenceRegisterResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  myRegistrationsResponseSchema,
  translateMessage,
} from '@scholars/shared-contracts/schemas';
import { conferenceRegistrations, conferences } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { conferenceCalendar, conferenceCancellation, type CalendarConference, type CalendarPerson } from '../lib/ical';
import type { MailAttachment } from '../lib/mail/transport';
import { isolate, pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { greeting, PRODUCT_NAME, renderMail, type RenderedMail } from '../lib/mail/templates';
import { calendarConferenceOf, findConference, formatConferenceWhen, phaseOf, platformOrganizer, registeredCount, toListItem, type ConferenceRow } from './conferences';
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
  },
} as const;

/** The confirmation e-mail of a registration, in `locale` (the site's one mail layout; the .ics goes with it). */
export function registrationMail(row: ConferenceRow, name: string, locale: Locale, url: string): RenderedMail {
  const texts = TEXTS[locale];
  // Typed texts keep their own direction in the sentences (lib/mail/templates.ts, greeting).
  const title = isolate(pickLocalized(locale, row.title, row.titleEn));
  const venue = pickLocalized(locale, row.venue, row.venueEn) || (row.mode === 'online' ? texts.online : '');
  const when = formatConferenceWhen(row, locale);
  return renderMail(locale, 'conference-registration', texts.subject(title), greeting(locale, name), [
    texts.registered(title),
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
      const row = await findConference(app, request.params.id);
      if (phaseOf(row) === 'ended') throw new AppError(422, 'validation.conferenceEnded');
      if (!row.registrationOpen) throw new AppError(422, 'validation.conferenceRegistrationClosed');

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
          const [mine] = await tx
            .select({ status: conferenceRegistrations.status })
            .from(conferenceRegistrations)
            .where(and(eq(conferenceRegistrations.conferenceId, row.id), eq(conferenceRegistrations.userId, user.id)));
          if (mine?.status !== 'registered' && (await registeredCount(tx, row.id)) >= row.capacity) {
            throw new AppError(409, 'validation.conferenceFull', { capacity: row.capacity });
          }
        }
        // A canceled registration comes back to life (its calendar entry a step newer than the
        // cancellation that removed it); an active one is a conflict.
        const [saved] = await tx
          .insert(conferenceRegistrations)
          .values({ conferenceId: row.id, userId: user.id })
          .onConflictDoUpdate({
            target: [conferenceRegistrations.conferenceId, conferenceRegistrations.userId],
            set: { status: 'registered', canceledAt: null, canceledBy: null, createdAt: sql`now()`, icsSequence: sql`${conferenceRegistrations.icsSequence} + 1` },
            setWhere: sql`${conferenceRegistrations.status} = 'canceled'`,
          })
          .returning();
        if (!saved) return null;
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
          'Until the conference ends. The seat is freed and a confirmation is e-mailed in the user’s language; registering again ' +
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
        })),
      };
    },
  );
};
export default registrationRoutes;
