/**
 * Sessions (issue 23), for their member and their consultant: the allowance, "match me", booking
 * (multipart, optional PDF), the caller's lists, one session, its .ics, accept / decline, the
 * meeting link, cancel / reschedule, rating, notes and files, and the private files behind signed
 * links. A session is visible to its member, its consultant and administrators only (404 to anyone
 * else). Rules in lib/consultations/sessions.ts.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONSULTATION_FILES_MAX,
  CONSULTATION_MATCH_MAX,
  RESEARCH_FILE_MAX_BYTES,
  consultationAcceptBodySchema,
  consultationAllowanceResponseSchema,
  consultationBookingFieldsSchema,
  consultationFileLinkResponseSchema,
  consultationFileParamsSchema,
  consultationFileQuerySchema,
  consultationMatchBodySchema,
  consultationMatchResponseSchema,
  consultationMeetingLinkBodySchema,
  consultationNotesBodySchema,
  consultationRatingBodySchema,
  consultationReasonBodySchema,
  consultationRescheduleBodySchema,
  consultationResponseSchema,
  consultationsPageResponseSchema,
  consultationsPaginateBodySchema,
  errorEnvelopeSchema,
  fieldErrors,
  idParamsSchema,
} from '@scholars/shared-contracts/schemas';
import { communityCategories, consultantFields, consultants, consultationFiles, consultations, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { foldedSearchConditions, pageOffset } from '../lib/pagination';
import { readMultipartForm, removeStored, type UploadRule } from '../lib/uploads';
import { isSuspended } from '../lib/accounts/suspension';
import { cardColumns, consultantCards } from '../lib/consultations/consultants';
import { sessionInvitation } from '../lib/consultations/mails';
import {
  acceptByFor,
  allowanceOf,
  consultationView,
  consultationViews,
  findSession,
  mailContext,
  moveSession,
  nextSequence,
  requireSlot,
  sendSessionMail,
  sessionAbilities,
  slotRulesOf,
  withOverlapCheck,
  type ConsultationRow,
  type Viewer,
} from '../lib/consultations/sessions';
import multipartPlugin from '../plugins/external/multipart';
import { fileLinkRoutes, type PrivateFile } from './file-links';
import { replyFormProblems, type FormProblem } from './research-data';
import { errorResponses, notFoundResponse } from './schemas';

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };
const subscriberErrors = { ...authErrors, 403: errorEnvelopeSchema.describe('No active subscription (`subscription_required`), the plan includes no sessions (`consultationPlanWithoutSessions`), or the plan’s sessions are used (`consultationAllowanceUsed`)') };
const conflict = { 409: errorEnvelopeSchema.describe('The session changed meanwhile, or the time is no longer possible') };
const sessionErrors = { ...authErrors, ...notFoundResponse, ...conflict, ...errorResponses };
const security = [{ bearerAuth: [] }];
const tags = ['consultations'];

const BOOKING_FIELDS =
  'multipart/form-data fields: `consultantId`, `start` (ISO instant of one of the consultant’s free slots), `topic`, `categoryId`, `language` (ar, en), ' +
  '`mode` (online, onsite), `place` (on-site), `description`; file `attachment` (optional PDF, at most 20 MB, recognised by content).';

const consultationsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The booking's attachment and the consultant's files.
  await app.register(multipartPlugin);
  const site = app.config.PUBLIC_BASE_URL;
  const pdfRule = (field: string, folder: string): UploadRule => ({
    field,
    types: ['application/pdf'],
    maxBytes: Math.min(RESEARCH_FILE_MAX_BYTES, app.config.UPLOAD_LIMIT),
    root: 'private',
    folder,
    typeError: 'validation.fileMustBePdf',
    requiredError: 'validation.fileMustBePdf',
    fallbackName: 'consultation',
  });
  const attachmentRules = [pdfRule('attachment', 'consultations')];
  const fileRules = [pdfRule('file', 'consultations')];
  const viewerOf = (user: { id: number; roles: readonly string[] }): Viewer => ({ id: user.id, admin: user.roles.includes('admin') });

  app.get(
    '/consultations/allowance',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The caller’s consultation sessions in the current subscription year (null without an active subscription)',
        response: { 200: consultationAllowanceResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const allowance = await allowanceOf(app.db, request.user!.id, new Date());
      return {
        status: true as const,
        data: allowance && {
          included: allowance.included,
          used: allowance.used,
          remaining: Math.max(0, allowance.included - allowance.used),
          periodStart: allowance.periodStart.toISOString(),
          periodEnd: allowance.periodEnd.toISOString(),
        },
      };
    },
  );

  app.post(
    '/consultations/match',
    {
      onRequest: [app.authenticate, app.requireActiveSubscription],
      schema: {
        tags,
        security,
        summary: 'Up to 5 approved consultants of the field who consult in the language: soonest free slot first, then rating',
        body: consultationMatchBodySchema,
        response: { 200: consultationMatchResponseSchema, ...subscriberErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { categoryId, language } = request.body;
      const rows = await app.db
        .select(cardColumns)
        .from(consultants)
        .innerJoin(users, eq(users.id, consultants.userId))
        .innerJoin(consultantFields, and(eq(consultantFields.consultantId, consultants.id), eq(consultantFields.categoryId, categoryId)))
        .where(and(eq(consultants.status, 'approved'), sql`${language} = ANY(${consultants.languages})`, sql`${consultants.userId} <> ${request.user!.id}`));
      const cards = (await consultantCards(app.db, rows, new Date())).filter((card) => card.nextSlot !== null);
      cards.sort((a, b) => a.nextSlot!.localeCompare(b.nextSlot!) || (b.rating.average ?? 0) - (a.rating.average ?? 0) || a.id - b.id);
      return { status: true as const, data: cards.slice(0, CONSULTATION_MATCH_MAX) };
    },
  );

  app.post(
    '/consultations',
    {
      onRequest: [app.authenticate, app.requireActiveSubscription],
      schema: {
        tags,
        security,
        summary: 'Book one of a consultant’s free slots (multipart); the consultant answers within 48 hours',
        description: `${BOOKING_FIELDS} 409 when the slot was taken meanwhile (\`consultationSlotTaken\`) or the member has another session then; 403 when the plan’s sessions of the subscription year are used.`,
        consumes: ['multipart/form-data'],
        response: {
          201: consultationResponseSchema,
          ...subscriberErrors,
          ...notFoundResponse,
          ...conflict,
          413: errorEnvelopeSchema.describe('The attachment is larger than allowed'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const form = await readMultipartForm(request, attachmentRules, app.storage);
      const stored = Object.values(form.files).map((file) => file.path);
      try {
        const problems: Record<string, FormProblem> = {};
        const parsed = consultationBookingFieldsSchema.safeParse(form.fields);
        if (!parsed.success) for (const error of fieldErrors(parsed.error)) problems[error.field || 'form'] ??= { key: error.key, params: error.params };
        let status: 400 | 413 = 400;
        for (const [field, problem] of Object.entries(form.problems)) {
          problems[field] = { key: problem.key, params: problem.params };
          if (problem.status === 413) status = 413;
        }
        if (!parsed.success || Object.keys(problems).length > 0) {
          await removeStored(app.storage, stored);
          return replyFormProblems(request, reply, status, problems);
        }
        const fields = parsed.data;
        const [consultant] = await app.db
          .select()
          .from(consultants)
          .where(and(eq(consultants.id, fields.consultantId), eq(consultants.status, 'approved')));
        if (!consultant) throw notFound();
        if (consultant.userId === user.id) throw new AppError(400, 'validation.consultationOwnBooking');
        if (!consultant.languages.includes(fields.language)) throw new AppError(400, 'validation.invalidOption', {}, { language: 'validation.invalidOption' });
        const [category] = await app.db.select({ id: communityCategories.id }).from(communityCategories).where(eq(communityCategories.id, fields.categoryId));
        if (!category) throw new AppError(400, 'validation.invalidOption', {}, { categoryId: 'validation.invalidOption' });
        const attachment = form.files.attachment;
        const now = new Date();
        const row = await withOverlapCheck(() =>
          app.db.transaction(async (tx) => {
            const allowance = await allowanceOf(tx, user.id, now, { lock: true });
            if (!allowance) throw new AppError(403, 'validation.subscriptionRequired');
            // A plan that includes no sessions: said so, not that its 0 sessions are used.
            if (allowance.included === 0) throw new AppError(403, 'validation.consultationPlanWithoutSessions');
            if (allowance.used >= allowance.included) throw new AppError(403, 'validation.consultationAllowanceUsed', { included: allowance.included });
            const slot = requireSlot(await slotRulesOf(tx, consultant, now), new Date(fields.start), now);
            const [created] = await tx
              .insert(consultations)
              .values({
                memberId: user.id,
                consultantId: consultant.id,
                subscriptionId: allowance.subscriptionId,
                topic: fields.topic,
                categoryId: fields.categoryId,
                language: fields.language,
                mode: fields.mode,
                place: fields.mode === 'onsite' ? fields.place : null,
                description: fields.description,
                attachmentPath: attachment?.path ?? null,
                attachmentName: attachment?.originalName ?? null,
                attachmentSize: attachment?.size ?? null,
                startsAt: slot.start,
                endsAt: slot.end,
                acceptBy: acceptByFor(now, slot.start),
              })
              .returning();
            await sendSessionMail(app.mail, tx, 'requested', await mailContext(tx, created!, site), ['consultant']);
            return created!;
          }),
        );
        reply.code(201);
        return { status: true as const, msg: request.t('success.consultationBooked'), data: await consultationView(app.db, row, viewerOf(user), now) };
      } catch (error) {
        await removeStored(app.storage, stored);
        throw error;
      }
    },
  );

  app.post(
    '/consultations/paginate',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The caller’s own sessions, as member or as consultant: upcoming first (soonest), then past (latest)',
        body: consultationsPaginateBodySchema,
        response: { 200: consultationsPageResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, page, as, state, search } = request.body;
      const user = request.user!;
      const where: SQL[] = [];
      if (as === 'member') where.push(eq(consultations.memberId, user.id));
      else where.push(sql`${consultations.consultantId} = (SELECT ${consultants.id} FROM ${consultants} WHERE ${consultants.userId} = ${user.id})`);
      if (state) where.push(eq(consultations.state, state));
      const memberName = sql`(SELECT ${users.name} FROM ${users} WHERE ${users.id} = ${consultations.memberId})`;
      const consultantName = sql`(SELECT ${users.name} FROM ${users} JOIN ${consultants} ON ${consultants.userId} = ${users.id} WHERE ${consultants.id} = ${consultations.consultantId})`;
      where.push(...foldedSearchConditions([consultations.topic, memberName, consultantName], search));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(consultations)
          .where(condition)
          .orderBy(sql`(${consultations.endsAt} < now())`, sql`CASE WHEN ${consultations.endsAt} >= now() THEN ${consultations.startsAt} END ASC`, desc(consultations.startsAt), desc(consultations.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(consultations).where(condition),
      ]);
      return { status: true as const, data: await consultationViews(app.db, rows, viewerOf(user)), tot: total?.n ?? 0 };
    },
  );

  app.get(
    '/consultations/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One session, for its member, its consultant or an administrator (404 for anyone else)',
        params: idParamsSchema,
        response: { 200: consultationResponseSchema, ...authErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = viewerOf(request.user!);
      const { row } = await findSession(app.db, request.params.id, viewer);
      return { status: true as const, data: await consultationView(app.db, row, viewer) };
    },
  );

  app.get(
    '/consultations/:id/ics',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The calendar invitation of an accepted session (participants only)',
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The invitation (text/calendar)'), ...authErrors, ...notFoundResponse, ...conflict, ...errorResponses },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request.user!);
      const { row, role } = await findSession(app.db, request.params.id, { ...viewer, admin: false });
      if (row.state !== 'accepted') throw new AppError(409, 'validation.consultationIcsUnavailable');
      const context = await mailContext(app.db, row, site);
      const file = sessionInvitation(context, 'REQUEST', role === 'member' ? context.member.locale : context.consultant.locale);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );

  /** The session of `id` for its consultant (anyone else: 404). */
  async function asConsultant(id: number, userId: number) {
    const found = await findSession(app.db, id, { id: userId, admin: false });
    if (found.role !== 'consultant') throw notFound();
    return found;
  }

  app.post(
    '/consultations/:id/accept',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The consultant accepts a request before its deadline (optionally with the meeting link); both get the invitation',
        params: idParamsSchema,
        body: consultationAcceptBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row } = await asConsultant(request.params.id, user.id);
      const now = new Date();
      if (row.state === 'requested' && now >= row.acceptBy) throw new AppError(409, 'validation.consultationAnswerClosed');
      const saved = await app.db.transaction(async (tx) => {
        const next = await moveSession(tx, row, ['requested'], {
          state: 'accepted',
          meetingLink: request.body.meetingLink ?? row.meetingLink,
          icsSequence: nextSequence,
        });
        await sendSessionMail(app.mail, tx, 'accepted', await mailContext(tx, next, site), ['member', 'consultant'], { invitation: 'REQUEST' });
        return next;
      });
      return { status: true as const, msg: request.t('success.consultationAccepted'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.post(
    '/consultations/:id/decline',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The consultant declines a request (reason); the member is told and can pick again; it does not count',
        params: idParamsSchema,
        body: consultationReasonBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row } = await asConsultant(request.params.id, user.id);
      if (row.state === 'requested' && new Date() >= row.acceptBy) throw new AppError(409, 'validation.consultationAnswerClosed');
      const saved = await app.db.transaction(async (tx) => {
        const next = await moveSession(tx, row, ['requested'], { state: 'declined', decisionReason: request.body.reason, counts: false });
        await sendSessionMail(app.mail, tx, 'declined', await mailContext(tx, next, site), ['member'], { reason: request.body.reason });
        return next;
      });
      return { status: true as const, msg: request.t('success.consultationDeclined'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.put(
    '/consultations/:id/meeting-link',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The consultant sets or changes the meeting link (https) of an upcoming session',
        params: idParamsSchema,
        body: consultationMeetingLinkBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row } = await asConsultant(request.params.id, user.id);
      if (row.endsAt <= new Date()) throw new AppError(409, 'validation.consultationChangeClosed');
      const saved = await moveSession(app.db, row, ['requested', 'accepted'], { meetingLink: request.body.meetingLink });
      return { status: true as const, msg: request.t('success.meetingLinkSaved'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.post(
    '/consultations/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Either party cancels (reason) until 24 hours before; later only the member, and it counts',
        description: 'The other party is e-mailed; an accepted session’s METHOD:CANCEL goes to both (it is in both calendars). A consultant’s late cancel is 409 (`consultationLateCancelConsultant`); a request still waiting is declined, not canceled, by its consultant (409 `consultationDeclineRequest`).',
        params: idParamsSchema,
        body: consultationReasonBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const viewer = { id: user.id, admin: false };
      const { row, consultant, role } = await findSession(app.db, request.params.id, viewer);
      const now = new Date();
      const abilities = sessionAbilities(row, consultant.userId, viewer, now);
      if (!abilities.canCancel) {
        const upcoming = now < row.startsAt;
        if (role === 'consultant' && row.state === 'requested' && upcoming) throw new AppError(409, 'validation.consultationDeclineRequest');
        const late = role === 'consultant' && row.state === 'accepted' && upcoming;
        throw new AppError(409, late ? 'validation.consultationLateCancelConsultant' : 'validation.consultationChangeClosed');
      }
      const saved = await app.db.transaction(async (tx) => {
        const next = await moveSession(tx, row, ['requested', 'accepted'], {
          state: 'canceled',
          canceledBy: role as 'member' | 'consultant',
          cancelReason: request.body.reason,
          counts: abilities.cancelCounts,
          icsSequence: nextSequence,
        });
        // An accepted session is in both calendars (its acceptance sent both a REQUEST): both get its
        // CANCEL, whoever canceled, as an administrator's cancel and a reschedule do. A request never
        // accepted is in no calendar: the other party is told.
        const to = row.state === 'accepted' ? (['member', 'consultant'] as const) : ([role === 'member' ? 'consultant' : 'member'] as const);
        await sendSessionMail(app.mail, tx, 'canceled', await mailContext(tx, next, site), to, {
          reason: request.body.reason,
          invitation: 'CANCEL',
        });
        return next;
      });
      return { status: true as const, msg: request.t('success.consultationCanceled'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.post(
    '/consultations/:id/reschedule',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The member moves the session to another free slot of the same consultant (until 24 hours before); it waits for the consultant again',
        params: idParamsSchema,
        body: consultationRescheduleBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row, consultant, role } = await findSession(app.db, request.params.id, { id: user.id, admin: false });
      if (role !== 'member') throw notFound();
      const now = new Date();
      if (!sessionAbilities(row, consultant.userId, { id: user.id, admin: false }, now).canReschedule) throw new AppError(409, 'validation.consultationRescheduleClosed');
      const saved = await withOverlapCheck(() =>
        app.db.transaction(async (tx) => {
          const slot = requireSlot(await slotRulesOf(tx, consultant, now, row.id), new Date(request.body.start), now);
          const next = await moveSession(tx, row, ['requested', 'accepted'], {
            state: 'requested',
            startsAt: slot.start,
            endsAt: slot.end,
            acceptBy: acceptByFor(now, slot.start),
            remindedAt: null,
            icsSequence: nextSequence,
            rescheduledFrom: row.startsAt,
            rescheduledAt: now,
            rescheduleReason: request.body.reason,
          });
          // The new time is a request again (`requested`, a new deadline): the consultant is asked,
          // the member's request confirmed, both told from when to when. An accepted session is in
          // both calendars (with the meeting link): it is removed by a METHOD:CANCEL of its UID at
          // the raised SEQUENCE, naming the former time. Not an updated REQUEST at the new time: that
          // would put a time nobody accepted into both calendars, and if the consultant then declines
          // or lets it expire (mails without a calendar file) it would stay there. Calendar clients
          // (Google, Outlook, Apple) remove an event on a CANCEL of its UID with a SEQUENCE not below
          // theirs, and take the acceptance's REQUEST (same UID, a higher SEQUENCE again) as the event
          // anew.
          const wasAccepted = row.state === 'accepted';
          await sendSessionMail(app.mail, tx, 'rescheduled', await mailContext(tx, next, site), ['consultant', 'member'], {
            reason: request.body.reason,
            former: { start: row.startsAt, end: row.endsAt, wasAccepted },
            invitation: wasAccepted ? 'CANCEL' : undefined,
          });
          return next;
        }),
      );
      return { status: true as const, msg: request.t('success.consultationRescheduled'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.put(
    '/consultations/:id/rating',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The member rates a session that took place (1-5, optional review); may change it within 7 days',
        params: idParamsSchema,
        body: consultationRatingBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const viewer = { id: user.id, admin: false };
      const { row, consultant, role } = await findSession(app.db, request.params.id, viewer);
      if (role !== 'member') throw notFound();
      const now = new Date();
      if (!sessionAbilities(row, consultant.userId, viewer, now).canRate) {
        throw new AppError(409, row.ratedAt ? 'validation.consultationRatingLocked' : 'validation.consultationRatingNotYet');
      }
      const saved = await moveSession(app.db, row, ['accepted'], { rating: request.body.rating, review: request.body.review, ratedAt: now });
      return { status: true as const, msg: request.t('success.consultationRated'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.put(
    '/consultations/:id/notes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The consultant’s notes for the member, once the session has started',
        params: idParamsSchema,
        body: consultationNotesBodySchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row, consultant } = await asConsultant(request.params.id, user.id);
      if (!sessionAbilities(row, consultant.userId, { id: user.id, admin: false }, new Date()).canWriteNotes) throw new AppError(409, 'validation.consultationNotesNotYet');
      const saved = await moveSession(app.db, row, ['accepted'], { consultantNotes: request.body.notes || null });
      return { status: true as const, msg: request.t('success.consultationNotesSaved'), data: await consultationView(app.db, saved, viewerOf(user)) };
    },
  );

  app.post(
    '/consultations/:id/files',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The consultant adds a file (PDF, multipart field `file`) for the member, once the session has started; at most 5',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: consultationResponseSchema,
          ...sessionErrors,
          413: errorEnvelopeSchema.describe('The file is larger than allowed'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { row, consultant } = await asConsultant(request.params.id, user.id);
      if (!sessionAbilities(row, consultant.userId, { id: user.id, admin: false }, new Date()).canWriteNotes) throw new AppError(409, 'validation.consultationNotesNotYet');
      const form = await readMultipartForm(request, fileRules, app.storage);
      const file = form.files.file;
      const problem = form.problems.file;
      if (!file) {
        return replyFormProblems(request, reply, problem?.status ?? 400, { file: problem ? { key: problem.key, params: problem.params } : { key: 'validation.fileMustBePdf' } });
      }
      try {
        await app.db.transaction(async (tx) => {
          // Files of one session are added one at a time: the count is the one the insert follows.
          await tx.select({ id: consultations.id }).from(consultations).where(eq(consultations.id, row.id)).for('update');
          const [existing] = await tx.select({ n: count() }).from(consultationFiles).where(eq(consultationFiles.consultationId, row.id));
          if ((existing?.n ?? 0) >= CONSULTATION_FILES_MAX) throw new AppError(409, 'validation.consultationFilesMax', { maximum: CONSULTATION_FILES_MAX });
          await tx.insert(consultationFiles).values({ consultationId: row.id, path: file.path, name: file.originalName, size: file.size });
        });
      } catch (error) {
        await removeStored(app.storage, [file.path]);
        throw error;
      }
      return { status: true as const, msg: request.t('success.consultationFileAdded'), data: await consultationView(app.db, row, viewerOf(user)) };
    },
  );

  app.delete(
    '/consultations/:id/files/:fileId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The consultant removes one of the session’s files',
        params: consultationFileParamsSchema,
        response: { 200: consultationResponseSchema, ...sessionErrors },
      },
    },
    async (request) => {
      const user = request.user!;
      const { row } = await asConsultant(request.params.id, user.id);
      const [gone] = await app.db
        .delete(consultationFiles)
        .where(and(eq(consultationFiles.id, request.params.fileId), eq(consultationFiles.consultationId, row.id)))
        .returning();
      if (!gone) throw notFound();
      await removeStored(app.storage, [gone.path]);
      return { status: true as const, msg: request.t('success.consultationFileRemoved'), data: await consultationView(app.db, row, viewerOf(user)) };
    },
  );

  // ------------------------------------------------------------------ private files
  /** May the account `uid` (read again: a suspended one reads nothing) open the files of `row`? */
  async function participant(row: Pick<ConsultationRow, 'memberId' | 'consultantId'>, uid: number): Promise<boolean> {
    const [viewer] = await app.db
      .select({ id: users.id, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil, consultantUserId: consultants.userId })
      .from(users)
      .leftJoin(consultants, eq(consultants.id, row.consultantId))
      .where(eq(users.id, uid));
    return !!viewer && !isSuspended(viewer) && (row.memberId === uid || viewer.consultantUserId === uid);
  }
  const pdf = (path: string, name: string, size: number, fallback: string): PrivateFile => ({ path, name, mime: 'application/pdf', size, fallbackName: fallback });

  async function attachmentFor(id: number, uid: number): Promise<PrivateFile | null> {
    const [row] = await app.db.select().from(consultations).where(eq(consultations.id, id));
    if (!row?.attachmentPath || !(await participant(row, uid))) return null;
    return pdf(row.attachmentPath, row.attachmentName ?? 'attachment.pdf', row.attachmentSize ?? 0, `consultation-${row.id}.pdf`);
  }
  async function sessionFileFor(id: number, uid: number): Promise<PrivateFile | null> {
    const [found] = await app.db
      .select({ file: consultationFiles, memberId: consultations.memberId, consultantId: consultations.consultantId })
      .from(consultationFiles)
      .innerJoin(consultations, eq(consultations.id, consultationFiles.consultationId))
      .where(eq(consultationFiles.id, id));
    if (!found || !(await participant(found, uid))) return null;
    return pdf(found.file.path, found.file.name, found.file.size, `consultation-file-${found.file.id}.pdf`);
  }

  const fileLinkCommon = {
    tag: 'consultations',
    linkOnRequest: app.authenticate,
    linkResponse: consultationFileLinkResponseSchema,
    linkRefusals: { 401: errorEnvelopeSchema },
    fileQuery: consultationFileQuerySchema,
    fileRefusal: 'Missing, invalid or expired token',
    expiredMessage: 'validation.consultationFileLinkExpired',
  } as const;
  fileLinkRoutes(app, {
    ...fileLinkCommon,
    resource: 'consultations',
    signerLabel: 'consultation-attachment-link',
    linkSummary: 'Short-lived addresses of the member’s attachment, for the session’s two participants',
    fileSummary: 'The member’s attachment with a token from `consultations/{id}/file-link`',
    fileForLink: (id, request) => attachmentFor(id, request.user!.id),
    fileForHolder: (id, uid) => attachmentFor(id, uid),
  });
  fileLinkRoutes(app, {
    ...fileLinkCommon,
    resource: 'consultation-files',
    signerLabel: 'consultation-file-link',
    linkSummary: 'Short-lived addresses of a file the consultant left, for the session’s two participants',
    fileSummary: 'A session file with a token from `consultation-files/{id}/file-link`',
    fileForLink: (id, request) => sessionFileFor(id, request.user!.id),
    fileForHolder: (id, uid) => sessionFileFor(id, uid),
  });

};
export default consultationsRoutes;
