export {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LANGUAGE_STORAGE_KEY,
  LOCALES,
  SUPPORTED_LOCALES,
  THEME_STORAGE_KEY,
  directionOf,
  getStoredLocale,
  isLocale,
  isRtl,
  normalizeLocale,
} from './core';
export type { Direction, Locale, LocaleInfo } from './core';
export { COMMON_NAMESPACE, commonResources, commonText } from './resources';
export type { CommonKey, CommonResource, CommonTexts, TextTree } from './resources';
export {
  addRemoteResources,
  applyDocumentLocale,
  createI18n,
  ensureI18n,
  getCurrentLocale,
  i18nOptions,
  translateCommon,
  useLocale,
} from './instance';
export type { LocaleState, LocalizedResources } from './instance';
export { loadLocale, registerLocaleLoader } from './locale-loaders';
export type { LocaleLoader } from './locale-loaders';
