import i18next, { type i18n as I18n } from 'i18next';
import { eventBus } from '../events';
import type { EventBus } from '../events/bus';
import type { EventMap } from '../events/types';
import { browserStorage, safeSet, type StorageLike } from '../storage-keys';
import { normalizeLocale, type Locale } from './core';
import { LANGUAGE_STORAGE_KEY } from './stored-locale';
import { applyDocumentLocale, ensureI18n } from './instance';

// Exported from the package root only: it defaults to the application bus, a singleton that
// must not be duplicated through a subpath entry.

export interface SetLocaleOptions {
  i18n?: I18n;
  storage?: StorageLike | null;
  bus?: EventBus<EventMap> | null;
  /** The element getting `lang` and `dir`; default `document.documentElement`, `null` for none. */
  root?: HTMLElement | null;
}

/**
 * Switches the interface language without a reload (docs/decisions.md): i18next, `current_language`,
 * `<html lang dir>`, then `locale:changed` on the bus. Every app's texts are there in both
 * languages (each added with the code that shows it), so nothing is fetched.
 */
export async function setLocale(locale: unknown, options: SetLocaleOptions = {}): Promise<Locale> {
  const next = normalizeLocale(locale);
  const instance = options.i18n ?? i18next;
  ensureI18n(instance, next);
  if (instance.language !== next) await instance.changeLanguage(next);
  safeSet(options.storage === undefined ? browserStorage() : options.storage, LANGUAGE_STORAGE_KEY, next);
  applyDocumentLocale(next, options.root);
  (options.bus === undefined ? eventBus : options.bus)?.emit('locale:changed', { locale: next });
  return next;
}

