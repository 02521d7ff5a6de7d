/**
 * The e-book and research library (issue 5). Paths are relative to the API base (`/api`); every
 * call needs a signed-in user (the catalogue and abstracts are free, decisions.md), the file needs
 * an active subscription:
 *
 * - `GET universities`: the university libraries, with their number of items;
 * - `POST library/paginate`: a page of items of one tab (`collection`), searched and filtered;
 * - `GET library/{id}`: an item's details (abstract, file description);
 * - `POST library/{id}/file-link` (active subscription): short-lived addresses to view the PDF in
 *   the page and to download it (`GET library/{id}/file?token=...&download=1`);
 * - `GET library/{id}/citation?format=bibtex|ris`: the citation as a file.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, namedItemSchema } from './fields';
import { pageSchema, successSchema } from './envelope';
import { categoryFilterSchema, paginateBodySchema } from './paginate';
import { researchFileInfoSchema, researchFileLinkSchema } from './community';
import { LIBRARY_COLLECTIONS, LIBRARY_PAGE_SIZE } from './constants';

export { LIBRARY_COLLECTIONS, LIBRARY_PAGE_SIZE };

export const libraryCollectionSchema = z.enum(LIBRARY_COLLECTIONS);
export type LibraryCollection = z.infer<typeof libraryCollectionSchema>;

/** What an item is (its citation's entry type). */
export const libraryDocTypeSchema = z.enum(['book', 'master_thesis', 'doctoral_thesis', 'research']);
export type LibraryDocType = z.infer<typeof libraryDocTypeSchema>;


// ---------------------------------------------------------------- universities
export const universitySchema = z.object({
  id: idSchema,
  name: z.string().describe('Arabic name'),
  name_en: z.string(),
  country: z.string().nullable(),
  country_en: z.string().nullable(),
  description: z.string().nullable(),
  description_en: z.string().nullable(),
  logo: z.string().nullable().describe("Path containing 'public/'"),
  /** The university library's own site (`https://`), linked from the library page. */
  website: z.string().nullable(),
  /** Items of this university in the library (both tabs). */
  items: z.number().int().nonnegative(),
});
export type University = z.infer<typeof universitySchema>;
export const universitiesResponseSchema = successSchema(z.array(universitySchema));

// ---------------------------------------------------------------- list
/** Sort columns of `POST library/paginate`. */
export const LIBRARY_SORT_COLUMNS = ['title', 'title_en', 'year', 'updated', 'id', 'relevance'] as const;
/**
 * `POST library/paginate`: `{ collection?, category_id?, university_id?, limit, page, col, search, order? }`.
 * `search` matches both titles, authors, abstracts and keywords, Arabic-aware.
 */
export const libraryPaginateBodySchema = paginateBodySchema(LIBRARY_SORT_COLUMNS, 'updated').extend({
  collection: libraryCollectionSchema.nullish(),
  category_id: categoryFilterSchema,
  university_id: idSchema.nullish(),
});
export type LibraryPaginateBody = z.input<typeof libraryPaginateBodySchema>;

/** A library item in a list. `category` null: shown as 'General' (spec 3); `university` null (an approved student's work): no university shown. */
export const libraryItemSchema = z.object({
  id: idSchema,
  collection: libraryCollectionSchema,
  doc_type: libraryDocTypeSchema,
  title: z.string().describe('Arabic title'),
  title_en: z.string(),
  author: z.string().nullable().describe('Arabic'),
  author_en: z.string().nullable(),
  category_id: idSchema.nullable(),
  category: namedItemSchema.nullable(),
  university_id: idSchema.nullable(),
  university: namedItemSchema.nullable(),
  published_year: z.number().int().nullable(),
  language: z.enum(['ar', 'en']).describe('Language of the work'),
  image: z.string().nullable().describe("Path containing 'public/'"),
  has_file: z.boolean(),
  /** Set when the item is an approved research of the exchange. */
  research_id: idSchema.nullable(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;
export const libraryPageResponseSchema = pageSchema(libraryItemSchema);

// ---------------------------------------------------------------- details
export const libraryDetailsSchema = libraryItemSchema.extend({
  abstract: z.string().describe('Arabic abstract (may be empty)'),
  abstract_en: z.string(),
  publisher: z.string().nullable(),
  publisher_en: z.string().nullable(),
  isbn: z.string().nullable(),
  pages: z.number().int().nullable(),
  keywords: z.array(z.string()),
  file: researchFileInfoSchema.nullable(),
  updated: isoDateTimeSchema,
});
export type LibraryDetails = z.infer<typeof libraryDetailsSchema>;
export const libraryDetailsResponseSchema = successSchema(libraryDetailsSchema);

/** `POST library/{id}/file-link`: the same shape as the community's research file link. */
export const libraryFileLinkResponseSchema = successSchema(researchFileLinkSchema);

/** `GET library/{id}/file?token=...&download=1` query. */
export const libraryFileQuerySchema = z.object({
  token: z.string().min(1).max(2048),
  download: z.enum(['0', '1']).optional(),
});

// ---------------------------------------------------------------- citations
export const CITATION_FORMATS = ['bibtex', 'ris'] as const;
export const citationFormatSchema = z.enum(CITATION_FORMATS);
export type CitationFormat = z.infer<typeof citationFormatSchema>;
/** `GET library/{id}/citation?format=bibtex|ris&lang=ar|en` (lang: the title's language; default the work's). */
export const citationQuerySchema = z.object({
  format: citationFormatSchema.default('bibtex'),
  lang: z.enum(['ar', 'en']).optional(),
});
