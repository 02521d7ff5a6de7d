/**
 * The library's content in the operator console (issue 19), one schema per write, used by the API
 * route and by the console's form alike:
 *
 * - `admin/universities`: university libraries (bilingual name required, country and description
 *   pairs optional, logo, the library's site, order);
 * - `admin/ebooks`: library items (bilingual metadata, collection and type, category, university,
 *   the PDF and the cover), draft / published / archived;
 * - `admin/community-categories`: the research categories (bilingual names, order);
 * - `admin/reason-templates`: the reviewers' reasons (decision, both languages, order);
 * - `admin/research/{id}`: an approved research's metadata, versioned by its `updated_at`.
 *
 * Arabic is the bare name, English `_en` (the tables' columns). Saving something the public site
 * shows (a university, a category, a template, a published item) needs both languages of each pair
 * given: the `*MissingTranslations` functions below name the fields, which the API refuses with
 * `translationsMissing` and the forms list.
 */
import { z } from 'zod';
import { typedNumber } from '../i18n/digits';
import { idSchema, isoDateTimeSchema, namedItemSchema, requiredText, rowOrderSchema } from './fields';
import { pageSchema, successSchema } from './envelope';
import { adminListQuerySchema, contentImagePathSchema, contentStatusSchema, draftText, missingRequiredTranslations, missingTranslations, versionSchema } from './content';
import { optionalLinkSchema } from './home-admin';
import { libraryCollectionSchema, libraryDocTypeSchema } from './library';
import { OTHER_CATEGORY_ISSUE, otherCategoryGiven, REASON_TEMPLATE_DECISIONS, researchCategoryIdField, researchOtherCategoryField, withOtherCategory } from './research';

type Pairs = ReadonlyArray<readonly [string, string]>;

/** A form's text as the number typed (Arabic-Indic digits too); anything else as it is. */
const typedValue = (value: unknown) => (typeof value === 'string' ? typedNumber(value) : value);
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Display order: 0 first; a form's empty box is 0. A left-out field is filled by `.prefault`, not
 * only by the preprocess: the OpenAPI document counts a preprocess's input as required, and a
 * prefault's field as optional (the same for the optional fields below and in research.ts).
 */
const sortOrderField = z
  .preprocess(
    (value) => (blank(value) ? 0 : typedValue(value)),
    z.coerce.number({ error: 'validation.mustBeInteger' }).pipe(rowOrderSchema.unwrap()),
  )
  .prefault(0);

/** An optional positive whole number (pages, year): a form's empty box is null. */
const optionalInt = (min: number, max: number, key: 'validation.libraryPagesInvalid' | 'validation.libraryYearInvalid') =>
  z
    .preprocess(
      (value) => (blank(value) ? null : typedValue(value)),
      z.coerce.number({ error: key }).int(key).min(min, key).max(max, key).nullable(),
    )
    .prefault(null);

/** An optional row id from a select (its empty option is null). */
const optionalId = z
  .preprocess((value) => (value === '' || value === undefined ? null : value), z.coerce.number({ error: 'validation.invalidOption' }).pipe(idSchema).nullable())
  .prefault(null);

// ---------------------------------------------------------------- universities
export const UNIVERSITY_REQUIRED_PAIRS: Pairs = [['name', 'name_en']];
export const UNIVERSITY_OPTIONAL_PAIRS: Pairs = [
  ['country', 'country_en'],
  ['description', 'description_en'],
];

/** `POST admin/universities`, `PUT admin/universities/{id}` (with `version`). */
export const adminUniversityBodySchema = z.object({
  name: draftText(200),
  name_en: draftText(200),
  country: draftText(100),
  country_en: draftText(100),
  description: draftText(2000),
  description_en: draftText(2000),
  logo: contentImagePathSchema.nullish().transform((value) => value ?? null),
  website: optionalLinkSchema,
  sort_order: sortOrderField,
});
export const adminUniversityUpdateSchema = adminUniversityBodySchema.extend({ version: versionSchema });
export type AdminUniversityBody = z.input<typeof adminUniversityBodySchema>;

/** A university is on the public site as soon as it is saved: its name in both languages, each optional pair in both or neither. */
export const universityMissingTranslations = (values: Record<string, unknown>) => [
  ...missingRequiredTranslations(values, UNIVERSITY_REQUIRED_PAIRS),
  ...missingTranslations(values, UNIVERSITY_OPTIONAL_PAIRS),
];

