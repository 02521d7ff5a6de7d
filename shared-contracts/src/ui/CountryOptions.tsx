import { useMemo } from 'react';
import { countryOptions, isCountryCode } from '../i18n/countries';

/**
 * The options of every country select (sign-up, the profile, the conference request): the
 * countries by their names in `locale`, valued by ISO code, the UAE and the Arab world first.
 * `placeholder` adds a first empty option; a `value` that is not a code (free text of an older
 * record) stays selectable as written until it is changed.
 *
 *   <select value={country} onChange={...}><CountryOptions locale={locale} value={country} placeholder={t('choose')} /></select>
 */
export function CountryOptions({ locale, value, placeholder }: { locale: string; value?: string | null; placeholder?: string }) {
  const countries = useMemo(() => countryOptions(locale), [locale]);
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {value && !isCountryCode(value) ? <option value={value}>{value}</option> : null}
      {countries.map((country) => (
        <option key={country.code} value={country.code}>{country.name}</option>
      ))}
    </>
  );
}
