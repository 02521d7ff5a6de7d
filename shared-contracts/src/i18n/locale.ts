/**
 * `@scholars/shared-contracts/locale`: the owner of language, direction, digits and dates, with no
 * dependency (no i18next, no React): the API, the shell server, e-mails and every page import it
 * from here. The package root re-exports only what the running apps share at start.
 */
export {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALES,
  SITE_NAME,
  SUPPORTED_LOCALES,
  directionOf,
  fieldIn,
  isLocale,
  isRtl,
  localeFromAcceptLanguage,
  localizedField,
  localeOfText,
  normalizeLocale,
  otherLocale,
  pickLocalized,
} from './core';
export type { Direction, Locale, LocaleInfo } from './core';
export { foreignLanguageOf } from './text-language';
export { countryName } from './country-name';
export { asciiDigits, typedNumber } from './digits';
export * from './format';
export * from './time-zones';
