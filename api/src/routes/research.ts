/**
 * The research exchange (issue 5): submitting research (spec 3 fields, spec 5 rules), editing it
 * while undecided, the owner's list for the profile, and the owner's access to the file.
 *
 * - `POST research` (multipart): text fields + `file` (PDF) + `image` (JPEG/PNG/WebP), checked by
 *   content; stored under server-generated names (`private/research/...`, `public/images/research/...`).
 *   A student's work (type master or doctorate) always starts at `pending_supervisor`: it waits
 *   there until a supervisor has accepted (supervision.ts); everything else at `under_review`.
 * - `PUT research/{id}` (multipart, files optional): only the owner, only while undecided; anyone
 *   else gets 404 (a submission is private until approved). Saving a submission in
 *   `changes_requested` resubmits it, in the same transaction, to the stage that asked for the
 *   changes (its clock starts again).
 * - `GET research/mine`, `GET research/{id}`: the owner's views.
 * - `POST research/{id}/file-link` + `GET research/{id}/file?token=`: the owner, the assigned
 *   supervisor and administrators open the file (no subscription needed for one's own work or to review).
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipartPlugin from '../plugins/external/multipart';
import { z } from 'zod';
import {
  errorEnvelopeSchema,
  expectedDecision,
  idParamsSchema,
  isResearchEditable,
  OTHER_CATEGORY,
  REASON_REQUIRED,
  researchFileQuerySchema,
  researchMineResponseSchema,
  researchOwnerFileLinkResponseSchema,
  researchSavedResponseSchema,
  researchSubmissionResponseSchema,
  type ResearchFields,
} from '@scholars/shared-contracts/schemas';
import { researchReviewTransitions, researchSubmissions, supervisionInvitations, users } from '../db/schema';
import { buildSearchText } from '../lib/arabic-search';
import { AppError, notFound } from '../lib/errors';
import { isSuspended } from '../lib/accounts/suspension';
import { readMultipartForm, removeStored } from '../lib/uploads';
import {
  checkResearchForm,
  findSubmission,
  replyFormProblems,
  researchUploadRules,
  resubmissionTarget,
  submissionView,
  type SubmissionRow,
} from './research-data';
import { tellReviewerOfResubmission, tellSupervisor } from './research-mail';
import { researchReceiptMail } from '../lib/mail/templates';
import { errorResponses } from './schemas';
import { fileLinkRoutes, type PrivateFile } from './file-links';
import { pickLocalized } from '@scholars/shared-contracts/locale';

const MULTIPART_FIELDS =
  'multipart/form-data fields: `title` (Arabic), `title_en`, `description` (Arabic), `description_en`, `abstract`, ' +
  "`category_id` (a community category id, or `other` with `other_category`), `research_type` (master, doctorate, general), " +
  '`terms` (true); files: `file` (PDF, at most 20 MB) and `image` (JPEG, PNG or WebP, at most 5 MB), recognised by content.';

const mineQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

function columnsFrom(fields: ResearchFields) {
  return {
    title: fields.title,
    titleEn: fields.title_en,
    description: fields.description,
    descriptionEn: fields.description_en,
    abstract: fields.abstract,
    categoryId: fields.category_id === OTHER_CATEGORY ? null : fields.category_id,
    otherCategory: fields.other_category,
    researchType: fields.research_type,
    searchText: buildSearchText(
      fields.title,
      fields.title_en,
      fields.description,
      fields.description_en,
      fields.abstract,
      fields.other_category,
    ),
  };
}

/** May `user` open the file of `row` outside the paywall (their own work, or their job to review it)? */
export function mayReview(user: { id: number; roles: readonly string[] }, row: Pick<SubmissionRow, 'ownerId' | 'supervisorId'>): boolean {
  return (
    user.id === row.ownerId ||
    user.roles.includes('admin') ||
    user.roles.includes('reviewer') ||
    (user.roles.includes('supervisor') && row.supervisorId === user.id)
  );
}

