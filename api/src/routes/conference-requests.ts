/**
 * Conference requests (spec 3 and 5, issue 3; issue 19): a signed-in user proposes a conference and
 * may edit it while it is pending or sent back for changes (saving it makes it pending again);
 * nobody else but the staff sees it (404, not 403: its existence is not revealed). A reviewer or an
 * administrator decides: approve (a draft conference is made from the request in the same
 * transaction, for an administrator to complete and publish), reject with a reason, or ask for
 * changes with a note. The owner is e-mailed each decision in their language; the conference's
 * link comes once it is published (routes/admin-conferences.ts).
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  addDays,
  CONFERENCE_REQUEST_REVIEW_DAYS,
  conferenceRequestDecisionSchema,
  conferenceRequestResponseSchema,
  conferenceRequestSchema,
  conferenceRequestsPageResponseSchema,
  conferenceRequestsQuerySchema,
  conferenceRequestsResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  translateMessage,
  type ConferenceRequest,
} from '@scholars/shared-contracts/schemas';
import { conferenceImportantDates, conferenceRequests, conferences, users } from '../db/schema';
import { buildSearchText } from '../lib/arabic-search';
import { AppError, notFound } from '../lib/errors';
import type { Executor } from '../lib/invoices/numbering';
import { auditContent } from '../lib/operators/content';
import { foldedSearchConditions, pageOffset } from '../lib/pagination';
import { isolate, localeOfText, PLATFORM_TIME_ZONE, zonedTimeToInstant } from '@scholars/shared-contracts/locale';
import type { Locale } from '@scholars/shared-contracts/locale';
import { conferenceRequestReceiptMail, greeting, renderMail, type RenderedMail } from '../lib/mail/templates';
import { toRequest } from '../lib/conference-requests';
import { errorResponses, notFoundResponse } from './schemas';
import { rolesFor, type StaffRole } from '@scholars/shared-contracts/authorization';

type RequestRow = typeof conferenceRequests.$inferSelect;

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };
const adminErrors = { ...authErrors, 403: errorEnvelopeSchema.describe('Not a reviewer or an administrator') };
/** The owner may edit a request in these states; saving makes it pending again. */
const EDITABLE = ['pending', 'changes_requested'] as const;
const isStaff = (roles: readonly StaffRole[]) => roles.includes('admin') || roles.includes('reviewer');


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
    subject: {
      approved: 'Your conference request was approved',
      rejected: 'Your conference request was not approved',
      changes_requested: 'Your conference request needs changes',
    },
    body: {
      approved: (title: string) =>
        `Good news: your request for the conference “${title}” was approved. Our team is preparing its page; we will e-mail you its link once it is published.`,
      rejected: (title: string) => `Thank you for your request for the conference “${title}”. After review, we are unable to approve it.`,
      changes_requested: (title: string) =>
        `Thank you for your request for the conference “${title}”. Before deciding, the reviewer asks you to change it: please edit your request and save it again.`,
    },
    reason: 'Reviewer’s note',
    view: 'Your request',
  },
  ar: {
    subject: {
      approved: 'تمت الموافقة على طلب المؤتمر',
      rejected: 'لم تتم الموافقة على طلب المؤتمر',
      changes_requested: 'طلب المؤتمر يحتاج إلى تعديل',
    },
    body: {
      approved: (title: string) => `يسعدنا إبلاغك بالموافقة على طلبك لعقد مؤتمر «${title}». يُعدّ فريقنا صفحته، وسنرسل إليك رابطها حين تُنشر.`,
      rejected: (title: string) => `نشكرك على طلبك لعقد مؤتمر «${title}». بعد المراجعة، تعذّرت الموافقة عليه.`,
      changes_requested: (title: string) => `نشكرك على طلبك لعقد مؤتمر «${title}». قبل اتخاذ القرار، يطلب المراجع تعديله: يُرجى تعديل طلبك وحفظه من جديد.`,
    },
    reason: 'ملاحظة المراجع',
    view: 'طلبك',
  },
} as const;

type Decision = keyof (typeof DECISION_TEXTS)['en']['subject'];

