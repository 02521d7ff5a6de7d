/**
 * The library's content in the console (issue 19): reading library items for the console, the
 * checks of the files a save refers to, each item's search text, and the fields an approved
 * research gives the item that publishes it (kept in step by the review's approval and the research
 * metadata editor).
 */
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminEbook, AdminEbookItem, adminEbooksQuerySchema, AdminEbookValues } from '@scholars/shared-contracts/schemas';
import type { Locale } from '@scholars/shared-contracts/locale';
import { communityCategories, ebooks, universities, type researchSubmissions } from '../../db/schema';
import type { Executor } from '../invoices/numbering';
import { buildSearchText } from '../arabic-search';
import { AppError } from '../errors';
import { pageOffset, searchConditions } from '../pagination';
import { safeOriginalName, type FileStorage } from '../uploads';

export type EbookRow = typeof ebooks.$inferSelect;
type Research = Pick<typeof researchSubmissions.$inferSelect, 'title' | 'titleEn' | 'description' | 'descriptionEn' | 'abstract' | 'categoryId' | 'otherCategory' | 'searchText'>;

// ---------------------------------------------------------------- approved research
const ARABIC = /[\u0600-\u06ff]/;
/**
 * The language a work is written in: Arabic when its abstract has Arabic letters (the library item
 * made at approval, and the review queue's `language` filter in SQL).
 */
export const languageOf = (abstract: string): Locale => (ARABIC.test(abstract) ? 'ar' : 'en');

/**
 * What the library item of an approved research shows of it. The form has one abstract, in the
 * work's language: the item's abstract in the other language is the description of that language.
 */
export function researchItemFields(research: Research, author: string | null) {
  const arabic = languageOf(research.abstract) === 'ar';
  return {
    categoryId: research.categoryId,
    title: research.title,
    titleEn: research.titleEn,
    abstract: arabic ? research.abstract : research.description,
    abstractEn: arabic ? research.descriptionEn : research.abstract,
    language: arabic ? ('ar' as const) : ('en' as const),
    keywords: research.otherCategory ? [research.otherCategory] : [],
    searchText: buildSearchText(research.searchText, author),
  };
}

// ---------------------------------------------------------------- search text
type Searchable = Pick<EbookRow, 'title' | 'titleEn' | 'author' | 'authorEn' | 'abstract' | 'abstractEn' | 'publisher' | 'publisherEn' | 'isbn' | 'keywords' | 'categoryId' | 'universityId'>;

/** An item's `search_text`: its texts in both languages, keywords, and its category's and university's names. */
export async function ebookSearchText(db: Executor, item: Searchable): Promise<string> {
  const [category] = item.categoryId ? await db.select({ name: communityCategories.name, nameEn: communityCategories.nameEn }).from(communityCategories).where(eq(communityCategories.id, item.categoryId)) : [];
  const [university] = item.universityId ? await db.select({ name: universities.name, nameEn: universities.nameEn }).from(universities).where(eq(universities.id, item.universityId)) : [];
  return buildSearchText(
    item.title,
    item.titleEn,
    item.author,
    item.authorEn,
    item.abstract,
    item.abstractEn,
    item.publisher,
    item.publisherEn,
    item.isbn,
    item.keywords,
    university?.name,
    university?.nameEn,
    category?.name,
    category?.nameEn,
  );
}

/**
 * After a category or university is renamed: the search text of the items in it (their names are
 * searched). Items of approved research are left alone: their text is the research's own.
 */
export async function refreshEbookSearchText(db: Executor, where: SQL): Promise<void> {
  const rows = await db.select().from(ebooks).where(and(where, isNull(ebooks.researchId)));
  for (const row of rows) {
    await db.update(ebooks).set({ searchText: await ebookSearchText(db, row) }).where(eq(ebooks.id, row.id));
  }
}

// ---------------------------------------------------------------- files
const fileProblem = (field: string) => new AppError(400, 'validation.fileReferenceInvalid', {}, { [field]: 'validation.fileReferenceInvalid' });

/** The size of a referenced file (uploads first, then the seed's files), or a 400 on `field` when it is none of the platform's files. */
async function located(storage: FileStorage, stored: string, field: string): Promise<number> {
  const size = await storage.size(stored);
  if (size === null) throw fileProblem(field);
  return size;
}

/** A picture a save refers to (cover, logo): kept as it was, or a stored one. */
export async function checkedImage(storage: FileStorage, image: string | null, current: string | null | undefined, field = 'image'): Promise<string | null> {
  if (image && image !== current) await located(storage, image, field);
  return image;
}

/** The book file's columns: kept when unchanged, else the stored PDF's size read from the store and its original name made safe. */
export async function checkedPdf(storage: FileStorage, file: AdminEbookValues['file'], current: Pick<EbookRow, 'filePath' | 'fileOriginalName' | 'fileMime' | 'fileSize'> | null) {
  if (!file) return { filePath: null, fileOriginalName: null, fileMime: null, fileSize: null };
  if (current && file.path === current.filePath) {
    return { filePath: current.filePath, fileOriginalName: safeOriginalName(file.name, 'pdf', 'book'), fileMime: current.fileMime, fileSize: current.fileSize };
  }
  const size = await located(storage, file.path, 'file');
  return { filePath: file.path, fileOriginalName: safeOriginalName(file.name, 'pdf', 'book'), fileMime: 'application/pdf', fileSize: size };
}

