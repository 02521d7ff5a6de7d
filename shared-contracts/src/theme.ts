import { STORAGE_KEYS, safeGet, type StorageLike } from './storage-keys';

/** Theme the user picks (spec 4): `system` follows the device and reacts to its changes. */
export type ThemePreference = 'light' | 'dark' | 'system';
/** Theme actually applied to the page. */
export type ResolvedTheme = 'light' | 'dark';

export const THEMES: readonly ThemePreference[] = ['light', 'dark', 'system'];
/** Spec 9: default `system`. */
export const DEFAULT_THEME: ThemePreference = 'system';

/** Any value to a valid preference (unknown values give {@link DEFAULT_THEME}). */
export function normalizeTheme(value: unknown): ThemePreference {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
    ? (value as ThemePreference)
    : DEFAULT_THEME;
}

/** The theme to apply for a preference, given whether the device prefers dark. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** The stored preference, or the default. */
export function getStoredTheme(storage: StorageLike | null | undefined): ThemePreference {
  return normalizeTheme(safeGet(storage, STORAGE_KEYS.theme));
}
