/**
 * Review of research submissions (decisions.md, issue 18):
 *
 *   pending_supervisor --(its supervisor)-----> under_review | changes_requested | rejected
 *   under_review       --(reviewer, admin)----> approved | changes_requested | rejected
 *   changes_requested  --(the author's edit)--> back to the stage that asked (research.ts)
 *   pending_supervisor, under_review, changes_requested, approved --(reviewer, admin)--> removed
 *   rejected, removed: final.
 *
 * Requests for changes, rejections and removals need a reason. Every transition is stored (who,
 * when, from, to, why, signed or not) and appended to the audit log, the author is e-mailed in
 * their language, and an approval publishes the research in the library (the research community
 * lists approved submissions directly); a removal unpublishes it. Reviewers and administrators see
 * every submission and assign them (to themselves or another reviewer); a supervisor sees only the
 * submissions of their students (another answers 404); anyone else gets 403. No one decides on,
 * or is assigned, their own submission (a conflict of interest): it is not in their queue, its page
 * offers them no decision (403 `reviewOwnSubmission`), and assigning it to its author is refused
 * (422 `reviewerIsAuthor`).
 */
import { notSuspended } from '../lib/accounts/suspension';
import { and, asc, count, desc, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  idParamsSchema,
  REVIEW_TRANSITIONS,
  reviewDetailsResponseSchema,
  reviewListQuerySchema,
  reviewPageResponseSchema,
  reviewTransitionBodySchema,
  reasonTemplatesResponseSchema,
  reviewAssignBodySchema,
  reviewClock,
  reviewersResponseSchema,
  REVIEW_DAYS,
  type ResearchStatus,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { communityCategories, ebooks, researchReviewTransitions, researchSubmissions, reviewReasonTemplates, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { appendAudit } from '../lib/operators/audit';
import { languageOf, researchItemFields } from '../lib/operators/library';
import { removeUnusedFiles } from '../lib/operators/content-files';
import { searchConditions } from '../lib/pagination';
import { findSubmission, submissionView, type SubmissionRow } from './research-data';
import { researchMail, type ResearchMailKind } from './research-mail';
import { errorResponses, staffErrors } from './schemas';
import { rolesFor, type StaffRole } from '@scholars/shared-contracts/authorization';
import { pickLocalized } from '@scholars/shared-contracts/locale';

type Reviewer = { id: number; roles: readonly StaffRole[] };

/** Reviewers and administrators see every submission; a supervisor their own students'. */
const seesAll = (user: Reviewer) => user.roles.includes('admin') || user.roles.includes('reviewer');
const supervises = (user: Reviewer, row: Pick<SubmissionRow, 'supervisorId'>) => user.roles.includes('supervisor') && row.supervisorId === user.id;

const visibleTo = (user: Reviewer, row: Pick<SubmissionRow, 'supervisorId'>) => seesAll(user) || supervises(user, row);

/** Where `user` may move a submission in `status` now (nowhere, on their own submission). */
export function allowedTransitions(user: Reviewer, row: Pick<SubmissionRow, 'status' | 'supervisorId' | 'ownerId'>): ResearchStatus[] {
  if (row.ownerId === user.id) return [];
  return (Object.entries(REVIEW_TRANSITIONS[row.status]) as Array<[ResearchStatus, 'supervisor' | 'reviewer']>)
    .filter(([, role]) => (role === 'reviewer' ? seesAll(user) : supervises(user, row)))
    .map(([to]) => to);
}

/** Statuses whose clock runs (a decision is awaited from the platform). */
const CLOCKED: readonly ResearchStatus[] = ['pending_supervisor', 'under_review'];
export const clockOf = (row: Pick<SubmissionRow, 'status' | 'submittedAt'>, now: Date = new Date()) =>
  CLOCKED.includes(row.status) ? reviewClock(row.submittedAt, now) : null;

const person = (id: number | null, name: string | null, email: string | null) => (id && name !== null && email !== null ? { id, name, email } : null);

const docTypeOf = (type: SubmissionRow['researchType']) =>
  type === 'master' ? ('master_thesis' as const) : type === 'doctorate' ? ('doctoral_thesis' as const) : ('research' as const);

/**
 * Moves a submission from the status it was read in (`row.status`) to `to`, in the caller's
 * transaction: the status, the stored transition, the audit entry, the library item (published on
 * approval, withdrawn on removal) and the author's e-mail. 409 when it moved meanwhile. The review
 * screens call it, and so does moderation to remove a reported research (routes/moderation.ts).
 */
export async function applyTransition(
  app: FastifyInstance,
  tx: Db,
  input: { row: SubmissionRow; to: ResearchStatus & ResearchMailKind; actorId: number; role: 'supervisor' | 'reviewer'; reason: string | null | undefined; signed: boolean },
): Promise<SubmissionRow> {
  const { row, to, reason, signed, actorId, role } = input;
  const site = app.config.PUBLIC_BASE_URL;
  const [changed] = await tx
    .update(researchSubmissions)
    .set({ status: to, ...(to === 'approved' ? { publishedAt: new Date() } : {}) })
    // Only from the status we checked: two reviewers acting at once cannot both move it.
    .where(and(eq(researchSubmissions.id, row.id), eq(researchSubmissions.status, row.status)))
    .returning();
  if (!changed) throw new AppError(409, 'validation.researchInvalidTransition');
  await tx.insert(researchReviewTransitions).values({ researchId: row.id, fromStatus: row.status, toStatus: to, actorId, note: reason, signed });
  await appendAudit(tx, {
    actorId,
    actorLabel: 'account',
    action: 'research.decide',
    targetType: 'research',
    targetId: row.id,
    reason,
    details: { from: row.status, to, role, signed },
  });

  const [author] = await tx
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, row.ownerId));
  if (to === 'approved') {
    // Published in the university libraries tab of the library (university unknown: the form has
    // no university field and an account none; its card names no university).
    const name = author?.name ?? null;
    await tx
      .insert(ebooks)
      .values({
        collection: 'university',
        docType: docTypeOf(changed.researchType),
        researchId: changed.id,
        universityId: null,
        author: name,
        authorEn: name,
        publishedYear: new Date().getUTCFullYear(),
        filePath: changed.filePath,
        fileOriginalName: changed.fileOriginalName,
        fileMime: changed.fileMime,
        fileSize: changed.fileSize,
        image: changed.image,
        // Title, abstracts, language, category and search text: also kept in step by the metadata editor (admin-research.ts).
        ...researchItemFields(changed, name),
      })
      .onConflictDoNothing();
  }
  if (to === 'removed') await tx.delete(ebooks).where(eq(ebooks.researchId, row.id));

  if (author) {
    const link = to === 'approved' ? `${site}/community/${row.id}` : `${site}/profile?tab=research`;
    const mail = researchMail(author.locale, to, {
      name: author.name,
      title: pickLocalized(author.locale, changed.title, changed.titleEn),
      research_id: row.id,
      reason,
      link,
      by: role,
    });
    await app.mail.enqueue({ to: author.email, locale: author.locale, template: `research_${to}`, ...mail }, tx);
  }
  return changed;
}

