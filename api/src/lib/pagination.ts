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

/** Arabic marks removed by the fold in SQL: tashkeel, the superscript alef, tatweel. */
const MARKS = '[\u064B-\u065F\u0670\u0640]';

/**
 * As {@link searchConditions}, for tables without a `search_text` column (the console's short lists:
 * users, registrants, requests, contact messages, newsletter subscribers, team members, FAQ entries,
 * plans, universities, categories, reason templates): `columns` joined and folded in the query with
 * arabic-search.ts's letter folds (أ إ آ ٱ -> ا, ى ئ -> ي, ة -> ه, ؤ -> و), tashkeel and tatweel
 * removed, lower case. A scan: fine for lists of that size.
 */
export function foldedSearchConditions(columns: ReadonlyArray<AnyPgColumn | SQL>, search: string): SQL[] {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );
  const folded = sql`lower(regexp_replace(translate(${joined}, ${SQL_LETTER_FOLDS.from}::text, ${SQL_LETTER_FOLDS.to}::text), ${MARKS}::text, '', 'g'))`;
  return searchTerms(search).map((term) => sql`${folded} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
}

export type SortDirection = 'asc' | 'desc';
