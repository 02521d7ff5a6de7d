import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { searchVocabulary } from '../db/schema';
import { escapeLike, MAX_SEARCH_TERMS, normalizeSearchText, searchTerms, SQL_LETTER_FOLDS } from './arabic-search';

/** Rows to skip for `page` (1-based) of `limit` rows. */
export const pageOffset = (page: number, limit: number): number => (page - 1) * limit;

/** A table with the stored search columns: `search_text` and its words (migration 0022). */
export interface SearchableTable {
  searchText: AnyPgColumn;
  searchWords: AnyPgColumn;
}

/**
 * A one-letter term keeps the LIKE: it is in most of the vocabulary's words, and the rows holding
 * one of them are most rows. A two-letter term ("ai", "في") has no trigram, so the vocabulary is
 * scanned for it instead of searched through its index: a scan of words is still far cheaper than
 * one of the rows' texts.
 */
const MIN_WORD_INDEX_TERM = 2;
/** `search_words` leaves out words of 255 letters or more: a term that long keeps the LIKE. */
const MAX_WORD_INDEX_TERM = 254;

/**
 * One condition per word of `search`: the normalized word must occur in the normalized
 * `search_text` (bound parameter, LIKE wildcards escaped). Said through the word index: a term
 * occurs in the text exactly when one of the row's words contains it, so the row must hold one of
 * the vocabulary's words containing the term (the vocabulary's trigram index finds them; the
 * rows come from the GIN index of `search_words`, without rereading any text).
 */
export function searchConditions(table: SearchableTable, search: string): SQL[] {
  return filterTerms(search).map((term) => {
    const pattern = `%${escapeLike(term)}%`;
    if (term.length < MIN_WORD_INDEX_TERM || term.length > MAX_WORD_INDEX_TERM) return sql`${table.searchText} LIKE ${pattern} ESCAPE '\\'`;
    return sql`${table.searchWords} && ARRAY(SELECT ${searchVocabulary.word} FROM ${searchVocabulary} WHERE ${searchVocabulary.word} LIKE ${pattern} ESCAPE '\\')`;
  });
}

/**
 * The terms a row is checked for: those of `search` but the ones inside another term, which that
 * term implies ("e-learning": a row with "learning" has an "e"). The rows are the same; a short term
 * would otherwise be looked for in every candidate's text (a one-letter term keeps the LIKE).
 */
export function filterTerms(search: string): string[] {
  // Longest first and without repeats (searchTerms): a term can only be inside an earlier one.
  const terms = searchTerms(search);
  return terms.filter((term, index) => !terms.slice(0, index).some((longer) => longer.includes(term)));
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
  return filterTerms(search).map((term) => sql`${folded} LIKE ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
}

export type SortDirection = 'asc' | 'desc';

/** The columns the relevance order reads (migration 0019). */
export interface RankedTable {
  id: AnyPgColumn;
  titleSearch: AnyPgColumn;
  searchVector: AnyPgColumn;
}

/** The relevance order's parts: each is a column of a search's ranked matches (lib/list-queries.ts). */
export interface Relevance {
  /** 0: the phrase in a title; 1: every word in a title; 2: the other matches. */
  tier: SQL<number>;
  /** Full-text rank, higher first. */
  rank: SQL<number>;
  /** Newest first within a rank. */
  date: AnyPgColumn;
  id: AnyPgColumn;
  /** The whole order, for a statement that sorts the rows themselves. */
  orderBy: SQL[];
  /**
   * The query as typed (normalized) the tiers and ranks read: two queries of the same terms in
   * another order, or with the article, rank differently (a kept window's key holds it).
   */
  phrase: string;
}

/**
 * `col: "relevance"` with a search term (issue 24): the phrase (the query's words in order) in
 * a title first, then every word in a title, then the other matches; within each tier by
 * full-text rank (ts_rank over the stored words of search_text, each word as a prefix), then
 * `date` newest first, then id. Null without a term: the list falls back to its default sort.
 * Every matched row is ranked (no index gives this order); both columns are stored, so a row
 * costs a few `strpos` on its short folded titles (cheaper than LIKE '%…%' on Arabic text) and a
 * rank on its stored vector.
 */
export function relevance(table: RankedTable, search: string, date: AnyPgColumn): Relevance | null {
  const terms = searchTerms(search);
  if (terms.length === 0) return null;
  const inTitle = (text: string) => sql`strpos(${table.titleSearch}, ${text}) > 0`;
  const typed = normalizeSearchText(search);
  const tier = sql<number>`CASE WHEN ${inTitle(typed)} THEN 0 WHEN ${and(...terms.map(inTitle))} THEN 1 ELSE 2 END`;
  // Quoted lexemes (a folded term has no quote, but one would be doubled), each a prefix; the
  // words as typed too, so that a row holding "الأخلاقيات" ranks as well as one holding "أخلاقيات"
  // for a search of "الأخلاقيات" (a term is searched without its article).
  const typedWords = typed.split(' ').filter(Boolean).slice(0, MAX_SEARCH_TERMS);
  const query = [...new Set([...terms, ...typedWords])].map((term) => `'${term.replace(/'/g, "''")}':*`).join(' | ');
  const rank = sql<number>`ts_rank(${table.searchVector}, to_tsquery('simple', ${query}))`;
  return { tier, rank, date, id: table.id, orderBy: [asc(tier), sql`${rank} DESC`, sql`${date} DESC`, asc(table.id)], phrase: typed };
}
