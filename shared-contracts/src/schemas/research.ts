/**
 * Research exchange (issue 5): the submission form (spec 3 fields, spec 5 rules), the owner's own
 * submissions, and the review workflow of supervisors and administrators (decisions.md statuses).
 * Paths are relative to the API base (`/api`):
 *
 * - `POST research` (multipart: the fields below + `file` PDF + `image` JPEG/PNG/WebP), signed in;
 * - `PUT research/{id}` (multipart, files optional: kept when not sent), the owner, while undecided;
 * - `GET research/mine`: the owner's list (profile tab: ID, date, title, status);
 * - `GET research/{id}`: the owner's view (history, decision, expected decision dates);
 * - `POST research/{id}/file-link`: short-lived file addresses for the owner and reviewers;
 * - `GET review/research`, `GET review/research/{id}`, `POST review/research/{id}/transition`:
 *   supervisors (their students' work) and administrators (everything).
 */
import { z } from 'zod';
import { routeId } from './constants';
import { idSchema, isoDateTimeSchema, localeSchema, namedItemSchema, requiredText } from './fields';
import { pageSchema, successSchema } from './envelope';
import { researchFileInfoSchema, researchFileLinkSchema, researchTypeSchema } from './community';
import { mySubmissionSchema } from './profile';

// ---------------------------------------------------------------- statuses and limits
/** decisions.md: the statuses of a research submission. */
export const RESEARCH_STATUSES = ['pending_supervisor', 'under_review', 'changes_requested', 'approved', 'rejected', 'removed'] as const;
export const researchStatusSchema = z.enum(RESEARCH_STATUSES);
export type ResearchStatus = z.infer<typeof researchStatusSchema>;

/**
 * Statuses in which no final decision was taken: the owner may still edit. Saving an edit of a
 * submission in `changes_requested` resubmits it to the stage that asked for the changes.
 */
export const UNDECIDED_RESEARCH_STATUSES: readonly ResearchStatus[] = ['pending_supervisor', 'under_review', 'changes_requested'];
export const isResearchEditable = (status: ResearchStatus) => UNDECIDED_RESEARCH_STATUSES.includes(status);

/** Spec 1 and 9: review takes about 2-3 weeks (days after submission). */
export const REVIEW_DAYS = { from: 14, to: 21 } as const;

/**
 * A submission's review clock, from when it was (re)submitted: due at 14 days, overdue after 21
 * (spec 1: "about 2-3 weeks"). `days` is whole days: until due (`open`), until overdue (`due`), or
 * past the overdue date (`overdue`).
 */
export type ReviewClock = { state: 'open' | 'due' | 'overdue'; days: number; due_at: string; overdue_at: string };
export function reviewClock(submittedAt: Date | string, now: Date = new Date()): ReviewClock {
  const day = 86_400_000;
  const start = new Date(submittedAt).getTime();
  const dueAt = start + REVIEW_DAYS.from * day;
  const overdueAt = start + REVIEW_DAYS.to * day;
  const at = now.getTime();
  const base = { due_at: new Date(dueAt).toISOString(), overdue_at: new Date(overdueAt).toISOString() };
  if (at < dueAt) return { state: 'open', days: Math.ceil((dueAt - at) / day), ...base };
  if (at <= overdueAt) return { state: 'due', days: Math.ceil((overdueAt - at) / day), ...base };
  return { state: 'overdue', days: Math.max(1, Math.floor((at - overdueAt) / day)), ...base };
}

/** The expected decision window of a submission made at `submittedAt` (ISO dates). */
export function expectedDecision(submittedAt: Date | string): { from: string; to: string } {
  const start = new Date(submittedAt).getTime();
  const day = 86_400_000;
  return {
    from: new Date(start + REVIEW_DAYS.from * day).toISOString(),
    to: new Date(start + REVIEW_DAYS.to * day).toISOString(),
  };
}

/** Largest research file (PDF) and research image, bytes; bigger uploads are answered 413. */
export const RESEARCH_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const RESEARCH_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Accepted types (checked on the server by content, not by name or declared type). */
export const RESEARCH_FILE_TYPES = ['application/pdf'] as const;
export const RESEARCH_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const RESEARCH_FILE_ACCEPT = '.pdf,application/pdf';
export const RESEARCH_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/** The category value meaning "another category", with its text in `other_category`. */
export const OTHER_CATEGORY = 'other';

// ---------------------------------------------------------------- the form
const TRUE_VALUES = new Set<unknown>([true, 'true', 'on', '1', 1, 'yes']);