export const adminUniversitySchema = z.object({
  id: idSchema,
  name: z.string(),
  name_en: z.string(),
  country: z.string().nullable(),
  country_en: z.string().nullable(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  logo: z.string().nullable(),
  website: z.string().nullable(),
  sort_order: z.number().int(),
  version: z.number().int(),
  /** Library items of this university (deleting it is refused while there are any). */
  items: z.number().int().nonnegative(),
});
export type AdminUniversity = z.infer<typeof adminUniversitySchema>;
export const adminUniversitiesResponseSchema = pageSchema(adminUniversitySchema);
export const adminUniversityResponseSchema = successSchema(adminUniversitySchema);

// ---------------------------------------------------------------- community categories
export const CATEGORY_PAIRS: Pairs = [['name', 'name_en']];

/** `POST admin/community-categories`, `PUT admin/community-categories/{id}` (with `version`). */
export const adminCommunityCategoryBodySchema = z.object({
  name: draftText(100),
  name_en: draftText(100),
  sort_order: sortOrderField,
});
export const adminCommunityCategoryUpdateSchema = adminCommunityCategoryBodySchema.extend({ version: versionSchema });
export type AdminCommunityCategoryBody = z.input<typeof adminCommunityCategoryBodySchema>;
export const categoryMissingTranslations = (values: Record<string, unknown>) => missingRequiredTranslations(values, CATEGORY_PAIRS);

export const adminCommunityCategorySchema = namedItemSchema.extend({
  sort_order: z.number().int(),
  version: z.number().int(),
  /** Research submissions and library items in it: deleting is refused while their sum is not 0. */
  research: z.number().int().nonnegative(),
  library: z.number().int().nonnegative(),
});
export type AdminCommunityCategory = z.infer<typeof adminCommunityCategorySchema>;
export const adminCommunityCategoriesResponseSchema = pageSchema(adminCommunityCategorySchema);
export const adminCommunityCategoryResponseSchema = successSchema(adminCommunityCategorySchema);

// ---------------------------------------------------------------- reason templates
export const REASON_TEMPLATE_PAIRS: Pairs = [['text', 'text_en']];
export const reasonTemplateDecisionSchema = z.enum(REASON_TEMPLATE_DECISIONS, { error: 'validation.invalidOption' });

/** `POST admin/reason-templates`, `PUT admin/reason-templates/{id}` (with `version`). */
export const adminReasonTemplateBodySchema = z.object({
  decision: reasonTemplateDecisionSchema,
  text: draftText(2000),
  text_en: draftText(2000),
  sort_order: sortOrderField,
});
export const adminReasonTemplateUpdateSchema = adminReasonTemplateBodySchema.extend({ version: versionSchema });
export type AdminReasonTemplateBody = z.input<typeof adminReasonTemplateBodySchema>;
export const reasonTemplateMissingTranslations = (values: Record<string, unknown>) => missingRequiredTranslations(values, REASON_TEMPLATE_PAIRS);

/** `GET admin/reason-templates?decision=&q=&page=&limit=`. */
export const adminReasonTemplatesQuerySchema = adminListQuerySchema.extend({ decision: reasonTemplateDecisionSchema.optional() });
export type AdminReasonTemplatesQuery = z.input<typeof adminReasonTemplatesQuerySchema>;

export const adminReasonTemplateSchema = z.object({
  id: idSchema,
  decision: z.enum(REASON_TEMPLATE_DECISIONS),
  text: z.string(),
  text_en: z.string(),
  sort_order: z.number().int(),
  version: z.number().int(),
});
export type AdminReasonTemplate = z.infer<typeof adminReasonTemplateSchema>;
export const adminReasonTemplatesResponseSchema = pageSchema(adminReasonTemplateSchema);
export const adminReasonTemplateResponseSchema = successSchema(adminReasonTemplateSchema);

// ---------------------------------------------------------------- library items
/** Publishing needs both languages of the title and abstract, and of the author and publisher when given. */
export const EBOOK_REQUIRED_PAIRS: Pairs = [
  ['title', 'title_en'],
  ['abstract', 'abstract_en'],
];
export const EBOOK_OPTIONAL_PAIRS: Pairs = [
  ['author', 'author_en'],
  ['publisher', 'publisher_en'],
];
export const ebookMissingTranslations = (values: Record<string, unknown>) => [
  ...missingRequiredTranslations(values, EBOOK_REQUIRED_PAIRS),
  ...missingTranslations(values, EBOOK_OPTIONAL_PAIRS),
];

/**
 * A library PDF a save refers to: one the upload call stored (`private/content/...`), or the book
 * file the item already has (the seed's are under `private/library/`). The API also checks that the
 * file exists, and reads its size from the disk.
 */
export const libraryPdfPathSchema = z
  .string()
  .regex(/^private\/(content|library)\/[\w./-]+\.pdf$/, 'validation.fileReferenceInvalid')
  .refine((value) => !value.includes('..'), 'validation.fileReferenceInvalid');

/** ISBN-10 or ISBN-13, hyphens and spaces allowed (stored as written, trimmed). */
const isbnSchema = z
  .string({ error: 'validation.mustBeText' })
  .trim()
  .max(40, 'validation.maxLength')
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || /^(\d{9}[\dXx]|\d{13})$/.test(value.replace(/[-\s]/g, '')), 'validation.libraryIsbnInvalid');

