import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { browserStorage } from '../storage-keys';
import { getStoredLocale } from './stored-locale';
import {
  DEFAULT_LOCALE,
  FALLBACK_LOCALE,
  LOCALES,
  SUPPORTED_LOCALES,
  directionOf,
  isLocale,
  normalizeLocale,
  type Direction,
  type Locale,
} from './core';
import { COMMON_NAMESPACE, commonResources, commonText, type CommonKey } from './resources';

/** Translations of one namespace in both languages (a remote's own texts). */
export interface LocalizedResources {
  en: Record<string, unknown>;
  ar: Record<string, unknown>;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The options every app initialises i18next with (inline resources: no backend, no Suspense). */
export function i18nOptions(locale: unknown): InitOptions {
  return {
    lng: normalizeLocale(locale),
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...SUPPORTED_LOCALES],
    // Copies: i18next merges added bundles into its store, never into our constants.
    resources: clone(commonResources),
    ns: [COMMON_NAMESPACE],
    defaultNS: COMMON_NAMESPACE,
    fallbackNS: COMMON_NAMESPACE,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false, bindI18nStore: 'added' },
  };
}

/**
 * Initialises `instance` (with react-i18next) in `locale` unless it is already initialised or
 * initialising; an initialised instance keeps its language (inside the shell, the shell's choice
 * wins over a remote's call) and only gets the common bundle if it lacks it.
 * Inline resources make it ready synchronously: `t` works as soon as this returns.
 */
export function ensureI18n(instance: I18n = i18next, locale?: unknown): I18n {
  if (!instance.isInitialized && !instance.isInitializing) {
    const wanted = locale === undefined ? getStoredLocaleFromBrowser() : normalizeLocale(locale);
    void instance.use(initReactI18next).init(i18nOptions(wanted));
    return instance;
  }
  for (const lng of SUPPORTED_LOCALES) {
    if (instance.store && !instance.hasResourceBundle(lng, COMMON_NAMESPACE)) {
      instance.addResourceBundle(lng, COMMON_NAMESPACE, clone(commonResources[lng].common), true, false);
    }
  }
  return instance;
}

/** A new, initialised i18next instance (tests, an embedding host wanting isolation). */
export function createI18n(locale: unknown = DEFAULT_LOCALE): I18n {
  return ensureI18n(i18next.createInstance(), locale);
}

/**
 * Adds a remote's namespace (e.g. `conferences`) in both languages; existing keys are
 * overwritten, so a redeployed remote's texts win. Initialises the instance first if needed.
 */
export function addRemoteResources(instance: I18n, ns: string, resources: LocalizedResources): I18n {
  ensureI18n(instance);
  for (const lng of SUPPORTED_LOCALES) {
    instance.addResourceBundle(lng, ns, resources[lng], true, true);
  }
  return instance;
}

function getStoredLocaleFromBrowser(): Locale {
  return getStoredLocale(browserStorage());
}

/**
 * The current interface language: the shared i18next instance's language once it runs, else
 * the stored `current_language`, else `en`.
 */
export function getCurrentLocale(instance: I18n = i18next): Locale {
  const language = instance.isInitialized ? (instance.resolvedLanguage ?? instance.language) : undefined;
  if (language) return normalizeLocale(language);
  return getStoredLocaleFromBrowser();
}

/** Sets `lang` and `dir` on the root element (default `<html>`). */
export function applyDocumentLocale(locale: unknown, root?: HTMLElement | null): void {
  const element = root === undefined ? (typeof document === 'undefined' ? null : document.documentElement) : root;
  if (!element) return;
  const next = normalizeLocale(locale);
  element.lang = next;
  element.dir = directionOf(next);
}

/**
 * A shared text in the current language: through i18next when it runs (so overrides apply),
 * else straight from the bundled resources.
 */
export function translateCommon(
  key: CommonKey,
  instance: I18n = i18next,
  locale: Locale = getCurrentLocale(instance),
): string {
  if (instance.isInitialized) {
    const fullKey = `${COMMON_NAMESPACE}:${key}`;
    if (instance.exists(fullKey, { lng: locale })) return String(instance.t(fullKey, { lng: locale }));
  }
  return commonText(key, locale);
}

export interface LocaleState {
  locale: Locale;
  dir: Direction;
  isRtl: boolean;
}

/** The current locale in React (re-renders when the language changes). */
export function useLocale(): LocaleState {
  const { i18n } = useTranslation();
  const raw = i18n.resolvedLanguage ?? i18n.language;
  const locale = isLocale(raw) ? raw : normalizeLocale(raw);
  return { locale, dir: LOCALES[locale].dir, isRtl: LOCALES[locale].rtl };
}