/**
 * The category of a research: `category_id` is a community category id or `'other'` (form values
 * are strings); with `'other'`, `other_category` is required (spec 5). Shared by the submission form
 * and the console's metadata editor.
 */
export const researchCategoryIdField = z.preprocess(
  (value) => (value === undefined || value === null ? '' : String(value).trim()),
  z
    .string()
    .min(1, 'validation.researchCategoryRequired')
    .refine((value) => value === OTHER_CATEGORY || routeId(value) !== null, 'validation.researchCategoryUnknown')
    .transform((value): number | typeof OTHER_CATEGORY => (value === OTHER_CATEGORY ? OTHER_CATEGORY : Number(value)))
    .refine((value) => value === OTHER_CATEGORY || value >= 1, 'validation.researchCategoryUnknown'),
);
export const researchOtherCategoryField = z
  .preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z.string({ error: 'validation.mustBeText' }).trim().max(200, 'validation.maxLength'),
  )
  .prefault('');
/** `other_category` is given when `'other'` is chosen (spec 5): a `.refine` of each form, with {@link OTHER_CATEGORY_ISSUE}. */
export const otherCategoryGiven = (value: unknown) => {
  // Run whatever the body is (`when` below): `null`, an array or a text is no object to read.
  if (typeof value !== 'object' || value === null) return true;
  const { category_id: category, other_category: other } = value as { category_id?: unknown; other_category?: unknown };
  return category !== OTHER_CATEGORY || (typeof other === 'string' && other.trim().length > 0);
};
/** Checked even when other fields are invalid, so a form shows every problem at once. */
export const OTHER_CATEGORY_ISSUE = { path: ['other_category'], message: 'validation.researchOtherCategoryRequired', when: () => true };
/** The text only counts with 'other'. */
export const withOtherCategory = <T extends { category_id: number | typeof OTHER_CATEGORY; other_category: string }>(
  value: T,
): Omit<T, 'other_category'> & { other_category: string | null } => ({
  ...value,
  other_category: value.category_id === OTHER_CATEGORY ? value.other_category : null,
});

/**
 * The text fields of the submission form (multipart fields on the wire, so every value may arrive
 * as a string). `category_id` is a community category id or `'other'`; with `'other'`,
 * `other_category` is required (spec 5). `terms` must be accepted.
 */
export const researchFieldsSchema = z
  .object({
    title: requiredText('validation.researchTitleArRequired', 300),
    title_en: requiredText('validation.researchTitleEnRequired', 300),
    description: requiredText('validation.researchDescriptionArRequired', 5000),
    description_en: requiredText('validation.researchDescriptionEnRequired', 5000),
    abstract: requiredText('validation.researchAbstractRequired', 10000),
    category_id: researchCategoryIdField,
    other_category: researchOtherCategoryField,
    research_type: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.enum(researchTypeSchema.options, {
        error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.researchTypeRequired' : 'validation.invalidOption'),
      }),
    ),
    terms: z.preprocess((value) => TRUE_VALUES.has(value), z.literal(true, { error: 'validation.researchTermsRequired' })),
  })
  .refine(otherCategoryGiven, OTHER_CATEGORY_ISSUE)
  .transform(withOtherCategory);
export type ResearchFieldsInput = z.input<typeof researchFieldsSchema>;
export type ResearchFields = z.output<typeof researchFieldsSchema>;

/** What the browser knows about a chosen file (a `File` fits). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

/**
 * The browser-side check of a chosen file (the server checks the content again): required,
 * type by declared type or extension, size. Returns a `validation.*` key and its params, or null.
 */
export function checkResearchUpload(
  kind: 'file' | 'image',
  file: ChosenFile | null | undefined,
  { required = true }: { required?: boolean } = {},
): { key: `validation.${string}`; params?: Record<string, number> } | null {
  if (!file) return required ? { key: kind === 'file' ? 'validation.researchFileRequired' : 'validation.researchImageRequired' } : null;
  const name = file.name.toLowerCase();
  const typeOk =
    kind === 'file'
      ? file.type === 'application/pdf' || name.endsWith('.pdf')
      : (RESEARCH_IMAGE_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png|webp)$/.test(name);
  if (!typeOk) return { key: kind === 'file' ? 'validation.researchFileType' : 'validation.researchImageType' };
  // Chosen, but with nothing in it (a download that failed, a file still being written): say so, not "required".
  if (file.size === 0) return { key: 'validation.fileEmpty' };
  const max = kind === 'file' ? RESEARCH_FILE_MAX_BYTES : RESEARCH_IMAGE_MAX_BYTES;
  if (file.size > max) return { key: 'validation.fileTooLarge', params: { maximum: max / (1024 * 1024) } };
  return null;
}

