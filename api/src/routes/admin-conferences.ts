/**
 * Conferences in the operator console (administrators; issue 19): the list, a record with its
 * agenda, speakers and important dates, saves that carry their version, draft / published /
 * archived, deletion while nothing refers to it; the registrants, their CSV and an e-mail to all.
 *
 * Each change and its audit entry happen in one transaction. Publishing, and saving a published
 * conference, need both languages of every pair `conferencePublishMissing` names. The first
 * publication of a conference made from a request e-mails the requester its link. Archiving or
 * unpublishing one that has not ended cancels its registrations as the organizers' and tells each
 * registrant (with a calendar cancellation), once the administrator confirmed their number, and
 * closes its waiting list, telling each member on it. The waiting list, in its order.
 */
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  adminConferenceResponseSchema,
  adminConferencesQuerySchema,
  adminConferencesResponseSchema,
  adminRegistrationsQuerySchema,
  adminRegistrationsResponseSchema,
  adminRegistrationResponseSchema,
  adminWaitingListQuerySchema,
  adminWaitingListResponseSchema,
  attendanceAllResponseSchema,
  attendanceBodySchema,
  conferencePublishMissing,
  conferenceUpdateSchema,
  conferenceStatusBodySchema,
  conferenceWriteSchema,
  errorEnvelopeSchema,
  idParamSchema,
  idParamsSchema,
  okSchema,
  registrationsMailResponseSchema,
  registrationsMailSchema,
  versionQuerySchema,
  type ContentStatus,
} from '@scholars/shared-contracts/schemas';
import { pickLocalized, PLATFORM_TIME_ZONE, type Locale } from '@scholars/shared-contracts/locale';
import { ROUTES } from '@scholars/shared-contracts/routes';
import { conferenceRegistrations, conferenceRequests, conferences, conferenceWaitingList, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { sendCsv } from '../lib/csv';
import type { Executor } from '../lib/invoices/numbering';
import { removeUnusedFiles } from '../lib/operators/content-files';
import { auditContent, deleteVersioned, refuseInUse, refuseMissingTranslations, refuseStale, updateVersioned } from '../lib/operators/content';
import {
  adminConference,
  allRegistrants,
  changedFields,
  conferenceColumns,
  conferenceRow,
  listConferences,
  listRegistrations,
  listWaitingMembers,
  registrantOfConference,
  registrantsCsv,
  replaceChildren,
} from '../lib/operators/conferences';
import { certificateReadyMail, organisersCanceledMail, registrantMail, requestedConferencePublishedMail, waitingListClosedMail } from './admin-conferences-mail';
import { conferenceOrganizer, registrationCancellationIcs, seatFromWaitingList } from './conference-registrations';
import { calendarConferenceOf, formatConferenceWhen, phaseOf, type ConferenceRow } from './conferences';
import type { CalendarConference } from '../lib/ical';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

/** The stored pictures of a conference: its image and its speakers'. */
const conferencePictures = (record: { image: string | null; speakers: Array<{ image: string | null }> }) => [record.image, ...record.speakers.map((speaker) => speaker.image)];

/** A registration of a conference: `admin/conferences/{id}/registrations/{registrationId}`. */
const registrationParamsSchema = idParamsSchema.extend({ registrationId: idParamSchema });
const stale = { 409: errorEnvelopeSchema.describe('Someone saved a newer version (`validation.staleEdit`), or it is still referred to') };
const STATUS_AUDIT = { published: 'content.publish', draft: 'content.unpublish', archived: 'content.archive' } as const;
const STATUS_MESSAGE = { published: 'success.contentPublished', draft: 'success.contentUnpublished', archived: 'success.contentArchived' } as const;

const adminConferences: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const common = { tags: ['admin'], security: [{ bearerAuth: [] }] } as const;
  const link = (path: string) => new URL(path, app.config.PUBLIC_BASE_URL).toString();

  async function record(db: Executor, id: number) {
    const found = await adminConference(db, id);
    if (!found) throw notFound();
    return found;
  }

  /** The record at `version`, or 409 (checked before the content rules: a stale edit is told as such). */
  async function current(db: Executor, id: number, version: number) {
    const found = await record(db, id);
    refuseStale(found, version);
    return found;
  }

  /**
   * A conference leaving the public site (archived, or back to draft) before it ends: its active
   * registrations are canceled as the organizers', each registrant is e-mailed in their language
   * (the staff's message quoted) with a METHOD:CANCEL of their calendar entry; its waiting list is
   * closed, each member on it e-mailed too (published again, seats would otherwise go to them ahead
   * of the registrants just canceled); one audit entry counts both. Refused (409
   * `conferenceRegistrantsUnconfirmed`, the transaction rolled back) unless `confirmed` is the
   * number canceled: the administrator was asked about exactly those. Runs after the conference
   * row was updated, so a registration racing it either committed first (and is counted here) or
   * waits on that row and then finds the conference gone (404).
   */
  async function cancelRegistrations(
    tx: Executor,
    id: number,
    to: 'archived' | 'draft',
    { confirmed, message, actorId }: { confirmed: number | undefined; message: string | null; actorId: number },
  ): Promise<{ registrants: number; waiting: number }> {
    const row = await conferenceRow(tx, id);
    // A conference that has ended has nobody to tell: its registrations stay the record of who attended.
    if (phaseOf(row) === 'ended') return { registrants: 0, waiting: 0 };
    const canceled = await tx
      .update(conferenceRegistrations)
      .set({ status: 'canceled', canceledAt: sql`now()`, canceledBy: 'organizers', icsSequence: sql`${conferenceRegistrations.icsSequence} + 1` })
      .where(and(eq(conferenceRegistrations.conferenceId, id), eq(conferenceRegistrations.status, 'registered')))
      .returning({ userId: conferenceRegistrations.userId, icsSequence: conferenceRegistrations.icsSequence });
    if (canceled.length > 0 && confirmed !== canceled.length) {
      // `errors.registrants` tells the console to ask again with the number now.
      throw new AppError(409, 'validation.conferenceRegistrantsUnconfirmed', { count: canceled.length }, { registrants: 'validation.conferenceRegistrantsUnconfirmed' });
    }
    const removed = await tx.delete(conferenceWaitingList).where(eq(conferenceWaitingList.conferenceId, id)).returning({ userId: conferenceWaitingList.userId });
    if (canceled.length === 0 && removed.length === 0) return { registrants: 0, waiting: 0 };
    const people = await tx
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale, closedAt: users.closedAt })
      .from(users)
      .where(inArray(users.id, [...canceled, ...removed].map((entry) => entry.userId)));
    const personOf = new Map(people.map((person) => [person.id, person]));
    const calendars = new Map<string, CalendarConference>();
    const calendarIn = async (locale: Locale) => {
      const found = calendars.get(locale) ?? (await calendarConferenceOf(tx, row, locale, app.config.PUBLIC_BASE_URL));
      calendars.set(locale, found);
      return found;
    };
    const told = (person: (typeof people)[number]) => ({
      name: person.name,
      title: pickLocalized(person.locale, row.title, row.titleEn),
      when: formatConferenceWhen(row, person.locale),
      status: to,
      message,
      link: link(`${ROUTES.profile}?tab=registrations`),
    });
    for (const { userId, icsSequence } of canceled) {
      const person = personOf.get(userId)!;
      // A closed account has no address left (its registrations were canceled when it closed).
      if (person.closedAt) continue;
      const ics = registrationCancellationIcs(await calendarIn(person.locale), icsSequence, conferenceOrganizer(app.config.MAIL_FROM, person.locale), {
        name: person.name,
        email: person.email,
      });
      await app.mail.enqueue({ to: person.email, locale: person.locale, ...organisersCanceledMail(person.locale, told(person)), attachments: [ics] }, tx);
    }
    for (const { userId } of removed) {
      const person = personOf.get(userId)!;
      if (person.closedAt) continue;
      await app.mail.enqueue({ to: person.email, locale: person.locale, ...waitingListClosedMail(person.locale, told(person)) }, tx);
    }
    await auditContent(tx, {
      actorId,
      action: 'registrations.cancel',
      targetType: 'conference',
      targetId: id,
      details: { count: canceled.length, waiting: removed.length, to, message },
    });
    return { registrants: canceled.length, waiting: removed.length };
  }

  /** E-mails the requester of the request this conference was made from (its first publication). */
  async function tellRequester(db: Executor, conferenceId: number, title: { title: string; title_en: string }) {
    const [owner] = await db
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(conferenceRequests)
      .innerJoin(users, eq(users.id, conferenceRequests.ownerId))
      .where(eq(conferenceRequests.conferenceId, conferenceId))
      .limit(1);
    if (!owner) return;
    const mail = requestedConferencePublishedMail(owner.locale, {
      name: owner.name,
      title: pickLocalized(owner.locale, title.title, title.title_en),
      link: link(ROUTES.conference(conferenceId)),
    });
    await app.mail.enqueue({ to: owner.email, locale: owner.locale, ...mail }, db);
  }

  app.get(
    '/admin/conferences',
    {
      onRequest: guard('GET /api/admin/conferences'),
      schema: {
        ...common,
        summary: 'Conferences of every status: search (Arabic-aware), status and category filters; newest first or by start',
        querystring: adminConferencesQuerySchema,
        response: { 200: adminConferencesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listConferences(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.post(
    '/admin/conferences',
    {
      onRequest: guard('POST /api/admin/conferences'),
      schema: {
        ...common,
        summary: 'Create a conference as a draft (with its agenda, speakers and important dates)',
        description: 'Start and end are the wall clock of `timezone` (`start_date` + `start_time`); the image is a path from `POST admin/uploads`.',
        body: conferenceWriteSchema,
        response: { 201: adminConferenceResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(conferences)
          .values({ ...(await conferenceColumns(tx, data)), status: 'draft' })
          .returning({ id: conferences.id });
        await replaceChildren(tx, row!.id, data);
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.create',
          targetType: 'conference',
          targetId: row!.id,
          details: { title: data.title, title_en: data.title_en },
        });
        return record(tx, row!.id);
      });
      return reply.code(201).send({ status: true as const, msg: request.t('success.contentSaved'), data: saved });
    },
  );

  app.get(
    '/admin/conferences/:id',
    {
      onRequest: guard('GET /api/admin/conferences/{id}'),
      schema: {
        ...common,
        summary: 'A conference as the console edits it: agenda, speakers, important dates, state and version',
        params: idParamsSchema,
        response: { 200: adminConferenceResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: await record(app.db, request.params.id) }),
  );

  app.put(
    '/admin/conferences/:id',
    {
      onRequest: guard('PUT /api/admin/conferences/{id}'),
      schema: {
        ...common,
        summary: 'Save a conference: the whole record and the version it started from (agenda and speakers replaced)',
        description: 'A published conference must stay complete in both languages (400 `translationsMissing`); a stale version is 409 `staleEdit`.',
        params: idParamsSchema,
        body: conferenceUpdateSchema,
        response: { 200: adminConferenceResponseSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { version, ...data } = request.body;
      const id = request.params.id;
      const { saved, before } = await app.db.transaction(async (tx) => {
        const previous = await current(tx, id, version);
        if (previous.status === 'published') refuseMissingTranslations(conferencePublishMissing(data));
        await updateVersioned(tx, conferences, id, version, await conferenceColumns(tx, data));
        await replaceChildren(tx, id, data);
        // More seats, or registration opened again: they go to the members waiting.
        await seatFromWaitingList(app, tx, id);
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.update',
          targetType: 'conference',
          targetId: id,
          details: { changed: changedFields(previous, data) },
        });
        return { saved: await record(tx, id), before: previous };
      });
      // Pictures the save replaced (still-used ones are kept).
      await removeUnusedFiles(app.db, app.storage, conferencePictures(before));
      return { status: true as const, msg: request.t('success.contentSaved'), data: saved };
    },
  );

  app.post(
    '/admin/conferences/:id/status',
    {
      onRequest: guard('POST /api/admin/conferences/{id}/status'),
      schema: {
        ...common,
        summary: 'Publish, unpublish (back to draft) or archive a conference',
        description:
          'Publishing checks both languages of every required pair (400 `translationsMissing`, each field marked). Its first ' +
          'publication e-mails the requester of the conference request it was made from, in their language, with its link. ' +
          'Archiving or unpublishing a conference that has not ended cancels its active registrations ("canceled by the organizers") ' +
          'and e-mails each registrant in their language with `message` and a calendar cancellation (METHOD:CANCEL); it closes the ' +
          'waiting list too, each member on it e-mailed with `message`; `registrants` ' +
          'must be the number of them the administrator confirmed (409 `conferenceRegistrantsUnconfirmed` with the current number ' +
          'otherwise, nothing changed). A conference that has ended keeps its registrations and nobody is e-mailed.',
        params: idParamsSchema,
        body: conferenceStatusBodySchema,
        response: { 200: adminConferenceResponseSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const { status, version, registrants, message } = request.body;
      const id = request.params.id;
      const { saved, told } = await app.db.transaction(async (tx) => {
        const before = await current(tx, id, version);
        if (status === 'published') refuseMissingTranslations(conferencePublishMissing(before));
        const first = status === 'published' && before.first_published_at === null;
        await updateVersioned(tx, conferences, id, version, first ? { status, firstPublishedAt: new Date() } : { status });
        if (first) await tellRequester(tx, id, before);
        await auditContent(tx, {
          actorId: request.user!.id,
          action: STATUS_AUDIT[status],
          targetType: 'conference',
          targetId: id,
          details: { from: before.status, to: status },
        });
        const told =
          status === 'published'
            ? { registrants: 0, waiting: 0 }
            : await cancelRegistrations(tx, id, status, { confirmed: registrants, message: message || null, actorId: request.user!.id });
        // Published again: seats free then go to the members still waiting.
        if (status === 'published') await seatFromWaitingList(app, tx, id);
        return { saved: await record(tx, id), told };
      });
      const done = request.t(STATUS_MESSAGE[status as ContentStatus]);
      const msg = [
        done,
        ...(told.registrants > 0 ? [request.t('success.registrationsCanceledByOrganisers', { count: told.registrants })] : []),
        ...(told.waiting > 0 ? [request.t('success.waitingListClosedByOrganizers', { count: told.waiting })] : []),
      ].join(' ');
      return { status: true as const, msg, data: saved };
    },
  );

  app.delete(
    '/admin/conferences/:id',
    {
      onRequest: guard('DELETE /api/admin/conferences/{id}'),
      schema: {
        ...common,
        summary: 'Delete a conference that nothing refers to (`?version=`)',
        description: 'Refused (409 `inUse`, with the count) while registrations or a conference request refer to it: archive it instead.',
        params: idParamsSchema,
        querystring: versionQuerySchema,
        response: { 200: okSchema, ...staffErrors, ...notFoundResponse, ...stale, ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const gone = await app.db.transaction(async (tx) => {
        const before = await current(tx, id, request.query.version);
        const [[registered], [requested]] = await Promise.all([
          tx.select({ n: count() }).from(conferenceRegistrations).where(eq(conferenceRegistrations.conferenceId, id)),
          tx.select({ n: count() }).from(conferenceRequests).where(eq(conferenceRequests.conferenceId, id)),
        ]);
        refuseInUse((registered?.n ?? 0) + (requested?.n ?? 0));
        await deleteVersioned(tx, conferences, id, request.query.version);
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'content.delete',
          targetType: 'conference',
          targetId: id,
          details: { title: before.title, title_en: before.title_en },
        });
        return before;
      });
      await removeUnusedFiles(app.db, app.storage, conferencePictures(gone));
      return { status: true as const, msg: request.t('success.contentDeleted') };
    },
  );

  // ---------------------------------------------------------------- registrations
  app.get(
    '/admin/conferences/:id/registrations',
    {
      onRequest: guard('GET /api/admin/conferences/{id}/registrations'),
      schema: {
        ...common,
        summary: 'The registrants of a conference, newest first; `q` searches name and e-mail (Arabic-aware)',
        params: idParamsSchema,
        querystring: adminRegistrationsQuerySchema,
        response: { 200: adminRegistrationsResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      await conferenceRow(app.db, request.params.id);
      const { items, total } = await listRegistrations(app.db, request.params.id, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  /** E-mails each member just marked as present that their certificate of attendance is ready, in their language. */
  async function tellPresent(tx: Executor, row: ConferenceRow, userIds: number[]) {
    if (userIds.length === 0) return;
    const people = await tx
      .select({ name: users.name, email: users.email, locale: users.locale, closedAt: users.closedAt })
      .from(users)
      .where(inArray(users.id, userIds));
    for (const person of people) {
      if (person.closedAt) continue;
      const mail = certificateReadyMail(person.locale, { name: person.name, title: pickLocalized(person.locale, row.title, row.titleEn), link: link(`${ROUTES.profile}?tab=registrations`) });
      await app.mail.enqueue({ to: person.email, locale: person.locale, ...mail }, tx);
    }
  }

  /** Attendance is marked once the conference has started (its first day may be marked as it runs). */
  const refuseBeforeStart = (row: ConferenceRow) => {
    if (phaseOf(row) === 'upcoming') throw new AppError(422, 'validation.attendanceBeforeStart');
  };

  app.put(
    '/admin/conferences/:id/registrations/:registrationId/attendance',
    {
      onRequest: guard('PUT /api/admin/conferences/{id}/registrations/{registrationId}/attendance'),
      schema: {
        ...common,
        summary: 'Mark a registrant as present at the conference, or not',
        description:
          'Once the conference has started (422 `attendanceBeforeStart` before). Present: the member’s certificate of attendance ' +
          'is available in their profile and they are e-mailed, once; a canceled registration cannot be marked (409). Not present: ' +
          'the certificate is withdrawn. Audited.',
        params: registrationParamsSchema,
        body: attendanceBodySchema,
        response: {
          200: adminRegistrationResponseSchema,
          ...staffErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('The registration is canceled'),
          422: errorEnvelopeSchema.describe('The conference has not started'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id, registrationId } = request.params;
      const { attended } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const row = await conferenceRow(tx, id);
        refuseBeforeStart(row);
        const [registration] = await tx
          .select()
          .from(conferenceRegistrations)
          .where(and(eq(conferenceRegistrations.id, registrationId), eq(conferenceRegistrations.conferenceId, id)))
          .for('update');
        if (!registration) throw notFound();
        if (attended && registration.status !== 'registered') throw new AppError(409, 'validation.attendanceNotRegistered');
        // Marking twice changes nothing and tells no one again.
        if (attended !== (registration.attendedAt !== null)) {
          await tx.update(conferenceRegistrations).set({ attendedAt: attended ? sql`now()` : null }).where(eq(conferenceRegistrations.id, registrationId));
          if (attended) await tellPresent(tx, row, [registration.userId]);
          await auditContent(tx, {
            actorId: request.user!.id,
            action: 'registrations.attendance',
            targetType: 'conference',
            targetId: id,
            details: { registration_id: registrationId, user_id: registration.userId, attended },
          });
        }
        return registrantOfConference(tx, id, registrationId);
      });
      const msg = request.t(attended ? 'success.attendanceMarked' : 'success.attendanceUnmarked', { name: saved.name });
      return { status: true as const, msg, data: saved };
    },
  );

  app.post(
    '/admin/conferences/:id/attendance',
    {
      onRequest: guard('POST /api/admin/conferences/{id}/attendance'),
      schema: {
        ...common,
        summary: 'Mark every registered member not marked yet as present',
        description:
          'For the usual case where nearly everyone came: then unmark those who did not. Once the conference has started (422 ' +
          '`attendanceBeforeStart`). Each newly marked member is e-mailed their certificate; answers how many were marked.',
        params: idParamsSchema,
        response: { 200: attendanceAllResponseSchema, ...staffErrors, ...notFoundResponse, 422: errorEnvelopeSchema.describe('The conference has not started'), ...errorResponses },
      },
    },
    async (request) => {
      const id = request.params.id;
      const marked = await app.db.transaction(async (tx) => {
        const row = await conferenceRow(tx, id);
        refuseBeforeStart(row);
        const rows = await tx
          .update(conferenceRegistrations)
          .set({ attendedAt: sql`now()` })
          .where(and(eq(conferenceRegistrations.conferenceId, id), eq(conferenceRegistrations.status, 'registered'), isNull(conferenceRegistrations.attendedAt)))
          .returning({ userId: conferenceRegistrations.userId });
        if (rows.length > 0) {
          await tellPresent(tx, row, rows.map((entry) => entry.userId));
          await auditContent(tx, { actorId: request.user!.id, action: 'registrations.attendance', targetType: 'conference', targetId: id, details: { count: rows.length, attended: true } });
        }
        return rows.length;
      });
      return { status: true as const, msg: request.t('success.attendanceMarkedAll', { count: marked }), data: { count: marked } };
    },
  );

  app.get(
    '/admin/conferences/:id/waiting-list',
    {
      onRequest: guard('GET /api/admin/conferences/{id}/waiting-list'),
      schema: {
        ...common,
        summary: 'The members waiting for a seat at a conference, in the order seats go to them',
        description:
          'Each with their `place` (1: the next seat freed is theirs). A suspended member (`suspended`) keeps the place and is ' +
          'passed over while suspended. The list closes (each member told) when the conference leaves the site before it ends.',
        params: idParamsSchema,
        querystring: adminWaitingListQuerySchema,
        response: { 200: adminWaitingListResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      await conferenceRow(app.db, request.params.id);
      const { items, total } = await listWaitingMembers(app.db, request.params.id, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/conferences/:id/registrations/export',
    {
      onRequest: guard('GET /api/admin/conferences/{id}/registrations/export'),
      schema: {
        ...common,
        summary: 'The registrants as CSV (UTF-8 with a BOM, for Excel): name, e-mail, phone, registered at, status',
        description: 'Headed in the request’s language; times in the platform’s zone; a cell starting with = + - @ is prefixed with \' (CSV injection).',
        params: idParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv; charset=utf-8'), ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await conferenceRow(app.db, request.params.id);
      const csv = registrantsCsv(await allRegistrants(app.db, row.id), request.locale, PLATFORM_TIME_ZONE);
      return sendCsv(reply, `conference-${row.id}-registrations.csv`, csv);
    },
  );

  app.post(
    '/admin/conferences/:id/registrations/mail',
    {
      onRequest: guard('POST /api/admin/conferences/{id}/registrations/mail'),
      schema: {
        ...common,
        summary: 'E-mail every active registrant: subject and text in Arabic and English, each gets their account’s language',
        description: 'Queued in one transaction with the audit entry; answers how many were queued. 409 when nobody is registered.',
        params: idParamsSchema,
        body: registrationsMailSchema,
        response: { 200: registrationsMailResponseSchema, ...staffErrors, ...notFoundResponse, 409: errorEnvelopeSchema.describe('Nobody is registered'), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const id = request.params.id;
      const sent = await app.db.transaction(async (tx) => {
        const row = await conferenceRow(tx, id);
        const registrants = await allRegistrants(tx, id, true);
        if (registrants.length === 0) throw new AppError(409, 'validation.registrationsNone');
        for (const registrant of registrants) {
          const arabic = registrant.locale === 'ar';
          const mail = registrantMail(registrant.locale, {
            name: registrant.name,
            subject: arabic ? body.subject : body.subject_en,
            body: arabic ? body.body : body.body_en,
            conference: pickLocalized(registrant.locale, row.title, row.titleEn),
            link: link(ROUTES.conference(id)),
          });
          await app.mail.enqueue({ to: registrant.email, locale: registrant.locale, ...mail }, tx);
        }
        await auditContent(tx, {
          actorId: request.user!.id,
          action: 'registrations.mail',
          targetType: 'conference',
          targetId: id,
          details: { count: registrants.length, subject: body.subject, subject_en: body.subject_en },
        });
        return registrants.length;
      });
      return { status: true as const, msg: request.t('success.registrationsMailed', { count: sent }), data: { count: sent } };
    },
  );
};

export default adminConferences;
