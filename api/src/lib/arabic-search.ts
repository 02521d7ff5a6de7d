/**
 * The API's side of the search normalizer. The fold itself (letters, marks, digits, separators)
 * is shared-contracts' (`@scholars/shared-contracts/search`), so that the lists highlight exactly
 * what the search matched; here is what only the database side needs.
 */
import { normalizeSearchText } from '@scholars/shared-contracts/search';

export { normalizeSearchText, searchTerms, MAX_SEARCH_TERMS, SQL_LETTER_FOLDS } from '@scholars/shared-contracts/search';

/** The `search_text` value of a row: every searchable field, both languages, normalized. */
export function buildSearchText(...parts: Array<string | null | undefined | readonly string[]>): string {
  return normalizeSearchText(
    parts
      .flatMap((part) => (Array.isArray(part) ? part : [part]))
      .filter((part): part is string => typeof part === 'string' && part.length > 0)
      .join(' '),
  );
}

/** Escapes LIKE wildcards so a term matches literally (used with `ESCAPE '\'`). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