const research: FastifyPluginAsyncZod = async (app) => {
  // Only the routes of this plugin read multipart/form-data (plugins/external/multipart.ts).
  await app.register(multipartPlugin);
  const rules = researchUploadRules(app.config.UPLOAD_LIMIT);
  const site = app.config.PUBLIC_BASE_URL;

  app.post(
    '/research',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['research'],
        summary: 'Submit a research (multipart)',
        description: `${MULTIPART_FIELDS} Answers 201 with the submission; its \`expected_decision\` is 2-3 weeks after submission.`,
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          201: researchSavedResponseSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          413: errorEnvelopeSchema.describe('A file is larger than allowed, or the image has more than 40 megapixels (`errors.file` / `errors.image`)'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const form = await readMultipartForm(request, rules, app.storage);
      const checked = await checkResearchForm(app.db, form, { filesRequired: true });
      if (!checked.ok) {
        await removeStored(app.storage, Object.values(form.files).map((file) => file.path));
        return replyFormProblems(request, reply, checked.status, checked.problems);
      }
      const file = form.files.file!;
      const image = form.files.image!;
      const [owner] = await app.db
        .select({ supervisorId: users.supervisorId, name: users.name })
        .from(users)
        .where(eq(users.id, user.id));
      // A student's work waits for a supervisor, named already or not yet (decisions.md).
      const student = checked.fields.research_type !== 'general';
      const supervisorId = student && owner?.supervisorId && owner.supervisorId !== user.id ? owner.supervisorId : null;
      const status = student ? ('pending_supervisor' as const) : ('under_review' as const);
      // Named on the form but not accepted yet: the invitation waits, and so does the work (supervision.ts).
      const [invited] =
        student && !supervisorId
          ? await app.db
              .select({ id: supervisionInvitations.id })
              .from(supervisionInvitations)
              .where(and(eq(supervisionInvitations.studentId, user.id), eq(supervisionInvitations.state, 'pending')))
              .limit(1)
          : [];
      try {
        const row = await app.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(researchSubmissions)
            .values({
              ownerId: user.id,
              supervisorId,
              ...columnsFrom(checked.fields),
              filePath: file.path,
              fileOriginalName: file.originalName,
              fileMime: file.mime,
              fileSize: file.size,
              image: image.path,
              termsAcceptedAt: new Date(),
              status,
            })
            .returning();
          await tx.insert(researchReviewTransitions).values({ researchId: created!.id, fromStatus: null, toStatus: status, actorId: user.id });
          if (supervisorId) await tellSupervisor(app, tx, supervisorId, created!, owner?.name ?? user.name);
          // The receipt, in the author's language: the next stage and the expected decision (decisions.md, E-mail).
          const receipt = researchReceiptMail(user.locale, {
            name: owner?.name ?? user.name,
            title: pickLocalized(user.locale, created!.title, created!.titleEn),
            researchId: created!.id,
            stage: !student ? 'review' : supervisorId ? 'supervisor' : invited ? 'supervisor_invited' : 'supervisor_needed',
            expectedBy: expectedDecision(created!.submittedAt).to,
            link: `${site}/profile?tab=research`,
          });
          await app.mail.enqueue({ to: user.email, locale: user.locale, ...receipt }, tx);
          return created!;
        });
        reply.code(201);
        // Where it went: a student's work to the supervisor first, other work to review.
        const msg = request.t(student ? 'success.researchSubmittedToSupervisor' : 'success.researchSubmitted');
        return { status: true as const, msg, data: await submissionView(app.db, row) };
      } catch (error) {
        await removeStored(app.storage, [file.path, image.path]);
        throw error;
      }
    },
  );

  app.put(
    '/research/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['research'],
        summary: 'Edit a submission while it is undecided (owner only, multipart)',
        description: `${MULTIPART_FIELDS} Files are optional here: a file not sent is kept. Another user's submission answers 404.`,
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: researchSavedResponseSchema,
          401: errorEnvelopeSchema.describe('Not signed in'),
          404: errorEnvelopeSchema.describe('No submission of yours with this id'),
          409: errorEnvelopeSchema.describe('Already decided: no longer editable'),
          413: errorEnvelopeSchema.describe('A file is larger than allowed'),
          415: errorEnvelopeSchema.describe('Not multipart/form-data'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const existing = await findSubmission(app.db, request.params.id);
      if (!existing || existing.ownerId !== user.id) throw notFound();
      if (!isResearchEditable(existing.status)) throw new AppError(409, 'validation.researchNotEditable');
      const form = await readMultipartForm(request, rules, app.storage);
      const checked = await checkResearchForm(app.db, form, { filesRequired: false });
      const stored = Object.values(form.files).map((file) => file.path);
      if (!checked.ok) {
        await removeStored(app.storage, stored);
        return replyFormProblems(request, reply, checked.status, checked.problems);
      }
      const { file, image } = form.files;
      // Changes were requested: saving resubmits to the stage that asked (the clock starts again).
      const resubmitTo = existing.status === 'changes_requested' ? await resubmissionTarget(app.db, existing.id) : null;
      const updated = await app.db.transaction(async (tx) => {
        const now = new Date();
        const [changed] = await tx
          .update(researchSubmissions)
          .set({
            ...columnsFrom(checked.fields),
            ...(file ? { filePath: file.path, fileOriginalName: file.originalName, fileMime: file.mime, fileSize: file.size } : {}),
            ...(image ? { image: image.path } : {}),
            termsAcceptedAt: now,
            ...(resubmitTo ? { status: resubmitTo, submittedAt: now } : {}),
          })
          // Still the owner's and still undecided (a decision may have landed meanwhile).
          .where(and(eq(researchSubmissions.id, existing.id), eq(researchSubmissions.ownerId, user.id), eq(researchSubmissions.status, existing.status)))
          .returning();
        if (changed && resubmitTo) {
          await tx
            .insert(researchReviewTransitions)
            .values({ researchId: changed.id, fromStatus: 'changes_requested', toStatus: resubmitTo, actorId: user.id, note: null });
          if (resubmitTo === 'pending_supervisor' && changed.supervisorId) await tellSupervisor(app, tx, changed.supervisorId, changed, user.name, 'resubmitted_to_supervisor');
          if (resubmitTo === 'under_review') await tellReviewerOfResubmission(app, tx, changed, user.name);
        }
        return changed;
      });
      if (!updated) {
        await removeStored(app.storage, stored);
        throw new AppError(409, 'validation.researchNotEditable');
      }
      // The replaced files are no longer referenced (seed files are never removed).
      await removeStored(app.storage, [file ? existing.filePath : null, image ? existing.image : null]);
      return {
        status: true as const,
        // Where it went back to: the supervisor (changes asked at their stage) or the reviewers.
        msg: request.t(
          resubmitTo === 'pending_supervisor' ? 'success.researchResubmittedToSupervisor' : resubmitTo ? 'success.researchResubmitted' : 'success.researchUpdated',
        ),
        data: await submissionView(app.db, updated),
      };
    },
  );

  app.get(
    '/research/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['research'],
        summary: "The signed-in user's submissions, newest first (profile tab: ID, date, title, status)",
        security: [{ bearerAuth: [] }],
        querystring: mineQuerySchema,
        response: { 200: researchMineResponseSchema, 401: errorEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user!;
      const { page, limit } = request.query;
      const where = eq(researchSubmissions.ownerId, user.id);
      const [rows, totals] = await Promise.all([
        app.db
          .select({
            id: researchSubmissions.id,
            title: researchSubmissions.title,
            titleEn: researchSubmissions.titleEn,
            status: researchSubmissions.status,
            researchType: researchSubmissions.researchType,
            createdAt: researchSubmissions.createdAt,
            updatedAt: researchSubmissions.updatedAt,
            submittedAt: researchSubmissions.submittedAt,
          })
          .from(researchSubmissions)
          .where(where)
          .orderBy(desc(researchSubmissions.createdAt), desc(researchSubmissions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ tot: count() }).from(researchSubmissions).where(where),
      ]);
      // The latest move of each listed submission: its note is the reason shown in the row.
      const latest = rows.length
        ? await app.db
            .selectDistinctOn([researchReviewTransitions.researchId], {
              researchId: researchReviewTransitions.researchId,
              to: researchReviewTransitions.toStatus,
              note: researchReviewTransitions.note,
            })
            .from(researchReviewTransitions)
            .where(inArray(researchReviewTransitions.researchId, rows.map((row) => row.id)))
            .orderBy(researchReviewTransitions.researchId, desc(researchReviewTransitions.createdAt), desc(researchReviewTransitions.id))
        : [];
      const reasonOf = (row: (typeof rows)[number]) => {
        const move = latest.find((entry) => entry.researchId === row.id);
        return move && move.to === row.status && REASON_REQUIRED.includes(row.status) ? move.note : null;
      };
      return {
        status: true as const,
        data: rows.map((row) => ({
          id: row.id,
          title: row.title,
          title_en: row.titleEn,
          status: row.status,
          research_type: row.researchType,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          expected_decision_to: isResearchEditable(row.status) && row.status !== 'changes_requested' ? expectedDecision(row.submittedAt).to : null,
          decision_reason: reasonOf(row),
        })),
        tot: totals[0]?.tot ?? 0,
      };
    },
  );

  app.get(
    '/research/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['research'],
        summary: "One of the signed-in user's submissions: status, history, decision, expected decision dates",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: {
          200: researchSubmissionResponseSchema,
          401: errorEnvelopeSchema,
          404: errorEnvelopeSchema.describe('No submission of yours with this id'),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const row = await findSubmission(app.db, request.params.id);
      if (!row || row.ownerId !== request.user!.id) throw notFound();
      return { status: true as const, data: await submissionView(app.db, row) };
    },
  );

  const submissionFile = (row: SubmissionRow): PrivateFile => ({
    path: row.filePath,
    name: row.fileOriginalName,
    mime: row.fileMime,
    size: row.fileSize,
    fallbackName: `research-${row.id}.pdf`,
  });

  fileLinkRoutes(app, {
    resource: 'research',
    signerLabel: 'research-owner-file-link',
    tag: 'research',
    linkSummary: 'Short-lived addresses of the research file, for its owner, its supervisor and administrators',
    fileSummary: 'The research file with a token from `research/{id}/file-link`',
    linkOnRequest: app.authenticate,
    linkResponse: researchOwnerFileLinkResponseSchema,
    linkRefusals: { 401: errorEnvelopeSchema },
    fileQuery: researchFileQuerySchema,
    fileRefusal: 'Missing, invalid or expired token',
    expiredMessage: 'validation.researchFileLinkExpired',
    async fileForLink(id, request) {
      const row = await findSubmission(app.db, id);
      // A removed work's files are deleted (review.ts).
      return row && row.status !== 'removed' && mayReview(request.user!, row) ? submissionFile(row) : null;
    },
    async fileForHolder(id, uid) {
      // The holder is read again: a suspended account, or one no longer its reviewer, reads nothing.
      const row = await findSubmission(app.db, id);
      const [viewer] = await app.db.select({ id: users.id, roles: users.roles, suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil }).from(users).where(eq(users.id, uid));
      return row && row.status !== 'removed' && viewer && !isSuspended(viewer) && mayReview(viewer, row) ? submissionFile(row) : null;
    },
  });
};
export default research;
