/**
 * `@scholars/shared-contracts/countries` (stateless: each app bundles what it uses, the forms and
 * the pages that name a country, instead of every page's start carrying it).
 *
 * Countries are stored as ISO 3166-1 alpha-2 codes (`AE`) and named in the page's language at run
 * time by `Intl.DisplayNames`, here and nowhere else (the locale owner; the lint rule
 * `scholars/one-locale-owner` refuses `Intl.DisplayNames` elsewhere).
 */
import { LOCALES, type Locale } from './core';

/** Every ISO 3166-1 alpha-2 code (249). */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/**
 * The countries listed first in every country list: the UAE, the Gulf, then the rest of the Arab
 * world (where most members are); every other country follows in the page's alphabetical order.
 */
export const FIRST_COUNTRY_CODES = [
  'AE', 'SA', 'OM', 'QA', 'BH', 'KW', 'EG', 'JO', 'LB', 'SY', 'IQ', 'PS', 'YE', 'SD', 'LY', 'TN', 'DZ', 'MA', 'MR', 'SO', 'DJ', 'KM',
] as const;

const ISO_SET = new Set(ISO_COUNTRY_CODES);

/** `AE` yes, `ae`, `XX`, `UAE` no. */
export function isCountryCode(value: unknown): value is string {
  return typeof value === 'string' && ISO_SET.has(value);
}

const displayNames = new Map<string, Intl.DisplayNames>();
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
 * A stored country as people read it in `locale`: an ISO code by its name in that language;
 * anything else (a value that is not a code) as written; nothing gives ''.
 */
export function countryName(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  if (!isCountryCode(value)) return value;
  try {
    return namesIn(locale).of(value) ?? value;
  } catch {
    return value;
  }
}

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

const listCache = new Map<string, CountryOption[]>();

/** The country list of a select in `locale`: {@link FIRST_COUNTRY_CODES}, then the others by name. */
export function countryOptions(locale: string): CountryOption[] {
  const cached = listCache.get(locale);
  if (cached) return cached;
  const first = new Set<string>(FIRST_COUNTRY_CODES);
  const option = (code: string): CountryOption => ({ code, name: countryName(code, locale) });
  const collator = new Intl.Collator(locale in LOCALES ? LOCALES[locale as Locale].intl : locale);
  const rest = ISO_COUNTRY_CODES.filter((code) => !first.has(code))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  const list = [...FIRST_COUNTRY_CODES.map(option), ...rest];
  listCache.set(locale, list);
  return list;
}

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
    for (const code of ISO_COUNTRY_CODES) {
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
