/**
 * Review of research submissions (decisions.md; screens come in a later issue):
 *
 *   pending_supervisor --(assigned supervisor)--> under_review | rejected
 *   under_review       --(admin)----------------> approved | rejected
 *   pending_supervisor, under_review, approved --(admin)--> removed
 *   rejected, removed: final.
 *
 * Rejections and removals need a reason. Every transition is stored (who, when, from, to, why), the
 * author is e-mailed in their language, and an approval publishes the research in the library (the
 * research community lists approved submissions directly); a removal unpublishes it.
 * Supervisors see only the submissions of their students; administrators see everything;
 * anyone else gets 403, and a submission a supervisor may not see answers 404.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamsSchema,
  REVIEW_TRANSITIONS,
  reviewDetailsResponseSchema,
  reviewListQuerySchema,
  reviewPageResponseSchema,
  reviewTransitionBodySchema,
  type ResearchStatus,
} from '@scholars/shared-contracts/schemas';
import { ebooks, researchReviewTransitions, researchSubmissions, users } from '../db/schema';
import { buildSearchText } from '../lib/arabic-search';
import { AppError, notFound } from '../lib/errors';
import { findSubmission, submissionView, type SubmissionRow } from './research-data';
import { researchMail, type ResearchMailKind } from './research-mail';
import { errorResponses } from './schemas';
import { rolesFor, type StaffRole } from '@scholars/shared-contracts/authorization';
import { pickLocalized } from '@scholars/shared-contracts/locale';

type Reviewer = { id: number; roles: readonly StaffRole[] };

/** Reviewers and administrators see every submission; a supervisor their own students'. */
const seesAll = (user: Reviewer) => user.roles.includes('admin') || user.roles.includes('reviewer');
const supervises = (user: Reviewer, row: Pick<SubmissionRow, 'supervisorId'>) => user.roles.includes('supervisor') && row.supervisorId === user.id;

const visibleTo = (user: Reviewer, row: Pick<SubmissionRow, 'supervisorId'>) => seesAll(user) || supervises(user, row);

/** Where `user` may move a submission in `status` now. */
export function allowedTransitions(user: Reviewer, row: Pick<SubmissionRow, 'status' | 'supervisorId'>): ResearchStatus[] {
  return (Object.entries(REVIEW_TRANSITIONS[row.status]) as Array<[ResearchStatus, 'supervisor' | 'reviewer']>)
    .filter(([, role]) => (role === 'reviewer' ? seesAll(user) : supervises(user, row)))
    .map(([to]) => to);
}

const docTypeOf = (type: SubmissionRow['researchType']) =>
  type === 'master' ? ('master_thesis' as const) : type === 'doctorate' ? ('doctoral_thesis' as const) : ('research' as const);

