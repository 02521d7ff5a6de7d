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

// Arabic tashkeel, the superscript alef and the tatweel (what normalizeSearchText removes from Arabic).
const MARKS = '[\u064B-\u065F\u0670\u0640]';

/**
 * As {@link searchConditions}, for rows without a `search_text` column (users, team members, FAQ
 * entries, plans): `columns` joined and folded in the query with lib/arabic-search.ts's letter folds
 * (أ إ آ ٱ -> ا, ى ئ -> ي, ة -> ه, ؤ -> و), tashkeel and tatweel removed, lower case. For the
 * console's short lists, scanned without an index.
 */
export function foldedSearchConditions(columns: readonly AnyPgColumn[], search: string): SQL[] {
  const joined = sql.join(
    columns.map((column) => sql`coalesce(${column}, '')`),
    sql` || ' ' || `,
  );
  const folded = sql`lower(regexp_replace(translate(${joined}, ${SQL_LETTER_FOLDS.from}::text, ${SQL_LETTER_FOLDS.to}::text), ${MARKS}::text, '', 'g'))`;
  return searchTerms(search).map((term) => sql`${folded} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
}

export type SortDirection = 'asc' | 'desc';