/** Keywords: a list, or one text separated by commas (Latin or Arabic) or lines; empty ones dropped, duplicates once. */
const keywordsSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(/[,،\n]/) : value ?? []),
    z.array(z.string({ error: 'validation.mustBeText' }).trim().max(100, 'validation.maxLength')).max(30, 'validation.libraryKeywordsTooMany'),
  )
  .transform((list) => [...new Set(list.filter(Boolean))])
  .prefault([]);

/** `POST admin/ebooks`, `PUT admin/ebooks/{id}` (with `version`). A new item is a draft. */
export const adminEbookBodySchema = z
  .object({
    collection: libraryCollectionSchema.default('ebooks'),
    doc_type: libraryDocTypeSchema.default('book'),
    /** The language the work is written in (its citation's). */
    language: z.enum(['ar', 'en'], { error: 'validation.invalidOption' }).default('ar'),
    title: draftText(300),
    title_en: draftText(300),
    author: draftText(300),
    author_en: draftText(300),
    abstract: draftText(10_000),
    abstract_en: draftText(10_000),
    publisher: draftText(300),
    publisher_en: draftText(300),
    isbn: isbnSchema,
    pages: optionalInt(1, 100_000, 'validation.libraryPagesInvalid'),
    published_year: optionalInt(1000, 2100, 'validation.libraryYearInvalid'),
    keywords: keywordsSchema,
    category_id: optionalId,
    university_id: optionalId,
    /** The book file: `path` from the upload answer (or the item's own), `name` its original name. */
    file: z
      .object({ path: libraryPdfPathSchema, name: z.string().trim().min(1, 'validation.required').max(255, 'validation.maxLength') })
      .nullish()
      .transform((value) => value ?? null),
    image: contentImagePathSchema.nullish().transform((value) => value ?? null),
  })
  // Even a draft needs a title in one language: the console's list names items by it.
  .refine((value) => Boolean(value.title || value.title_en), { path: ['title'], message: 'validation.libraryTitleRequired' });
export const adminEbookUpdateSchema = adminEbookBodySchema.safeExtend({ version: versionSchema });
export type AdminEbookBody = z.input<typeof adminEbookBodySchema>;
export type AdminEbookValues = z.output<typeof adminEbookBodySchema>;

/** `GET admin/ebooks?q=&collection=&status=&category_id=&university_id=&page=&limit=`. */
export const adminEbooksQuerySchema = adminListQuerySchema.extend({
  collection: libraryCollectionSchema.optional(),
  status: contentStatusSchema.optional(),
  category_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  university_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type AdminEbooksQuery = z.input<typeof adminEbooksQuerySchema>;

/** A library item in the console's list. `research_id`: it publishes an approved research (edited in the research editor). */
export const adminEbookItemSchema = z.object({
  id: idSchema,
  collection: libraryCollectionSchema,
  doc_type: libraryDocTypeSchema,
  status: contentStatusSchema,
  title: z.string(),
  title_en: z.string(),
  author: z.string().nullable(),
  author_en: z.string().nullable(),
  category: namedItemSchema.nullable(),
  university: namedItemSchema.nullable(),
  published_year: z.number().int().nullable(),
  image: z.string().nullable(),
  has_file: z.boolean(),
  research_id: idSchema.nullable(),
  version: z.number().int(),
  updated_at: isoDateTimeSchema,
});
export type AdminEbookItem = z.infer<typeof adminEbookItemSchema>;
export const adminEbooksResponseSchema = pageSchema(adminEbookItemSchema);

/** `GET admin/ebooks/{id}`: everything the editor shows. */
export const adminEbookSchema = adminEbookItemSchema.extend({
  language: z.enum(['ar', 'en']),
  abstract: z.string(),
  abstract_en: z.string(),
  publisher: z.string().nullable(),
  publisher_en: z.string().nullable(),
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  keywords: z.array(z.string()),
  category_id: idSchema.nullable(),
  university_id: idSchema.nullable(),
  file: z.object({ path: z.string(), name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
});
export type AdminEbook = z.infer<typeof adminEbookSchema>;
export const adminEbookResponseSchema = successSchema(adminEbookSchema);

// ---------------------------------------------------------------- research metadata
/**
 * `PUT admin/research/{id}`: an approved research's metadata (the submission form's text fields
 * and category, the same rules). `updated_at` is the version: the submission's `updated_at` the
 * edit started from, as the API sent it; a newer one answers 409 `staleEdit`.
 */
export const researchMetadataBodySchema = z
  .object({
    title: requiredText('validation.researchTitleArRequired', 300),
    title_en: requiredText('validation.researchTitleEnRequired', 300),
    description: requiredText('validation.researchDescriptionArRequired', 5000),
    description_en: requiredText('validation.researchDescriptionEnRequired', 5000),
    abstract: requiredText('validation.researchAbstractRequired', 10000),
    category_id: researchCategoryIdField,
    other_category: researchOtherCategoryField,
    updated_at: isoDateTimeSchema,
  })
  .refine(otherCategoryGiven, OTHER_CATEGORY_ISSUE)
  .transform(withOtherCategory);
export type ResearchMetadataBody = z.input<typeof researchMetadataBodySchema>;
