import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike, searchTerms } from './arabic-search';

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
