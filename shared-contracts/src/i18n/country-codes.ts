/**
 * A country as forms and older records wrote it (a code in any case, or its English or Arabic name)
 * to its ISO code: used by the shared zod field (so by the API and the forms' lazy checks), not by
 * the pages that only show or list countries.
 */
import { LOCALES } from './core';
import { countryName } from './country-name';
import { isCountryCode, isoCountryCodes } from './countries';

/** Lower case, no diacritics or Arabic marks (hamza forms fold), no punctuation, no leading "the". */
function nameKey(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .toLowerCase()
    .replace(/[-.,'’()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the /, '');
}

/** Names people (and the older seed and forms) wrote that `Intl.DisplayNames` does not give. */
const NAME_ALIASES: Record<string, string> = {
  uae: 'AE', 'u a e': 'AE', emirates: 'AE', 'الإمارات': 'AE', 'دولة الإمارات العربية المتحدة': 'AE', 'الامارات': 'AE',
  ksa: 'SA', 'kingdom of saudi arabia': 'SA', 'السعودية': 'SA',
  'sultanate of oman': 'OM', 'سلطنة عمان': 'OM', 'سلطنة عُمان': 'OM',
  'arab republic of egypt': 'EG', 'جمهورية مصر العربية': 'EG',
  'hashemite kingdom of jordan': 'JO', 'المملكة الأردنية الهاشمية': 'JO', 'الأردن': 'JO',
  'state of qatar': 'QA', 'دولة قطر': 'QA', 'kingdom of bahrain': 'BH', 'مملكة البحرين': 'BH',
  'state of kuwait': 'KW', 'دولة الكويت': 'KW', palestine: 'PS', 'فلسطين': 'PS',
  turkey: 'TR', 'czech republic': 'CZ', 'ivory coast': 'CI', usa: 'US', 'u s a': 'US', 'united states of america': 'US', uk: 'GB', 'great britain': 'GB', england: 'GB',
};

let nameIndex: Map<string, string> | null = null;
function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const [name, code] of Object.entries(NAME_ALIASES)) index.set(nameKey(name), code);
  for (const locale of Object.keys(LOCALES)) {
    for (const code of isoCountryCodes()) {
      const key = nameKey(countryName(code, locale));
      if (!index.has(key)) index.set(key, code);
    }
  }
  return index;
}

/**
 * The ISO code of a country as a form or an older record gives it: a code in any case (`ae`), or
 * the country's name in English or Arabic (`United Arab Emirates`, `الإمارات العربية المتحدة`,
 * `سلطنة عُمان`); `null` when it names no country.
 */
export function countryCodeOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const upper = trimmed.toUpperCase();
    return isCountryCode(upper) ? upper : null;
  }
  nameIndex ??= buildNameIndex();
  return nameIndex.get(nameKey(trimmed)) ?? null;
}