const review: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL.replace(/\/$/, '');
  const reviewers = app.requireRole(...rolesFor('GET /api/review/research'));
  const owner = alias(users, 'owner');
  const supervisor = alias(users, 'supervisor');

  app.get(
    '/review/research',
    {
      onRequest: reviewers,
      schema: {
        tags: ['review'],
        summary: 'Submissions to review: a supervisor sees their students’ work, reviewers and administrators everything',
        security: [{ bearerAuth: [] }],
        querystring: reviewListQuerySchema,
        response: {
          200: reviewPageResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema.describe('Neither supervisor, reviewer nor administrator'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user! as Reviewer;
      const { status, page, limit } = request.query;
      const conditions: SQL[] = [];
      if (!seesAll(user)) conditions.push(eq(researchSubmissions.supervisorId, user.id));
      if (status) conditions.push(eq(researchSubmissions.status, status));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, totals] = await Promise.all([
        app.db
          .select({
            row: researchSubmissions,
            ownerName: owner.name,
            ownerEmail: owner.email,
            supervisorName: supervisor.name,
            supervisorEmail: supervisor.email,
          })
          .from(researchSubmissions)
          .innerJoin(owner, eq(owner.id, researchSubmissions.ownerId))
          .leftJoin(supervisor, eq(supervisor.id, researchSubmissions.supervisorId))
          .where(where)
          .orderBy(desc(researchSubmissions.createdAt), desc(researchSubmissions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ tot: count() }).from(researchSubmissions).where(where),
      ]);
      return {
        status: true as const,
        data: rows.map(({ row, ownerName, ownerEmail, supervisorName, supervisorEmail }) => ({
          id: row.id,
          title: row.title,
          title_en: row.titleEn,
          research_type: row.researchType,
          status: row.status,
          owner: { id: row.ownerId, name: ownerName, email: ownerEmail },
          supervisor: row.supervisorId && supervisorName && supervisorEmail ? { id: row.supervisorId, name: supervisorName, email: supervisorEmail } : null,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
        })),
        tot: totals[0]?.tot ?? 0,
      };
    },
  );

  async function details(user: Reviewer, row: SubmissionRow) {
    const [people] = await app.db
      .select({ ownerName: owner.name, ownerEmail: owner.email, supervisorName: supervisor.name, supervisorEmail: supervisor.email })
      .from(researchSubmissions)
      .innerJoin(owner, eq(owner.id, researchSubmissions.ownerId))
      .leftJoin(supervisor, eq(supervisor.id, researchSubmissions.supervisorId))
      .where(eq(researchSubmissions.id, row.id));
    const transitions = await app.db
      .select({
        id: researchReviewTransitions.id,
        from: researchReviewTransitions.fromStatus,
        to: researchReviewTransitions.toStatus,
        at: researchReviewTransitions.createdAt,
        note: researchReviewTransitions.note,
        actorId: users.id,
        actorName: users.name,
        actorEmail: users.email,
      })
      .from(researchReviewTransitions)
      .leftJoin(users, eq(users.id, researchReviewTransitions.actorId))
      .where(eq(researchReviewTransitions.researchId, row.id))
      .orderBy(researchReviewTransitions.createdAt, researchReviewTransitions.id);
    return {
      ...(await submissionView(app.db, row)),
      owner: { id: row.ownerId, name: people?.ownerName ?? '', email: people?.ownerEmail ?? '' },
      supervisor:
        row.supervisorId && people?.supervisorName && people.supervisorEmail
          ? { id: row.supervisorId, name: people.supervisorName, email: people.supervisorEmail }
          : null,
      transitions: transitions.map((t) => ({
        id: t.id,
        from: t.from,
        to: t.to,
        at: t.at.toISOString(),
        note: t.note,
        // The role the move was made in (the transition table's).
        actor: t.actorId && t.actorName && t.actorEmail ? { id: t.actorId, name: t.actorName, email: t.actorEmail, role: (t.from && REVIEW_TRANSITIONS[t.from][t.to]) || 'owner' } : null,
      })),
      allowed: allowedTransitions(user, row),
    };
  }

  app.get(
    '/review/research/:id',
    {
      onRequest: reviewers,
      schema: {
        tags: ['review'],
        summary: 'A submission with everyone involved and every transition (who, when, why)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: reviewDetailsResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema.describe('Unknown, or not a submission of this supervisor’s students'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user! as Reviewer;
      const row = await findSubmission(app.db, request.params.id);
      if (!row || !visibleTo(user, row)) throw notFound();
      return { status: true as const, data: await details(user, row) };
    },
  );

  app.post(
    '/review/research/:id/transition',
    {
      onRequest: reviewers,
      schema: {
        tags: ['review'],
        summary: 'Move a submission: supervisor approval, approval, rejection (reason), removal (reason)',
        description:
          'Body `{ to, reason? }`. Allowed: pending_supervisor -> under_review | rejected (its supervisor); ' +
          'under_review -> approved | rejected (admin); pending_supervisor | under_review | approved -> removed (admin). ' +
          'Another move answers 409 `researchInvalidTransition`; the right move by the wrong role 403.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: reviewTransitionBodySchema,
        response: {
          200: reviewDetailsResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema.describe('Not this role’s move'),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema.describe('Not a move allowed from the current status'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user! as Reviewer;
      const { to, reason } = request.body;
      const row = await findSubmission(app.db, request.params.id);
      if (!row || !visibleTo(user, row)) throw notFound();
      const needed = REVIEW_TRANSITIONS[row.status][to];
      if (!needed) throw new AppError(409, 'validation.researchInvalidTransition');
      if (!allowedTransitions(user, row).includes(to)) throw new AppError(403, 'validation.forbidden');

      const updated = await app.db.transaction(async (tx) => {
        const [changed] = await tx
          .update(researchSubmissions)
          .set({ status: to, ...(to === 'approved' ? { publishedAt: new Date() } : {}) })
          // Only from the status we checked: two reviewers acting at once cannot both move it.
          .where(and(eq(researchSubmissions.id, row.id), eq(researchSubmissions.status, row.status)))
          .returning();
        if (!changed) throw new AppError(409, 'validation.researchInvalidTransition');
        await tx.insert(researchReviewTransitions).values({ researchId: row.id, fromStatus: row.status, toStatus: to, actorId: user.id, note: reason });

        const [author] = await tx
          .select({ name: users.name, email: users.email, locale: users.locale })
          .from(users)
          .where(eq(users.id, row.ownerId));
        if (to === 'approved') {
          // Published in the university libraries tab of the library (university unknown: the
          // form has no university field; shown as 'Unknown university').
          const arabic = /[\u0600-\u06ff]/.test(changed.abstract);
          await tx
            .insert(ebooks)
            .values({
              collection: 'university',
              docType: docTypeOf(changed.researchType),
              researchId: changed.id,
              categoryId: changed.categoryId,
              universityId: null,
              title: changed.title,
              titleEn: changed.titleEn,
              author: author?.name ?? null,
              authorEn: author?.name ?? null,
              abstract: arabic ? changed.abstract : changed.description,
              abstractEn: arabic ? changed.descriptionEn : changed.abstract,
              publishedYear: new Date().getUTCFullYear(),
              language: arabic ? 'ar' : 'en',
              keywords: changed.otherCategory ? [changed.otherCategory] : [],
              filePath: changed.filePath,
              fileOriginalName: changed.fileOriginalName,
              fileMime: changed.fileMime,
              fileSize: changed.fileSize,
              image: changed.image,
              searchText: buildSearchText(changed.searchText, author?.name),
            })
            .onConflictDoNothing();
        }
        if (to === 'removed') await tx.delete(ebooks).where(eq(ebooks.researchId, row.id));

        if (author) {
          const kind: ResearchMailKind | null = to === 'under_review' ? 'under_review' : to === 'approved' || to === 'rejected' || to === 'removed' ? to : null;
          if (kind) {
            const link = to === 'approved' ? `${site}/community/${row.id}` : `${site}/profile`;
            const mail = researchMail(author.locale, kind, {
              name: author.name,
              title: pickLocalized(author.locale, changed.title, changed.titleEn),
              research_id: row.id,
              reason,
              link,
            });
            await app.mail.enqueue({ to: author.email, locale: author.locale, template: `research_${kind}`, ...mail }, tx);
          }
        }
        return changed;
      });
      return { status: true as const, msg: request.t('success.reviewSaved'), data: await details(user, updated) };
    },
  );
};
export default review;