// ---------------------------------------------------------------- answers
/** A status change as shown to the owner (reviewers also see who). */
export const researchTransitionSchema = z.object({
  from: researchStatusSchema.nullable(),
  to: researchStatusSchema,
  at: isoDateTimeSchema,
  /** The reason given (rejection, removal) or a note. */
  note: z.string().nullable(),
  by_role: z.enum(['owner', 'supervisor', 'reviewer', 'system']),
  /** The reviewer's or supervisor's name when they chose to sign the decision; null otherwise. */
  by_name: z.string().nullable(),
});
export type ResearchTransition = z.infer<typeof researchTransitionSchema>;

/** A submission as its owner (and reviewers) see it: `GET research/{id}`. */
export const researchSubmissionSchema = z.object({
  id: idSchema,
  title: z.string().describe('Arabic title'),
  title_en: z.string(),
  description: z.string().describe('Arabic description'),
  description_en: z.string(),
  abstract: z.string(),
  category_id: idSchema.nullable(),
  category: namedItemSchema.nullable(),
  other_category: z.string().nullable(),
  research_type: researchTypeSchema,
  status: researchStatusSchema,
  image: z.string().describe("Path containing 'public/'; served under /files/"),
  file: researchFileInfoSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  /** When it was last (re)submitted: the expected decision counts from here. */
  submitted_at: isoDateTimeSchema,
  /** The owner may still edit (no decision yet). */
  editable: z.boolean(),
  /** Spec 1: a decision is expected 2-3 weeks after submission (null once decided). */
  expected_decision: z.object({ from: isoDateTimeSchema, to: isoDateTimeSchema }).nullable(),
  /** The latest decision (changes requested, approved, rejected, removed) and its reason. */
  decision: z.object({ status: researchStatusSchema, reason: z.string().nullable(), at: isoDateTimeSchema }).nullable(),
  history: z.array(researchTransitionSchema),
  /** The library item publishing it once approved (`/research-library/{id}`). */
  library_id: idSchema.nullable(),
});
export type ResearchSubmission = z.infer<typeof researchSubmissionSchema>;
export const researchSubmissionResponseSchema = successSchema(researchSubmissionSchema);

/** `POST research`, `PUT research/{id}`: the saved submission (`msg` says what happens next). */
export const researchSavedResponseSchema = successSchema(researchSubmissionSchema);

/**
 * `GET research/mine`: the owner's submissions, newest first (spec 2 profile tab: ID, date, title,
 * status). The profile's `mySubmissionSchema` plus the expected decision date.
 */
export const researchMineItemSchema = mySubmissionSchema.extend({
  research_type: researchTypeSchema,
  expected_decision_to: isoDateTimeSchema.nullable(),
  decision_reason: z
    .string()
    .nullable()
    .describe('Why it is where it is (changes requested, rejected, removed): the note of the move there, shown in the row; null otherwise'),
});
export type ResearchMineItem = z.infer<typeof researchMineItemSchema>;
export const researchMineResponseSchema = pageSchema(researchMineItemSchema);

/** `POST research/{id}/file-link` (owner, supervisor, admin): as for the community's research file. */
export const researchOwnerFileLinkResponseSchema = successSchema(researchFileLinkSchema);

// ---------------------------------------------------------------- review
/**
 * Who moves a submission where (docs/decisions.md; enforced by the API): the student's supervisor,
 * or a reviewer (an administrator may make every reviewer's move).
 */
export const REVIEW_TRANSITIONS: Record<ResearchStatus, Partial<Record<ResearchStatus, 'supervisor' | 'reviewer'>>> = {
  pending_supervisor: { under_review: 'supervisor', changes_requested: 'supervisor', rejected: 'supervisor', removed: 'reviewer' },
  under_review: { approved: 'reviewer', changes_requested: 'reviewer', rejected: 'reviewer', removed: 'reviewer' },
  // The author resubmits (an edit, PUT research/{id}): back to the stage that asked for changes.
  changes_requested: { removed: 'reviewer' },
  approved: { removed: 'reviewer' },
  rejected: {},
  removed: {},
};
/** Transitions that need a reason or a note (told to the author). */
export const REASON_REQUIRED: readonly ResearchStatus[] = ['changes_requested', 'rejected', 'removed'];
/** The decisions a reason template can serve. */
export const REASON_TEMPLATE_DECISIONS = ['changes_requested', 'rejected', 'removed'] as const;

