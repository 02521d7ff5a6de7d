/**
 * Locale facts with no dependency on i18next or React: safe for the API (e-mails in the user's
 * language) and for any embedding page.
 */

export interface LocaleInfo {
  readonly code: string;
  /** Name of the language in itself, for the language menu. */
  readonly nativeName: string;
  /** Name of the language in English. */
  readonly englishName: string;
  readonly dir: 'ltr' | 'rtl';
  readonly rtl: boolean;
  /** BCP 47 tag for Intl formatting (dates, numbers, AED prices). */
  readonly intl: string;
}

export const LOCALES = {
  en: { code: 'en', nativeName: 'English', englishName: 'English', dir: 'ltr', rtl: false, intl: 'en-AE' },
  ar: { code: 'ar', nativeName: 'العربية', englishName: 'Arabic', dir: 'rtl', rtl: true, intl: 'ar-AE' },
} as const satisfies Record<string, LocaleInfo>;

export type Locale = keyof typeof LOCALES;

/**
 * The product's name in each language, the one place it is written (issue 21: the Arabic name was
 * written two ways): the shell's brand, page titles, e-mails, receipts and their PDF read it here.
 */
export const SITE_NAME = { en: 'Scholars Hub', ar: 'ملتقى الباحثين' } as const satisfies Record<string, string>;
export type Direction = 'ltr' | 'rtl';

/** Supported locales, in menu order. */
export const SUPPORTED_LOCALES: readonly Locale[] = ['en', 'ar'];
/** Spec 9: default and fallback `en`. */
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LOCALES, value);
}

/**
 * Anything (a stored value, `navigator.language`, an `Accept-Language` header, a query
 * parameter, `undefined`) to a supported locale: `ar`, `AR`, `ar-AE`, `ar_SA` give `ar`;
 * `en-GB, ar;q=0.8` gives `en`; anything unknown gives {@link DEFAULT_LOCALE}. A list is read as
 * an `Accept-Language` header (q-values, then order).
 */
export function normalizeLocale(value: unknown): Locale {
  if (Array.isArray(value)) return localeFromAcceptLanguage(value.filter((item) => typeof item === 'string').join(','));
  return typeof value === 'string' ? localeFromAcceptLanguage(value) : DEFAULT_LOCALE;
}

/** More entries than any browser sends: the rest of a hostile header is not read. */
const ACCEPT_LANGUAGE_MAX_ENTRIES = 20;

/**
 * The one `Accept-Language` parser (RFC 9110 12.5.4): the supported language with the highest
 * q-value, ties going to the earlier entry; `*` stands for any supported language the header does
 * not name (the default first); `q=0` refuses a language. Nothing acceptable: the default.
 * `fr, ar;q=0.5` gives ar; `en-GB, ar;q=0.8` gives en; `en;q=0, *` gives ar.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const named = new Map<Locale, number>();
  let wildcard: number | null = null;
  for (const entry of header.split(',').slice(0, ACCEPT_LANGUAGE_MAX_ENTRIES)) {
    const [range = '', ...params] = entry.split(';');
    const q = qualityOf(params);
    const tag = range.trim().toLowerCase();
    if (tag === '*') {
      wildcard ??= q;
      continue;
    }
    const primary = tag.split(/[-_]/)[0];
    if (isLocale(primary) && !named.has(primary)) named.set(primary, q);
  }
  let best: { locale: Locale; q: number } | null = null;
  for (const [locale, q] of named) if (q > 0 && (!best || q > best.q)) best = { locale, q };
  if (wildcard !== null && wildcard > 0 && (!best || wildcard > best.q)) {
    const unnamed = [DEFAULT_LOCALE, ...SUPPORTED_LOCALES].find((locale) => !named.has(locale));
    if (unnamed) return unnamed;
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

function qualityOf(params: string[]): number {
  for (const param of params) {
    const [name, raw] = param.split('=');
    if (name?.trim().toLowerCase() !== 'q' || raw === undefined) continue;
    const q = Number(raw.trim());
    return Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
  }
  return 1;
}

export function isRtl(locale: unknown): boolean {
  return LOCALES[normalizeLocale(locale)].rtl;
}

export function directionOf(locale: unknown): Direction {
  return LOCALES[normalizeLocale(locale)].dir;
}

/** The other interface language (the second language of a bilingual pair on a page). */
export function otherLocale(locale: Locale): Locale {
  return locale === 'ar' ? 'en' : 'ar';
}

/**
 * The text of a bilingual pair in `locale`, else the other language's (an empty text counts as
 * missing), else ''. Arabic is the plain field and English the `_en` one (spec 3).
 */
export function pickLocalized(locale: Locale, arabic: string | null | undefined, english: string | null | undefined): string {
  return (locale === 'ar' ? arabic || english : english || arabic) || '';
}

type BilingualPair<K extends string> = { readonly [P in K]?: string | null } & { readonly [P in `${K}_en`]?: string | null };

/** `item[field]` / `item[field_en]` by locale: `localizedField(conference, 'title', locale)`. */
export function localizedField<K extends string>(item: BilingualPair<K>, field: K, locale: Locale): string {
  const pair = item as Record<string, string | null | undefined>;
  return pickLocalized(locale, pair[field], pair[`${field}_en`]);
}

/** Exactly `item[field]` (Arabic) or `item[field_en]` (English), with no fallback: one language's version. */
export function fieldIn<K extends string>(item: BilingualPair<K>, field: K, locale: Locale): string {
  const pair = item as Record<string, string | null | undefined>;
  return (locale === 'ar' ? pair[field] : pair[`${field}_en`]) || '';
}

/**
 * The language a text is written in, as far as this platform's two go: Arabic when it is mostly
 * Arabic script, else English (user content gets its own `lang` and `dir` from it).
 */
export function localeOfText(text: string): Locale {
  const arabic = (text.match(/[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/g) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return arabic > latin ? 'ar' : 'en';
}

