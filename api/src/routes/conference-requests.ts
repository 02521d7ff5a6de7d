/**
 * Conference requests (spec 3 and 5, issue 3): a signed-in user proposes a conference and may edit
 * it while it is pending; nobody else sees it (404, not 403: its existence is not revealed). An
 * admin decides (approved / rejected with a reason; the owner is e-mailed in their language) and
 * turns an approved request into a published conference.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addDays,
  CONFERENCE_REQUEST_REVIEW_DAYS,
  conferenceRequestDecisionSchema,
  conferenceRequestResponseSchema,
  conferenceRequestSchema,
  conferenceRequestStatusSchema,
  conferenceRequestsResponseSchema,
  conferencePublishResponseSchema,
  conferencePublishSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  translateMessage,
  type ConferenceRequest,
} from '@scholars/shared-contracts/schemas';
import { conferenceCategories, conferenceImportantDates, conferenceRequests, conferences, users } from '../db/schema';
import { buildSearchText } from '../lib/arabic-search';
import { AppError, notFound } from '../lib/errors';
import { localDateTime, zonedTimeToInstant } from '@scholars/shared-contracts/locale';
import type { Locale } from '@scholars/shared-contracts/locale';
import { TEAM_SIGNATURE } from '../lib/mail/templates';
import { errorResponses, notFoundResponse } from './schemas';
import { rolesFor, type StaffRole } from '@scholars/shared-contracts/authorization';
import { conferenceRequestReceiptMail } from '../lib/mail/templates';

type RequestRow = typeof conferenceRequests.$inferSelect;

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };
const adminErrors = { ...authErrors, 403: errorEnvelopeSchema.describe('Not an administrator') };

export const toRequest = (row: RequestRow): ConferenceRequest => ({
  id: row.id,
  full_name: row.fullName,
  academic_level: row.academicLevel,
  major_field: row.majorField,
  university: row.university,
  university_email: row.universityEmail,
  phone: row.phone,
  country: row.country,
  conference_title: row.conferenceTitle,
  main_language: row.mainLanguage,
  supporting_institution: row.supportingInstitution,
  proposed_start_date: row.proposedStartDate,
  proposed_end_date: row.proposedEndDate,
  duration_days: row.durationDays,
  location_type: row.locationType,
  venue: row.venue,
  objectives: row.objectives,
  notes: row.notes,
  status: row.status,
  review_note: row.reviewNote,
  reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  conference_id: row.conferenceId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Columns of a request from the form's validated data. */
function columns(data: z.output<typeof conferenceRequestSchema>) {
  return {
    fullName: data.full_name,
    academicLevel: data.academic_level,
    majorField: data.major_field,
    university: data.university,
    universityEmail: data.university_email,
    phone: data.phone,
    country: data.country,
    conferenceTitle: data.conference_title,
    mainLanguage: data.main_language,
    supportingInstitution: data.supporting_institution,
    proposedStartDate: data.proposed_start_date,
    proposedEndDate: addDays(data.proposed_start_date, data.duration_days - 1),
    durationDays: data.duration_days,
    locationType: data.location_type,
    venue: data.venue,
    objectives: data.objectives,
    notes: data.notes,
  };
}

const DECISION_TEXTS = {
  en: {
    subject: { approved: 'Your conference request was approved', rejected: 'Your conference request was not approved' },
    hello: (name: string) => `Hello ${name},`,
    body: {
      approved: (title: string) => `Good news: your request for the conference “${title}” was approved. Our team will contact you to prepare it.`,
      rejected: (title: string) => `Thank you for your request for the conference “${title}”. After review, we are unable to approve it.`,
    },
    reason: 'Reviewer’s note',
    view: 'Your request',
    signature: TEAM_SIGNATURE.en,
  },
  ar: {
    subject: { approved: 'تمت الموافقة على طلب المؤتمر', rejected: 'لم تتم الموافقة على طلب المؤتمر' },
    hello: (name: string) => `مرحبًا ${name}،`,
    body: {
      approved: (title: string) => `يسعدنا إبلاغك بالموافقة على طلبك لعقد مؤتمر «${title}». سيتواصل معك فريقنا للتحضير له.`,
      rejected: (title: string) => `نشكرك على طلبك لعقد مؤتمر «${title}». بعد المراجعة، تعذّرت الموافقة عليه.`,
    },
    reason: 'ملاحظة المراجع',
    view: 'طلبك',
    signature: TEAM_SIGNATURE.ar,
  },
} as const;

