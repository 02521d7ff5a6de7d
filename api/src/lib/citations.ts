/**
 * Citation export of a library item: BibTeX (UTF-8, for BibLaTeX/Biber and modern BibTeX) and RIS
 * (the tagged format of reference managers: Zotero, EndNote, Mendeley). Arabic and English works
 * are cited in the language asked, with the other title kept (RIS `TT`, BibLaTeX `origtitle`).
 */
import type { Locale } from '@scholars/shared-contracts/locale';

export type CitationDocType = 'book' | 'master_thesis' | 'doctoral_thesis' | 'research';

export interface CitationSource {
  id: number;
  docType: CitationDocType;
  /** Title in the citation's language, and in the other language (may be equal or empty). */
  title: string;
  otherTitle: string | null;
  /** Authors in the citation's language. */
  authors: string[];
  year: number | null;
  /** Publisher of a book; the university of a thesis or research. */
  publisher: string | null;
  university: string | null;
  isbn: string | null;
  pages: number | null;
  /** The work's language. */
  language: Locale;
  abstract: string | null;
  keywords: string[];
  /** Public address of the item's page. */
  url: string;
  /** Date the page was read (urldate / Y2), defaults to today. */
  accessed?: Date;
}

// Titles written before a name ("Dr. Layla", "أ.د. خالد"); citation managers would file them as
// part of the name. Each alternative ends at a dot or a space, so a name that merely starts with
// the same letters ("Drake", "دانة") keeps them.
const TITLE_BEFORE =
  /^(?:(?:assoc(?:iate)?\.?|asst\.?|assistant)\s+prof(?:essor)?\.?\s+|(?:prof(?:essor)?|dr|mr|mrs|ms|eng)(?:\.\s*|\s+)|أ\.\s?د\.\s*|[أدم]\.\s*|(?:ال)?(?:دكتورة?|أستاذة?|بروفيسورة?|مهندسة?)\s+)/iu;
// ... and after it (", PhD").
const TITLE_AFTER = /,?\s+(?:ph\.?\s?d\.?|m\.?sc\.?|dba)$/iu;

/** A name without its titles; a name that is only a title stays as written. */
export function withoutTitles(name: string): string {
  let rest = name.trim();
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(TITLE_BEFORE, '').replace(TITLE_AFTER, '').trim();
  }
  return rest || name.trim();
}

/** "Name One; Name Two" or "أ، ب" -> list of names, without their titles ("Dr.", "د."). */
export function splitAuthors(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\s*(?:;|،|\band\b|\sو\s)\s*/u)
    .map((name) => withoutTitles(name))
    .filter(Boolean);
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

// ------------------------------------------------------------------------------------ BibTeX
const BIBTEX_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '^': '\\^{}',
  '~': '\\~{}',
};

/** A field value safe inside `{...}`: TeX specials escaped, braces always balanced. */
export function escapeBibtex(value: string): string {
  return oneLine(value).replace(/[\\{}&%$#_^~]/g, (ch) => BIBTEX_ESCAPES[ch] ?? ch);
}

const BIBTEX_TYPES: Record<CitationDocType, string> = {
  book: 'book',
  master_thesis: 'mastersthesis',
  doctoral_thesis: 'phdthesis',
  research: 'misc',
};

/** An ASCII key: first author's last word + year + id (`alhashimi2024-12`), else `scholarshub-<id>`. */
export function citationKey(source: CitationSource): string {
  const first = source.authors[0] ?? '';
  const last = (first.split(/\s+/).pop() ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  return last ? `${last}${source.year ?? ''}-${source.id}` : `scholarshub-${source.id}`;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function toBibtex(source: CitationSource): string {
  const fields: Array<[string, string]> = [];
  const add = (name: string, value: string | number | null | undefined, protect = false) => {
    if (value === null || value === undefined || value === '') return;
    const text = escapeBibtex(String(value));
    fields.push([name, protect ? `{${text}}` : text]);
  };
  // Each name in braces: kept as written (Arabic names, family names of several words).
  if (source.authors.length) fields.push(['author', source.authors.map((name) => `{${escapeBibtex(name)}}`).join(' and ')]);
  add('title', source.title, true);
  if (source.otherTitle && source.otherTitle !== source.title) add('origtitle', source.otherTitle, true);
  add('year', source.year);
  if (source.docType === 'book') add('publisher', source.publisher ?? source.university);
  else if (source.docType === 'research') add('organization', source.university);
  else add('school', source.university ?? source.publisher);
  if (source.docType === 'research') add('howpublished', 'Scholars Hub research exchange');
  add('isbn', source.isbn);
  add('pagetotal', source.pages);
  add('language', source.language === 'ar' ? 'arabic' : 'english');
  add('keywords', source.keywords.join(', '));
  add('abstract', source.abstract);
  add('url', source.url);
  add('urldate', isoDay(source.accessed ?? new Date()));
  const width = Math.max(...fields.map(([name]) => name.length));
  const body = fields.map(([name, value]) => `  ${name.padEnd(width)} = {${value}}`).join(',\n');
  return `@${BIBTEX_TYPES[source.docType]}{${citationKey(source)},\n${body}\n}\n`;
}

// ------------------------------------------------------------------------------------ RIS
const RIS_TYPES: Record<CitationDocType, string> = {
  book: 'BOOK',
  master_thesis: 'THES',
  doctoral_thesis: 'THES',
  research: 'GEN',
};

/** RIS: one `TAG  - value` per line (CRLF), `TY` first and `ER` last. */
export function toRis(source: CitationSource): string {
  const lines: string[] = [`TY  - ${RIS_TYPES[source.docType]}`];
  const add = (tag: string, value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === '') return;
    lines.push(`${tag}  - ${oneLine(String(value))}`);
  };
  for (const author of source.authors) add('AU', author);
  add('TI', source.title);
  if (source.otherTitle && source.otherTitle !== source.title) add('TT', source.otherTitle);
  add('PY', source.year);
  add('PB', source.docType === 'book' ? (source.publisher ?? source.university) : (source.university ?? source.publisher));
  if (source.docType === 'master_thesis') add('M3', "Master's thesis");
  if (source.docType === 'doctoral_thesis') add('M3', 'Doctoral dissertation');
  add('SN', source.isbn);
  // Zotero and EndNote read SP of a book or thesis as its number of pages.
  add('SP', source.pages && source.docType !== 'research' ? source.pages : null);
  add('LA', source.language === 'ar' ? 'Arabic' : 'English');
  for (const keyword of source.keywords) add('KW', keyword);
  add('AB', source.abstract);
  add('UR', source.url);
  add('Y2', isoDay(source.accessed ?? new Date()));
  add('DB', 'Scholars Hub');
  add('ID', `scholarshub-${source.id}`);
  lines.push('ER  - ');
  return `${lines.join('\r\n')}\r\n`;
}