/** The decision e-mail to the owner of a request, in `locale`: the reviewer's note as a quote in its own direction. */
export function decisionMail(request: RequestRow, status: Decision, reason: string | null, name: string, locale: Locale, url: string): RenderedMail {
  const texts = DECISION_TEXTS[locale];
  return renderMail(locale, `conference-request-${status}`, texts.subject[status], greeting(locale, name), [
    texts.body[status](isolate(request.conferenceTitle)),
    ...(reason ? [`${texts.reason}:`, { quote: reason }] : []),
    { link: url, label: texts.view },
  ]);
}

/**
 * The draft conference an approval makes from `request`: its title, objectives and venue, each in
 * the field of the language it is written in (the other left empty: publishing asks for it, so no
 * English text reaches Arabic readers unnoticed, or the reverse), format from the location type,
 * from 09:00 on the proposed day to 17:00 on the last day in the platform's zone, no category. An
 * administrator completes it and publishes it.
 */
async function draftFromRequest(db: Executor, request: RequestRow): Promise<number> {
  const lastDay = addDays(request.proposedStartDate, request.durationDays - 1);
  const title = request.conferenceTitle;
  const inItsLanguage = (text: string) => (localeOfText(text) === 'ar' ? { ar: text, en: '' } : { ar: '', en: text });
  const titles = inItsLanguage(title);
  const objectives = inItsLanguage(request.objectives);
  const venues = inItsLanguage(request.venue);
  const [conference] = await db
    .insert(conferences)
    .values({
      status: 'draft',
      title: titles.ar,
      titleEn: titles.en,
      description: '',
      descriptionEn: '',
      objectives: objectives.ar,
      objectivesEn: objectives.en,
      mode: request.locationType,
      venue: venues.ar,
      venueEn: venues.en,
      timezone: PLATFORM_TIME_ZONE,
      startDate: zonedTimeToInstant(request.proposedStartDate, '09:00', PLATFORM_TIME_ZONE),
      endDate: zonedTimeToInstant(lastDay, '17:00', PLATFORM_TIME_ZONE),
      searchText: buildSearchText(title, request.venue),
    })
    .returning({ id: conferences.id });
  await db.insert(conferenceImportantDates).values({ conferenceId: conference!.id, startDate: request.proposedStartDate, endDate: lastDay });
  return conference!.id;
}