/** `POST review/research/{id}/transition`. */
export const reviewTransitionBodySchema = z
  .object({
    to: z.enum(['under_review', 'changes_requested', 'approved', 'rejected', 'removed'], {
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidOption'),
    }),
    reason: z
      .string({ error: 'validation.mustBeText' })
      .trim()
      .max(2000, 'validation.maxLength')
      .nullish()
      .transform((value) => value || null),
    /** The reviewer signs the decision: the author sees their name instead of "reviewer". */
    signed: z.boolean({ error: 'validation.invalidOption' }).default(false),
  })
  .superRefine((value, ctx) => {
    if (REASON_REQUIRED.includes(value.to) && !value.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.reviewReasonRequired' });
    }
  });
export type ReviewTransitionBody = z.input<typeof reviewTransitionBodySchema>;

const queryFlag = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean()).optional();

/**
 * `GET review/research`: the queue, oldest (re)submission first unless `sort=newest`. Filters:
 * status, research type, category, language of the work, overdue only, assignment (`me`,
 * `unassigned`), and `q`, the platform's Arabic-aware search over titles, descriptions and abstract.
 */
export const reviewListQuerySchema = z.object({
  status: researchStatusSchema.optional(),
  research_type: researchTypeSchema.optional(),
  category_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  language: z.enum(['ar', 'en']).optional(),
  overdue: queryFlag,
  assigned: z.enum(['me', 'unassigned']).optional(),
  q: z.string().trim().max(200, 'validation.maxLength').optional(),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

export const reviewPersonSchema = z.object({ id: idSchema, name: z.string(), email: z.string() });

/** The clock of an undecided submission (`reviewClock`); null once decided or sent back. */
export const reviewClockSchema = z.object({
  state: z.enum(['open', 'due', 'overdue']),
  days: z.number().int().nonnegative(),
  due_at: isoDateTimeSchema,
  overdue_at: isoDateTimeSchema,
});

/** A submission in a reviewer's queue. */
export const reviewItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  title_en: z.string(),
  research_type: researchTypeSchema,
  status: researchStatusSchema,
  owner: reviewPersonSchema,
  supervisor: reviewPersonSchema.nullable(),
  assigned_reviewer: reviewPersonSchema.nullable(),
  category: namedItemSchema.nullable(),
  other_category: z.string().nullable(),
  /** The language the work is written in (its abstract's script). */
  language: z.enum(['ar', 'en']),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  submitted_at: isoDateTimeSchema,
  clock: reviewClockSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewPageResponseSchema = pageSchema(reviewItemSchema);

/** `GET review/research/{id}`: the submission, who is involved and every transition (who, when, why). */
export const reviewDetailsSchema = researchSubmissionSchema.extend({
  owner: reviewPersonSchema,
  /** The author's account language: their e-mails', and the one a reason template is inserted in. */
  author_locale: localeSchema,
  supervisor: reviewPersonSchema.nullable(),
  assigned_reviewer: reviewPersonSchema.nullable(),
  clock: reviewClockSchema.nullable(),
  transitions: z.array(
    z.object({
      id: idSchema,
      from: researchStatusSchema.nullable(),
      to: researchStatusSchema,
      at: isoDateTimeSchema,
      note: z.string().nullable(),
      actor: reviewPersonSchema.extend({ role: z.string() }).nullable(),
      signed: z.boolean(),
    }),
  ),
  /** Where each reviewer role may move it now. */
  allowed: z.array(researchStatusSchema),
});
export const reviewDetailsResponseSchema = successSchema(reviewDetailsSchema);
export type ReviewDetails = z.infer<typeof reviewDetailsSchema>;

/** `PUT review/research/{id}/assignee`: a reviewer (oneself or another) or null to unassign. */
export const reviewAssignBodySchema = z.object({
  reviewer_id: z.number({ error: 'validation.invalidOption' }).int().min(1).max(2_147_483_647).nullable(),
});

/** `GET review/reviewers`: who a submission can be assigned to. */
export const reviewersResponseSchema = successSchema(z.array(reviewPersonSchema));

/** `GET review/reason-templates`: bilingual reasons to start a decision from. */
export const reasonTemplateSchema = z.object({
  id: idSchema,
  decision: z.enum(REASON_TEMPLATE_DECISIONS),
  text: z.string().describe('Arabic'),
  text_en: z.string(),
});
export type ReasonTemplate = z.infer<typeof reasonTemplateSchema>;
export const reasonTemplatesResponseSchema = successSchema(z.array(reasonTemplateSchema));
