/**
 * Conference registration (issue 3): `POST conference/{id}/register` for the signed-in user, with
 * a confirmation e-mail in the user's language carrying the conference's .ics; and the user's own
 * registrations (`GET conference-registrations/mine`, for the profile); `DELETE conference/{id}/register`
 * cancels one until the conference ends (seat freed, e-mailed). Published conferences
 * only; a conference with seats (`capacity`) refuses a registration once they are all taken,
 * counted under a lock on the conference row so two last registrations cannot both get in.
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
import { AppError } from '../lib/errors';
import { pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { greeting, renderMail, type RenderedMail } from '../lib/mail/templates';
import { conferenceIcs, findConference, formatConferenceWhen, phaseOf, registeredCount, toListItem, type ConferenceRow } from './conferences';
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
    canceledSubject: (title: string) => `Registration cancelled: ${title}`,
    canceled: (title: string) => `Your registration for “${title}” is cancelled, as you asked. If it is still open, you can register again from the conference’s page.`,
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
  },
} as const;

/** The confirmation e-mail of a registration, in `locale` (the site's one mail layout; the .ics goes with it). */
export function registrationMail(row: ConferenceRow, name: string, locale: Locale, url: string): RenderedMail {
  const texts = TEXTS[locale];
  const title = pickLocalized(locale, row.title, row.titleEn);
  const venue = pickLocalized(locale, row.venue, row.venueEn) || (row.mode === 'online' ? texts.online : '');
  const when = formatConferenceWhen(row, locale);
  return renderMail(locale, 'conference-registration', texts.subject(title), greeting(locale, name), [
    texts.registered(title),
    [`${texts.when}: ${when}`, ...(venue ? [`${texts.where}: ${venue}`] : [])].join('\n'),
    { link: url, label: texts.details },
    texts.calendar,
  ]);
}

/** A registration as the API answers it (register, cancel, the member's list). */
const registrationView = (row: typeof conferenceRegistrations.$inferSelect) => ({
  id: row.id,
  conference_id: row.conferenceId,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

/** The confirmation of a cancelled registration, in `locale`. */
export function registrationCanceledMail(row: ConferenceRow, name: string, locale: Locale, url: string): RenderedMail {
  const texts = TEXTS[locale];
  const title = pickLocalized(locale, row.title, row.titleEn);
  return renderMail(locale, 'conference-registration-canceled', texts.canceledSubject(title), greeting(locale, name), [
    texts.canceled(title),
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
      const ics = await conferenceIcs(app, row, locale);
      const mail = registrationMail(row, user.name, locale, url);

      const registration = await app.db.transaction(async (tx) => {
        if (row.capacity !== null) {
          // Registrations of this conference wait here for one another: the count is the one the insert follows.
          await tx.select({ id: conferences.id }).from(conferences).where(eq(conferences.id, row.id)).for('update');
          const [mine] = await tx
            .select({ status: conferenceRegistrations.status })
            .from(conferenceRegistrations)
            .where(and(eq(conferenceRegistrations.conferenceId, row.id), eq(conferenceRegistrations.userId, user.id)));
          if (mine?.status !== 'registered' && (await registeredCount(tx, row.id)) >= row.capacity) {
            throw new AppError(409, 'validation.conferenceFull', { capacity: row.capacity });
          }
        }
        // A canceled registration comes back to life; an active one is a conflict.
        const [saved] = await tx
          .insert(conferenceRegistrations)
          .values({ conferenceId: row.id, userId: user.id })
          .onConflictDoUpdate({
            target: [conferenceRegistrations.conferenceId, conferenceRegistrations.userId],
            set: { status: 'registered', canceledAt: null, createdAt: sql`now()` },
            setWhere: sql`${conferenceRegistrations.status} = 'canceled'`,
          })
          .returning();
        if (!saved) return null;
        await app.mail.enqueue(
          {
            to: user.email,
            locale,
            ...mail,
            attachments: [{ filename: `conference-${row.id}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
          },
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
      const canceled = await app.db.transaction(async (tx) => {
        const [saved] = await tx
          .update(conferenceRegistrations)
          .set({ status: 'canceled', canceledAt: sql`now()` })
          .where(
            and(
              eq(conferenceRegistrations.conferenceId, row.id),
              eq(conferenceRegistrations.userId, user.id),
              eq(conferenceRegistrations.status, 'registered'),
            ),
          )
          .returning();
        if (!saved) return null;
        await app.mail.enqueue({ to: user.email, locale: user.locale, ...registrationCanceledMail(row, user.name, user.locale, url) }, tx);
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
        response: { 200: myRegistrationsResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ registration: conferenceRegistrations, conference: conferences })
        .from(conferenceRegistrations)
        .innerJoin(conferences, eq(conferences.id, conferenceRegistrations.conferenceId))
        .where(and(eq(conferenceRegistrations.userId, request.user!.id), eq(conferenceRegistrations.status, 'registered'), eq(conferences.status, 'published')))
        .orderBy(desc(conferenceRegistrations.createdAt), desc(conferenceRegistrations.id));
      return {
        status: true as const,
        data: rows.map(({ registration, conference }) => ({ ...registrationView(registration), conference: toListItem(conference) })),
      };
    },
  );
};
export default registrationRoutes;
