/**
 * `@scholars/shared-contracts/countries` (stateless: each app bundles what it uses, the forms and
 * the pages that name a country, instead of every page's start carrying it).
 *
 * Countries are stored as ISO 3166-1 alpha-2 codes (`AE`) and named in the page's language at run
 * time by `Intl.DisplayNames`, here and nowhere else (the locale owner; the lint rule
 * `scholars/one-locale-owner` refuses `Intl.DisplayNames` elsewhere).
 */
import { LOCALES, type Locale } from './core';
import { countryName } from './country-name';

export { countryName };

/** Every ISO 3166-1 alpha-2 code (249), two letters each, in one string (the smallest form to ship). */
const ISO_CODES =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCN' +
  'COCRCUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHM' +
  'HNHRHTHUIDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMK' +
  'MLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURW' +
  'SASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVI' +
  'VNVUWFWSYEYTZAZMZW';

let isoCodes: readonly string[] | null = null;
/** Every ISO 3166-1 alpha-2 code (249), in alphabetical order. */
export function isoCountryCodes(): readonly string[] {
  isoCodes ??= ISO_CODES.match(/[A-Z]{2}/g) ?? [];
  return isoCodes;
}

/**
 * The countries listed first in every country list: the UAE, the Gulf, then the rest of the Arab
 * world (where most members are); every other country follows in the page's alphabetical order.
 */
export const FIRST_COUNTRY_CODES = [
  'AE', 'SA', 'OM', 'QA', 'BH', 'KW', 'EG', 'JO', 'LB', 'SY', 'IQ', 'PS', 'YE', 'SD', 'LY', 'TN', 'DZ', 'MA', 'MR', 'SO', 'DJ', 'KM',
] as const;

let isoSet: Set<string> | null = null;

/** `AE` yes, `ae`, `XX`, `UAE` no. */
export function isCountryCode(value: unknown): value is string {
  isoSet ??= new Set(isoCountryCodes());
  return typeof value === 'string' && isoSet.has(value);
}

export interface CountryOption {
  readonly code: string;
  readonly name: string;
}

const listCache = /* @__PURE__ */ new Map<string, CountryOption[]>();

/** The country list of a select in `locale`: {@link FIRST_COUNTRY_CODES}, then the others by name. */
export function countryOptions(locale: string): CountryOption[] {
  const cached = listCache.get(locale);
  if (cached) return cached;
  const first = new Set<string>(FIRST_COUNTRY_CODES);
  const option = (code: string): CountryOption => ({ code, name: countryName(code, locale) });
  const collator = new Intl.Collator(locale in LOCALES ? LOCALES[locale as Locale].intl : locale);
  const rest = isoCountryCodes().filter((code) => !first.has(code))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  const list = [...FIRST_COUNTRY_CODES.map(option), ...rest];
  listCache.set(locale, list);
  return list;
}