/** The decision e-mail to the owner of a request, in `locale`. */
export function decisionMail(request: RequestRow, status: 'approved' | 'rejected', reason: string | null, name: string, locale: Locale, url: string) {
  const texts = DECISION_TEXTS[locale];
  const lines = [
    texts.hello(name),
    '',
    texts.body[status](request.conferenceTitle),
    ...(reason ? ['', `${texts.reason}: ${reason}`] : []),
    '',
    `${texts.view}: ${url}`,
    '',
    texts.signature,
  ];
  return { subject: texts.subject[status], text: lines.join('\n') };
}

const statusQuerySchema = z.object({ status: conferenceRequestStatusSchema.optional() });

const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The request `id` as its owner (or an admin) may see it; 404 for anyone else. */
  async function visibleRequest(id: number, user: { id: number; roles: readonly StaffRole[] }): Promise<RequestRow> {
    const [row] = await app.db.select().from(conferenceRequests).where(eq(conferenceRequests.id, id));
    if (!row || (row.ownerId !== user.id && !user.roles.includes('admin'))) throw notFound();
    return row;
  }

  app.post(
    '/conference-requests',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Request a conference (spec 3, 5)',
        description:
          'Every field is required except `supporting_institution` and `notes`. `university_email`: a valid, non-webmail ' +
          'address; `phone`: optional + and 7 to 15 digits; `proposed_start_date`: after today; `duration_days`: 1 to 365. ' +
          'The request starts `pending`; its author is e-mailed a receipt (in their language) with the date by which it is decided.',
        body: conferenceRequestSchema,
        response: { 201: conferenceRequestResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const row = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(conferenceRequests)
          .values({ ownerId: user.id, ...columns(request.body) })
          .returning();
        // The receipt, in the account's language: reviewed by when, followed where (decisions.md, E-mail).
        const mail = conferenceRequestReceiptMail(user.locale, {
          name: user.name,
          title: created!.conferenceTitle,
          requestId: created!.id,
          reviewBy: new Date(created!.createdAt.getTime() + CONFERENCE_REQUEST_REVIEW_DAYS * 86_400_000),
          link: new URL('/profile?tab=requests', app.config.PUBLIC_BASE_URL).toString(),
        });
        await app.mail.enqueue({ to: user.email, locale: user.locale, ...mail }, tx);
        return created!;
      });
      return reply.code(201).send({
        status: true as const,
        msg: translateMessage(request.locale, 'success.conferenceRequestSubmitted'),
        data: toRequest(row!),
      });
    },
  );

  app.get(
    '/conference-requests/mine',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'The signed-in user’s conference requests (profile), newest first',
        response: { 200: conferenceRequestsResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(conferenceRequests)
        .where(eq(conferenceRequests.ownerId, request.user!.id))
        .orderBy(desc(conferenceRequests.createdAt), desc(conferenceRequests.id));
      return { status: true as const, data: rows.map(toRequest) };
    },
  );

  app.get(
    '/conference-requests',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/conference-requests')),
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Every conference request (admin), oldest pending first; `status` filters',
        querystring: statusQuerySchema,
        response: { 200: conferenceRequestsResponseSchema, ...adminErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { status } = request.query;
      const rows = await app.db
        .select()
        .from(conferenceRequests)
        .where(status ? eq(conferenceRequests.status, status) : undefined)
        .orderBy(asc(conferenceRequests.createdAt), asc(conferenceRequests.id));
      return { status: true as const, data: rows.map(toRequest) };
    },
  );

  app.get(
    '/conference-requests/:id',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'One conference request: its owner (or an admin) only, 404 for anyone else',
        params: idParamsSchema,
        response: { 200: conferenceRequestResponseSchema, ...authErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const row = await visibleRequest(request.params.id, request.user!);
      return { status: true as const, data: toRequest(row) };
    },
  );

  app.put(
    '/conference-requests/:id',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Edit a pending conference request (its owner only)',
        description: 'The same body and rules as the creation. Another user gets 404; a reviewed request 409.',
        params: idParamsSchema,
        body: conferenceRequestSchema,
        response: {
          200: conferenceRequestResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Already reviewed: no longer editable'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const [existing] = await app.db.select().from(conferenceRequests).where(eq(conferenceRequests.id, request.params.id));
      if (!existing || existing.ownerId !== user.id) throw notFound();
      const [row] = await app.db
        .update(conferenceRequests)
        .set(columns(request.body))
        .where(and(eq(conferenceRequests.id, existing.id), eq(conferenceRequests.ownerId, user.id), eq(conferenceRequests.status, 'pending')))
        .returning();
      if (!row) throw new AppError(409, 'validation.conferenceRequestNotEditable');
      return { status: true as const, msg: translateMessage(request.locale, 'success.conferenceRequestUpdated'), data: toRequest(row) };
    },
  );

  app.put(
    '/conference-requests/:id/decision',
    {
      onRequest: app.requireRole(...rolesFor('PUT /api/conference-requests/{id}/decision')),
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Approve or reject a pending request (admin); the owner is e-mailed in their language',
        description: 'Body `{ status: approved | rejected, reason }`; a rejection needs a reason. 409 when already decided.',
        params: idParamsSchema,
        body: conferenceRequestDecisionSchema,
        response: {
          200: conferenceRequestResponseSchema,
          ...adminErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Already decided'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      const admin = request.user!;
      const row = await app.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(conferenceRequests).where(eq(conferenceRequests.id, request.params.id));
        if (!existing) throw notFound();
        const [updated] = await tx
          .update(conferenceRequests)
          .set({ status, reviewNote: reason, reviewedBy: admin.id, reviewedAt: new Date() })
          .where(and(eq(conferenceRequests.id, existing.id), eq(conferenceRequests.status, 'pending')))
          .returning();
        if (!updated) throw new AppError(409, 'validation.conferenceRequestAlreadyDecided');
        const [owner] = await tx
          .select({ email: users.email, name: users.name, locale: users.locale })
          .from(users)
          .where(eq(users.id, updated.ownerId));
        if (owner) {
          const url = new URL(`/request-conference?edit=${updated.id}`, app.config.PUBLIC_BASE_URL).toString();
          const mail = decisionMail(updated, status, reason, owner.name, owner.locale, url);
          await app.mail.enqueue({ to: owner.email, locale: owner.locale, subject: mail.subject, text: mail.text, template: `conference-request-${status}` }, tx);
        }
        return updated;
      });
      return { status: true as const, msg: translateMessage(request.locale, 'success.conferenceRequestDecided'), data: toRequest(row) };
    },
  );

  app.post(
    '/conference-requests/:id/publish',
    {
      onRequest: app.requireRole(...rolesFor('PUT /api/conference-requests/{id}/decision')),
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Publish an approved request as a conference (admin)',
        description:
          'Creates the conference in `category_id`: title (both languages) and texts from the request unless given, mode = ' +
          'location type, venue, from `start_time` on the proposed date to `end_time` on the last day, in `timezone`. ' +
          '409 when the request is not approved or was published already.',
        params: idParamsSchema,
        body: conferencePublishSchema,
        response: {
          201: conferencePublishResponseSchema,
          ...adminErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Not approved, or already published'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [category] = await app.db.select({ id: conferenceCategories.id }).from(conferenceCategories).where(eq(conferenceCategories.id, body.category_id));
      if (!category) throw new AppError(400, 'validation.notFound', {}, { category_id: 'validation.notFound' });

      const result = await app.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(conferenceRequests).where(eq(conferenceRequests.id, request.params.id)).for('update');
        if (!existing) throw notFound();
        if (existing.status !== 'approved') throw new AppError(409, 'validation.conferenceRequestNotApproved');
        if (existing.conferenceId) throw new AppError(409, 'validation.conferenceRequestAlreadyPublished');

        const lastDay = addDays(existing.proposedStartDate, existing.durationDays - 1);
        const startDate = zonedTimeToInstant(existing.proposedStartDate, body.start_time, body.timezone);
        const endDate = zonedTimeToInstant(lastDay, body.end_time, body.timezone);
        if (endDate <= startDate) throw new AppError(400, 'validation.invalidInput', {}, { end_time: 'validation.invalidInput' });

        const title = body.title ?? existing.conferenceTitle;
        const titleEn = body.title_en ?? existing.conferenceTitle;
        const description = body.description ?? existing.objectives;
        const descriptionEn = body.description_en ?? existing.objectives;
        const [conference] = await tx
          .insert(conferences)
          .values({
            categoryId: body.category_id,
            title,
            titleEn,
            description,
            descriptionEn,
            overview: description,
            overviewEn: descriptionEn,
            objectives: existing.objectives,
            objectivesEn: existing.objectives,
            mode: existing.locationType,
            venue: existing.venue,
            venueEn: existing.venue,
            timezone: body.timezone,
            startDate,
            endDate,
            registrationOpen: body.registration_open,
            searchText: buildSearchText(title, titleEn, description, descriptionEn, existing.venue),
          })
          .returning({ id: conferences.id });
        await tx.insert(conferenceImportantDates).values({
          conferenceId: conference!.id,
          startDate: localDateTime(body.timezone, startDate).date,
          endDate: localDateTime(body.timezone, endDate).date,
        });
        const [updated] = await tx
          .update(conferenceRequests)
          .set({ conferenceId: conference!.id })
          .where(eq(conferenceRequests.id, existing.id))
          .returning();
        return { conferenceId: conference!.id, request: updated! };
      });
      return reply.code(201).send({
        status: true as const,
        msg: translateMessage(request.locale, 'success.conferencePublished'),
        data: { conference_id: result.conferenceId, request: toRequest(result.request) },
      });
    },
  );
};
export default requestRoutes;
