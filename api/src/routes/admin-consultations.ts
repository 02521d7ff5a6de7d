/**
 * Consultations in the operator console (issue 23, administrators): every session (state filter,
 * "overdue" answers, search), an administrator's cancel (never counts), sessions the staff
 * arranged (accepted at once, never count, any time, the exclusion constraints still apply), the
 * ratings and the review visibility. Every action is in the audit log.
 */
import { and, count, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor, type ApiRouteKey } from '@scholars/shared-contracts/authorization';
import {
  CONSULTATION_OVERDUE_HOURS,
  adminConsultationRatingsQuerySchema,
  adminConsultationRatingsResponseSchema,
  adminConsultationsQuerySchema,
  adminConsultationsResponseSchema,
  consultationReasonBodySchema,
  consultationResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  reviewVisibilityBodySchema,
  staffConsultationBodySchema,
} from '@scholars/shared-contracts/schemas';
import { communityCategories, consultants, consultations, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { appendAudit } from '../lib/operators/audit';
import { foldedSearchConditions, pageOffset } from '../lib/pagination';
import { consultationView, consultationViews, findSession, mailContext, moveSession, nextSequence, sendSessionMail, withOverlapCheck } from '../lib/consultations/sessions';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const HOUR = 3_600_000;
const tags = ['admin'];
const security = [{ bearerAuth: [] }];

const adminConsultationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = (route: ApiRouteKey) => app.requireRole(...rolesFor(route));
  const site = app.config.PUBLIC_BASE_URL;
  const members = alias(users, 'members');
  const consultantUsers = alias(users, 'consultant_users');
  const admin = (id: number) => ({ id, admin: true });

  app.get(
    '/admin/consultations',
    {
      onRequest: guard('GET /api/admin/consultations'),
      schema: {
        tags,
        security,
        summary: 'Every session, newest first: `state`, `overdue` (requested, answer due within 12 hours or past), search over topic and both names',
        querystring: adminConsultationsQuerySchema,
        response: { 200: adminConsultationsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { state, overdue, search, page, limit } = request.query;
      const where: SQL[] = foldedSearchConditions([consultations.topic, members.name, consultantUsers.name], search ?? '');
      if (state) where.push(eq(consultations.state, state));
      if (overdue) where.push(eq(consultations.state, 'requested'), lte(consultations.acceptBy, new Date(Date.now() + CONSULTATION_OVERDUE_HOURS * HOUR)));
      const condition = where.length ? and(...where) : undefined;
      const base = () =>
        app.db
          .select({ n: count() })
          .from(consultations)
          .innerJoin(members, eq(members.id, consultations.memberId))
          .innerJoin(consultants, eq(consultants.id, consultations.consultantId))
          .innerJoin(consultantUsers, eq(consultantUsers.id, consultants.userId))
          .where(condition);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ row: consultations })
          .from(consultations)
          .innerJoin(members, eq(members.id, consultations.memberId))
          .innerJoin(consultants, eq(consultants.id, consultations.consultantId))
          .innerJoin(consultantUsers, eq(consultantUsers.id, consultants.userId))
          .where(condition)
          .orderBy(overdue ? sql`${consultations.acceptBy} ASC` : desc(consultations.createdAt), desc(consultations.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        base(),
      ]);
      return {
        status: true as const,
        data: await consultationViews(
          app.db,
          rows.map((entry) => entry.row),
          admin(request.user!.id),
        ),
        tot: total?.n ?? 0,
      };
    },
  );

  app.post(
    '/admin/consultations',
    {
      onRequest: guard('POST /api/admin/consultations'),
      schema: {
        tags,
        security,
        summary: 'Record a session the staff arranged: accepted, never counts, any time (past included); a future one is mailed to both',
        body: staffConsultationBodySchema,
        response: {
          201: consultationResponseSchema,
          ...staffErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('The consultant or the member has another session then'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [memberRow] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.memberEmail.toLowerCase()}`);
      if (!memberRow) throw new AppError(400, 'validation.consultationMemberUnknown', {}, { memberEmail: 'validation.consultationMemberUnknown' });
      const [consultant] = await app.db.select().from(consultants).where(eq(consultants.id, body.consultantId));
      if (!consultant) throw notFound();
      const [category] = await app.db.select({ id: communityCategories.id }).from(communityCategories).where(eq(communityCategories.id, body.categoryId));
      if (!category) throw new AppError(400, 'validation.invalidOption', {}, { categoryId: 'validation.invalidOption' });
      const start = new Date(body.start);
      const end = new Date(start.getTime() + consultant.sessionMinutes * 60_000);
      const now = new Date();
      const row = await withOverlapCheck(() =>
        app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(consultations)
            .values({
              memberId: memberRow.id,
              consultantId: consultant.id,
              subscriptionId: null,
              state: 'accepted',
              topic: body.topic,
              categoryId: body.categoryId,
              language: body.language,
              mode: body.mode,
              place: body.mode === 'onsite' ? body.place : null,
              description: body.description,
              startsAt: start,
              endsAt: end,
              acceptBy: start,
              counts: false,
              icsSequence: 1,
            })
            .returning();
          await appendAudit(tx, {
            actorId: request.user!.id,
            actorLabel: 'account',
            action: 'consultation.arrange',
            targetType: 'consultation',
            targetId: created!.id,
            details: { member_id: memberRow.id, consultant_id: consultant.id, start: start.toISOString() },
          });
          if (start > now) await sendSessionMail(app.mail, tx, 'arranged', await mailContext(tx, created!, site), ['member', 'consultant'], { invitation: 'REQUEST' });
          return created!;
        }),
      );
      reply.code(201);
      return { status: true as const, msg: request.t('success.consultationArranged'), data: await consultationView(app.db, row, admin(request.user!.id)) };
    },
  );

  app.post(
    '/admin/consultations/:id/cancel',
    {
      onRequest: guard('POST /api/admin/consultations/{id}/cancel'),
      schema: {
        tags,
        security,
        summary: 'An administrator cancels a requested or accepted session at any time (reason); it never counts; both are mailed',
        params: idParamsSchema,
        body: consultationReasonBodySchema,
        response: { 200: consultationResponseSchema, ...staffErrors, ...notFoundResponse, 409: errorEnvelopeSchema.describe('Not requested or accepted any more'), ...errorResponses },
      },
    },
    async (request) => {
      const viewer = admin(request.user!.id);
      const { row } = await findSession(app.db, request.params.id, viewer);
      const saved = await app.db.transaction(async (tx) => {
        const next = await moveSession(tx, row, ['requested', 'accepted'], {
          state: 'canceled',
          canceledBy: 'admin',
          cancelReason: request.body.reason,
          counts: false,
          icsSequence: nextSequence,
        });
        await appendAudit(tx, {
          actorId: viewer.id,
          actorLabel: 'account',
          action: 'consultation.cancel',
          targetType: 'consultation',
          targetId: row.id,
          reason: request.body.reason,
          details: { from: row.state },
        });
        if (next.startsAt > new Date()) {
          await sendSessionMail(app.mail, tx, 'canceled', await mailContext(tx, next, site), ['member', 'consultant'], { reason: request.body.reason, invitation: 'CANCEL' });
        }
        return next;
      });
      return { status: true as const, msg: request.t('success.consultationCanceled'), data: await consultationView(app.db, saved, viewer) };
    },
  );

  app.get(
    '/admin/consultation-ratings',
    {
      onRequest: guard('GET /api/admin/consultation-ratings'),
      schema: {
        tags,
        security,
        summary: 'Ratings and reviews, newest first (`hidden` filter)',
        querystring: adminConsultationRatingsQuerySchema,
        response: { 200: adminConsultationRatingsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { hidden, page, limit } = request.query;
      const where: SQL[] = [isNotNull(consultations.rating)];
      if (hidden === true) where.push(isNotNull(consultations.reviewHiddenReason));
      if (hidden === false) where.push(isNull(consultations.reviewHiddenReason));
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            row: consultations,
            memberName: members.name,
            consultantName: consultantUsers.name,
          })
          .from(consultations)
          .innerJoin(members, eq(members.id, consultations.memberId))
          .innerJoin(consultants, eq(consultants.id, consultations.consultantId))
          .innerJoin(consultantUsers, eq(consultantUsers.id, consultants.userId))
          .where(condition)
          .orderBy(desc(consultations.ratedAt), desc(consultations.id))
          .limit(limit)
          .offset(pageOffset(page, limit)),
        app.db.select({ n: count() }).from(consultations).where(condition),
      ]);
      return {
        status: true as const,
        data: rows.map(({ row, memberName, consultantName }) => ({
          consultationId: row.id,
          rating: row.rating!,
          review: row.review,
          hidden: row.reviewHiddenReason !== null,
          hiddenReason: row.reviewHiddenReason,
          member: { id: row.memberId, name: memberName },
          consultant: { id: row.consultantId, name: consultantName },
          topic: row.topic,
          ratedAt: row.ratedAt!.toISOString(),
        })),
        tot: total?.n ?? 0,
      };
    },
  );

  app.post(
    '/admin/consultations/:id/review-visibility',
    {
      onRequest: guard('POST /api/admin/consultations/{id}/review-visibility'),
      schema: {
        tags,
        security,
        summary: 'Hide a review from the consultant’s public page (reason) or show it again; audited',
        params: idParamsSchema,
        body: reviewVisibilityBodySchema,
        response: { 200: consultationResponseSchema, ...staffErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const viewer = admin(request.user!.id);
      const { row } = await findSession(app.db, request.params.id, viewer);
      if (row.rating === null) throw notFound();
      const { hidden, reason } = request.body;
      const saved = await app.db.transaction(async (tx) => {
        const [next] = await tx
          .update(consultations)
          .set({ reviewHiddenReason: hidden ? reason : null, version: sql`${consultations.version} + 1` })
          .where(eq(consultations.id, row.id))
          .returning();
        await appendAudit(tx, {
          actorId: viewer.id,
          actorLabel: 'account',
          action: 'consultation.review-visibility',
          targetType: 'consultation',
          targetId: row.id,
          reason: hidden ? reason : null,
          details: { hidden },
        });
        return next!;
      });
      return { status: true as const, msg: request.t('success.reviewVisibilityChanged'), data: await consultationView(app.db, saved, viewer) };
    },
  );
};
export default adminConsultationsRoutes;
