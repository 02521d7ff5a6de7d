/**
 * The one search normalizer of the platform. The API applies it to the stored `search_text`
 * columns and to every query, so that "مؤتمر", "مُؤْتَمَر" and "موتمر" find the same rows; the
 * lists apply it to highlight the words a result matched (./highlight.ts):
 *
 * - Unicode compatibility forms folded (NFKC: Arabic presentation forms, ligatures, full-width Latin);
 * - Arabic tashkeel and Quranic marks, the superscript alef, tatweel and Latin diacritics removed;
 * - أ إ آ ٱ -> ا, ى -> ي, ة -> ه, ؤ -> و, ئ -> ي (and Persian ی ک -> ي ك);
 * - Arabic-Indic and Persian digits -> 0-9;
 * - Latin lower-cased; punctuation and symbols become spaces; runs of spaces collapse.
 */
import { asciiDigits } from '../i18n/digits';

const LETTER_FOLDS: Record<string, string> = {
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ
  '\u0672': '\u0627', // ٲ
  '\u0673': '\u0627', // ٳ
  '\u0649': '\u064A', // ى
  '\u06CC': '\u064A', // ی (Persian yeh)
  '\u0626': '\u064A', // ئ
  '\u0629': '\u0647', // ة
  '\u0624': '\u0648', // ؤ
  '\u06A9': '\u0643', // ک (keheh)
};
const LETTER_FOLD_RE = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'g');
/**
 * The same letter folds as two strings for SQL's `translate(text, from, to)` (the API's search
 * over columns that have no `search_text`, and the stored folded titles of migration 0019).
 */
export const SQL_LETTER_FOLDS = { from: Object.keys(LETTER_FOLDS).join(''), to: Object.values(LETTER_FOLDS).join('') } as const;

// Nonspacing marks after NFD: Arabic tashkeel (064B-065F), the superscript alef (0670), Quranic
// annotation marks, Latin accents...; and the tatweel (0640, a letter-like stretcher).
const MARKS_RE = /[\p{Mn}\u0640]/gu;
const SEPARATOR_RE = /[\p{P}\p{S}\p{Z}\s]/gu;

/** The fold without collapsing: every separator becomes one space (the highlighter folds one character at a time). */
export function foldText(input: string): string {
  return asciiDigits(input)
    .normalize('NFKC')
    .replace(LETTER_FOLD_RE, (ch) => LETTER_FOLDS[ch] ?? ch)
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(SEPARATOR_RE, ' ');
}

export function normalizeSearchText(input: string): string {
  return foldText(input).replace(/ +/g, ' ').trim();
}

/** At most this many words of a query are used (each one must match). */
export const MAX_SEARCH_TERMS = 8;

/**
 * The Arabic definite article (ال, or لل: ل before it) opening a folded word of three letters or
 * more after it. A term matches inside a row's words, so the word without its article finds it
 * with or without one: "الأخلاقيات" finds "أخلاقيات البحث" and "الأخلاقيات" alike. The particles
 * و ب ك ف before the article are left: they are as often a root's own letter ("والدين").
 */
const ARTICLE_RE = /^(?:ال|لل)(?=[^ ]{3})/;

/**
 * The distinct words of a normalized query, each without its Arabic article, longest first, at
 * most {@link MAX_SEARCH_TERMS}.
 */
export function searchTerms(query: string): string[] {
  const words = [...new Set(normalizeSearchText(query).split(' ').filter(Boolean).map((word) => word.replace(ARTICLE_RE, '')))];
  return words.sort((a, b) => b.length - a.length).slice(0, MAX_SEARCH_TERMS);
}
