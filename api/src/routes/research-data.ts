/**
 * Shared by the research exchange routes (research.ts) and the review routes (review.ts): reading a
 * submission with its category, history and library item, the rules of the form (fields, files),
 * and the answer of a rejected form.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  expectedDecision,
  fieldErrors,
  isResearchEditable,
  RESEARCH_FILE_MAX_BYTES,
  RESEARCH_IMAGE_MAX_BYTES,
  researchFieldsSchema,
  type MessageParams,
  type ResearchFields,
  type ResearchStatus,
  type ResearchSubmission,
  type ValidationMessageKey,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { communityCategories, ebooks, researchReviewTransitions, researchSubmissions, users } from '../db/schema';
import type { MultipartForm, UploadRule } from '../lib/uploads';
import { authorTransitionView } from '../lib/research-timeline';

export type SubmissionRow = typeof researchSubmissions.$inferSelect;

/** The upload rules of the form; the PDF limit never exceeds the server's UPLOAD_LIMIT. */
export function researchUploadRules(uploadLimit: number): UploadRule[] {
  return [
    {
      field: 'file',
      types: ['application/pdf'],
      maxBytes: Math.min(RESEARCH_FILE_MAX_BYTES, uploadLimit),
      root: 'private',
      folder: 'research',
      typeError: 'validation.researchFileType',
      requiredError: 'validation.researchFileRequired',
      fallbackName: 'research',
    },
    {
      field: 'image',
      types: ['image/jpeg', 'image/png', 'image/webp'],
      maxBytes: Math.min(RESEARCH_IMAGE_MAX_BYTES, uploadLimit),
      root: 'public',
      folder: 'images/research',
      typeError: 'validation.researchImageType',
      requiredError: 'validation.researchImageRequired',
      fallbackName: 'image',
      // Shown as a cover at most page-wide: 2048 px is sharp on high-density screens.
      image: { maxSide: 2048 },
    },
  ];
}

export interface FormProblem {
  key: ValidationMessageKey;
  params?: MessageParams;
}

/**
 * Checks the text fields (shared schema), the files (stored, required on creation) and the
 * category (must exist). Returns the values, or every field's problem and the status to answer
 * (413 when a file was too large, else 400).
 */
export async function checkResearchForm(
  db: Db,
  form: MultipartForm,
  { filesRequired }: { filesRequired: boolean },
): Promise<{ ok: true; fields: ResearchFields } | { ok: false; status: 400 | 413; problems: Record<string, FormProblem> }> {
  const problems: Record<string, FormProblem> = {};
  const parsed = researchFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    for (const error of fieldErrors(parsed.error)) problems[error.field || 'form'] ??= { key: error.key, params: error.params };
  }
  let status: 400 | 413 = 400;
  for (const [field, problem] of Object.entries(form.problems)) {
    problems[field] = { key: problem.key, params: problem.params };
    if (problem.status === 413) status = 413;
  }
  if (filesRequired) {
    if (!form.files.file && !problems.file) problems.file = { key: 'validation.researchFileRequired' };
    if (!form.files.image && !problems.image) problems.image = { key: 'validation.researchImageRequired' };
  }
  if (parsed.success && typeof parsed.data.category_id === 'number') {
    const [category] = await db
      .select({ id: communityCategories.id })
      .from(communityCategories)
      .where(eq(communityCategories.id, parsed.data.category_id));
    if (!category) problems.category_id = { key: 'validation.researchCategoryUnknown' };
  }
  if (Object.keys(problems).length > 0 || !parsed.success) return { ok: false, status, problems };
  return { ok: true, fields: parsed.data };
}

/** The envelope of a rejected form: `msg` is the first problem, `errors` every field's message. */
export function replyFormProblems(request: FastifyRequest, reply: FastifyReply, status: number, problems: Record<string, FormProblem>) {
  const errors = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, request.t(problem.key, problem.params)]));
  const first = Object.values(errors)[0] ?? request.t('validation.invalidInput');
  return reply.code(status).send({ status: false, msg: first, err: status, errors });
}


/** A submission as its owner sees it (reviewers get the same plus people and transitions). */
export async function submissionView(db: Db, row: SubmissionRow): Promise<ResearchSubmission> {
  const [category] = row.categoryId
    ? await db
        .select({ id: communityCategories.id, name: communityCategories.name, name_en: communityCategories.nameEn })
        .from(communityCategories)
        .where(eq(communityCategories.id, row.categoryId))
    : [];
  const transitions = await db
    .select({
      from: researchReviewTransitions.fromStatus,
      to: researchReviewTransitions.toStatus,
      at: researchReviewTransitions.createdAt,
      note: researchReviewTransitions.note,
      actorId: researchReviewTransitions.actorId,
      signed: researchReviewTransitions.signed,
      actorName: users.name,
    })
    .from(researchReviewTransitions)
    .leftJoin(users, eq(users.id, researchReviewTransitions.actorId))
    .where(eq(researchReviewTransitions.researchId, row.id))
    .orderBy(asc(researchReviewTransitions.createdAt), asc(researchReviewTransitions.id));
  const [library] = await db.select({ id: ebooks.id }).from(ebooks).where(eq(ebooks.researchId, row.id));
  const decided = [...transitions].reverse().find((t) => t.to === 'changes_requested' || t.to === 'approved' || t.to === 'rejected' || t.to === 'removed');
  const editable = isResearchEditable(row.status);
  return {
    id: row.id,
    title: row.title,
    title_en: row.titleEn,
    description: row.description,
    description_en: row.descriptionEn,
    abstract: row.abstract,
    category_id: row.categoryId,
    category: category ?? null,
    other_category: row.otherCategory,
    research_type: row.researchType,
    status: row.status,
    image: row.image,
    file: { name: row.fileOriginalName, mime: row.fileMime, size: row.fileSize },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: row.submittedAt.toISOString(),
    editable,
    // Counted from the latest (re)submission; none while the author has changes to make.
    expected_decision: editable && row.status !== 'changes_requested' ? expectedDecision(row.submittedAt) : null,
    decision: decided ? { status: decided.to, reason: decided.note, at: decided.at.toISOString() } : null,
    // The role the move was made in; a reviewer's or supervisor's name only when they signed.
    history: transitions.map((t) => authorTransitionView(t, row.ownerId)),
    library_id: library?.id ?? null,
  };
}

export async function findSubmission(db: Db, id: number): Promise<SubmissionRow | undefined> {
  const [row] = await db.select().from(researchSubmissions).where(eq(researchSubmissions.id, id));
  return row;
}

export const isDecided = (status: ResearchStatus) => !isResearchEditable(status);

/**
 * The stage a submission in `changes_requested` returns to when its author saves it: the `from` of
 * the latest transition into `changes_requested` (under_review when none is recorded).
 */
export async function resubmissionTarget(db: Db, researchId: number): Promise<'pending_supervisor' | 'under_review'> {
  const [last] = await db
    .select({ from: researchReviewTransitions.fromStatus })
    .from(researchReviewTransitions)
    .where(and(eq(researchReviewTransitions.researchId, researchId), eq(researchReviewTransitions.toStatus, 'changes_requested')))
    .orderBy(desc(researchReviewTransitions.createdAt), desc(researchReviewTransitions.id))
    .limit(1);
  return last?.from === 'pending_supervisor' ? 'pending_supervisor' : 'under_review';
}
