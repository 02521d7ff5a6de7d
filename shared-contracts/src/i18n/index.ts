export { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, SUPPORTED_LOCALES, directionOf, isLocale, isRtl, normalizeLocale } from './core';
export { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY, getStoredLocale } from './stored-locale';
export type { Direction, Locale, LocaleInfo } from './core';
export { COMMON_NAMESPACE, commonResources, commonText } from './resources';
export type { ArabicTexts, CommonKey, CommonResource, CommonTexts, TextTree } from './resources';
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
