/**
 * A country's name in the page's language, apart from the country list (`countries.ts`), so a page
 * that only names a stored country (the public profile) does not carry the list.
 */
import { LOCALES, type Locale } from './core';

const displayNames = /* @__PURE__ */ new Map<string, Intl.DisplayNames>();

function namesIn(locale: string): Intl.DisplayNames {
  const intl = locale in LOCALES ? LOCALES[locale as Locale].intl : locale;
  let names = displayNames.get(intl);
  if (!names) {
    names = new Intl.DisplayNames([intl], { type: 'region', fallback: 'code' });
    displayNames.set(intl, names);
  }
  return names;
}

/**
 * A stored country as people read it in `locale`: an ISO 3166-1 alpha-2 code by its name in that
 * language (`OM`: Oman / عُمان); anything else (a value that names no country code) as written;
 * nothing gives ''.
 */
export function countryName(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  if (!/^[A-Z]{2}$/.test(value)) return value;
  try {
    return namesIn(locale).of(value) ?? value;
  } catch {
    return value;
  }
}