/** The columns of `next` whose value differs from `current`'s: what an update's audit entry names. */
export function changedColumns(current: Record<string, unknown>, next: Record<string, unknown>): string[] {
  return Object.keys(next).filter((key) => JSON.stringify(current[key] ?? null) !== JSON.stringify(next[key] ?? null));
}

// ---------------------------------------------------------------- reads
const itemColumns = {
  row: ebooks,
  categoryName: communityCategories.name,
  categoryNameEn: communityCategories.nameEn,
  universityName: universities.name,
  universityNameEn: universities.nameEn,
};
type JoinedRow = { row: EbookRow; categoryName: string | null; categoryNameEn: string | null; universityName: string | null; universityNameEn: string | null };

const named = (id: number | null, name: string | null, nameEn: string | null) => (id && name !== null && nameEn !== null ? { id, name, name_en: nameEn } : null);

function itemOf({ row, ...names }: JoinedRow): AdminEbookItem {
  return {
    id: row.id,
    collection: row.collection,
    doc_type: row.docType,
    status: row.status,
    title: row.title,
    title_en: row.titleEn,
    author: row.author,
    author_en: row.authorEn,
    category: named(row.categoryId, names.categoryName, names.categoryNameEn),
    university: named(row.universityId, names.universityName, names.universityNameEn),
    published_year: row.publishedYear,
    image: row.image,
    has_file: Boolean(row.filePath),
    research_id: row.researchId,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

function joined(db: Executor) {
  return db
    .select(itemColumns)
    .from(ebooks)
    .leftJoin(communityCategories, eq(communityCategories.id, ebooks.categoryId))
    .leftJoin(universities, eq(universities.id, ebooks.universityId));
}

/** The console's list: every status, approved research included (marked), newest change first. */
export async function listEbooks(db: Executor, query: z.output<typeof adminEbooksQuerySchema>): Promise<{ items: AdminEbookItem[]; total: number }> {
  const conditions: SQL[] = searchConditions(ebooks, query.q ?? '');
  if (query.collection) conditions.push(eq(ebooks.collection, query.collection));
  if (query.status) conditions.push(eq(ebooks.status, query.status));
  if (query.category_id) conditions.push(eq(ebooks.categoryId, query.category_id));
  if (query.university_id) conditions.push(eq(ebooks.universityId, query.university_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    joined(db).where(where).orderBy(desc(ebooks.updatedAt), desc(ebooks.id)).limit(query.limit).offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(ebooks).where(where),
  ]);
  return { items: rows.map(itemOf), total: total?.n ?? 0 };
}

export async function ebookDetails(db: Executor, id: number): Promise<AdminEbook | null> {
  const [found] = await joined(db).where(eq(ebooks.id, id));
  if (!found) return null;
  const { row } = found;
  return {
    ...itemOf(found),
    language: row.language,
    abstract: row.abstract,
    abstract_en: row.abstractEn,
    publisher: row.publisher,
    publisher_en: row.publisherEn,
    isbn: row.isbn,
    pages: row.pages,
    keywords: row.keywords,
    category_id: row.categoryId,
    university_id: row.universityId,
    file: row.filePath ? { path: row.filePath, name: row.fileOriginalName ?? 'book.pdf', mime: row.fileMime ?? 'application/pdf', size: row.fileSize ?? 0 } : null,
  };
}

/** The columns of a save (the file columns and search text apart). */
export function ebookColumns(values: AdminEbookValues) {
  const orNull = (value: string) => value || null;
  return {
    collection: values.collection,
    docType: values.doc_type,
    language: values.language,
    title: values.title,
    titleEn: values.title_en,
    author: orNull(values.author),
    authorEn: orNull(values.author_en),
    abstract: values.abstract,
    abstractEn: values.abstract_en,
    publisher: orNull(values.publisher),
    publisherEn: orNull(values.publisher_en),
    isbn: values.isbn,
    pages: values.pages,
    publishedYear: values.published_year,
    keywords: values.keywords,
    categoryId: values.category_id,
    universityId: values.university_id,
    image: values.image,
  };
}

/** Category and university must exist (a 400 on the field otherwise). */
export async function checkReferences(db: Executor, values: Pick<AdminEbookValues, 'category_id' | 'university_id'>): Promise<void> {
  const errors: Record<string, 'validation.invalidOption'> = {};
  if (values.category_id) {
    const [found] = await db.select({ id: communityCategories.id }).from(communityCategories).where(eq(communityCategories.id, values.category_id));
    if (!found) errors.category_id = 'validation.invalidOption';
  }
  if (values.university_id) {
    const [found] = await db.select({ id: universities.id }).from(universities).where(eq(universities.id, values.university_id));
    if (!found) errors.university_id = 'validation.invalidOption';
  }
  if (Object.keys(errors).length) throw new AppError(400, 'validation.invalidOption', {}, errors);
}