const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The request `id` as its owner (or the staff) may see it; 404 for anyone else. */
  async function visibleRequest(id: number, user: { id: number; roles: readonly StaffRole[] }): Promise<ConferenceRequest> {
    const [found] = await app.db
      .select({ row: conferenceRequests, conferenceStatus: conferences.status })
      .from(conferenceRequests)
      .leftJoin(conferences, eq(conferences.id, conferenceRequests.conferenceId))
      .where(eq(conferenceRequests.id, id));
    const staff = isStaff(user.roles);
    if (!found || (found.row.ownerId !== user.id && !staff)) throw notFound();
    return toRequest(found.row, staff || found.conferenceStatus === 'published');
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
        description: '`conference_id` names the conference made from an approved request once it is published.',
        response: { 200: conferenceRequestsResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ row: conferenceRequests, conferenceStatus: conferences.status })
        .from(conferenceRequests)
        .leftJoin(conferences, eq(conferences.id, conferenceRequests.conferenceId))
        .where(eq(conferenceRequests.ownerId, request.user!.id))
        .orderBy(desc(conferenceRequests.createdAt), desc(conferenceRequests.id));
      return { status: true as const, data: rows.map(({ row, conferenceStatus }) => toRequest(row, conferenceStatus === 'published')) };
    },
  );

  app.get(
    '/conference-requests',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/conference-requests')),
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Every conference request (reviewer, admin): pending first, then oldest first; `status` filters, `q` searches',
        description: '`q` matches the title, the requester’s name, university and e-mail (Arabic-aware); answered as a page (`tot`).',
        querystring: conferenceRequestsQuerySchema,
        response: { 200: conferenceRequestsPageResponseSchema, ...adminErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { status, q, page, limit } = request.query;
      const where: SQL[] = foldedSearchConditions(
        [conferenceRequests.conferenceTitle, conferenceRequests.fullName, conferenceRequests.university, conferenceRequests.universityEmail],
        q ?? '',
      );
      if (status) where.push(eq(conferenceRequests.status, status));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(conferenceRequests)
          .where(condition)
          .orderBy(sql`(${conferenceRequests.status} = 'pending') DESC`, asc(conferenceRequests.createdAt), asc(conferenceRequests.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(conferenceRequests).where(condition),
      ]);
      return { status: true as const, data: rows.map((row) => toRequest(row)), tot: total?.n ?? 0 };
    },
  );

  app.get(
    '/conference-requests/:id',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'One conference request: its owner (or a reviewer or an administrator) only, 404 for anyone else',
        params: idParamsSchema,
        response: { 200: conferenceRequestResponseSchema, ...authErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: await visibleRequest(request.params.id, request.user!) }),
  );

  app.put(
    '/conference-requests/:id',
    {
      onRequest: app.authenticate,
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Edit a conference request that is pending or sent back for changes (its owner only)',
        description:
          'The same body and rules as the creation. Saving a request sent back for changes makes it pending again. ' +
          'Another user gets 404; an approved or rejected request 409.',
        params: idParamsSchema,
        body: conferenceRequestSchema,
        response: {
          200: conferenceRequestResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Approved or rejected: no longer editable'),
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
        .set({ ...columns(request.body), status: 'pending' })
        .where(and(eq(conferenceRequests.id, existing.id), eq(conferenceRequests.ownerId, user.id), inArray(conferenceRequests.status, [...EDITABLE])))
        .returning();
      if (!row) throw new AppError(409, 'validation.conferenceRequestNotEditable');
      // Sent back for changes, then saved: it is with the reviewers again, and the requester is told so.
      const msg = existing.status === 'changes_requested' ? 'success.conferenceRequestResubmitted' : 'success.conferenceRequestUpdated';
      return { status: true as const, msg: translateMessage(request.locale, msg), data: toRequest(row) };
    },
  );

  app.put(
    '/conference-requests/:id/decision',
    {
      onRequest: app.requireRole(...rolesFor('PUT /api/conference-requests/{id}/decision')),
      schema: {
        security: [{ bearerAuth: [] }],
        tags: ['conference requests'],
        summary: 'Decide on a pending request (reviewer, admin); the owner is e-mailed in their language',
        description:
          'Body `{ status: approved | rejected | changes_requested, reason }`; a rejection needs a reason, a request for ' +
          'changes a note (the owner edits the request, which makes it pending again). Approving makes a draft conference ' +
          'from the request in the same transaction (`conference_id`). 409 when the request is not pending.',
        params: idParamsSchema,
        body: conferenceRequestDecisionSchema,
        response: {
          200: conferenceRequestResponseSchema,
          ...adminErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Not pending: already decided, or waiting for the owner’s changes'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      const staff = request.user!;
      const row = await app.db.transaction(async (tx) => {
        const [existing] = await tx.select().from(conferenceRequests).where(eq(conferenceRequests.id, request.params.id)).for('update');
        if (!existing) throw notFound();
        if (existing.status !== 'pending') throw new AppError(409, 'validation.conferenceRequestAlreadyDecided');
        const conferenceId = status === 'approved' ? await draftFromRequest(tx, existing) : null;
        const [updated] = await tx
          .update(conferenceRequests)
          .set({ status, reviewNote: reason, reviewedBy: staff.id, reviewedAt: new Date(), ...(conferenceId ? { conferenceId } : {}) })
          .where(eq(conferenceRequests.id, existing.id))
          .returning();
        await auditContent(tx, {
          actorId: staff.id,
          action: 'conference-request.decide',
          targetType: 'conference_request',
          targetId: existing.id,
          reason,
          details: { from: existing.status, to: status, ...(conferenceId ? { conference_id: conferenceId } : {}) },
        });
        if (conferenceId) {
          await auditContent(tx, { actorId: staff.id, action: 'content.create', targetType: 'conference', targetId: conferenceId, details: { from_request: existing.id } });
        }
        const [owner] = await tx
          .select({ email: users.email, name: users.name, locale: users.locale })
          .from(users)
          .where(eq(users.id, updated!.ownerId));
        if (owner) {
          const url = new URL(`/request-conference?edit=${updated!.id}`, app.config.PUBLIC_BASE_URL).toString();
          const mail = decisionMail(updated!, status, reason, owner.name, owner.locale, url);
          await app.mail.enqueue({ to: owner.email, locale: owner.locale, ...mail }, tx);
        }
        return updated!;
      });
      const msg = status === 'approved' ? 'success.conferenceRequestApproved' : 'success.conferenceRequestDecided';
      return { status: true as const, msg: translateMessage(request.locale, msg), data: toRequest(row) };
    },
  );
};
export default requestRoutes;
