/**
 * Locale facts with no dependency on i18next or React: safe for the API (e-mails in the user's
 * language) and for any embedding page.
 */
import { STORAGE_KEYS, safeGet, type StorageLike } from '../storage-keys';

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
export type Direction = 'ltr' | 'rtl';

/** Supported locales, in menu order. */
export const SUPPORTED_LOCALES: readonly Locale[] = ['en', 'ar'];
/** Spec 9: default and fallback `en`. */
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'en';
/** Storage key of the chosen language (spec 3). */
export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;
/** Storage key of the theme preference (spec 3). */
export const THEME_STORAGE_KEY = STORAGE_KEYS.theme;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(LOCALES, value);
}

/**
 * Anything (a stored value, `navigator.language`, an `Accept-Language` header, a query
 * parameter, `undefined`) to a supported locale: `ar`, `AR`, `ar-AE`, `ar_SA` give `ar`;
 * `en-GB, ar;q=0.8` gives `en`; anything unknown gives {@link DEFAULT_LOCALE}.
 */
export function normalizeLocale(value: unknown): Locale {
  if (Array.isArray(value)) {
    for (const item of value) {
      const candidate = primaryLanguage(item);
      if (candidate) return candidate;
    }
    return DEFAULT_LOCALE;
  }
  if (typeof value !== 'string') return DEFAULT_LOCALE;
  for (const part of value.split(',')) {
    const candidate = primaryLanguage(part);
    if (candidate) return candidate;
  }
  return DEFAULT_LOCALE;
}

function primaryLanguage(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const tag = value.split(';')[0]?.trim().toLowerCase() ?? '';
  const primary = tag.split(/[-_]/)[0] ?? '';
  return isLocale(primary) ? primary : null;
}

export function isRtl(locale: unknown): boolean {
  return LOCALES[normalizeLocale(locale)].rtl;
}

export function directionOf(locale: unknown): Direction {
  return LOCALES[normalizeLocale(locale)].dir;
}

/** The stored language, or the default. */
export function getStoredLocale(storage: StorageLike | null | undefined): Locale {
  return normalizeLocale(safeGet(storage, LANGUAGE_STORAGE_KEY));
}
