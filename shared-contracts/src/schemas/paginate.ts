import { z } from 'zod';
import { idSchema } from './fields';

import { PAGINATE_LIMIT_MAX, PAGINATE_PAGE_MAX, SEARCH_MAX_LENGTH } from './constants';

export { PAGINATE_LIMIT_MAX, PAGINATE_PAGE_MAX, SEARCH_MAX_LENGTH };

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Search text: trimmed, at most 200 characters; missing or null is the empty search. */
export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  .nullish()
  .transform((value) => value ?? '');

/**
 * The body of a `.../paginate` call: `{ limit, page, col, search }` (spec 7).
 * - `limit`: 1..100, `page`: 1.., both integers.
 * - `col`: the column the list is sorted by, from the entity's allow-list (an unknown one is a
 *   400); missing gives the entity's default.
 * - `search`: matched, Arabic-aware (diacritics, hamza forms, ta marbuta and alef maqsura folded),
 *   against both languages and the keywords; every word must match.
 * - `order`: optional `asc` | `desc`; when missing, `updated` sorts newest first and every other
 *   column ascending (A-Z, oldest date first). Ties are broken by id, in the order the list's index
 *   gives (the public lists: with the sort's direction; against it for `updated`).
 * - `col: "relevance"` (the public lists: conferences, research community, library), with a search
 *   term: best match first: the phrase in a title, then every word in a title, then the other
 *   matches by full-text rank; ties newest first, then by id (`order` is not used). Without a term
 *   it is the list's default sort.
 */
export function paginateBodySchema<const C extends readonly [string, ...string[]]>(cols: C, defaultCol: C[number]) {
  return z.object({
    limit: z.number().int().min(1).max(PAGINATE_LIMIT_MAX),
    page: z.number().int().min(1).max(PAGINATE_PAGE_MAX),
    col: z.enum(cols).default(defaultCol as never),
    search: searchSchema,
    order: sortOrderSchema.optional(),
  });
}

/** Optional category filter (`null` or missing: every category). */
export const categoryFilterSchema = idSchema.nullish();

export { pageCount } from './constants';
