import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, searchTerms, SQL_LETTER_FOLDS } from './arabic-search';

/** Rows to skip for `page` (1-based) of `limit` rows. */
export const pageOffset = (page: number, limit: number): number => (page - 1) * limit;

/**
 * One condition per word of `search`: the normalized word must occur in the normalized
 * `search_text` column (bound parameter, LIKE wildcards escaped; the trigram index serves it).
 */
export function searchConditions(column: AnyPgColumn, search: string): SQL[] {
  return searchTerms(search).map((term) => sql`${column} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
}

export type SortDirection = 'asc' | 'desc';

/** Arabic marks the folded text drops in SQL: tashkeel, the superscript alef, tatweel. */
const MARKS = '[\u064B-\u065F\u0670\u0640]';

/**
 * `text` folded as arabic-search.ts folds `search_text` (أ إ آ ٱ -> ا, ى ئ -> ي, ة -> ه, ؤ -> و,
 * tashkeel and tatweel removed, lower case), computed in the query: for the console's lists over
 * tables without a `search_text` column (users, registrants, categories, requests), small enough to scan.
 */
export const foldedText = (text: SQL) =>
  sql`lower(regexp_replace(translate(${text}, ${SQL_LETTER_FOLDS.from}::text, ${SQL_LETTER_FOLDS.to}::text), ${MARKS}::text, '', 'g'))`;

/** One condition per word of `search` over {@link foldedText} of `text`: every word must occur. */
export function foldedSearchConditions(text: SQL, search: string): SQL[] {
  return searchTerms(search).map((term) => sql`${foldedText(text)} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
}