const review: FastifyPluginAsyncZod = async (app) => {
  const reviewers = app.requireRole(...rolesFor('GET /api/review/research'));
  const owner = alias(users, 'owner');
  const supervisor = alias(users, 'supervisor');

  const reviewer = alias(users, 'reviewer');

  app.get(
    '/review/research',
    {
      onRequest: reviewers,
      schema: {
        tags: ['review'],
        summary: 'The review queue: a supervisor sees their students’ work, reviewers and administrators everything',
        description:
          'Oldest (re)submission first (`sort=newest` for the reverse). Filters: `status`, `research_type`, `category_id`, ' +
          '`language` (of the abstract), `overdue` (undecided and past 21 days), `assigned` (`me`, `unassigned`), ' +
          '`q` (the platform’s Arabic-aware search over titles, descriptions and abstract). Each item has its clock ' +
          '(due at 14 days, overdue after 21; null unless pending the supervisor or under review).',
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
      const query = request.query;
      const now = new Date();
      const r = researchSubmissions;
      const conditions: SQL[] = [];
      if (!seesAll(user)) conditions.push(eq(r.supervisorId, user.id));
      // One's own submissions are another reviewer's to decide.
      conditions.push(ne(r.ownerId, user.id));
      if (query.status) conditions.push(eq(r.status, query.status));
      if (query.research_type) conditions.push(eq(r.researchType, query.research_type));
      if (query.category_id) conditions.push(eq(r.categoryId, query.category_id));
      if (query.language === 'ar') conditions.push(sql`${r.abstract} ~ ${'[\u0600-\u06ff]'}`);
      if (query.language === 'en') conditions.push(sql`${r.abstract} !~ ${'[\u0600-\u06ff]'}`);
      if (query.overdue) {
        conditions.push(inArray(r.status, [...CLOCKED]), lt(r.submittedAt, new Date(now.getTime() - REVIEW_DAYS.to * 86_400_000)));
      }
      if (query.assigned === 'me') conditions.push(eq(r.assignedReviewerId, user.id));
      if (query.assigned === 'unassigned') conditions.push(isNull(r.assignedReviewerId));
      if (query.q) conditions.push(...searchConditions(r, query.q));
      const where = conditions.length ? and(...conditions) : undefined;
      const order = query.sort === 'newest' ? [desc(r.submittedAt), desc(r.id)] : [asc(r.submittedAt), asc(r.id)];
      const [rows, totals] = await Promise.all([
        app.db
          .select({
            row: r,
            ownerName: owner.name,
            ownerEmail: owner.email,
            supervisorName: supervisor.name,
            supervisorEmail: supervisor.email,
            reviewerName: reviewer.name,
            reviewerEmail: reviewer.email,
            category: { id: communityCategories.id, name: communityCategories.name, name_en: communityCategories.nameEn },
          })
          .from(r)
          .innerJoin(owner, eq(owner.id, r.ownerId))
          .leftJoin(supervisor, eq(supervisor.id, r.supervisorId))
          .leftJoin(reviewer, eq(reviewer.id, r.assignedReviewerId))
          .leftJoin(communityCategories, eq(communityCategories.id, r.categoryId))
          .where(where)
          .orderBy(...order)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        app.db.select({ tot: count() }).from(r).where(where),
      ]);
      return {
        status: true as const,
        data: rows.map(({ row, ownerName, ownerEmail, supervisorName, supervisorEmail, reviewerName, reviewerEmail, category }) => ({
          id: row.id,
          title: row.title,
          title_en: row.titleEn,
          research_type: row.researchType,
          status: row.status,
          owner: { id: row.ownerId, name: ownerName, email: ownerEmail },
          supervisor: person(row.supervisorId, supervisorName, supervisorEmail),
          assigned_reviewer: person(row.assignedReviewerId, reviewerName, reviewerEmail),
          category: category?.id ? category : null,
          other_category: row.otherCategory,
          language: languageOf(row.abstract),
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          submitted_at: row.submittedAt.toISOString(),
          clock: clockOf(row, now),
        })),
        tot: totals[0]?.tot ?? 0,
      };
    },
  );

  async function details(user: Reviewer, row: SubmissionRow) {
    const [people] = await app.db
      .select({
        ownerName: owner.name,
        ownerEmail: owner.email,
        ownerLocale: owner.locale,
        supervisorName: supervisor.name,
        supervisorEmail: supervisor.email,
        reviewerName: reviewer.name,
        reviewerEmail: reviewer.email,
      })
      .from(researchSubmissions)
      .innerJoin(owner, eq(owner.id, researchSubmissions.ownerId))
      .leftJoin(supervisor, eq(supervisor.id, researchSubmissions.supervisorId))
      .leftJoin(reviewer, eq(reviewer.id, researchSubmissions.assignedReviewerId))
      .where(eq(researchSubmissions.id, row.id));
    const transitions = await app.db
      .select({
        id: researchReviewTransitions.id,
        from: researchReviewTransitions.fromStatus,
        to: researchReviewTransitions.toStatus,
        at: researchReviewTransitions.createdAt,
        note: researchReviewTransitions.note,
        signed: researchReviewTransitions.signed,
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
      author_locale: people?.ownerLocale ?? 'ar',
      supervisor: person(row.supervisorId, people?.supervisorName ?? null, people?.supervisorEmail ?? null),
      assigned_reviewer: person(row.assignedReviewerId, people?.reviewerName ?? null, people?.reviewerEmail ?? null),
      clock: clockOf(row),
      transitions: transitions.map((t) => ({
        id: t.id,
        from: t.from,
        to: t.to,
        at: t.at.toISOString(),
        note: t.note,
        // The role the move was made in (the transition table's).
        actor: t.actorId && t.actorName && t.actorEmail ? { id: t.actorId, name: t.actorName, email: t.actorEmail, role: (t.from && REVIEW_TRANSITIONS[t.from][t.to]) || 'owner' } : null,
        signed: t.signed,
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
        summary: 'Move a submission: supervisor approval, approval, changes requested (note), rejection (reason), removal (reason)',
        description:
          'Body `{ to, reason?, signed? }`. Allowed (REVIEW_TRANSITIONS): pending_supervisor -> under_review | changes_requested | rejected ' +
          '(its supervisor); under_review -> approved | changes_requested | rejected (reviewer, admin); any but rejected and removed -> removed ' +
          '(reviewer, admin). Another move answers 409 `researchInvalidTransition`; the right move by the wrong role 403. ' +
          '`signed`: the author sees the decider’s name. Appended to the audit log (`research.decide`).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: reviewTransitionBodySchema,
        response: {
          200: reviewDetailsResponseSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema.describe('Not this role’s move, or the caller’s own submission'),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema.describe('Not a move allowed from the current status'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user! as Reviewer;
      const { to, reason, signed } = request.body;
      const row = await findSubmission(app.db, request.params.id);
      if (!row || !visibleTo(user, row)) throw notFound();
      const needed = REVIEW_TRANSITIONS[row.status][to];
      if (!needed) throw new AppError(409, 'validation.researchInvalidTransition');
      if (row.ownerId === user.id) throw new AppError(403, 'validation.reviewOwnSubmission');
      if (!allowedTransitions(user, row).includes(to)) throw new AppError(403, 'validation.forbidden');

      const updated = await app.db.transaction((tx) => applyTransition(app, tx as unknown as Db, { row, to, actorId: user.id, role: needed, reason, signed }));
      // A removed work is kept as a record, but its files go (docs/decisions.md, issue 22): nothing
      // reads them any more (its library item went with it; its file link answers 404).
      if (to === 'removed') await removeUnusedFiles(app.db, app.storage, [updated.filePath, updated.image]);
      return { status: true as const, msg: request.t('success.reviewSaved'), data: await details(user, updated) };
    },
  );

  app.put(
    '/review/research/:id/assignee',
    {
      onRequest: app.requireRole(...rolesFor('PUT /api/review/research/{id}/assignee')),
      schema: {
        tags: ['review'],
        summary: 'Assign a submission to a reviewer (oneself or another), or unassign it (`reviewer_id: null`)',
        description: 'The account must hold the reviewer role (422 `reviewerUnknown` otherwise). Appended to the audit log (`research.assign`).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: reviewAssignBodySchema,
        response: {
          200: reviewDetailsResponseSchema,
          ...staffErrors,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema.describe('Not an account with the reviewer role, or the submission’s author'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = request.user! as Reviewer;
      const { reviewer_id: reviewerId } = request.body;
      const row = await findSubmission(app.db, request.params.id);
      if (!row) throw notFound();
      if (reviewerId !== null && reviewerId === row.ownerId) throw new AppError(422, 'validation.reviewerIsAuthor', {}, { reviewer_id: 'validation.reviewerIsAuthor' });
      let name: string | null = null;
      if (reviewerId !== null) {
        const [account] = await app.db
          .select({ name: users.name })
          .from(users)
          .where(and(eq(users.id, reviewerId), sql`'reviewer' = any(${users.roles})`, notSuspended()));
        if (!account) throw new AppError(422, 'validation.reviewerUnknown', {}, { reviewer_id: 'validation.reviewerUnknown' });
        name = account.name;
      }
      const updated = await app.db.transaction(async (tx) => {
        const [changed] = await tx.update(researchSubmissions).set({ assignedReviewerId: reviewerId }).where(eq(researchSubmissions.id, row.id)).returning();
        await appendAudit(tx as unknown as Db, {
          actorId: user.id,
          actorLabel: 'account',
          action: 'research.assign',
          targetType: 'research',
          targetId: row.id,
          details: { reviewer_id: reviewerId, previous_reviewer_id: row.assignedReviewerId },
        });
        return changed!;
      });
      return {
        status: true as const,
        msg: name === null ? request.t('success.reviewUnassigned') : request.t('success.reviewAssigned', { name }),
        data: await details(user, updated),
      };
    },
  );

  app.get(
    '/review/reviewers',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/review/reviewers')),
      schema: {
        tags: ['review'],
        summary: 'The accounts a submission can be assigned to (reviewer role, not suspended), by name',
        security: [{ bearerAuth: [] }],
        response: { 200: reviewersResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(sql`'reviewer' = any(${users.roles})`, notSuspended()))
        .orderBy(asc(users.name), asc(users.id));
      return { status: true as const, data: rows };
    },
  );

  app.get(
    '/review/reason-templates',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/review/reason-templates')),
      schema: {
        tags: ['review'],
        summary: 'Bilingual reasons to start a decision from (changes requested, rejected, removed); free text stays allowed',
        security: [{ bearerAuth: [] }],
        response: { 200: reasonTemplatesResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db
        .select({ id: reviewReasonTemplates.id, decision: reviewReasonTemplates.decision, text: reviewReasonTemplates.text, text_en: reviewReasonTemplates.textEn })
        .from(reviewReasonTemplates)
        .orderBy(asc(reviewReasonTemplates.decision), asc(reviewReasonTemplates.sortOrder), asc(reviewReasonTemplates.id));
      return { status: true as const, data: rows };
    },
  );
};
export default review;
