/**
 * `@scholars/shared-contracts/countries` (stateless: each app bundles what it uses, the forms and
 * the public profile, instead of every page's start carrying it).
 *
 * ISO 3166 codes offered in the sign-up form (the UAE first, then the Arab world, then the rest of
 * the countries our researchers come from). Names are localized at run time by Intl.DisplayNames.
 */
export const COUNTRY_CODES = [
  'AE', 'SA', 'OM', 'QA', 'BH', 'KW', 'EG', 'JO', 'LB', 'SY', 'IQ', 'PS', 'YE', 'SD', 'LY', 'TN', 'DZ', 'MA', 'MR',
  'SO', 'DJ', 'KM', 'TR', 'IR', 'PK', 'IN', 'BD', 'MY', 'ID', 'CN', 'JP', 'KR', 'GB', 'IE', 'FR', 'DE', 'IT', 'ES',
  'NL', 'BE', 'CH', 'SE', 'NO', 'FI', 'DK', 'PL', 'RU', 'US', 'CA', 'BR', 'MX', 'AU', 'NZ', 'ZA', 'NG', 'KE', 'ET',
] as const;

export function countryOptions(locale: string): Array<{ code: string; name: string }> {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code }));
}

/**
 * A stored country as people read it: ISO codes (what the forms store) by their localized name;
 * anything else (free text of older profiles) as written.
 */
export function countryName(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  if (!/^[A-Z]{2}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(value) ?? value;
  } catch {
    return value;
  }
}
