import { STORAGE_KEYS, safeGet, type StorageLike } from '../storage-keys';
import { normalizeLocale, type Locale } from './core';

/** Storage key of the chosen language (spec 3). */
export const LANGUAGE_STORAGE_KEY = STORAGE_KEYS.language;
/** Storage key of the theme preference (spec 3). */
export const THEME_STORAGE_KEY = STORAGE_KEYS.theme;

/** The stored language, or the default. */
export function getStoredLocale(storage: StorageLike | null | undefined): Locale {
  return normalizeLocale(safeGet(storage, LANGUAGE_STORAGE_KEY));
}
